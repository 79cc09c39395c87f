//! Training the evaluation network from self-play datasets: samples with both perspectives'
//! features ([`SampleSets`], [`Sample`]), the float network ([`FloatNetwork`]) and its gradient
//! (`backprop`), Adam with sparse first-layer steps (`crate::adam`, applied per batch in
//! `optimiser`), the loop with validation and a cosine learning-rate schedule
//! ([`train_network`]), quantisation with an error check ([`quantise`], [`quantisation_error`])
//! and back (`dequantise`, to train a quantised network further), the float network's file
//! ([`save_float`], [`load_float`]), the loss curve ([`write_net_loss_curve`]), and all of it from
//! and to files ([`train_files`], [`quantise_file`]).

mod backprop;
mod curve;
mod dequantise;
mod file_run;
mod float_file;
mod float_net;
mod optimiser;
mod quantise;
mod samples;
mod trainer;

pub use curve::write_net_loss_curve;
pub(crate) use dequantise::dequantise;
pub use file_run::{quantise_file, train_files, TrainFiles, TrainFilesEvent, TrainedFiles, CHECK_POSITIONS};
pub use float_file::{load_float, save_float};
pub use float_net::FloatNetwork;
pub use quantise::{quantisation_error, quantise, QuantisationError};
pub use samples::{quiet_positions, Sample, SampleSets};
pub use trainer::{mean_loss, train_network, NetEpoch, NetTrainConfig, NetTrainEvent, NetTrainReport};

#[cfg(test)]
mod tests;
