//! Progress bars (indicatif), shared by the command groups.

use indicatif::{ProgressBar, ProgressStyle};
use minishogi_tablebase::Progress;
use std::sync::Mutex;

/// A progress style from an indicatif template.
pub fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}

/// A bar for one table's phases: reset with the phase's length and name whenever the phase changes.
pub fn phase_bar(bar: &ProgressBar) -> impl Fn(Progress<'_>) + Sync + '_ {
    bar.set_style(style("{prefix:>8} {msg:>9} [{bar:30}] {human_pos}/{human_len} {per_sec} eta {eta}"));
    let phase = Mutex::new(String::new());
    move |p: Progress<'_>| {
        let mut current = phase.lock().unwrap_or_else(|e| e.into_inner());
        if *current != p.phase {
            *current = p.phase.to_string();
            bar.reset();
            bar.set_length(p.total);
            bar.set_message(p.phase.to_string());
        }
        bar.set_position(p.done);
    }
}

/// A progress bar over `n` self-play games.
pub fn games_bar(n: u64) -> ProgressBar {
    let bar = ProgressBar::new(n);
    bar.set_style(style("{elapsed_precise} [{bar:40}] {pos}/{len} games  {per_sec}  eta {eta}"));
    bar
}
