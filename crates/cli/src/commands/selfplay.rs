//! `selfplay`, `tune`, `match` and `train`: self-play datasets, Texel tuning, paired matches with
//! Elo, and the training loop that ties them together. One file per subcommand; each parses its
//! flags into the library's settings, makes one call into `minishogi_selfplay` and prints.

mod args;
mod games;
mod play_match;
mod train;
mod tune;

pub use args::{flag_error, OpeningArgs};
pub use games::{selfplay, SelfplayArgs};
pub use play_match::{match_cmd, MatchArgs};
pub use train::{train, TrainArgs};
pub use tune::{tune, TuneCmdArgs};
