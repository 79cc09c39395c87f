//! Progress bars (indicatif), shared by the command groups.

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use minishogi_tablebase::Progress;
use std::sync::Mutex;

/// A progress style from an indicatif template.
pub fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}

/// A bar for one table's phases, reset with the phase's length and name whenever the phase
/// changes.
pub struct PhaseBar {
    bar: ProgressBar,
    phase: Mutex<String>,
}

impl PhaseBar {
    /// A bar named `prefix`, drawn among `bars` if given.
    pub fn new(prefix: String, bars: Option<&MultiProgress>) -> PhaseBar {
        let bar = ProgressBar::new(0);
        let bar = bars.map_or(bar.clone(), |bars| bars.add(bar));
        bar.set_style(style("{prefix:>8} {msg:>9} [{bar:30}] {human_pos}/{human_len} {per_sec} eta {eta}"));
        bar.set_prefix(prefix);
        PhaseBar { bar, phase: Mutex::new(String::new()) }
    }

    /// Shows `p`.
    pub fn update(&self, p: Progress<'_>) {
        let mut current = self.phase.lock().unwrap_or_else(|e| e.into_inner());
        if *current != p.phase {
            *current = p.phase.to_string();
            self.bar.reset();
            self.bar.set_length(p.total);
            self.bar.set_message(p.phase.to_string());
        }
        self.bar.set_position(p.done);
    }

    /// Clears the bar (and takes it off `bars`).
    pub fn finish(&self, bars: Option<&MultiProgress>) {
        self.bar.finish_and_clear();
        if let Some(bars) = bars {
            bars.remove(&self.bar);
        }
    }
}

/// A progress bar over `n` self-play games.
pub fn games_bar(n: u64) -> ProgressBar {
    let bar = ProgressBar::new(n);
    bar.set_style(style("{elapsed_precise} [{bar:40}] {pos}/{len} games  {per_sec}  eta {eta}"));
    bar
}
