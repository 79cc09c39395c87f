//! Self-play: the engine plays itself in parallel games from varied balanced openings, a fixed
//! number of nodes per move, and every position is labelled with the search score and the game's
//! result. The games go to dataset files ([`Dataset`]) that the trainer learns from.
//!
//! [`selfplay`] plays with linear weights, [`selfplay_with`] with any [`Evaluation`] (e.g. a
//! network); game `i` of a run draws its opening from the stream `(seed, i)`, so the same seed
//! gives the same dataset whatever the thread count of the rayon pool it runs on.
//! [`label_games`] labels games played elsewhere (a match's records, e.g. against another engine)
//! the same way, so that the positions another player steers into become data too. [`merge`] joins
//! the datasets of one run played in parts.
//!
//! The root holds what a program that plays or reads games needs; the dataset's parts (its games,
//! metadata, labelled positions, [`dataset::summary`] and the errors of its files and games) are in
//! [`dataset`].
//!
//! ```
//! use minishogi_engine::Weights;
//! use minishogi_selfplay::{selfplay, Dataset, SelfplayConfig};
//!
//! let config = SelfplayConfig { games: 2, nodes: 100, ..SelfplayConfig::default() };
//! let data = selfplay(&config, &Weights::initial(), "initial", &|| {});
//! assert_eq!(data.games.len(), 2);
//! assert_eq!(data, selfplay(&config, &Weights::initial(), "initial", &|| {}));
//!
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("games.data");
//! data.save(&path).unwrap();
//! assert_eq!(Dataset::load(&path).unwrap(), data);
//! ```
//!
//! [`Evaluation`]: minishogi_arena::Evaluation

#![forbid(unsafe_code)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod dataset;
mod error;
mod games;
mod label;
mod merge;
mod stored_termination;
pub mod text_dataset;
pub mod variant_games;

pub use dataset::Dataset;
pub use error::{Error, LineProblem, TextDatasetError};
pub use games::{selfplay, selfplay_with, SelfplayConfig, DEFAULT_NODE_JITTER};
pub use label::{label_games, LabelConfig, Labelled};
pub use merge::merge;
