//! `minishogi match`: paired games between two weight sets or against a USI engine, with Elo.

use super::args::{flag_error, OpeningArgs};
use crate::commands::shared_args::ThreadsArg;
use crate::commands::CliResult;
use clap::Args;
use minishogi_selfplay::elo::Sprt;
use minishogi_selfplay::matches::{play_match, MatchConfig, PlayerSpec};
use minishogi_selfplay::{load_weights, MatchReport, EMBEDDED};
use std::time::Instant;

/// Arguments of `minishogi match`.
#[derive(Args)]
pub struct MatchArgs {
    /// Number of games (rounded up to an even number: each opening is played with both colours).
    #[arg(long)]
    pub games: Option<usize>,
    /// Nodes per move for the bundled engine.
    #[arg(long, default_value_t = 2000)]
    nodes: u64,
    /// Weights of player A: a file, `initial` or `embedded` (default).
    #[arg(long)]
    a: Option<String>,
    /// Weights of player B: a file, `initial` or `embedded` (default).
    #[arg(long, conflicts_with = "engine")]
    b: Option<String>,
    /// Player B is this external USI engine (program and arguments separated by spaces).
    #[arg(long)]
    engine: Option<String>,
    /// What to send after `go` to the external engine (default: `nodes <--nodes>`).
    #[arg(long)]
    go: Option<String>,
    /// `NAME=VALUE` options for the external engine (repeatable).
    #[arg(long = "engine-option")]
    engine_options: Vec<String>,
    #[command(flatten)]
    threads: ThreadsArg,
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
    #[command(flatten)]
    pub opening: OpeningArgs,
}

impl MatchArgs {
    /// The SPRT asked for, if any, checked.
    pub fn sprt(&self) -> Result<Option<Sprt>, minishogi_selfplay::Error> {
        self.sprt.then(|| Sprt::new(self.elo0, self.elo1, self.error_rate)).transpose()
    }
}

/// Player `label` with the weights named by `spec`.
fn engine_player(label: &str, spec: Option<&str>, nodes: u64) -> Result<PlayerSpec, String> {
    let spec = spec.unwrap_or(EMBEDDED);
    let weights = load_weights(spec).map_err(flag_error)?;
    Ok(PlayerSpec::engine(format!("{label} ({spec})"), weights, nodes))
}

/// Runs `minishogi match`.
pub fn match_cmd(args: MatchArgs) -> CliResult {
    let games = args.games.ok_or("--games is required (or give --engine1 and --engine2 with --openings)")?;
    let a = engine_player("A", args.a.as_deref(), args.nodes)?;
    let b = match &args.engine {
        Some(command) => PlayerSpec::usi(command, args.go.as_deref(), args.nodes, &args.engine_options)
            .map_err(flag_error)?,
        None => engine_player("B", args.b.as_deref(), args.nodes)?,
    };
    let sprt = args.sprt();
    let config = MatchConfig {
        seed: args.seed,
        opening: args.opening.config()?,
        ply_cap: args.opening.ply_cap,
        sprt: sprt.map_err(flag_error)?,
        ..MatchConfig::for_games(games)
    };
    let (pairs, games) = (config.pairs, config.games());
    println!("A = {}, B = {}, {games} games ({pairs} openings × 2 colours)", a.name(), b.name());
    let every = (pairs / 20).max(1) as u64;
    let clock = Instant::now();
    let state = args
        .threads
        .install(|| {
            play_match(&config, &a, &b, &|s| {
                if s.pentanomial.pairs() % every == 0 {
                    println!("{}", s.status_line(games));
                }
            })
        })?
        .map_err(flag_error)?;
    println!("{}", MatchReport { config: &config, state: &state, seconds: clock.elapsed().as_secs_f64() });
    Ok(())
}
