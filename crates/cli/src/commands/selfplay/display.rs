//! What the selfplay group draws and prints while it runs.

use indicatif::{ProgressBar, ProgressStyle};
use minishogi_selfplay::matches::MatchState;

/// A progress bar over `n` self-play games.
pub fn games_bar(n: u64) -> ProgressBar {
    let bar = ProgressBar::new(n);
    let style =
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} games  {per_sec}  eta {eta}")
            .map(|s| s.progress_chars("=> "));
    if let Ok(style) = style {
        bar.set_style(style);
    }
    bar
}

/// One line of a running match: games, A's record, Elo and the SPRT's LLR when known.
pub fn print_match_state(s: &MatchState, total: usize) {
    let games = s.tally.games();
    let elo =
        s.elo().map_or(String::new(), |e| format!("  Elo {:+.0} ± {:.0}", e.elo, (e.high - e.low) / 2.0));
    let llr = s.llr.map_or(String::new(), |l| format!("  LLR {l:.2}"));
    println!("{games:>6}/{total}  A {}{elo}{llr}", s.tally);
}
