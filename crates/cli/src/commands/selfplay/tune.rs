//! `minishogi tune`: fit the evaluation weights to self-play datasets.

use super::args::{flag_error, TuneArgs};
use crate::commands::shared_args::ThreadsArg;
use crate::commands::CliResult;
use clap::Args;
use minishogi_selfplay::dataset::{summary, Dataset};
use minishogi_selfplay::tune::{largest_changes, EpochStats};
use minishogi_selfplay::tune_files::tune_to_files;
use minishogi_selfplay::{load_weights, EMBEDDED};
use std::path::PathBuf;

/// Arguments of `minishogi tune`.
#[derive(Args)]
pub struct TuneCmdArgs {
    /// Datasets written by `minishogi selfplay`.
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// Starting weights: a file, `initial` or `embedded` (default).
    #[arg(long)]
    init: Option<String>,
    /// The tuned weights file to write.
    #[arg(long)]
    out: PathBuf,
    /// Loss curve path without extension (default: --out with extension `loss`); `.csv` and `.svg`
    /// are appended.
    #[arg(long)]
    curve: Option<PathBuf>,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Seed of the batch order and the validation split.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    tune: TuneArgs,
}

/// Runs `minishogi tune`.
pub fn tune(args: TuneCmdArgs) -> CliResult {
    let init = load_weights(args.init.as_deref().unwrap_or(EMBEDDED)).map_err(flag_error)?;
    let datasets = Dataset::load_all(&args.data, |path, d| println!("{}: {}", path.display(), summary(d)));
    let datasets = datasets.map_err(flag_error)?;
    let config = args.tune.config(args.seed)?;
    let tuned = args
        .threads
        .install(|| {
            tune_to_files(&datasets, &init, &config, &args.out, args.curve.as_deref(), |e| {
                if e.epoch == 0 {
                    println!("{}", EpochStats::TABLE_HEADER);
                }
                println!("{}", e.table_row());
            })
        })?
        .map_err(flag_error)?;
    println!("{}", tuned.report.summary(&tuned.stats));
    println!("largest changes:");
    for change in largest_changes(&init, &tuned.weights, 10) {
        println!("  {change}");
    }
    println!("wrote {} and {}.csv/.svg", args.out.display(), tuned.curve.display());
    Ok(())
}
