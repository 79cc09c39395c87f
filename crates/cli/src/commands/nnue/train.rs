//! `minishogi nnue train`: datasets in, a float network, a quantised network and a loss curve out.

use super::epoch_bar::{EpochBar, EPOCH_HEADER};
use super::quantise::report_error;
use super::train_args::TrainingArgs;
use crate::commands::shared_args::ThreadsArg;
use crate::commands::CliResult;
use clap::Args;
use minishogi_selfplay::dataset::{summary, Dataset};
use minishogi_selfplay::nnue_train::{
    load_float, quantise, save_float, train_network, write_net_loss_curve, FloatNetwork, SampleSets,
};
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
    let mut datasets = Vec::new();
    for path in &args.data {
        let d = Dataset::load(path).map_err(|e| e.to_string())?;
        println!("{}: {}", path.display(), summary(&d));
        datasets.push(d);
    }
    let mut net = match &args.init {
        Some(path) => load_float(path).map_err(|e| e.to_string())?,
        None => FloatNetwork::random(args.seed),
    };
    let (net, report) = args
        .threads
        .install(|| {
            let sets = SampleSets::from_datasets(&datasets, args.training.validation, args.seed)?;
            println!(
                "{} positions, {} quiet: {} training and {} validation samples",
                sets.positions,
                sets.train.len() + sets.valid.len(),
                sets.train.len(),
                sets.valid.len()
            );
            let bar = EpochBar::new();
            println!("{EPOCH_HEADER}");
            let report = train_network(&mut net, &sets, &config, &|event| bar.show(event));
            bar.finish();
            Ok::<_, minishogi_selfplay::Error>((net, report))
        })?
        .map_err(|e| e.to_string())?;
    println!("kept the network of epoch {} (lowest validation loss)", report.best_epoch);
    let float_out = args.float_out.unwrap_or_else(|| args.out.with_extension("float"));
    save_float(&net, &float_out).map_err(|e| e.to_string())?;
    let description = format!(
        "minishogi nnue train: {} samples, {} epochs (kept {}), lambda {}, seed {}",
        report.train_samples, config.epochs, report.best_epoch, config.lambda, args.seed
    );
    let quantised = quantise(&net, &description).ok_or("the float network has wrong layer sizes")?;
    report_error(&net, &quantised, &datasets)?;
    quantised.save(&args.out).map_err(|e| e.to_string())?;
    let curve = args.curve.unwrap_or_else(|| args.out.with_extension("loss"));
    write_net_loss_curve(&report, &curve).map_err(|e| e.to_string())?;
    println!("wrote {}, {} and {}.csv/.svg", args.out.display(), float_out.display(), curve.display());
    Ok(())
}
