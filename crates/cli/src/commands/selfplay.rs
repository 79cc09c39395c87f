//! `selfplay`, and the opening flags and error lines that the self-play, match and training
//! commands share.

use crate::flags::Threads;
use crate::output::CliResult;
use crate::progress::games_bar;
use clap::Args;
use minishogi_arena::Error as ArenaError;
use minishogi_arena::MatchConfig;
use minishogi_arena::OpeningConfig;
use minishogi_arena::{load_weights, Evaluation};
use minishogi_engine::EvalSpec;
use minishogi_selfplay::dataset::summary;
use minishogi_selfplay::{selfplay_with, SelfplayConfig, DEFAULT_NODE_JITTER};
use minishogi_trainer::Error;
use std::path::PathBuf;
use std::time::Instant;

/// The library's error as one line, naming the flag that fixes it where there is one.
pub fn flag_error(error: impl Into<Error>) -> String {
    match error.into() {
        Error::Lambda(_) | Error::ValidationFraction(_) => {
            "--lambda must be in [0, 1] and --validation in [0, 1)".into()
        }
        Error::Match(ArenaError::OpeningPlies { .. }) => "--opening-min is larger than --opening-max".into(),
        Error::Match(ArenaError::Sprt { .. }) => {
            "SPRT needs 0 < --error-rate < 0.5 and --elo1 > --elo0".into()
        }
        Error::Match(ArenaError::EngineOption { option }) => {
            format!("--engine-option '{option}' is not NAME=VALUE")
        }
        other => other.to_string(),
    }
}

/// Opening options shared by self-play, matches and training.
#[derive(Args, Clone, Debug)]
pub struct OpeningArgs {
    /// Fewest random plies of an opening.
    #[arg(long = "opening-min", value_name = "OPENING_MIN", default_value_t = OpeningConfig::default().min_plies)]
    pub min_plies: usize,
    /// Most random plies of an opening.
    #[arg(long = "opening-max", value_name = "OPENING_MAX", default_value_t = OpeningConfig::default().max_plies)]
    pub max_plies: usize,
    /// Largest |score| (centipawns) a shallow search may find after the random plies.
    #[arg(long = "opening-balance", value_name = "OPENING_BALANCE", default_value_t = OpeningConfig::default().max_score)]
    pub max_score: i32,
    /// A game still running after this many plies is stopped and scored a draw.
    #[arg(long, default_value_t = 300)]
    pub ply_cap: usize,
}

impl OpeningArgs {
    /// The opening settings, checked.
    pub fn config(&self) -> Result<OpeningConfig, String> {
        let config = OpeningConfig {
            min_plies: self.min_plies,
            max_plies: self.max_plies,
            max_score: self.max_score,
            ..OpeningConfig::default()
        };
        config.validated().map_err(flag_error)
    }

    /// The self-play and match settings of a training loop (`train`, `nnue loop`): both start
    /// from these openings and stop games at the same ply cap.
    pub fn loop_configs(
        &self,
        games: usize,
        nodes: u64,
        match_games: usize,
    ) -> Result<(SelfplayConfig, MatchConfig), String> {
        let opening = self.config()?;
        let ply_cap = self.ply_cap;
        let selfplay =
            SelfplayConfig { games, nodes, ply_cap, opening: opening.clone(), ..SelfplayConfig::default() };
        let matches = MatchConfig { opening, ply_cap, ..MatchConfig::for_games(match_games) };
        Ok((selfplay, matches))
    }
}

/// Arguments of `minishogi selfplay`.
#[derive(Args, Clone, Debug)]
pub struct SelfplayArgs {
    /// Number of games.
    #[arg(long)]
    pub games: usize,
    /// Index of the first game: plays games FIRST_GAME .. FIRST_GAME + GAMES of the seed's run,
    /// so shards of a run (on several machines) concatenate to the one-machine run.
    #[arg(long, default_value_t = 0)]
    pub first_game: u64,
    /// Nodes searched per move, on average.
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// Each move's node budget is drawn from NODES · (1 ± NODE_JITTER), so that games from the
    /// same opening differ (0: exactly NODES, and such games repeat).
    #[arg(long, default_value_t = DEFAULT_NODE_JITTER, value_parser = parse_jitter)]
    pub node_jitter: f64,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
    /// Seed; the same seed gives the same games whatever the thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Weights that play: a file, `initial` or `linear` (default, the shipped ones).
    #[arg(long, conflicts_with = "network")]
    pub weights: Option<String>,
    /// A network that plays instead of the weights: `embedded` (the shipped one) or a file.
    #[arg(long)]
    pub network: Option<String>,
    /// The player's name the dataset records (default: the weights' spec, or `network SPEC`).
    #[arg(long)]
    pub name: Option<String>,
    /// The dataset to write.
    #[arg(long)]
    pub out: PathBuf,
    /// How openings are drawn.
    #[command(flatten)]
    pub opening: OpeningArgs,
}

/// A node jitter: a fraction from 0 to 1.
fn parse_jitter(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(j) if (0.0..=1.0).contains(&j) => Ok(j),
        _ => Err(format!("'{text}' is not a fraction from 0 to 1")),
    }
}

/// `selfplay`: plays the games (a bar over them) and writes the dataset; prints its summary and
/// the speed.
pub fn exec(args: &SelfplayArgs) -> CliResult {
    let bar = games_bar(args.games as u64);
    let report = play(args, &|| bar.inc(1));
    bar.finish();
    crate::output::print_lines([report?])
}

/// What plays both sides (or labels the games), from `--network` or `--weights`, and the name the
/// dataset records (the weights' spec, or `network SPEC` as the Python package records it).
pub fn player(network: Option<&str>, weights: Option<&str>) -> Result<(Evaluation, String), String> {
    match network {
        Some(spec) => match EvalSpec::parse(spec).network() {
            Ok(Some(net)) => Ok((Evaluation::Network(net), format!("network {spec}"))),
            Ok(None) => Err("--network linear is --weights linear: name the weights instead".into()),
            Err(e) => Err(format!("--network {spec}: {e}")),
        },
        None => {
            let spec = weights.unwrap_or("linear");
            let weights = load_weights(spec).map_err(flag_error)?;
            Ok((Evaluation::Linear(Box::new(weights)), spec.to_string()))
        }
    }
}

fn play(args: &SelfplayArgs, on_game: &(dyn Fn() + Sync)) -> Result<String, String> {
    let (evaluation, default_name) = player(args.network.as_deref(), args.weights.as_deref())?;
    let name = args.name.clone().unwrap_or(default_name);
    let config = SelfplayConfig {
        games: args.games,
        first_game: args.first_game,
        nodes: args.nodes,
        node_jitter: args.node_jitter,
        seed: args.seed,
        ply_cap: args.opening.ply_cap,
        opening: args.opening.config()?,
        ..SelfplayConfig::default()
    };
    let clock = Instant::now();
    let data = args.threads.install(|| selfplay_with(&config, &evaluation, &name, on_game))?;
    let secs = clock.elapsed().as_secs_f64();
    data.save(&args.out).map_err(flag_error)?;
    let speed = args.games as f64 * 60.0 / secs.max(1e-9);
    Ok(format!("{}\n{secs:.1} s, {speed:.1} games/min; wrote {}", summary(&data), args.out.display()))
}
