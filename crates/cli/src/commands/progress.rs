//! Progress bars (indicatif), shared by the command groups.

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use minishogi_tablebase::Progress;
use std::sync::Mutex;

/// Match pairs between two printed status lines of a training loop's match.
const PAIRS_PER_LINE: u64 = 25;

/// A bar of `len` steps drawn with the indicatif `template`.
pub fn bar(len: u64, template: &str) -> ProgressBar {
    let style = ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar());
    ProgressBar::new(len).with_style(style.progress_chars("=> "))
}

/// The bar of the table being worked on, drawn among `bars` if given: started for each table,
/// reset with the phase's length and name whenever the phase changes, cleared when it is done.
pub struct PhaseBar<'a> {
    bars: Option<&'a MultiProgress>,
    /// The bar and the phase it shows.
    current: Mutex<Option<(ProgressBar, String)>>,
}

impl<'a> PhaseBar<'a> {
    /// No bar yet.
    pub fn new(bars: Option<&'a MultiProgress>) -> PhaseBar<'a> {
        PhaseBar { bars, current: Mutex::new(None) }
    }

    /// A new bar named `table`.
    pub fn start(&self, table: String) {
        let bar = bar(0, "{prefix:>8} {msg:>9} [{bar:30}] {human_pos}/{human_len} {per_sec} eta {eta}");
        let bar = self.bars.map_or(bar.clone(), |bars| bars.add(bar)).with_prefix(table);
        *self.lock() = Some((bar, String::new()));
    }

    /// Shows `p` on the current bar.
    pub fn update(&self, p: Progress<'_>) {
        if let Some((bar, phase)) = self.lock().as_mut() {
            if *phase != p.phase {
                *phase = p.phase.to_string();
                bar.reset();
                bar.set_length(p.total);
                bar.set_message(p.phase.to_string());
            }
            bar.set_position(p.done);
        }
    }

    /// Clears the current bar (and takes it off `bars`).
    pub fn finish(&self) {
        if let Some((bar, _)) = self.lock().take() {
            bar.finish_and_clear();
            self.bars.iter().for_each(|bars| bars.remove(&bar));
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<(ProgressBar, String)>> {
        self.current.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A progress bar over `n` self-play games.
pub fn games_bar(n: u64) -> ProgressBar {
    bar(n, "{elapsed_precise} [{bar:40}] {pos}/{len} games  {per_sec}  eta {eta}")
}

/// A match's status line printed every [`PAIRS_PER_LINE`] finished pairs (training loops, whose
/// matches run between progress bars).
#[derive(Default)]
pub struct PairLines {
    /// Pairs finished when the last line was printed.
    last: Mutex<u64>,
}

impl PairLines {
    /// Prints `line()` if `pairs` is a line's worth past the last printed (or a new match began).
    pub fn show(&self, pairs: u64, line: impl FnOnce() -> String) {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if pairs >= *last + PAIRS_PER_LINE || pairs < *last {
            *last = pairs;
            println!("{}", line());
        }
    }

    /// Starts counting again for the next match.
    pub fn reset(&self) {
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = 0;
    }
}
