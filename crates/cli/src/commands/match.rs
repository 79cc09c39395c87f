//! `match` between two USI engines run as processes (with `--engine1` and `--engine2`) or, without
//! them, between two weight sets in this process (or against a USI engine as B), and `book build`.

use super::selfplay::{flag_error, OpeningArgs};
use crate::flags::{FlagError, Threads};
use crate::output::{print, print_lines, CliResult, Lines};
use crate::progress::bar;
use clap::Args;
use minishogi::RuleSet;
use minishogi_arena::book::{BookProgress, BookSettings, Scorer};
use minishogi_arena::book_file::build_book_file;
use minishogi_arena::openings::{load_openings, match_openings};
use minishogi_arena::records::RecordWriter;
use minishogi_arena::time_control::parse_duration;
use minishogi_arena::OpeningConfig;
use minishogi_arena::Sprt;
use minishogi_arena::{load_weights, MatchReport};
use minishogi_arena::{play_match, MatchConfig, PlayerSpec};
use minishogi_arena::{
    run_recorded_match, EngineSpec, Error, GameSettings, MatchScore, MatchSettings, TimeControl,
};
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
    pub shared: WeightsMatchArgs,
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
            s.players[0].time_control(),
            s.players[1].time_control(),
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
    /// (then [`WeightsMatchArgs`] plays the weight sets).
    pub fn engine_match(&self) -> Result<Option<EngineMatch>, String> {
        let (Some(command1), Some(command2)) = (&self.engine1, &self.engine2) else { return Ok(None) };
        let spec = |command: &str, options: &[String], name: &Option<String>| {
            EngineSpec::new(command, options).map(|s| s.named(name.clone())).map_err(|e| e.to_string())
        };
        let players = [
            PlayerSpec::process(spec(command1, &self.option1, &self.name1)?, self.tc1.unwrap_or(self.tc)),
            PlayerSpec::process(spec(command2, &self.option2, &self.name2)?, self.tc2.unwrap_or(self.tc)),
        ];
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
            players,
            openings,
            pairs,
            concurrency: self.concurrency,
            game,
            sprt,
            stop_on_failure: false,
        };
        let writer = RecordWriter::create(self.records.as_deref(), self.kif.as_deref())
            .and_then(|w| w.with_csa(self.csa.as_deref()))
            .map_err(|e| e.to_string())?;
        Ok(Some(EngineMatch { settings, writer }))
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
    /// An openings file whose positions the book leaves out (repeatable): to extend a book with
    /// a new seed and no repeats.
    #[arg(long)]
    pub exclude: Vec<PathBuf>,
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
        let mut exclude = Vec::new();
        for path in &self.exclude {
            exclude.extend(load_openings(path, RuleSet::Standard).map_err(|e| e.to_string())?);
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
            exclude,
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

/// Arguments of `minishogi match` between two weight sets (or against a USI engine as B).
#[derive(Args, Clone, Debug)]
pub struct WeightsMatchArgs {
    /// Number of games (rounded up to an even number: each opening is played with both colours).
    #[arg(long)]
    pub games: Option<usize>,
    /// Nodes per move for the bundled engine.
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// Weights of player A: a file, `initial` or `linear` (default, the shipped ones).
    #[arg(long)]
    pub a: Option<String>,
    /// Weights of player B: a file, `initial` or `linear` (default, the shipped ones).
    #[arg(long, conflicts_with = "engine")]
    pub b: Option<String>,
    /// Player B is this external USI engine (program and arguments separated by spaces).
    #[arg(long)]
    pub engine: Option<String>,
    /// What to send after `go` to the external engine (default: `nodes <--nodes>`).
    #[arg(long)]
    pub go: Option<String>,
    /// `NAME=VALUE` options for the external engine (repeatable).
    #[arg(long = "engine-option")]
    pub engine_options: Vec<String>,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop early with a sequential probability ratio test (H0: Elo ≤ elo0, H1: Elo ≥ elo1).
    #[arg(long)]
    pub sprt: bool,
    /// SPRT Elo under H0.
    #[arg(long, default_value_t = 0.0)]
    pub elo0: f64,
    /// SPRT Elo under H1.
    #[arg(long, default_value_t = 10.0)]
    pub elo1: f64,
    /// SPRT error rates (both α and β).
    #[arg(long, default_value_t = 0.05)]
    pub error_rate: f64,
    /// How openings are drawn.
    #[command(flatten)]
    pub opening: OpeningArgs,
}

/// Player `label` with the weights named by `spec`.
fn engine_player(label: &str, spec: Option<&str>, nodes: u64) -> Result<PlayerSpec, String> {
    let spec = spec.unwrap_or("linear");
    let weights = load_weights(spec).map_err(flag_error)?;
    Ok(PlayerSpec::weights(format!("{label} ({spec})"), weights, nodes))
}

impl WeightsMatchArgs {
    /// The SPRT asked for, if any, checked.
    pub fn sprt(&self) -> Result<Option<Sprt>, String> {
        self.sprt.then(|| Sprt::new(self.elo0, self.elo1, self.error_rate)).transpose().map_err(flag_error)
    }

    /// Plays the match; the players, the score now and then and the report go to `lines`.
    fn run(&self, lines: Lines<'_>) -> Result<(), String> {
        let games =
            self.games.ok_or("--games is required (or give --engine1 and --engine2 with --openings)")?;
        let a = engine_player("A", self.a.as_deref(), self.nodes)?;
        let b = match &self.engine {
            Some(command) => PlayerSpec::usi(command, self.go.as_deref(), self.nodes, &self.engine_options)
                .map_err(flag_error)?,
            None => engine_player("B", self.b.as_deref(), self.nodes)?,
        };
        let config = MatchConfig {
            seed: self.seed,
            opening: self.opening.config()?,
            ply_cap: self.opening.ply_cap,
            sprt: self.sprt()?,
            ..MatchConfig::for_games(games)
        };
        let (pairs, games) = (config.pairs, config.games());
        lines(&format!("A = {}, B = {}, {games} games ({pairs} openings × 2 colours)", a.name(), b.name()));
        let every = (pairs / 20).max(1) as u64;
        let clock = Instant::now();
        let state = self
            .threads
            .install(|| {
                play_match(&config, &a, &b, &|s| {
                    if s.pentanomial.pairs() % every == 0 {
                        lines(&s.pairs_status_line(games));
                    }
                })
            })?
            .map_err(flag_error)?;
        let seconds = clock.elapsed().as_secs_f64();
        lines(&MatchReport { config: &config, state: &state, seconds }.to_string());
        Ok(())
    }
}

/// `match`: between engine processes, a bar over the games (without a terminal, the running score
/// now and then); between weight sets, the players, the score now and then and the report.
pub fn exec(a: &MatchArgs) -> CliResult {
    let Some(mut m) = a.engine_match()? else { return a.shared.run(&print) };
    let total = m.games();
    println!("{}", m.header());
    let bar = bar(total as u64, "{elapsed_precise} [{bar:30}] {msg}");
    // Without a terminal (a log file) the bar is hidden: print the running score now and then.
    let every = (total / 20).max(1) as u64;
    let score = m.run(|score| {
        bar.set_position(score.tally.games());
        bar.set_message(score.status_line(total));
        if bar.is_hidden() && score.tally.games() % every == 0 {
            println!("{}", score.status_line(total));
        }
    });
    bar.finish_and_clear();
    print_lines([score?])
}

/// `book build`: a bar over the openings kept.
pub fn book(a: &BookArgs) -> CliResult {
    let bar = bar(a.count as u64, "{elapsed_precise} [{bar:30}] {pos}/{len} kept  {msg}");
    let book = a.run(|p| {
        bar.set_position(p.kept as u64);
        bar.set_message(p.to_string());
    });
    bar.finish_and_clear();
    print_lines([book?])
}
