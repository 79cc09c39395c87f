//! Training the evaluation network from self-play datasets: samples with both perspectives'
//! features ([`samples`]), the float network ([`float_net`]) and its gradient ([`backprop`]),
//! Adam with sparse first-layer steps (`crate::adam`, applied per batch in `optimiser`), the loop with validation and a cosine
//! learning-rate schedule ([`trainer`]), quantisation with an error check ([`mod@quantise`]) and back
//! ([`mod@dequantise`], to train a quantised network further), the
//! float network's file ([`float_file`]) and the loss curve ([`curve`]).

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
pub use dequantise::dequantise;
pub use file_run::{quantise_file, train_files, TrainFiles, TrainFilesEvent, TrainedFiles, CHECK_POSITIONS};
pub use float_file::{load_float, save_float};
pub use float_net::FloatNetwork;
pub use quantise::{quantisation_error, quantise, QuantisationError};
pub use samples::{quiet_positions, Sample, SampleSets};
pub use trainer::{mean_loss, train_network, NetEpoch, NetTrainConfig, NetTrainEvent, NetTrainReport};

#[cfg(test)]
mod tests;
