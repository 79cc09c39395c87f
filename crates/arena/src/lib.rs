//! Matches between Minishogi players, Elo statistics and openings.
//!
//! A player is this program's search with linear weights or a network ([`Evaluation`], a fixed
//! number of nodes per move), or a USI engine run as a child process (started from an
//! [`EngineSpec`]); [`PlayerSpec`] says which, and both play through the [`Player`] trait.
//! [`run_match`] is the one match runner: paired games (each opening with both colours) on
//! several workers at once, under a [`TimeControl`] per player — byoyomi, increment, sudden
//! death, fixed nodes or depth. The rules crate's `Game` referees: mate, repetition and the rule
//! set's limits end games, and an engine that plays an illegal move, overstays its clock, crashes
//! or falls silent loses that game (and is restarted for the next). The score ([`MatchScore`]) is
//! a pentanomial over pairs with an Elo interval and an optional [`Sprt`]; every game can go to a
//! records file, KIF and CSA files ([`run_recorded_match`]). [`play_match`] runs a match from
//! random balanced openings ([`OpeningConfig`]) on the current rayon pool, as the training loops'
//! gate does, and [`MatchReport`] is its report.
//!
//! The root holds what a program that runs matches needs. The parts live in modules:
//! [`elo`] (Elo, the pentanomial, the SPRT), [`openings`] (openings files, random balanced
//! openings), [`game`] (one game and its clocks), [`records`] (the records file, KIF and CSA),
//! [`usi`] (an engine process and its protocol), [`time_control`] (time controls and their text)
//! and [`book`] (building a balanced opening book).
//!
//! ```
//! use minishogi::RuleSet;
//! use minishogi_arena::elo::{elo_of_score, Pentanomial};
//! use minishogi_arena::{Opening, TimeControl};
//! use std::time::Duration;
//!
//! let tc: TimeControl = "byoyomi=200ms".parse().unwrap();
//! assert_eq!(tc, TimeControl::byoyomi(Duration::from_millis(200)));
//! let opening = Opening::parse("startpos moves 3e4d 3a2b", RuleSet::Standard).unwrap();
//! assert_eq!(opening.to_line(), "startpos moves 3e4d 3a2b");
//!
//! // A 75% score is 400·log10(3) ≈ 191 Elo.
//! assert!((elo_of_score(0.75) - 190.85).abs() < 0.01);
//! // 40 pairs: A won both games of 30 openings and split 10.
//! let pent = Pentanomial { counts: [0, 0, 10, 0, 30] };
//! let e = pent.elo().unwrap();
//! assert!(e.low > 0.0 && e.elo > e.low && e.high > e.elo);
//! ```

#![forbid(unsafe_code)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod book;
pub mod book_file;
mod clock;
mod csa;
pub mod elo;
mod engine_process;
mod engine_spec;
mod error;
mod evaluation;
pub mod game;
mod game_record;
mod game_runner;
mod game_settings;
mod kif;
mod match_config;
mod match_report;
mod match_score;
mod opening;
mod opening_config;
pub mod openings;
mod player;
mod random_opening;
mod recorded_match;
pub mod records;
mod records_file;
mod records_reader;
mod rng;
mod runner;
mod termination;
pub mod time_control;
pub mod usi;
pub mod variant;
mod weights_spec;

pub use elo::Sprt;
pub use engine_spec::EngineSpec;
pub use error::{Error, NotationError, OpeningError, RecordError};
pub use evaluation::Evaluation;
pub use game_settings::GameSettings;
pub use match_config::{play_match, MatchConfig};
pub use match_report::MatchReport;
pub use match_score::MatchScore;
pub use opening::Opening;
pub use opening_config::OpeningConfig;
pub use player::{Player, PlayerSpec};
pub use recorded_match::run_recorded_match;
pub use rng::Rng;
pub use runner::{run_match, FinishedGame, MatchSettings};
pub use termination::{GameResult, Termination};
pub use time_control::TimeControl;
pub use weights_spec::load_weights;
