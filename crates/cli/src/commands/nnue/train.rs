//! `minishogi nnue train`: datasets in, a float network, a quantised network and a loss curve out.

use super::quantise::report_error;
use crate::commands::progress::style;
use crate::commands::shared_args::ThreadsArg;
use crate::commands::CliResult;
use clap::Args;
use indicatif::ProgressBar;
use minishogi_selfplay::dataset::{summary, Dataset};
use minishogi_selfplay::nnue_train::{
    load_float, quantise, save_float, train_network, write_net_loss_curve, FloatNetwork, NetTrainConfig,
    NetTrainEvent, SampleSets,
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
    /// Passes over the training samples.
    #[arg(long, default_value_t = 20)]
    epochs: usize,
    /// Samples per Adam step.
    #[arg(long, default_value_t = 2048)]
    batch_size: usize,
    /// Learning rate at the start (cosine decay to --final-lr times it).
    #[arg(long, default_value_t = 2e-3)]
    lr: f32,
    /// Final learning rate as a fraction of --lr.
    #[arg(long, default_value_t = 0.05)]
    final_lr: f32,
    /// Weight of the game result in the target (the rest is the search score).
    #[arg(long, default_value_t = 0.3)]
    lambda: f32,
    /// Fraction of games held out for validation.
    #[arg(long, default_value_t = 0.1)]
    validation: f64,
    /// Seed of the initial weights, the split and the batch order.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    threads: ThreadsArg,
}

/// Runs `minishogi nnue train`.
pub fn train(args: NnueTrainArgs) -> CliResult {
    if !(0.0..1.0).contains(&args.validation) {
        return Err("--validation must be in [0, 1)".into());
    }
    let config = NetTrainConfig {
        epochs: args.epochs,
        batch_size: args.batch_size,
        learning_rate: args.lr,
        final_lr_fraction: args.final_lr,
        lambda: args.lambda,
        seed: args.seed,
    }
    .validated()
    .map_err(|e| e.to_string())?;
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
            let sets = SampleSets::from_datasets(&datasets, args.validation, args.seed)?;
            println!(
                "{} positions, {} quiet: {} training and {} validation samples",
                sets.positions,
                sets.train.len() + sets.valid.len(),
                sets.train.len(),
                sets.valid.len()
            );
            let bar = ProgressBar::new(0);
            bar.set_style(style("epoch {prefix:>3} [{bar:40}] {pos}/{len} batches  {per_sec}  eta {eta}"));
            println!("epoch  train loss  valid loss  learning rate  positions/s");
            let report = train_network(&mut net, &sets, &config, &|event| match *event {
                NetTrainEvent::Batch { epoch, done, total } => {
                    if done == 1 {
                        bar.reset();
                        bar.set_length(total as u64);
                        bar.set_prefix(epoch.to_string());
                    }
                    bar.set_position(done as u64);
                }
                NetTrainEvent::Epoch(e) => bar.suspend(|| {
                    println!(
                        "{:>5}  {:>10.6}  {:>10.6}  {:>13.6}  {:>11.0}",
                        e.epoch, e.train_loss, e.valid_loss, e.learning_rate, e.positions_per_second
                    )
                }),
            });
            bar.finish_and_clear();
            Ok::<_, minishogi_selfplay::Error>((net, report))
        })?
        .map_err(|e| e.to_string())?;
    println!("kept the network of epoch {} (lowest validation loss)", report.best_epoch);
    let float_out = args.float_out.unwrap_or_else(|| args.out.with_extension("float"));
    save_float(&net, &float_out).map_err(|e| e.to_string())?;
    let description = format!(
        "minishogi nnue train: {} samples, {} epochs (kept {}), lambda {}, seed {}",
        report.train_samples, args.epochs, report.best_epoch, args.lambda, args.seed
    );
    let quantised = quantise(&net, &description).ok_or("the float network has wrong layer sizes")?;
    report_error(&net, &quantised, &datasets)?;
    quantised.save(&args.out).map_err(|e| e.to_string())?;
    let curve = args.curve.unwrap_or_else(|| args.out.with_extension("loss"));
    write_net_loss_curve(&report, &curve).map_err(|e| e.to_string())?;
    println!("wrote {}, {} and {}.csv/.svg", args.out.display(), float_out.display(), curve.display());
    Ok(())
}
