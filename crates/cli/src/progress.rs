//! Progress bars (indicatif): over self-play games, training epochs and table work, and a
//! match's status line now and then.

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use minishogi_retro::Progress;
use minishogi_trainer::nnue_train::NetTrainEvent;
use std::sync::{Mutex, OnceLock};

/// What a table command reports as it goes.
pub enum Report<'a> {
    /// A line for stdout.
    Out(String),
    /// A line for stderr.
    Err(String),
    /// This many tables are to be built, one after the other.
    Tables(usize),
    /// Work on the table named here starts.
    Start(String),
    /// Progress of the current table's current phase.
    Progress(Progress<'a>),
    /// Work on the current table is over.
    Done,
}

/// The callback of a table command.
pub type Reporter<'r> = &'r (dyn Fn(Report<'_>) + Sync);

/// Match pairs between two printed status lines of a training loop's match.
const PAIRS_PER_LINE: u64 = 25;

/// A bar of `len` steps drawn with the indicatif `template`.
pub fn bar(len: u64, template: &str) -> ProgressBar {
    let style = ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar());
    ProgressBar::new(len).with_style(style.progress_chars("=> "))
}

/// A progress bar over `n` self-play games.
pub fn games_bar(n: u64) -> ProgressBar {
    bar(n, "{elapsed_precise} [{bar:40}] {pos}/{len} games  {per_sec}  eta {eta}")
}

/// The bars of a table command: one for the table being worked on (reset whenever the phase
/// changes) under one over the tables when several are built; lines print above them.
#[derive(Default)]
pub struct TableBars {
    bars: MultiProgress,
    overall: OnceLock<ProgressBar>,
    /// The current table's bar and the phase it shows.
    current: Mutex<Option<(ProgressBar, String)>>,
}

impl TableBars {
    /// Runs a table command `f` with its reports drawn and printed.
    pub fn run(f: impl FnOnce(Reporter<'_>) -> Result<(), String>) -> Result<(), String> {
        let bars = TableBars::default();
        let result = f(&|report| bars.show(report));
        bars.overall.get().iter().for_each(|overall| overall.finish_and_clear());
        result
    }

    fn show(&self, report: Report<'_>) {
        let mut current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        match report {
            Report::Out(line) => self.bars.suspend(|| println!("{line}")),
            Report::Err(line) => self.bars.suspend(|| eprintln!("{line}")),
            Report::Tables(n) => {
                let overall = bar(n as u64, "{prefix:>8} [{bar:30}] {pos}/{len} tables, elapsed {elapsed}");
                let _ = self.overall.set(self.bars.add(overall.with_prefix("tables")));
            }
            Report::Start(table) => {
                let bar =
                    bar(0, "{prefix:>8} {msg:>9} [{bar:30}] {human_pos}/{human_len} {per_sec} eta {eta}");
                *current = Some((self.bars.add(bar).with_prefix(table), String::new()));
            }
            Report::Progress(p) => {
                if let Some((bar, phase)) = current.as_mut() {
                    if *phase != p.phase {
                        *phase = p.phase.to_string();
                        bar.reset();
                        bar.set_length(p.total);
                        bar.set_message(p.phase.to_string());
                    }
                    bar.set_position(p.done);
                }
            }
            Report::Done => {
                if let Some((bar, _)) = current.take() {
                    bar.finish_and_clear();
                    self.bars.remove(&bar);
                }
                self.overall.get().iter().for_each(|overall| overall.inc(1));
            }
        }
    }
}

/// A bar that shows a network training run's batches and prints a line after each epoch.
pub struct EpochBar {
    bar: ProgressBar,
}

/// A bar drawn once the first batch reports.
impl Default for EpochBar {
    fn default() -> EpochBar {
        EpochBar { bar: bar(0, "epoch {prefix:>3} [{bar:40}] {pos}/{len} batches  {per_sec}  eta {eta}") }
    }
}

impl EpochBar {
    /// Shows one training event.
    pub fn show(&self, event: &NetTrainEvent) {
        match *event {
            NetTrainEvent::Batch { epoch, done, total } => {
                if done == 1 {
                    self.bar.reset();
                    self.bar.set_length(total as u64);
                    self.bar.set_prefix(epoch.to_string());
                }
                self.bar.set_position(done as u64);
            }
            NetTrainEvent::Epoch(e) => self.bar.suspend(|| println!("{}", e.table_row())),
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
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
