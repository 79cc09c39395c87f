//! The network's training loop: self-play with the current best evaluation → train a network on
//! the latest generations' games → match it against the best at fixed nodes → keep the winner;
//! generation after generation, starting from the linear weights.
//!
//! Every step writes its products to the loop directory ([`GenerationFiles`]) and then a
//! [`Receipt`]; a rerun with the same settings finds them and skips the step, so an interrupted
//! run resumes where it stopped. All seeds derive from one, so a rerun from scratch writes the
//! same files (self-play, training and matches are deterministic for any thread count).

mod external;
mod files;
mod receipt;
mod report_lines;
mod summary;

pub use files::GenerationFiles;
pub use receipt::Receipt;
pub use report_lines::best_line;
pub use summary::{generations_table, GenerationSummary};

use crate::nnue_train::{
    load_float, quantisation_error, quantise, quiet_positions, save_float, train_network,
    write_net_loss_curve, FloatNetwork, NetTrainConfig, NetTrainEvent, SampleSets, CHECK_POSITIONS,
};
use crate::Error;
use minishogi_arena::elo::{Pentanomial, Tally};
use minishogi_arena::Evaluation;
use minishogi_arena::{play_match, MatchConfig, MatchScore, PlayerSpec};
use minishogi_engine::Network;
use minishogi_engine::Weights;
use minishogi_selfplay::Dataset;
use minishogi_selfplay::{selfplay_with, SelfplayConfig};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// Settings of the loop.
#[derive(Clone, Debug)]
pub struct NnueLoopConfig {
    /// Generations of self-play → train → match.
    pub generations: usize,
    /// Seed of the run: each generation's self-play, training and match seeds derive from it
    /// (the `seed` fields of the settings below are not used).
    pub seed: u64,
    /// Self-play settings (games and nodes per generation, openings).
    pub selfplay: SelfplayConfig,
    /// Training settings.
    pub train: NetTrainConfig,
    /// Fraction of games held out for validation.
    pub validation: f64,
    /// How many of the latest generations' datasets to train on.
    pub window: usize,
    /// Start each training from the best network's float weights (when the best is a network)
    /// rather than from random weights.
    pub warm_start: bool,
    /// Match settings (pairs per generation, SPRT).
    pub matches: MatchConfig,
    /// Nodes per move in the matches.
    pub match_nodes: u64,
    /// The linear weights the loop starts from, and their name in reports.
    pub linear: (Weights, String),
    /// Where everything goes.
    pub dir: PathBuf,
    /// An outside command that plays each generation's self-play instead of this process (e.g.
    /// the Ray driver, for a cluster). It runs through `sh -c` with the step's settings as
    /// `minishogi selfplay` flags, `--out DIR` for its partial work and `--merge FILE` for the
    /// dataset it must write: the same games the in-process step would play.
    pub selfplay_command: Option<String>,
}

/// A step of a generation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LoopStep {
    /// Self-play with the best evaluation.
    Selfplay,
    /// Training the candidate network.
    Train,
    /// The match of the candidate against the best.
    Match,
}

impl std::fmt::Display for LoopStep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LoopStep::Selfplay => "self-play",
            LoopStep::Train => "training",
            LoopStep::Match => "match against the best",
        })
    }
}

/// What the loop reports as it goes.
pub enum LoopEvent<'a> {
    /// A generation starts; the best evaluation is named.
    GenerationStart {
        /// 1-based generation.
        generation: usize,
        /// The best evaluation so far.
        best: &'a str,
    },
    /// A step found finished in the directory and skipped.
    Skipped(LoopStep),
    /// A step starts.
    StepStart(LoopStep),
    /// A self-play game finished (sent from the worker threads).
    Game,
    /// Self-play finished: labelled positions and seconds.
    SelfplayDone(usize, f64),
    /// Samples built: training and validation.
    Samples(usize, usize),
    /// Training progress.
    Train(&'a NetTrainEvent),
    /// A pair of match games finished.
    Pair(&'a MatchScore),
    /// The generation finished.
    GenerationDone(&'a GenerationSummary),
}

/// The best evaluation so far: the linear weights, or a generation's network.
#[derive(Clone)]
struct Champion {
    name: String,
    evaluation: Evaluation,
    float: Option<FloatNetwork>,
}

/// Seeds of generation `g`: self-play, training, match.
fn generation_seeds(seed: u64, g: usize) -> (u64, u64, u64) {
    let g = g as u64;
    (seed.wrapping_add(g * 1_000_003), seed.wrapping_add(g), (seed ^ 0xA5A5).wrapping_add(g * 7_919))
}

/// Runs the loop; returns the name of the best evaluation at the end (`gen03`, or the linear
/// weights' name) and one summary per generation. `best.nnue` in the directory is the best
/// network (absent while the linear weights are best).
pub fn run_loop(
    config: &NnueLoopConfig,
    report: &(dyn Fn(LoopEvent<'_>) + Sync),
) -> Result<(String, Vec<GenerationSummary>), Error> {
    std::fs::create_dir_all(&config.dir).map_err(|e| Error::io(&config.dir, e))?;
    let (weights, linear_name) = &config.linear;
    let mut best = Champion {
        name: linear_name.clone(),
        evaluation: Evaluation::Linear(Box::new(weights.clone())),
        float: None,
    };
    let mut datasets: Vec<Dataset> = Vec::new();
    let mut rows = Vec::new();
    for generation in 1..=config.generations {
        let files = GenerationFiles::new(&config.dir, generation);
        report(LoopEvent::GenerationStart { generation, best: &best.name });
        let (sp_seed, train_seed, match_seed) = generation_seeds(config.seed, generation);
        datasets.push(selfplay_step(config, &files, &best, sp_seed, report)?);
        let window = &datasets[datasets.len().saturating_sub(config.window.max(1))..];
        let (candidate, trained) = train_step(config, &files, &best, window, train_seed, report)?;
        let played = match_step(config, &files, &best, &candidate, match_seed, report)?;
        let row = GenerationSummary {
            generation,
            player: best.name.clone(),
            positions: datasets.last().map_or(0, Dataset::labelled_count),
            train_samples: trained.parse("train_samples", &files.train_receipt())?,
            valid_samples: trained.parse("valid_samples", &files.train_receipt())?,
            valid_loss: trained.parse("valid_loss", &files.train_receipt())?,
            pentanomial: played.0,
            tally: played.1,
            kept: played.2,
        };
        report(LoopEvent::GenerationDone(&row));
        if row.kept {
            best = candidate;
            if let Evaluation::Network(net) = &best.evaluation {
                net.save(&config.dir.join("best.nnue"))?;
            }
        }
        rows.push(row);
        let path = config.dir.join("summary.md");
        std::fs::write(&path, generations_table(&rows)).map_err(|e| Error::io(&path, e))?;
    }
    Ok((best.name, rows))
}

/// This generation's self-play dataset: read back when present, else played by the best.
fn selfplay_step(
    config: &NnueLoopConfig,
    files: &GenerationFiles,
    best: &Champion,
    seed: u64,
    report: &(dyn Fn(LoopEvent<'_>) + Sync),
) -> Result<Dataset, Error> {
    let path = files.data();
    if path.exists() {
        report(LoopEvent::Skipped(LoopStep::Selfplay));
        return Ok(Dataset::load(&path)?);
    }
    report(LoopEvent::StepStart(LoopStep::Selfplay));
    let sp = SelfplayConfig { seed, ..config.selfplay.clone() };
    let clock = Instant::now();
    let data = match &config.selfplay_command {
        Some(command) => {
            let work = config.dir.join(format!("{}.shards", files.name()));
            external::selfplay_by_command(command, &sp, &best.evaluation, &best.name, &work, &path)?
        }
        None => {
            let data = selfplay_with(&sp, &best.evaluation, &best.name, &|| report(LoopEvent::Game));
            data.save(&path)?;
            data
        }
    };
    report(LoopEvent::SelfplayDone(data.labelled_count(), clock.elapsed().as_secs_f64()));
    Ok(data)
}

/// The candidate network trained on `window`, and the training receipt.
fn train_step(
    config: &NnueLoopConfig,
    files: &GenerationFiles,
    best: &Champion,
    window: &[Dataset],
    seed: u64,
    report: &(dyn Fn(LoopEvent<'_>) + Sync),
) -> Result<(Champion, Receipt), Error> {
    let receipt_path = files.train_receipt();
    if let Some(receipt) = Receipt::load(&receipt_path)? {
        report(LoopEvent::Skipped(LoopStep::Train));
        let float = load_float(&files.float())?;
        let net = Network::load(&files.network())?;
        return Ok((candidate(files, net, float), receipt));
    }
    report(LoopEvent::StepStart(LoopStep::Train));
    let sets = SampleSets::from_datasets(window, config.validation, seed)?;
    if sets.train.is_empty() {
        return Err(Error::NoQuietPositions { positions: sets.positions });
    }
    report(LoopEvent::Samples(sets.train.len(), sets.valid.len()));
    let mut float = match (&best.float, config.warm_start) {
        (Some(f), true) => f.clone(),
        _ => FloatNetwork::random(seed),
    };
    let train = NetTrainConfig { seed, ..config.train.clone() };
    let trained = train_network(&mut float, &sets, &train, &|e| report(LoopEvent::Train(e)));
    let description = format!(
        "minishogi nnue loop {}: {} samples of {} generation(s), {} epochs (kept {}), lambda {}, from {}",
        files.name(),
        trained.train_samples,
        window.len(),
        train.epochs,
        trained.best_epoch,
        train.lambda,
        if best.float.is_some() && config.warm_start { best.name.as_str() } else { "random weights" }
    );
    let net =
        quantise(&float, &description).ok_or_else(|| Error::LoopNetworkSizes { path: files.float() })?;
    let check = quantisation_error(&float, &net, &quiet_positions(window, CHECK_POSITIONS)?);
    save_float(&float, &files.float())?;
    net.save(&files.network())?;
    write_net_loss_curve(&trained, &files.curve())?;
    let best_epoch = &trained.epochs[trained.best_epoch.min(trained.epochs.len() - 1)];
    let receipt = Receipt::new()
        .with("train_samples", trained.train_samples)
        .with("valid_samples", trained.valid_samples)
        .with("best_epoch", trained.best_epoch)
        .with("valid_loss", format!("{:.6}", best_epoch.valid_loss))
        .with("quantised_max_cp", format!("{:.2}", check.max_cp))
        .with("quantised_mean_cp", format!("{:.3}", check.mean_cp));
    receipt.save(&receipt_path)?;
    Ok((candidate(files, net, float), receipt))
}

fn candidate(files: &GenerationFiles, net: Network, float: FloatNetwork) -> Champion {
    Champion {
        name: files.name().to_string(),
        evaluation: Evaluation::Network(Arc::new(net)),
        float: Some(float),
    }
}

/// The candidate's match against the best at fixed nodes: pentanomial, tally, and whether it
/// scored above 50 % (and so becomes the best).
fn match_step(
    config: &NnueLoopConfig,
    files: &GenerationFiles,
    best: &Champion,
    candidate: &Champion,
    seed: u64,
    report: &(dyn Fn(LoopEvent<'_>) + Sync),
) -> Result<(Pentanomial, Tally, bool), Error> {
    let path = files.match_receipt();
    if let Some(r) = Receipt::load(&path)? {
        report(LoopEvent::Skipped(LoopStep::Match));
        let counts: Vec<u64> =
            r.get("pentanomial").unwrap_or("").split(' ').filter_map(|c| c.parse().ok()).collect();
        let counts: [u64; 5] = counts
            .try_into()
            .map_err(|_| Error::BadReceipt { path: path.clone(), key: "pentanomial".into() })?;
        let tally = Tally {
            wins: r.parse("wins", &path)?,
            draws: r.parse("draws", &path)?,
            losses: r.parse("losses", &path)?,
        };
        return Ok((Pentanomial { counts }, tally, r.get("kept") == Some("yes")));
    }
    report(LoopEvent::StepStart(LoopStep::Match));
    let spec = |c: &Champion| PlayerSpec::Search {
        name: c.name.clone(),
        evaluation: c.evaluation.clone(),
        nodes: config.match_nodes,
    };
    let mc = MatchConfig { seed, ..config.matches.clone() };
    let state = play_match(&mc, &spec(candidate), &spec(best), &|s| report(LoopEvent::Pair(s)))?;
    let kept = state.tally.score() > 0.5;
    let c = state.pentanomial.counts;
    let elo = state.elo().map_or("-".to_string(), |e| format!("{:+.1} {:+.1} {:+.1}", e.elo, e.low, e.high));
    Receipt::new()
        .with("candidate", &candidate.name)
        .with("opponent", &best.name)
        .with("nodes", config.match_nodes)
        .with("pentanomial", format!("{} {} {} {} {}", c[0], c[1], c[2], c[3], c[4]))
        .with("wins", state.tally.wins)
        .with("draws", state.tally.draws)
        .with("losses", state.tally.losses)
        .with("elo_low_high", elo)
        .with("kept", if kept { "yes" } else { "no" })
        .save(&path)?;
    Ok((state.pentanomial, state.tally, kept))
}

#[cfg(test)]
mod tests;
