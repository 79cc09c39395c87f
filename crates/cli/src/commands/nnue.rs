//! `nnue train`, `nnue quantise` and `nnue loop`: the evaluation network.

use super::selfplay::{flag_error, OpeningArgs};
use crate::flags::Threads;
use crate::output::{print, print_lines, CliResult, Lines};
use crate::progress::{games_bar, EpochBar, PairLines};
use clap::Args;
use minishogi_arena::load_weights;
use minishogi_selfplay::dataset::summary;
use minishogi_trainer::nnue_loop::{best_line, generations_table, LoopEvent, LoopStep};
use minishogi_trainer::nnue_train::{
    quantise_file, train_files, NetEpoch, NetTrainEvent, TrainFiles, TrainFilesEvent,
};
use minishogi_trainer::NetTrainConfig;
use minishogi_trainer::{run_loop, NnueLoopConfig};
use std::path::PathBuf;

/// The flags of a network training run (`nnue train`, `nnue loop`); the seed is each command's own.
#[derive(Args, Clone, Debug)]
pub struct TrainingArgs {
    /// Passes over the training samples.
    #[arg(long, default_value_t = NetTrainConfig::default().epochs)]
    pub epochs: usize,
    /// Samples per Adam step.
    #[arg(long, default_value_t = NetTrainConfig::default().batch_size)]
    pub batch_size: usize,
    /// Learning rate at the start (cosine decay to --final-lr times it).
    #[arg(long = "lr", value_name = "LR", default_value_t = NetTrainConfig::default().learning_rate)]
    pub learning_rate: f32,
    /// Final learning rate as a fraction of --lr.
    #[arg(long = "final-lr", value_name = "FINAL_LR", default_value_t = NetTrainConfig::default().final_lr_fraction)]
    pub final_lr_fraction: f32,
    /// Weight of the game result in the target (the rest is the search score).
    #[arg(long, default_value_t = NetTrainConfig::default().lambda)]
    pub lambda: f32,
    /// Fraction of games held out for validation.
    #[arg(long, default_value_t = 0.1)]
    pub validation: f64,
}

impl TrainingArgs {
    /// The training settings with `seed`, checked.
    pub fn config(&self, seed: u64) -> Result<NetTrainConfig, String> {
        if !(0.0..1.0).contains(&self.validation) {
            return Err("--validation must be in [0, 1)".into());
        }
        let config = NetTrainConfig {
            epochs: self.epochs,
            batch_size: self.batch_size,
            learning_rate: self.learning_rate,
            final_lr_fraction: self.final_lr_fraction,
            lambda: self.lambda,
            seed,
        };
        config.validated().map_err(|e| e.to_string())
    }
}

/// Arguments of `minishogi nnue train`.
#[derive(Args, Clone, Debug)]
pub struct NnueTrainArgs {
    /// Datasets written by `minishogi selfplay`.
    #[arg(long, num_args = 1.., required = true)]
    pub data: Vec<PathBuf>,
    /// The quantised network to write (for the engine's `EvalFile`).
    #[arg(long)]
    pub out: PathBuf,
    /// The float network to write (default: --out with extension `float`).
    #[arg(long)]
    pub float_out: Option<PathBuf>,
    /// A float network to start from, or a network file (`.nnue`: dequantised; a narrower one
    /// gets new units) (default: random weights from --seed).
    #[arg(long)]
    pub init: Option<PathBuf>,
    /// Loss curve path without extension (default: --out with extension `loss`).
    #[arg(long)]
    pub curve: Option<PathBuf>,
    /// The network training settings.
    #[command(flatten)]
    pub training: TrainingArgs,
    /// Seed of the initial weights, the split and the batch order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
}

/// `nnue train`: trains the network (a bar over each epoch's batches) and writes it.
pub fn train(args: &NnueTrainArgs) -> CliResult {
    let bar = EpochBar::default();
    let trained = train_with(args, &print, &|e| bar.show(e));
    bar.finish();
    print_lines([trained?])
}

/// Trains the network and writes it; the datasets read, the samples drawn and the table header go
/// to `lines`, each training step to `train`. Returns the closing lines.
fn train_with(
    args: &NnueTrainArgs,
    lines: Lines<'_>,
    train: &(dyn Fn(&NetTrainEvent) + Sync),
) -> Result<String, String> {
    let run = TrainFiles {
        data: args.data.clone(),
        out: args.out.clone(),
        float_out: args.float_out.clone(),
        init: args.init.clone(),
        curve: args.curve.clone(),
        validation: args.training.validation,
        config: args.training.config(args.seed)?,
    };
    let trained = args
        .threads
        .install(|| {
            train_files(&run, &|event| match event {
                TrainFilesEvent::Loaded(path, d) => lines(&format!("{}: {}", path.display(), summary(d))),
                TrainFilesEvent::Samples(sets) => {
                    let (train, valid) = (sets.train.len(), sets.valid.len());
                    let quiet = train + valid;
                    lines(&format!(
                        "{} positions ({} repeated games skipped), {quiet} quiet: {train} training and {valid} validation samples",
                        sets.positions, sets.repeated_games
                    ));
                    lines(NetEpoch::TABLE_HEADER);
                }
                TrainFilesEvent::Train(e) => train(e),
            })
        })?
        .map_err(|e| e.to_string())?;
    let (out, float, curve) = (run.out.display(), trained.float_out.display(), trained.curve.display());
    Ok(format!(
        "kept the network of epoch {} (lowest validation loss)\n{}\nwrote {out}, {float} and {curve}.csv/.svg",
        trained.best_epoch, trained.check
    ))
}

/// Arguments of `minishogi nnue quantise`.
#[derive(Args, Clone, Debug)]
pub struct NnueQuantiseArgs {
    /// The float network written by `minishogi nnue train`.
    #[arg(long)]
    pub float: PathBuf,
    /// The quantised network to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Datasets whose quiet positions the error check evaluates.
    #[arg(long, num_args = 1.., required = true)]
    pub data: Vec<PathBuf>,
}

/// `nnue quantise`: quantises the network and writes it; prints the error check and what was
/// written.
pub fn quantise(args: &NnueQuantiseArgs) -> CliResult {
    let description = format!("minishogi nnue quantise of {}", args.float.display());
    let check = quantise_file(&args.float, &args.out, &args.data, &description).map_err(|e| e.to_string())?;
    print_lines([format!("{check}\nwrote {}", args.out.display())])
}

/// Arguments of `minishogi nnue loop`.
#[derive(Args, Clone, Debug)]
pub struct NnueLoopArgs {
    /// Directory for every generation's dataset, networks, loss curve and match; a rerun skips
    /// what is already there.
    #[arg(long)]
    pub out_dir: PathBuf,
    /// Generations of self-play → train → match.
    #[arg(long, default_value_t = 3)]
    pub generations: usize,
    /// Self-play games per generation.
    #[arg(long, default_value_t = 20000)]
    pub games: usize,
    /// Nodes per move in self-play.
    #[arg(long, default_value_t = 1000)]
    pub nodes: u64,
    /// Train on the datasets of this many latest generations.
    #[arg(long, default_value_t = 3)]
    pub window: usize,
    /// Train every generation from random weights (default: from the best network's).
    #[arg(long)]
    pub cold_start: bool,
    /// Match games per generation (candidate against the best so far).
    #[arg(long, default_value_t = 400)]
    pub match_games: usize,
    /// Nodes per move in the matches.
    #[arg(long, default_value_t = 2000)]
    pub match_nodes: u64,
    /// The linear weights the loop starts from: a file, `initial` or `linear` (default, the
    /// shipped ones).
    #[arg(long)]
    pub linear: Option<String>,
    /// Seed of the whole run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play each generation's self-play with this command instead, e.g. `python -m
    /// minishogi.distributed selfplay --address auto` for a Ray cluster; it gets the self-play
    /// flags, `--out DIR` and `--merge FILE`, and must write the same dataset.
    #[arg(long, value_name = "COMMAND")]
    pub selfplay_command: Option<String>,
    /// The network training settings.
    #[command(flatten)]
    pub training: TrainingArgs,
    /// How openings are drawn.
    #[command(flatten)]
    pub opening: OpeningArgs,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
}

impl NnueLoopArgs {
    /// The loop's settings, checked.
    pub fn config(&self) -> Result<NnueLoopConfig, String> {
        let spec = self.linear.as_deref().unwrap_or("linear");
        let weights = load_weights(spec).map_err(flag_error)?;
        let (selfplay, matches) = self.opening.loop_configs(self.games, self.nodes, self.match_games)?;
        Ok(NnueLoopConfig {
            generations: self.generations,
            seed: self.seed,
            selfplay,
            train: self.training.config(self.seed)?,
            validation: self.training.validation,
            window: self.window,
            warm_start: !self.cold_start,
            matches,
            match_nodes: self.match_nodes,
            linear: (weights, spec.to_string()),
            dir: self.out_dir.clone(),
            selfplay_command: self.selfplay_command.clone(),
        })
    }
}

/// `nnue loop`: bars over each generation's games and each epoch's batches, the match's score
/// every few pairs; prints the summary table and the best evaluation.
pub fn run(a: &NnueLoopArgs) -> CliResult {
    let config = a.config()?;
    let (games, epochs, pair_lines) = (games_bar(a.games as u64), EpochBar::default(), PairLines::default());
    let total_games = config.matches.games();
    let report = |event: LoopEvent<'_>| {
        match event {
            LoopEvent::SelfplayDone(..) => games.finish_and_clear(),
            LoopEvent::GenerationDone(_) => epochs.finish(),
            _ => {}
        }
        event.line(&config).iter().for_each(|line| println!("{line}"));
        match event {
            LoopEvent::StepStart(step) => {
                if step == LoopStep::Selfplay {
                    games.reset();
                }
                pair_lines.reset();
            }
            LoopEvent::Game => games.inc(1),
            LoopEvent::Train(e) => epochs.show(e),
            LoopEvent::Pair(s) => pair_lines.show(s.pentanomial.pairs(), || s.pairs_status_line(total_games)),
            _ => {}
        }
    };
    let (best, rows) = a.threads.install(|| run_loop(&config, &report))?.map_err(flag_error)?;
    print_lines([format!("{}\n{}", generations_table(&rows), best_line(&config, &best))])
}
