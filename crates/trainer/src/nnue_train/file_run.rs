//! Training and quantising from files: datasets in; the float network, the quantised network and
//! the loss curve out, with the quantisation error checked on the datasets' quiet positions.

use super::{
    dequantise, load_float, quantisation_error, quantise, quiet_positions, save_float, train_network,
    write_net_loss_curve, FloatNetwork, NetTrainConfig, NetTrainEvent, QuantisationError, SampleSets,
};
use crate::Error;
use minishogi_engine::Network;
use minishogi_selfplay::Dataset;
use std::path::{Path, PathBuf};

/// Positions the quantisation check compares.
pub const CHECK_POSITIONS: usize = 20_000;

/// The files and settings of one training run.
#[derive(Clone, Debug)]
pub struct TrainFiles {
    /// Datasets written by self-play.
    pub data: Vec<PathBuf>,
    /// The quantised network to write.
    pub out: PathBuf,
    /// The float network to write (default: `out` with extension `float`).
    pub float_out: Option<PathBuf>,
    /// A float network, or a quantised one (dequantised), to start from (default: random weights
    /// from the seed).
    pub init: Option<PathBuf>,
    /// The loss curve's path without extension (default: `out` with extension `loss`).
    pub curve: Option<PathBuf>,
    /// Fraction of games held out for validation.
    pub validation: f64,
    /// Training settings (their seed also draws the random start and the split).
    pub config: NetTrainConfig,
}

/// What a training run tells as it goes.
pub enum TrainFilesEvent<'a> {
    /// A dataset was read.
    Loaded(&'a Path, &'a Dataset),
    /// The samples were drawn; training starts.
    Samples(&'a SampleSets),
    /// A training step.
    Train(&'a NetTrainEvent),
}

/// What a training run wrote.
#[derive(Clone, Debug)]
pub struct TrainedFiles {
    /// The epoch whose network was kept (the lowest validation loss).
    pub best_epoch: usize,
    /// The float network written.
    pub float_out: PathBuf,
    /// The loss curve written (`.csv` and `.svg` appended).
    pub curve: PathBuf,
    /// How far the quantised network evaluates from the float one.
    pub check: QuantisationError,
}

/// Quantises `float` under `description` and measures the error on `datasets`' quiet positions.
fn quantise_checked(
    float: &FloatNetwork,
    description: &str,
    datasets: &[Dataset],
) -> Result<(Network, QuantisationError), Error> {
    let net = quantise(float, description).ok_or(Error::FloatLayerSizes)?;
    let check = quantisation_error(float, &net, &quiet_positions(datasets, CHECK_POSITIONS)?);
    Ok((net, check))
}

/// The network a run starts from: a float network file, or a quantised network file (its magic
/// `MSNN`) dequantised, a narrower one widened with new units drawn from `seed`.
fn load_init(path: &Path, seed: u64) -> Result<FloatNetwork, Error> {
    let mut magic = [0u8; 4];
    let read = std::fs::File::open(path).and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic));
    match read {
        Ok(()) if magic == minishogi_engine::nnue::NETWORK_MAGIC => {
            Ok(dequantise(&Network::load(path)?, seed))
        }
        _ => load_float(path),
    }
}

/// Trains a network on the current rayon pool and writes the float network, the quantised network
/// and the loss curve.
pub fn train_files(
    run: &TrainFiles,
    report: &(dyn Fn(TrainFilesEvent<'_>) + Sync),
) -> Result<TrainedFiles, Error> {
    let config = &run.config;
    let datasets = Dataset::load_all(&run.data, |path, d| report(TrainFilesEvent::Loaded(path, d)))?;
    let mut net = match &run.init {
        Some(path) => load_init(path, config.seed)?,
        None => FloatNetwork::random(config.seed),
    };
    let sets = SampleSets::from_datasets(&datasets, run.validation, config.seed)?;
    report(TrainFilesEvent::Samples(&sets));
    let trained = train_network(&mut net, &sets, config, &|e| report(TrainFilesEvent::Train(e)));
    let float_out = run.float_out.clone().unwrap_or_else(|| run.out.with_extension("float"));
    save_float(&net, &float_out)?;
    let description = format!(
        "minishogi nnue train: {} samples, {} epochs (kept {}), lambda {}, seed {}",
        trained.train_samples, config.epochs, trained.best_epoch, config.lambda, config.seed
    );
    let (quantised, check) = quantise_checked(&net, &description, &datasets)?;
    quantised.save(&run.out)?;
    let curve = run.curve.clone().unwrap_or_else(|| run.out.with_extension("loss"));
    write_net_loss_curve(&trained, &curve)?;
    Ok(TrainedFiles { best_epoch: trained.best_epoch, float_out, curve, check })
}

/// Quantises the float network in `float` (the network's description: `description`), writes it
/// to `out` and returns its error on `data`'s quiet positions.
pub fn quantise_file(
    float: &Path,
    out: &Path,
    data: &[PathBuf],
    description: &str,
) -> Result<QuantisationError, Error> {
    let net = load_float(float)?;
    let datasets = Dataset::load_all(data, |_, _| {})?;
    let (quantised, check) = quantise_checked(&net, description, &datasets)?;
    quantised.save(out)?;
    Ok(check)
}
