//! `tune` (Texel tuning of the linear weights) and `train` (the loop self-play → tune → match).

use super::selfplay::{flag_error, OpeningArgs};
use crate::flags::Threads;
use crate::output::{print, print_lines, CliResult, Lines};
use crate::progress::{games_bar, PairLines};
use clap::Args;
use minishogi_arena::load_weights;
use minishogi_arena::MatchConfig;
use minishogi_selfplay::dataset::summary;
use minishogi_selfplay::Dataset;
use minishogi_trainer::train_loop::{rounds_table, TrainEvent};
use minishogi_trainer::tune::tune_to_files;
use minishogi_trainer::tune::{largest_changes, EpochStats};
use minishogi_trainer::TuneConfig;
use minishogi_trainer::{train, TrainConfig};
use std::path::PathBuf;

/// The flags of a tuning run (`tune`, `train`); the seed is each command's own.
#[derive(Args, Clone, Debug)]
pub struct TuneFlags {
    /// Maximum passes over the training positions.
    #[arg(long, default_value_t = 60)]
    pub epochs: usize,
    /// Adam step size in centipawns.
    #[arg(long = "lr", value_name = "LR", default_value_t = 2.0)]
    pub learning_rate: f64,
    /// Weight of the game result in the target (the rest is the search score): 1 = results only.
    #[arg(long, default_value_t = 0.2)]
    pub lambda: f64,
    /// Positions per step.
    #[arg(long = "batch", value_name = "BATCH", default_value_t = 4096)]
    pub batch_size: usize,
    /// Fraction of games held out for validation.
    #[arg(long, default_value_t = 0.1)]
    pub validation: f64,
    /// Sigmoid scale in centipawns (default: fitted to the results first).
    #[arg(long)]
    pub k: Option<f64>,
    /// Stop after this many epochs without a better validation loss.
    #[arg(long, default_value_t = 8)]
    pub patience: usize,
}

impl TuneFlags {
    /// The tuning settings with `seed`, checked.
    pub fn config(&self, seed: u64) -> Result<TuneConfig, String> {
        let config = TuneConfig {
            epochs: self.epochs,
            learning_rate: self.learning_rate,
            lambda: self.lambda,
            batch_size: self.batch_size,
            validation: self.validation,
            k: self.k,
            patience: self.patience,
            seed,
            frozen: Vec::new(),
        };
        config.validated().map_err(flag_error)
    }
}

/// Arguments of `minishogi tune`.
#[derive(Args, Clone, Debug)]
pub struct TuneArgs {
    /// Datasets written by `minishogi selfplay`.
    #[arg(long, num_args = 1.., required = true)]
    pub data: Vec<PathBuf>,
    /// Starting weights: a file, `initial` or `linear` (default, the shipped ones).
    #[arg(long)]
    pub init: Option<String>,
    /// The tuned weights file to write.
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
}

/// `tune`: tunes the weights on the datasets and writes them and the loss curve; prints each
/// dataset's summary, each epoch's row and the largest changes.
pub fn tune(args: &TuneArgs) -> CliResult {
    tune_with(args, &print)
}

fn tune_with(args: &TuneArgs, lines: Lines<'_>) -> CliResult {
    let init = load_weights(args.init.as_deref().unwrap_or("linear")).map_err(flag_error)?;
    let datasets =
        Dataset::load_all(&args.data, |path, d| lines(&format!("{}: {}", path.display(), summary(d))));
    let datasets = datasets.map_err(flag_error)?;
    let config = args.tune.config(args.seed)?;
    let tuned = args
        .threads
        .install(|| {
            tune_to_files(&datasets, &init, &config, &args.out, args.curve.as_deref(), |e| {
                if e.epoch == 0 {
                    lines(EpochStats::TABLE_HEADER);
                }
                lines(&e.table_row());
            })
        })?
        .map_err(flag_error)?;
    lines(&tuned.report.summary(&tuned.stats));
    lines("largest changes:");
    for change in largest_changes(&init, &tuned.weights, 10) {
        lines(&format!("  {change}"));
    }
    lines(&format!("wrote {} and {}.csv/.svg", args.out.display(), tuned.curve.display()));
    Ok(())
}

/// Arguments of `minishogi train`.
#[derive(Args, Clone, Debug)]
pub struct TrainArgs {
    /// Rounds of self-play → tune → match.
    #[arg(long, default_value_t = 4)]
    pub rounds: usize,
    /// Self-play games per round.
    #[arg(long, default_value_t = 2000)]
    pub games: usize,
    /// Nodes per move in self-play.
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// Match games per round (candidate against the best so far).
    #[arg(long, default_value_t = 400)]
    pub match_games: usize,
    /// Nodes per move in the matches.
    #[arg(long, default_value_t = 2000)]
    pub match_nodes: u64,
    /// Tune on the datasets of this many latest rounds.
    #[arg(long, default_value_t = 3)]
    pub window: usize,
    /// Starting weights: a file, `initial` (default) or `linear` (the shipped ones).
    #[arg(long, default_value = "initial")]
    pub init: String,
    /// Directory for datasets, candidates, loss curves and summary.md.
    #[arg(long)]
    pub dir: PathBuf,
    /// Also write the final best weights here.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
    /// Seed of the whole run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The tuning settings (their seed is `--seed`).
    #[command(flatten)]
    pub tune: TuneFlags,
    /// How openings are drawn.
    #[command(flatten)]
    pub opening: OpeningArgs,
}

/// `train`: runs the rounds with a bar over each round's games and the match's score every few
/// pairs; prints the summary table and where the best weights were written.
pub fn train_command(args: &TrainArgs) -> CliResult {
    let (games, pair_lines) = (games_bar(args.games as u64), PairLines::default());
    let match_games = MatchConfig::for_games(args.match_games).games();
    let report = |event: TrainEvent<'_>| {
        if let TrainEvent::SelfplayDone(..) = event {
            games.finish_and_clear();
        }
        event.line().iter().for_each(|line| println!("{line}"));
        match event {
            TrainEvent::RoundStart(_) => games.reset(),
            TrainEvent::Game => games.inc(1),
            TrainEvent::Pair(s) => {
                pair_lines.show(s.pentanomial.pairs(), || s.pairs_status_line(match_games))
            }
            TrainEvent::RoundDone(_) => pair_lines.reset(),
            TrainEvent::SelfplayDone(..) | TrainEvent::Epoch(_) => {}
        }
    };
    print_lines([run_rounds(args, &report)?])
}

fn run_rounds(args: &TrainArgs, report: &(dyn Fn(TrainEvent<'_>) + Sync)) -> Result<String, String> {
    let init = load_weights(&args.init).map_err(flag_error)?;
    let (selfplay, matches) = args.opening.loop_configs(args.games, args.nodes, args.match_games)?;
    let config = TrainConfig {
        rounds: args.rounds,
        seed: args.seed,
        selfplay,
        tune: args.tune.config(args.seed)?,
        matches,
        match_nodes: args.match_nodes,
        window: args.window,
        dir: args.dir.clone(),
    };
    let (best, rows) = args.threads.install(|| train(&config, init, report))?.map_err(flag_error)?;
    let mut text = rounds_table(&rows);
    if let Some(out) = &args.out {
        best.save(out).map_err(|e| format!("{}: {e}", out.display()))?;
        text.push_str(&format!("\nbest weights written to {}", out.display()));
    }
    Ok(text)
}
