//! `minjiku selfplay|tune|match`: the harness of `minishogi_selfplay`, `minishogi_trainer` and
//! `minishogi_arena` run for Minjiku Shogi through its [`Minjiku`] variant, with the flags of the
//! Minishogi commands.

use super::r#match::{duration_flag, time_control_flag};
use super::selfplay::{flag_error, OpeningArgs};
use super::tune::TuneFlags;
use crate::flags::{FlagError, Threads};
use crate::output::{print_lines, CliResult};
use crate::progress::games_bar;
use clap::Args;
use minishogi_arena::variant::{
    run_variant_match, Contestant, MatchEnd, MatchGame, Minjiku, SearchLimit, Variant, VariantMatch,
};
use minishogi_arena::{Sprt, TimeControl};
use minishogi_selfplay::text_dataset::{self, TextMeta};
use minishogi_selfplay::variant_games::{play_games, GameRecord, SelfplaySettings};
use minishogi_selfplay::DEFAULT_NODE_JITTER;
use minishogi_trainer::tune::{largest_changes_in, tune_variant, write_loss_curve, EpochStats};
use minjiku_engine::Weights;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Minjiku weights from a spec: `tuned` (the built-in ones), `initial` (the hand-set ones) or a
/// JSON file.
fn load_weights(spec: &str) -> Result<Weights, String> {
    Weights::from_spec(spec).map_err(|e| format!("--weights {spec}: {e}"))
}

/// Arguments of `minjiku selfplay`.
#[derive(Args, Clone, Debug)]
pub struct SelfplayArgs {
    /// Number of games.
    #[arg(long)]
    pub games: usize,
    /// Index of the first game: plays games FIRST_GAME .. FIRST_GAME + GAMES of the seed's run,
    /// so shards of a run concatenate to the one-run games.
    #[arg(long, default_value_t = 0)]
    pub first_game: u64,
    /// Nodes searched per move, on average.
    #[arg(long, default_value_t = 3000)]
    pub nodes: u64,
    /// Each move's node budget is drawn from NODES · (1 ± NODE_JITTER).
    #[arg(long, default_value_t = DEFAULT_NODE_JITTER)]
    pub node_jitter: f64,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
    /// Seed; the same seed gives the same games whatever the thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Weights that play: `initial` (default, the hand-set ones), `tuned` (the built-in ones) or a
    /// JSON weights file.
    #[arg(long, default_value = "initial")]
    pub weights: String,
    /// The dataset to write (text, one game a line with its scores and result).
    #[arg(long)]
    pub out: PathBuf,
    /// Also write the games alone, one a line as `startpos moves …`.
    #[arg(long)]
    pub games_out: Option<PathBuf>,
    /// How openings are drawn.
    #[command(flatten)]
    pub opening: OpeningArgs,
}

/// `minjiku selfplay`: plays the games (a bar over them), writes the dataset (and the game
/// lines); prints the summary and the speed.
pub fn selfplay(args: &SelfplayArgs) -> CliResult {
    if !(0.0..=1.0).contains(&args.node_jitter) {
        return Err(format!("--node-jitter must be a fraction from 0 to 1, got {}", args.node_jitter));
    }
    let weights = load_weights(&args.weights)?;
    let settings = SelfplaySettings {
        games: args.games,
        first_game: args.first_game,
        nodes: args.nodes,
        node_jitter: args.node_jitter,
        seed: args.seed,
        ply_cap: args.opening.ply_cap,
        opening: args.opening.config()?,
        hash_mb: 4,
    };
    let bar = games_bar(args.games as u64);
    let clock = Instant::now();
    let games = args.threads.install(|| play_games(&Minjiku, &settings, &weights, &|| bar.inc(1)))?;
    bar.finish();
    let secs = clock.elapsed().as_secs_f64();
    let meta = TextMeta {
        game: "minjiku".into(),
        seed: args.seed,
        nodes: args.nodes,
        weights: args.weights.clone(),
        ply_cap: args.opening.ply_cap as u64,
    };
    text_dataset::save(&Minjiku, &meta, &games, &args.out).map_err(flag_error_text)?;
    let mut lines = vec![text_dataset::summary(&Minjiku, &games)];
    if let Some(path) = &args.games_out {
        text_dataset::save_lines(&Minjiku, &games, path).map_err(flag_error_text)?;
        lines.push(format!("wrote the games to {}", path.display()));
    }
    let speed = args.games as f64 * 60.0 / secs.max(1e-9);
    lines.push(format!("{secs:.1} s, {speed:.1} games/min; wrote {}", args.out.display()));
    print_lines(lines)
}

/// A text dataset's error as one line.
fn flag_error_text(e: minishogi_selfplay::TextDatasetError) -> String {
    e.to_string()
}

/// Arguments of `minjiku tune`.
#[derive(Args, Clone, Debug)]
pub struct TuneArgs {
    /// Datasets written by `minishogi minjiku selfplay`.
    #[arg(long, num_args = 1.., required = true)]
    pub data: Vec<PathBuf>,
    /// Starting weights: `initial` (default, the hand-set ones), `tuned` or a JSON weights file.
    #[arg(long, default_value = "initial")]
    pub init: String,
    /// The tuned weights file (JSON) to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Loss curve path without extension (default: --out with extension `loss`); `.csv` and `.svg`
    /// are appended.
    #[arg(long)]
    pub curve: Option<PathBuf>,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
    /// Seed of the batch order and the validation split.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The tuning settings (their seed is `--seed`).
    #[command(flatten)]
    pub tune: TuneFlags,
    /// Tune only the weights whose names start with one of these prefixes (comma-separated,
    /// e.g. `material,mobility,tempo`); the others stay as they start. Default: every weight.
    #[arg(long, value_delimiter = ',')]
    pub only: Vec<String>,
}

/// The indices of the weights `only` leaves fixed: none when it is empty.
fn frozen_weights(only: &[String]) -> Result<Vec<usize>, String> {
    if only.is_empty() {
        return Ok(Vec::new());
    }
    let names = Minjiku.weight_names();
    if let Some(unknown) = only.iter().find(|p| !names.iter().any(|n| n.starts_with(p.as_str()))) {
        return Err(format!("--only {unknown}: no weight's name starts with it"));
    }
    let tuned = |name: &String| only.iter().any(|p| name.starts_with(p.as_str()));
    Ok(names.iter().enumerate().filter(|(_, n)| !tuned(n)).map(|(i, _)| i).collect())
}

/// `minjiku tune`: Texel-tunes the weights on the datasets and writes them and the loss curve;
/// prints each dataset's summary, each epoch's row and the largest changes.
pub fn tune(args: &TuneArgs) -> CliResult {
    let init = load_weights(&args.init)?;
    let mut config = args.tune.config(args.seed)?;
    config.frozen = frozen_weights(&args.only)?;
    let mut games = Vec::new();
    for path in &args.data {
        let (_, mut part) = text_dataset::load(&Minjiku, path).map_err(|e| e.to_string())?;
        println!("{}: {}", path.display(), text_dataset::summary(&Minjiku, &part));
        games.append(&mut part);
    }
    let (tuned, report, stats) = args
        .threads
        .install(|| {
            tune_variant(&Minjiku, &games, &init, &config, |e| {
                if e.epoch == 0 {
                    println!("{}", EpochStats::TABLE_HEADER);
                }
                println!("{}", e.table_row());
            })
        })?
        .map_err(flag_error)?;
    tuned.save(&args.out).map_err(|e| e.to_string())?;
    let curve = args.curve.clone().unwrap_or_else(|| args.out.with_extension("loss"));
    write_loss_curve(&report, &curve).map_err(flag_error)?;
    let mut lines = vec![report.summary(&stats), "largest changes:".to_string()];
    lines.extend(largest_changes_in(&Minjiku, &init, &tuned, 10).iter().map(|c| format!("  {c}")));
    lines.push(format!("wrote {} and {}.csv/.svg", args.out.display(), curve.display()));
    print_lines(lines)
}

/// Arguments of `minjiku match`.
#[derive(Args, Clone, Debug)]
pub struct MatchArgs {
    /// Number of games (rounded up to an even number: each opening is played with both colours).
    #[arg(long, default_value_t = 200)]
    pub games: usize,
    /// Weights of player A: `tuned` (default, the built-in ones), `initial` (the hand-set ones)
    /// or a JSON weights file.
    #[arg(long, default_value = "tuned")]
    pub a: String,
    /// Weights of player B (default: the hand-set ones).
    #[arg(long, default_value = "initial")]
    pub b: String,
    /// A clock with increment for both players, `BASE+INC` in seconds (e.g. `10+0.1`; the
    /// syntax of `minishogi match --tc`): a side whose clock runs out loses on time.
    #[arg(long, value_parser = fischer_flag, conflicts_with_all = ["movetime", "nodes", "depth"])]
    pub tc: Option<SearchLimit>,
    /// How far past its clock a move may come before it loses on time (with --tc).
    #[arg(long, default_value = "10ms", value_parser = duration_flag, requires = "tc")]
    pub move_overhead: Duration,
    /// Time per move for both players, e.g. `100ms`, `1s`.
    #[arg(long, value_parser = duration_flag, conflicts_with_all = ["nodes", "depth"])]
    pub movetime: Option<Duration>,
    /// Nodes per move for both players (the default: 3000).
    #[arg(long, conflicts_with = "depth")]
    pub nodes: Option<u64>,
    /// Depth per move for both players.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Games played at once (default: the number of threads).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// The worker threads (the default concurrency).
    #[command(flatten)]
    pub threads: Threads,
    /// Transposition table of each player, in megabytes.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write one line per game (tab-separated) to this file.
    #[arg(long)]
    pub records: Option<PathBuf>,
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

/// `--tc`: a time control in the syntax of `minishogi match --tc` that is a clock with an
/// increment (or none) and a base time: what the in-process players' clocks can be.
fn fischer_flag(text: &str) -> Result<SearchLimit, FlagError> {
    let refuse =
        |why: &str| FlagError::AfterFlag(format!(" {why}, e.g. 10+0.1 (BASE+INC in seconds), got '{text}'"));
    match time_control_flag(text)? {
        TimeControl::Clock { byoyomi, .. } if !byoyomi.is_zero() => Err(refuse("takes no byoyomi")),
        TimeControl::Clock { main, .. } if main.is_zero() => Err(refuse("needs a base time above zero")),
        TimeControl::Clock { main, increment, .. } => Ok(SearchLimit::Clock { left: main, increment }),
        TimeControl::Nodes(_) | TimeControl::Depth(_) => {
            Err(refuse("is a clock (nodes and depth are --nodes and --depth)"))
        }
    }
}

/// The header's words for the players' limit: `Nodes(3000) a move`, or the clock.
fn limit_text(limit: SearchLimit, move_overhead: Duration) -> String {
    match limit {
        SearchLimit::Clock { left, increment } => {
            let tc = TimeControl::Clock { main: left, increment, byoyomi: Duration::ZERO };
            format!("clock {tc} a game (move overhead {} ms)", move_overhead.as_millis())
        }
        _ => format!("{limit:?} a move"),
    }
}

/// A record line: number, first and second player, result, ending (with the times of a loss on
/// time), opening plies, mean time a move, the game.
fn record_line(game: &MatchGame<Minjiku>, names: &[String; 2]) -> String {
    let (first, second) = if game.player1_first { (&names[0], &names[1]) } else { (&names[1], &names[0]) };
    let record = GameRecord::<Minjiku> {
        start: game.start.clone(),
        opening_plies: game.opening_plies,
        moves: game.moves.clone(),
        scores: Vec::new(),
        outcome: match game.end {
            MatchEnd::Rules(outcome) => Some(outcome),
            MatchEnd::PlyCap | MatchEnd::TimeLoss { .. } => None,
        },
    };
    let result = match game.winner(&Minjiku) {
        Some(0) => "1-0",
        Some(_) => "0-1",
        None => "1/2-1/2",
    };
    let ms: u128 = game.times.iter().map(Duration::as_millis).sum();
    let mean = ms / game.times.len().max(1) as u128;
    format!(
        "{}\t{first}\t{second}\t{result}\t{}\t{}\t{mean}ms\t{}",
        game.number,
        game.ending_text(&Minjiku),
        game.opening_plies,
        record.line(&Minjiku)
    )
}

/// `minjiku match`: A against B, same search, each opening with both colours; prints the score
/// every ten games and the report (record, pentanomial, endings, Elo with its interval).
pub fn match_command(args: &MatchArgs) -> CliResult {
    let limit = match (args.tc, args.movetime, args.nodes, args.depth) {
        (Some(clock), ..) => clock,
        (_, Some(t), _, _) => SearchLimit::Movetime(t),
        (_, _, Some(n), _) => SearchLimit::Nodes(n),
        (_, _, _, Some(d)) => SearchLimit::Depth(d),
        _ => SearchLimit::Nodes(3000),
    };
    let players = [
        Contestant { name: format!("A ({})", args.a), evaluation: load_weights(&args.a)?, limit },
        Contestant { name: format!("B ({})", args.b), evaluation: load_weights(&args.b)?, limit },
    ];
    let sprt = args
        .sprt
        .then(|| Sprt::new(args.elo0, args.elo1, args.error_rate))
        .transpose()
        .map_err(flag_error)?;
    let threads = args.threads.threads.unwrap_or_else(rayon::current_num_threads);
    let settings = VariantMatch {
        players,
        pairs: args.games.div_ceil(2),
        seed: args.seed,
        opening: args.opening.config()?,
        ply_cap: args.opening.ply_cap,
        concurrency: args.concurrency.unwrap_or(threads),
        hash_mb: args.hash,
        sprt,
        move_overhead: args.move_overhead,
    };
    let total = 2 * settings.pairs;
    println!(
        "{total} games ({} pairs, each opening with both colours), {}, concurrency {}",
        settings.pairs,
        limit_text(limit, args.move_overhead),
        settings.concurrency
    );
    let mut records = match &args.records {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?),
        None => None,
    };
    let clock = Instant::now();
    let names = [settings.players[0].name.clone(), settings.players[1].name.clone()];
    let mut write_error = None;
    let score = run_variant_match(&Minjiku, &settings, &mut |game, score| {
        if let Some(file) = records.as_mut() {
            if let Err(e) = writeln!(file, "{}", record_line(game, &names)).and_then(|()| file.flush()) {
                write_error.get_or_insert(e);
            }
        }
        if score.tally.games() % 10 == 0 {
            println!("{}", score.status_line(total));
        }
    })
    .map_err(flag_error)?;
    if let (Some(e), Some(path)) = (write_error, &args.records) {
        return Err(format!("{}: {e}", path.display()));
    }
    print_lines([format!("{score}\n{:.0} s", clock.elapsed().as_secs_f64())])
}
