//! The USI protocol loop: reads commands, runs searches on their own thread so that `stop` is
//! answered at once, and writes `info` and `bestmove` lines. Bad input gets an `info string`
//! reply and is otherwise ignored; the loop ends only on `quit` or the end of input.

use crate::lines::{bestmove_line, info_line};
use crate::mate::{checkmate, FALLBACK_TIME};
use crate::options::{OptionId, OptionValue, UsiOption, DEFAULT_HASH_MB, OPTIONS};
use crate::parse::{parse_go, parse_mate_time, parse_position};
use minishogi::{Game, Position, RuleSet};
use minishogi_engine::{EvalSpec, Info, Limits, Searcher, TablebaseOracle};
use std::io::{self, BufRead, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Where protocol lines go (shared with the search thread).
type Out = Arc<Mutex<Box<dyn Write + Send>>>;

fn send(out: &Out, line: &str) {
    // A closed output (the GUI went away) is not an error worth dying for: input ends soon too.
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// A search running on its own thread.
struct Job {
    handle: JoinHandle<Searcher>,
    stop: Arc<AtomicBool>,
    /// Lets a finished `infinite` or `ponder` search print its result.
    release: Arc<AtomicBool>,
    /// Tells the search thread to drop its result (ponderhit restarts the search).
    discard: Arc<AtomicBool>,
    /// The limits to use when a ponder search is hit.
    ponder_limits: Option<Limits>,
    /// The search holds its `bestmove` until `stop` (infinite or ponder).
    waits: bool,
}

/// A USI conversation with a GUI: the engine's settings, the position and the running search.
pub struct Usi {
    out: Out,
    searcher: Option<Searcher>,
    job: Option<Job>,
    game: Game,
    rules: RuleSet,
}

const NAME: &str = concat!("minishogi ", env!("CARGO_PKG_VERSION"));

impl Usi {
    /// A conversation writing to `out`, with the embedded weights and no tables.
    pub fn new(out: Box<dyn Write + Send>) -> Usi {
        Usi {
            out: Arc::new(Mutex::new(out)),
            searcher: Some(Searcher::shipped(DEFAULT_HASH_MB as usize)),
            job: None,
            game: Game::new(Position::startpos(), RuleSet::Standard),
            rules: RuleSet::Standard,
        }
    }

    /// Reads commands until `quit` or the end of input.
    pub fn run(&mut self, input: impl BufRead) -> io::Result<()> {
        for line in input.lines() {
            let line = match line {
                Ok(l) => l,
                Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                    self.say("info string ignored a line that is not UTF-8");
                    continue;
                }
                Err(e) => return Err(e),
            };
            if !self.handle(&line) {
                break;
            }
        }
        self.finish_search(true);
        Ok(())
    }

    fn say(&self, line: &str) {
        send(&self.out, line);
    }

    /// Handles one line; false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = tokens.split_first() else { return true };
        self.reap_finished();
        if matches!(cmd, "go" | "position" | "setoption" | "usinewgame") {
            // A GUI sends these after `bestmove`: a search that has answered (or is about to,
            // having run past what the GUI waited for) is finished before going on.
            if self.job.as_ref().is_some_and(|j| !j.waits) {
                self.finish_search(true);
            }
        }
        match cmd {
            "usi" => self.usi(),
            "isready" => self.say("readyok"),
            "usinewgame" => match self.searcher.as_mut() {
                Some(s) => s.clear(),
                None => self.say("info string usinewgame ignored: a search is running"),
            },
            "setoption" => self.setoption(args),
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => self.finish_search(true),
            "ponderhit" => self.ponderhit(),
            "gameover" => self.finish_search(false),
            "quit" => return false,
            _ => self.say(&format!("info string unknown command: {}", truncate(line))),
        }
        true
    }

    fn usi(&self) {
        self.say(&format!("id name {NAME}"));
        self.say("id author the minishogi authors");
        OPTIONS.iter().for_each(|option| self.say(&option.to_string()));
        self.say("usiok");
    }

    fn setoption(&mut self, args: &[&str]) {
        // setoption name <id...> [value <x...>]
        let Some(("name", rest)) = args.split_first().map(|(a, r)| (*a, r)) else {
            return self.say("info string malformed setoption: expected 'setoption name <id> [value <x>]'");
        };
        let split = rest.iter().position(|t| *t == "value");
        let (name, value) = match split {
            Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
            None => (rest.join(" "), String::new()),
        };
        if self.job.is_some() {
            return self.say(&format!("info string option {name} not set: a search is running"));
        }
        let Some(option) = UsiOption::find(&name) else {
            return self.say(&format!("info string unknown option '{name}'"));
        };
        match option.read(&value) {
            Ok(value) => self.set(option.id, value),
            Err(e) => self.say(&format!("info string {e}")),
        }
    }

    /// Sets an option to a value that its entry in [`OPTIONS`] has accepted.
    fn set(&mut self, id: OptionId, value: OptionValue) {
        let Some(searcher) = self.searcher.as_mut() else { return };
        use OptionValue::{Number, Text};
        match (id, value) {
            (OptionId::Hash, Number(mb)) => {
                if let Err(e) = searcher.set_hash_mb(mb as usize) {
                    self.say(&format!(
                        "info string USI_Hash not set to {mb} MB ({e}): the table keeps its size"
                    ));
                }
            }
            (OptionId::Threads, Number(threads)) => searcher.set_threads(threads as usize),
            (OptionId::MoveOverhead, Number(ms)) => searcher.set_move_overhead(Duration::from_millis(ms)),
            (OptionId::Rules, Text(name)) => {
                if let Some(rules) = RuleSet::from_name(&name) {
                    self.rules = rules;
                    self.game = Game::new(self.game.start().clone(), rules);
                }
            }
            (OptionId::WeightsFile, Text(text)) => {
                // Empty means the shipped linear weights (`linear`); else `initial` or a file.
                let spec = if text.is_empty() { EvalSpec::Linear } else { EvalSpec::parse(&text) };
                match spec.weights() {
                    Ok(w) => searcher.set_weights(w),
                    Err(e) => self.say(&format!("info string {e}")),
                }
            }
            (OptionId::EvalFile, Text(text)) => {
                // `embedded` (the default, also empty) is the shipped network, `linear` the
                // linear weights, anything else a network file.
                match EvalSpec::parse(&text).network() {
                    Ok(network) => {
                        let about = match &network {
                            Some(net) => format!(
                                "info string network {}: {}",
                                if text.is_empty() { "embedded" } else { &text },
                                net.description()
                            ),
                            None => "info string linear evaluation".to_string(),
                        };
                        searcher.set_network(network);
                        self.say(&about);
                    }
                    Err(e) => self.say(&format!("info string {e}; evaluation unchanged")),
                }
            }
            (OptionId::TablebaseDir, Text(text)) => {
                if text.is_empty() {
                    searcher.set_oracle(None);
                } else {
                    match TablebaseOracle::open(Path::new(&text)) {
                        Ok(oracle) => {
                            let n = oracle.table_count();
                            searcher.set_oracle(Some(Arc::new(oracle)));
                            self.say(&format!("info string {n} tables in {text}"));
                        }
                        Err(e) => self.say(&format!("info string cannot open tables in {text}: {e}")),
                    }
                }
            }
            // USI_Ponder needs no set-up and USI_Variant has one value; the table's types rule
            // out any other pair.
            _ => {}
        }
    }

    fn position(&mut self, args: &[&str]) {
        if self.job.is_some() {
            // GUIs send `position` only between searches; a stray one must not disturb the search.
            return self.say("info string position ignored: a search is running");
        }
        match parse_position(args, self.rules) {
            Ok(game) => self.game = game,
            Err(e) => self.say(&format!("info string bad position command: {e}")),
        }
    }

    fn go(&mut self, args: &[&str]) {
        if self.job.is_some() {
            return self.say("info string go ignored: a search is already running");
        }
        if let Some((&"mate", rest)) = args.split_first() {
            return self.go_mate(rest);
        }
        let (limits, ponder) = match parse_go(args) {
            Ok(x) => x,
            Err(e) => {
                // A GUI waits for `bestmove` after any `go`: answer with a short search.
                self.say(&format!("info string bad go command ({e}); searching to depth 6"));
                (Limits::depth(6), false)
            }
        };
        self.start(limits, ponder);
    }

    fn start(&mut self, limits: Limits, ponder: bool) {
        let Some(mut searcher) = self.searcher.take() else { return };
        let stop = Arc::new(AtomicBool::new(false));
        let release = Arc::new(AtomicBool::new(false));
        let discard = Arc::new(AtomicBool::new(false));
        let game = self.game.clone();
        let out = Arc::clone(&self.out);
        let (run_limits, ponder_limits) =
            if ponder { (Limits { infinite: true, ..limits.clone() }, Some(limits)) } else { (limits, None) };
        let wait = run_limits.infinite;
        let (stop2, release2, discard2) = (Arc::clone(&stop), Arc::clone(&release), Arc::clone(&discard));
        let handle = std::thread::spawn(move || {
            let mut report = |info: &Info| send(&out, &info_line(info));
            let result = searcher.search(&game, &run_limits, &stop2, &mut report);
            // An infinite or ponder search reports only when told to stop.
            while wait && !release2.load(Ordering::Acquire) {
                std::thread::sleep(Duration::from_millis(2));
            }
            if !discard2.load(Ordering::Acquire) {
                send(&out, &bestmove_line(&result));
            }
            searcher
        });
        self.job = Some(Job { handle, stop, release, discard, ponder_limits, waits: wait });
    }

    /// `go mate`: a tsume solve on the search thread, answered with a `checkmate` line as soon
    /// as it ends (by itself, its time, or `stop`).
    fn go_mate(&mut self, args: &[&str]) {
        let time = parse_mate_time(args).unwrap_or_else(|e| {
            self.say(&format!(
                "info string bad go mate command ({e}); solving for {} ms",
                FALLBACK_TIME.as_millis()
            ));
            Some(FALLBACK_TIME)
        });
        let Some(searcher) = self.searcher.take() else { return };
        let (stop, position, out) =
            (Arc::new(AtomicBool::new(false)), self.game.position().clone(), Arc::clone(&self.out));
        let stop2 = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            send(&out, &checkmate(&position, time, stop2));
            searcher
        });
        let flag = || Arc::new(AtomicBool::new(false));
        self.job =
            Some(Job { handle, stop, release: flag(), discard: flag(), ponder_limits: None, waits: false });
    }

    fn ponderhit(&mut self) {
        let Some(job) = self.job.as_ref() else {
            return self.say("info string ponderhit without a ponder search");
        };
        let Some(limits) = job.ponder_limits.clone() else {
            return self.say("info string ponderhit ignored: the search is not pondering");
        };
        // Restart as a normal search: the table keeps what pondering found.
        job.discard.store(true, Ordering::Release);
        self.finish_search(true);
        self.start(limits, false);
    }

    /// Stops the running search (if `now`, else lets it end by itself) and takes the searcher back.
    fn finish_search(&mut self, now: bool) {
        let Some(job) = self.job.take() else { return };
        if now || job.ponder_limits.is_some() {
            job.stop.store(true, Ordering::Release);
        }
        job.release.store(true, Ordering::Release);
        match job.handle.join() {
            Ok(searcher) => self.searcher = Some(searcher),
            Err(_) => {
                // A panic in search is a bug; keep the loop alive with a fresh searcher.
                self.say("info string internal error in search; engine reset");
                self.searcher = Some(Searcher::shipped(DEFAULT_HASH_MB as usize));
            }
        }
    }

    /// Takes back the searcher of a search that has already ended by itself.
    fn reap_finished(&mut self) {
        if self.job.as_ref().is_some_and(|j| j.handle.is_finished()) {
            self.finish_search(false);
        }
    }
}

fn truncate(line: &str) -> String {
    line.chars().take(80).collect()
}
