//! The training commands of the `minishogi` program (feature `clap`): the arguments of `tune`,
//! `train` and `nnue train|quantise|loop`, and what each runs. Lines to print go to a callback as
//! they come; what a command prints last is returned. Errors are one line, naming the flag that
//! fixes them where there is one.

use crate::{
    best_line, generations_table, largest_changes, quantise_file, rounds_table, run_loop, train, train_files,
    tune_to_files, EpochStats, Error, LoopEvent, NetEpoch, NetTrainConfig, NetTrainEvent, NnueLoopConfig,
    TrainConfig, TrainEvent, TrainFiles, TrainFilesEvent, TuneConfig,
};
use clap::Args;
use minishogi_arena::cli::{Lines, OpeningArgs};
use minishogi_arena::{load_weights, MatchConfig, EMBEDDED};
use minishogi_selfplay::{summary, Dataset, SelfplayConfig};
use minishogi_tablebase::cli::Threads;
use std::path::PathBuf;

/// The library's error as one line, naming the flag that fixes it where there is one.
pub fn flag_error(error: impl Into<Error>) -> String {
    match error.into() {
        Error::Lambda(_) | Error::ValidationFraction(_) => {
            "--lambda must be in [0, 1] and --validation in [0, 1)".into()
        }
        Error::Match(e) => minishogi_arena::cli::flag_error(e),
        other => other.to_string(),
    }
}

/// The self-play and match settings of a training loop (`train`, `nnue loop`): both start from
/// the same openings and stop games at the same ply cap.
fn loop_configs(
    opening: &OpeningArgs,
    games: usize,
    nodes: u64,
    match_games: usize,
) -> Result<(SelfplayConfig, MatchConfig), String> {
    let config = opening.config()?;
    let ply_cap = opening.ply_cap;
    let selfplay =
        SelfplayConfig { games, nodes, ply_cap, opening: config.clone(), ..SelfplayConfig::default() };
    let matches = MatchConfig { opening: config, ply_cap, ..MatchConfig::for_games(match_games) };
    Ok((selfplay, matches))
}

/// Arguments of `minishogi tune`.
#[derive(Args, Clone, Debug)]
pub struct TuneArgs {
    /// Datasets written by `minishogi selfplay`.
    #[arg(long, num_args = 1.., required = true)]
    pub data: Vec<PathBuf>,
    /// Starting weights: a file, `initial` or `embedded` (default).
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
    pub tune: TuneConfig,
}

/// `config` with `seed`, checked.
fn tune_config(config: &TuneConfig, seed: u64) -> Result<TuneConfig, String> {
    TuneConfig { seed, frozen: Vec::new(), ..config.clone() }.validated().map_err(flag_error)
}

impl TuneArgs {
    /// Tunes the weights on the datasets and writes them and the loss curve; each dataset's
    /// summary and each epoch's row go to `lines`.
    pub fn run(&self, lines: Lines<'_>) -> Result<(), String> {
        let init = load_weights(self.init.as_deref().unwrap_or(EMBEDDED)).map_err(flag_error)?;
        let datasets =
            Dataset::load_all(&self.data, |path, d| lines(&format!("{}: {}", path.display(), summary(d))));
        let datasets = datasets.map_err(flag_error)?;
        let config = tune_config(&self.tune, self.seed)?;
        let tuned = self
            .threads
            .install(|| {
                tune_to_files(&datasets, &init, &config, &self.out, self.curve.as_deref(), |e| {
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
        lines(&format!("wrote {} and {}.csv/.svg", self.out.display(), tuned.curve.display()));
        Ok(())
    }
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
    /// Starting weights: a file, `initial` (default) or `embedded`.
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
    pub tune: TuneConfig,
    /// How openings are drawn.
    #[command(flatten)]
    pub opening: OpeningArgs,
}

impl TrainArgs {
    /// Runs the rounds, telling `report` each step; returns the summary table and where the best
    /// weights were written.
    pub fn run(&self, report: &(dyn Fn(TrainEvent<'_>) + Sync)) -> Result<String, String> {
        let init = load_weights(&self.init).map_err(flag_error)?;
        let (selfplay, matches) = loop_configs(&self.opening, self.games, self.nodes, self.match_games)?;
        let config = TrainConfig {
            rounds: self.rounds,
            seed: self.seed,
            selfplay,
            tune: tune_config(&self.tune, self.seed)?,
            matches,
            match_nodes: self.match_nodes,
            window: self.window,
            dir: self.dir.clone(),
        };
        let (best, rows) = self.threads.install(|| train(&config, init, report))?.map_err(flag_error)?;
        let mut text = rounds_table(&rows);
        if let Some(out) = &self.out {
            best.save(out).map_err(|e| format!("{}: {e}", out.display()))?;
            text.push_str(&format!("\nbest weights written to {}", out.display()));
        }
        Ok(text)
    }

    /// Match games per round, rounded up to whole pairs.
    pub fn match_games(&self) -> usize {
        MatchConfig::for_games(self.match_games).games()
    }
}

/// Flags of a network training run.
#[derive(Args, Clone, Debug)]
pub struct TrainingArgs {
    /// The training settings (their seed is the command's `--seed`).
    #[command(flatten)]
    pub config: NetTrainConfig,
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
        NetTrainConfig { seed, ..self.config.clone() }.validated().map_err(|e| e.to_string())
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
    /// A float network to start from (default: random weights from --seed).
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

impl NnueTrainArgs {
    /// Trains the network and writes it; the datasets read, the samples drawn and the table
    /// header go to `lines`, each training step to `train`. Returns the closing lines.
    pub fn run(&self, lines: Lines<'_>, train: &(dyn Fn(&NetTrainEvent) + Sync)) -> Result<String, String> {
        let run = TrainFiles {
            data: self.data.clone(),
            out: self.out.clone(),
            float_out: self.float_out.clone(),
            init: self.init.clone(),
            curve: self.curve.clone(),
            validation: self.training.validation,
            config: self.training.config(self.seed)?,
        };
        let trained = self
            .threads
            .install(|| {
                train_files(&run, &|event| match event {
                    TrainFilesEvent::Loaded(path, d) => lines(&format!("{}: {}", path.display(), summary(d))),
                    TrainFilesEvent::Samples(sets) => {
                        let (train, valid) = (sets.train.len(), sets.valid.len());
                        let quiet = train + valid;
                        lines(&format!(
                            "{} positions, {quiet} quiet: {train} training and {valid} validation samples",
                            sets.positions
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

impl NnueQuantiseArgs {
    /// Quantises the network and writes it; returns the error check and what was written.
    pub fn run(&self) -> Result<String, String> {
        let description = format!("minishogi nnue quantise of {}", self.float.display());
        let check =
            quantise_file(&self.float, &self.out, &self.data, &description).map_err(|e| e.to_string())?;
        Ok(format!("{check}\nwrote {}", self.out.display()))
    }
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
    /// The linear weights the loop starts from: a file, `initial` or `embedded` (default).
    #[arg(long)]
    pub linear: Option<String>,
    /// Seed of the whole run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
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
        let spec = self.linear.as_deref().unwrap_or(EMBEDDED);
        let weights = load_weights(spec).map_err(flag_error)?;
        let (selfplay, matches) = loop_configs(&self.opening, self.games, self.nodes, self.match_games)?;
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
        })
    }

    /// Runs the generations of `config`, telling `report` each step; returns the summary table
    /// and the best evaluation.
    pub fn run(
        &self,
        config: &NnueLoopConfig,
        report: &(dyn Fn(LoopEvent<'_>) + Sync),
    ) -> Result<String, String> {
        let (best, rows) = self.threads.install(|| run_loop(config, report))?.map_err(flag_error)?;
        Ok(format!("{}\n{}", generations_table(&rows), best_line(config, &best)))
    }
}
