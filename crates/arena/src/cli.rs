//! The arena's commands of the `minishogi` program (feature `clap`): `match` between two USI
//! engines run as processes (with `--engine1` and `--engine2`; without them, the self-play
//! crate's match of weight sets) and `book build`, with their value parsers.

use crate::{
    build_book_file, match_openings, parse_duration, run_recorded_match, BookProgress, BookSettings,
    EngineSpec, Error, GameSettings, MatchScore, MatchSettings, RecordWriter, Scorer, TimeControl,
};
use clap::Args;
use minishogi::cli::FlagError;
use minishogi::RuleSet;
use minishogi_selfplay::cli::{Lines, MatchArgs as InProcessArgs};
use minishogi_selfplay::openings::OpeningConfig;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The value parser of a time control: `byoyomi=200ms`, `40+0.4`, `nodes=N`, ….
pub fn time_control_flag(text: &str) -> Result<TimeControl, FlagError> {
    text.parse().map_err(|e: Error| FlagError::Message(e.to_string()))
}

/// The value parser of a search of fixed size: `depth=D` or `nodes=N`.
pub fn fixed_limit_flag(text: &str) -> Result<TimeControl, FlagError> {
    match time_control_flag(text)? {
        tc if !tc.is_clock() => Ok(tc),
        _ => Err(FlagError::AfterFlag(format!(" must be depth=D or nodes=N, got '{text}'"))),
    }
}

/// The value parser of a duration such as `100ms` or `2s`.
pub fn duration_flag(text: &str) -> Result<Duration, FlagError> {
    let bad = || FlagError::AfterFlag(format!(" '{text}' is not a duration (e.g. 100ms, 2s)"));
    parse_duration(text).ok_or_else(bad)
}

/// Arguments of `minishogi match`.
#[derive(Args, Clone, Debug)]
pub struct MatchArgs {
    /// Engine 1's command line, e.g. "minishogi usi" (with --engine2: a match between two USI engines).
    #[arg(long, requires = "engine2", conflicts_with_all = ["a", "b", "engine", "go", "engine_options", "nodes", "threads"])]
    pub engine1: Option<String>,
    /// Engine 2's command line, e.g. "/path/to/fairy-stockfish".
    #[arg(long, requires = "engine1")]
    pub engine2: Option<String>,
    /// `NAME=VALUE` option for engine 1, sent with setoption (repeatable).
    #[arg(long = "option1", requires = "engine1")]
    pub option1: Vec<String>,
    /// `NAME=VALUE` option for engine 2 (repeatable).
    #[arg(long = "option2", requires = "engine1")]
    pub option2: Vec<String>,
    /// Engine 1's name in reports and records (default: its `id name`).
    #[arg(long, requires = "engine1")]
    pub name1: Option<String>,
    /// Engine 2's name in reports and records.
    #[arg(long, requires = "engine1")]
    pub name2: Option<String>,
    /// Time control of both engines: byoyomi=200ms, main=60s,byoyomi=1s, 40+0.4, 60, nodes=N, depth=D.
    #[arg(long, default_value = "byoyomi=200ms", requires = "engine1", value_parser = time_control_flag)]
    pub tc: TimeControl,
    /// Engine 1's time control, if not --tc (time odds).
    #[arg(long, requires = "engine1", value_parser = time_control_flag)]
    pub tc1: Option<TimeControl>,
    /// Engine 2's time control, if not --tc.
    #[arg(long, requires = "engine1", value_parser = time_control_flag)]
    pub tc2: Option<TimeControl>,
    /// How far past its clock a move may come before it loses on time.
    #[arg(long, default_value = "100ms", requires = "engine1", value_parser = duration_flag)]
    pub move_overhead: Duration,
    /// Longest wait for a move under fixed nodes or depth.
    #[arg(long, default_value = "60s", requires = "engine1", value_parser = duration_flag)]
    pub move_timeout: Duration,
    /// Games played at once (each with its own two engine processes).
    #[arg(long, default_value_t = 1, requires = "engine1")]
    pub concurrency: usize,
    /// Openings file (one per line: `startpos moves …` or SFEN + moves); default: random balanced openings.
    #[arg(long, requires = "engine1")]
    pub openings: Option<PathBuf>,
    /// Write one line per game (tab-separated) to this file.
    #[arg(long, requires = "engine1")]
    pub records: Option<PathBuf>,
    /// Write each game as a KIF file into this directory.
    #[arg(long, requires = "engine1")]
    pub kif: Option<PathBuf>,
    /// Write each game as a CSA file (version 2.2, 5×5 board) into this directory.
    #[arg(long, requires = "engine1")]
    pub csa: Option<PathBuf>,
    /// Rule set: standard (fourfold repetition: the first player loses) or draw300.
    #[arg(long, default_value = "standard", requires = "engine1")]
    pub rules: RuleSet,
    /// The flags of the match of weight sets (games, seed, SPRT, openings).
    #[command(flatten)]
    pub shared: InProcessArgs,
}

/// A match between two engine processes, ready to play.
pub struct EngineMatch {
    /// The settings.
    pub settings: MatchSettings,
    /// Where the games are written.
    pub writer: RecordWriter,
}

impl EngineMatch {
    /// Games in the match.
    pub fn games(&self) -> usize {
        2 * self.settings.pairs
    }

    /// The line that opens the match's output.
    pub fn header(&self) -> String {
        let s = &self.settings;
        format!(
            "{} games ({} pairs, each opening with both colours), tc {} / {}, concurrency {}",
            self.games(),
            s.pairs,
            s.time_controls[0],
            s.time_controls[1],
            s.concurrency
        )
    }

    /// Plays the match (`on_game` after each game, with the score so far); returns the final
    /// score and the time taken.
    pub fn run(&mut self, on_game: impl FnMut(&MatchScore)) -> Result<String, String> {
        let clock = Instant::now();
        let score =
            run_recorded_match(&self.settings, &mut self.writer, on_game).map_err(|e| e.to_string())?;
        Ok(format!("{score}\n{:.0} s", clock.elapsed().as_secs_f64()))
    }
}

impl MatchArgs {
    /// The match between two engine processes, or `None` without `--engine1` and `--engine2`
    /// (then [`InProcessArgs::run`] plays the weight sets).
    pub fn engine_match(&self) -> Result<Option<EngineMatch>, String> {
        let (Some(command1), Some(command2)) = (&self.engine1, &self.engine2) else { return Ok(None) };
        let spec = |command: &str, options: &[String], name: &Option<String>| {
            EngineSpec::new(command, options).map(|s| s.named(name.clone())).map_err(|e| e.to_string())
        };
        let engines =
            [spec(command1, &self.option1, &self.name1)?, spec(command2, &self.option2, &self.name2)?];
        let time_controls = [self.tc1.unwrap_or(self.tc), self.tc2.unwrap_or(self.tc)];
        let shared = &self.shared;
        // Random openings only: an openings file's match does not read the opening flags.
        let opening =
            if self.openings.is_some() { OpeningConfig::default() } else { shared.opening.config()? };
        let (openings, pairs) =
            match_openings(self.openings.as_deref(), shared.games, shared.seed, &opening, self.rules)
                .map_err(|e| match e {
                    Error::NoGameCount => "--games is required without --openings".into(),
                    e => e.to_string(),
                })?;
        let sprt = shared.sprt()?;
        let game = GameSettings {
            rules: self.rules,
            ply_cap: shared.opening.ply_cap,
            move_overhead: self.move_overhead,
            fixed_timeout: self.move_timeout,
            ..GameSettings::default()
        };
        let settings = MatchSettings {
            engines,
            time_controls,
            openings,
            pairs,
            concurrency: self.concurrency,
            game,
            sprt,
        };
        let writer = RecordWriter::create(self.records.as_deref(), self.kif.as_deref())
            .and_then(|w| w.with_csa(self.csa.as_deref()))
            .map_err(|e| e.to_string())?;
        Ok(Some(EngineMatch { settings, writer }))
    }

    /// Plays the match of weight sets (without `--engine1`); its lines go to `lines`.
    pub fn run_in_process(&self, lines: Lines<'_>) -> Result<(), String> {
        self.shared.run(lines)
    }
}

/// Arguments of `minishogi book build`.
#[derive(Args, Clone, Debug)]
pub struct BookArgs {
    /// The book to write (an openings file for `minishogi match --openings`).
    #[arg(long)]
    pub out: PathBuf,
    /// Openings to keep.
    #[arg(long, default_value_t = 80)]
    pub count: usize,
    /// Plies of each opening.
    #[arg(long, default_value_t = 4)]
    pub plies: usize,
    /// The scoring engine's command line (default: this program's `usi`).
    #[arg(long)]
    pub engine: Option<String>,
    /// `NAME=VALUE` option for the scoring engine (repeatable).
    #[arg(long = "option")]
    pub options: Vec<String>,
    /// The scoring engine's deep search: depth=D or nodes=N.
    #[arg(long, default_value = "depth=8", value_parser = fixed_limit_flag)]
    pub limit: TimeControl,
    /// A second scoring engine (e.g. Fairy-Stockfish); openings must be level for both.
    #[arg(long)]
    pub engine2: Option<String>,
    /// `NAME=VALUE` option for the second engine (repeatable).
    #[arg(long = "option2", requires = "engine2")]
    pub options2: Vec<String>,
    /// The second engine's deep search.
    #[arg(long, default_value = "depth=10", requires = "engine2", value_parser = fixed_limit_flag)]
    pub limit2: TimeControl,
    /// Largest |score| (centipawns) a deep search may give a kept opening.
    #[arg(long, default_value_t = 60)]
    pub max_score: i32,
    /// The quick search after every ply (by the first engine).
    #[arg(long, default_value = "nodes=2000", value_parser = fixed_limit_flag)]
    pub screen: TimeControl,
    /// Largest |score| of the quick search after each ply.
    #[arg(long, default_value_t = 200)]
    pub screen_max: i32,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Give up after this many candidates.
    #[arg(long, default_value_t = 20_000)]
    pub max_candidates: usize,
}

/// The command line of this program's engine (`'<this program>' usi`).
fn this_program_usi() -> Result<String, String> {
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot find this program to run its engine: {e}"))?;
    Ok(format!("'{}' usi", exe.display()))
}

impl BookArgs {
    /// Builds the book and writes it (`on_progress` as candidates are scored); returns what
    /// was written, with a hint when fewer openings than `--count` were found.
    pub fn run(&self, on_progress: impl FnMut(BookProgress)) -> Result<String, String> {
        let first = self.engine.clone().map_or_else(this_program_usi, Ok)?;
        let spec =
            |command: &str, options: &[String]| EngineSpec::new(command, options).map_err(|e| e.to_string());
        let mut scorers = vec![Scorer { spec: spec(&first, &self.options)?, limit: self.limit }];
        if let Some(command) = &self.engine2 {
            scorers.push(Scorer { spec: spec(command, &self.options2)?, limit: self.limit2 });
        }
        let settings = BookSettings {
            count: self.count,
            plies: self.plies,
            max_score: self.max_score,
            screen: self.screen,
            screen_max: self.screen_max,
            scorers,
            seed: self.seed,
            max_candidates: self.max_candidates,
            rules: RuleSet::Standard,
            timeout: Duration::from_secs(120),
        };
        let book = build_book_file(&settings, &self.out, on_progress).map_err(|e| e.to_string())?;
        let mut text = book.to_string();
        if book.openings < self.count {
            text.push_str(&format!(
                "\nfewer than --count {}: raise --max-candidates or --max-score",
                self.count
            ));
        }
        Ok(text)
    }
}
