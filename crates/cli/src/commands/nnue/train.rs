//! `minishogi nnue train`: datasets in, a float network, a quantised network and a loss curve out.

use super::epoch_bar::EpochBar;
use super::train_args::TrainingArgs;
use crate::commands::shared_args::ThreadsArg;
use crate::commands::CliResult;
use clap::Args;
use minishogi_selfplay::dataset::summary;
use minishogi_selfplay::nnue_train::{train_files, NetEpoch, TrainFiles, TrainFilesEvent};
use std::path::PathBuf;

/// Arguments of `minishogi nnue train`.
#[derive(Args)]
pub struct NnueTrainArgs {
    /// Datasets written by `minishogi selfplay`.
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// The quantised network to write (for the engine's `EvalFile`).
    #[arg(long)]
    out: PathBuf,
    /// The float network to write (default: --out with extension `float`).
    #[arg(long)]
    float_out: Option<PathBuf>,
    /// A float network to start from (default: random weights from --seed).
    #[arg(long)]
    init: Option<PathBuf>,
    /// Loss curve path without extension (default: --out with extension `loss`).
    #[arg(long)]
    curve: Option<PathBuf>,
    #[command(flatten)]
    training: TrainingArgs,
    /// Seed of the initial weights, the split and the batch order.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    threads: ThreadsArg,
}

/// Runs `minishogi nnue train`.
pub fn train(args: NnueTrainArgs) -> CliResult {
    let config = args.training.config(args.seed)?;
    let run = TrainFiles {
        data: args.data,
        out: args.out,
        float_out: args.float_out,
        init: args.init,
        curve: args.curve,
        validation: args.training.validation,
        config,
    };
    let bar = EpochBar::default();
    let trained = args
        .threads
        .install(|| {
            train_files(&run, &|event| match event {
                TrainFilesEvent::Loaded(path, d) => println!("{}: {}", path.display(), summary(d)),
                TrainFilesEvent::Samples(sets) => {
                    let (train, valid) = (sets.train.len(), sets.valid.len());
                    println!(
                        "{} positions, {} quiet: {train} training and {valid} validation samples",
                        sets.positions,
                        train + valid
                    );
                    println!("{}", NetEpoch::TABLE_HEADER);
                }
                TrainFilesEvent::Train(e) => bar.show(e),
            })
        })?
        .map_err(|e| e.to_string())?;
    bar.finish();
    println!("kept the network of epoch {} (lowest validation loss)", trained.best_epoch);
    println!("{}", trained.check);
    let (out, float, curve) = (run.out.display(), trained.float_out.display(), trained.curve.display());
    println!("wrote {out}, {float} and {curve}.csv/.svg");
    Ok(())
}
