//! `minishogi selfplay`: play games and write a dataset.

use super::args::{flag_error, OpeningArgs};
use crate::commands::progress::games_bar;
use crate::commands::shared_args::ThreadsArg;
use crate::commands::CliResult;
use clap::Args;
use minishogi_selfplay::dataset::summary;
use minishogi_selfplay::games::{selfplay as play_games, SelfplayConfig};
use minishogi_selfplay::{load_weights, EMBEDDED};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `minishogi selfplay`.
#[derive(Args)]
pub struct SelfplayArgs {
    /// Number of games.
    #[arg(long)]
    games: usize,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 2000)]
    nodes: u64,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Seed; the same seed gives the same games whatever the thread count.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Weights that play: a file, `initial` or `embedded` (default).
    #[arg(long)]
    weights: Option<String>,
    /// The dataset to write.
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    opening: OpeningArgs,
}

/// Runs `minishogi selfplay`.
pub fn selfplay(args: SelfplayArgs) -> CliResult {
    let spec = args.weights.as_deref().unwrap_or(EMBEDDED);
    let weights = load_weights(spec).map_err(flag_error)?;
    let config = SelfplayConfig {
        games: args.games,
        nodes: args.nodes,
        seed: args.seed,
        ply_cap: args.opening.ply_cap,
        opening: args.opening.config()?,
        ..SelfplayConfig::default()
    };
    let bar = games_bar(args.games as u64);
    let clock = Instant::now();
    let data = args.threads.install(|| play_games(&config, &weights, spec, &|| bar.inc(1)))?;
    bar.finish();
    let secs = clock.elapsed().as_secs_f64();
    data.save(&args.out).map_err(flag_error)?;
    println!("{}", summary(&data));
    println!(
        "{:.1} s, {:.1} games/min; wrote {}",
        secs,
        args.games as f64 * 60.0 / secs.max(1e-9),
        args.out.display()
    );
    Ok(())
}
