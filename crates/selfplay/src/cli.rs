//! The self-play commands of the `minishogi` program (feature `clap`): the arguments of
//! `selfplay`, `tune`, `match` (between weight sets), `train` and `nnue train|quantise|loop`, and
//! what each runs. Lines to print go to a callback as they come; what a command prints last is
//! returned. Errors are one line, naming the flag that fixes them where there is one.

use crate::dataset::{summary, Dataset};
use crate::elo::Sprt;
use crate::games::{selfplay, SelfplayConfig};
use crate::matches::{play_match, MatchConfig, PlayerSpec};
use crate::nnue_loop::{best_line, run_loop, LoopEvent, NnueLoopConfig};
use crate::nnue_train::{
    quantise_file, train_files, NetEpoch, NetTrainConfig, NetTrainEvent, TrainFiles, TrainFilesEvent,
};
use crate::openings::OpeningConfig;
use crate::train_loop::{train, TrainConfig, TrainEvent};
use crate::tune::{largest_changes, EpochStats, TuneConfig};
use crate::tune_files::tune_to_files;
use crate::{load_weights, Error, MatchReport, EMBEDDED};
use clap::Args;
use minishogi_tablebase::cli::Threads;
use std::path::PathBuf;
use std::time::Instant;

/// Where a command's lines go as they come (to stdout).
pub type Lines<'a> = &'a (dyn Fn(&str) + Sync);

/// The library's error as one line, naming the flag that fixes it where there is one.
pub fn flag_error(error: Error) -> String {
    match error {
        Error::OpeningPlies { .. } => "--opening-min is larger than --opening-max".into(),
        Error::Lambda(_) | Error::ValidationFraction(_) => {
            "--lambda must be in [0, 1] and --validation in [0, 1)".into()
        }
        Error::Sprt { .. } => "SPRT needs 0 < --error-rate < 0.5 and --elo1 > --elo0".into(),
        Error::ZeroThreads => "--threads must be at least 1".into(),
        Error::EngineOption { option } => format!("--engine-option '{option}' is not NAME=VALUE"),
        other => other.to_string(),
    }
}

/// Opening options shared by self-play, matches and training.
#[derive(Args, Clone, Debug)]
pub struct OpeningArgs {
    /// How openings are drawn.
    #[command(flatten)]
    pub opening: OpeningConfig,
    /// A game still running after this many plies is stopped and scored a draw.
    #[arg(long, default_value_t = 300)]
    pub ply_cap: usize,
}

impl OpeningArgs {
    /// The opening settings, checked.
    pub fn config(&self) -> Result<OpeningConfig, String> {
        self.opening.clone().validated().map_err(flag_error)
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
    /// Nodes searched per move.
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
    /// Seed; the same seed gives the same games whatever the thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Weights that play: a file, `initial` or `embedded` (default).
    #[arg(long)]
    pub weights: Option<String>,
    /// The dataset to write.
    #[arg(long)]
    pub out: PathBuf,
    /// How openings are drawn.
    #[command(flatten)]
    pub opening: OpeningArgs,
}

impl SelfplayArgs {
    /// Plays the games (`on_game` after each) and writes the dataset; returns its summary and the
    /// speed.
    pub fn run(&self, on_game: &(dyn Fn() + Sync)) -> Result<String, String> {
        let spec = self.weights.as_deref().unwrap_or(EMBEDDED);
        let weights = load_weights(spec).map_err(flag_error)?;
        let config = SelfplayConfig {
            games: self.games,
            nodes: self.nodes,
            seed: self.seed,
            ply_cap: self.opening.ply_cap,
            opening: self.opening.config()?,
            ..SelfplayConfig::default()
        };
        let clock = Instant::now();
        let data = self.threads.install(|| selfplay(&config, &weights, spec, on_game))?;
        let secs = clock.elapsed().as_secs_f64();
        data.save(&self.out).map_err(flag_error)?;
        let speed = self.games as f64 * 60.0 / secs.max(1e-9);
        Ok(format!("{}\n{secs:.1} s, {speed:.1} games/min; wrote {}", summary(&data), self.out.display()))
    }
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

/// Arguments of `minishogi match` between two weight sets (or against a USI engine as B).
#[derive(Args, Clone, Debug)]
pub struct MatchArgs {
    /// Number of games (rounded up to an even number: each opening is played with both colours).
    #[arg(long)]
    pub games: Option<usize>,
    /// Nodes per move for the bundled engine.
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// Weights of player A: a file, `initial` or `embedded` (default).
    #[arg(long)]
    pub a: Option<String>,
    /// Weights of player B: a file, `initial` or `embedded` (default).
    #[arg(long, conflicts_with = "engine")]
    pub b: Option<String>,
    /// Player B is this external USI engine (program and arguments separated by spaces).
    #[arg(long)]
    pub engine: Option<String>,
    /// What to send after `go` to the external engine (default: `nodes <--nodes>`).
    #[arg(long)]
    pub go: Option<String>,
    /// `NAME=VALUE` options for the external engine (repeatable).
    #[arg(long = "engine-option")]
    pub engine_options: Vec<String>,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
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
    /// How openings are drawn.
    #[command(flatten)]
    pub opening: OpeningArgs,
}

/// Player `label` with the weights named by `spec`.
fn engine_player(label: &str, spec: Option<&str>, nodes: u64) -> Result<PlayerSpec, String> {
    let spec = spec.unwrap_or(EMBEDDED);
    let weights = load_weights(spec).map_err(flag_error)?;
    Ok(PlayerSpec::engine(format!("{label} ({spec})"), weights, nodes))
}

impl MatchArgs {
    /// The SPRT asked for, if any, checked.
    pub fn sprt(&self) -> Result<Option<Sprt>, String> {
        self.sprt.then(|| Sprt::new(self.elo0, self.elo1, self.error_rate)).transpose().map_err(flag_error)
    }

    /// Plays the match; the players, the score now and then and the report go to `lines`.
    pub fn run(&self, lines: Lines<'_>) -> Result<(), String> {
        let games =
            self.games.ok_or("--games is required (or give --engine1 and --engine2 with --openings)")?;
        let a = engine_player("A", self.a.as_deref(), self.nodes)?;
        let b = match &self.engine {
            Some(command) => PlayerSpec::usi(command, self.go.as_deref(), self.nodes, &self.engine_options)
                .map_err(flag_error)?,
            None => engine_player("B", self.b.as_deref(), self.nodes)?,
        };
        let config = MatchConfig {
            seed: self.seed,
            opening: self.opening.config()?,
            ply_cap: self.opening.ply_cap,
            sprt: self.sprt()?,
            ..MatchConfig::for_games(games)
        };
        let (pairs, games) = (config.pairs, config.games());
        lines(&format!("A = {}, B = {}, {games} games ({pairs} openings × 2 colours)", a.name(), b.name()));
        let every = (pairs / 20).max(1) as u64;
        let clock = Instant::now();
        let state = self
            .threads
            .install(|| {
                play_match(&config, &a, &b, &|s| {
                    if s.pentanomial.pairs() % every == 0 {
                        lines(&s.status_line(games));
                    }
                })
            })?
            .map_err(flag_error)?;
        let seconds = clock.elapsed().as_secs_f64();
        lines(&MatchReport { config: &config, state: &state, seconds }.to_string());
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
        let (selfplay, matches) = self.opening.loop_configs(self.games, self.nodes, self.match_games)?;
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
        let mut text = crate::train_loop::summary_table(&rows);
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
        Ok(format!("{}\n{}", crate::nnue_loop::summary_table(&rows), best_line(config, &best)))
    }
}
