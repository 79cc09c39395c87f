//! Matches between Minishogi players, Elo statistics and openings.
//!
//! A player is this program's search with linear weights or a network ([`Evaluation`], a fixed
//! number of nodes per move), or a USI engine run as a child process ([`EngineProcess`], started
//! from an [`EngineSpec`]); [`PlayerSpec`] says which, and both play through the [`Player`] trait.
//! [`run_match`] is the one match runner: paired games (each opening with both colours) on
//! several workers at once, under a [`TimeControl`] per player — byoyomi, increment, sudden
//! death, fixed nodes or depth. The rules crate's `Game` referees: mate, repetition and the rule
//! set's limits end games, and an engine that plays an illegal move, overstays its clock, crashes
//! or falls silent loses that game (and is restarted for the next). The score ([`MatchScore`]) is
//! a pentanomial over pairs with an Elo interval and an optional [`Sprt`]; every game can go to a
//! records file, KIF and CSA files ([`RecordWriter`]; [`read_records`] reads the records back;
//! [`GameRecord`] writes any game as KIF or CSA). [`play_match`] runs a match from random balanced openings ([`random_opening`]) on the
//! current rayon pool, as the training loops' gate does, and [`MatchReport`] is its report.
//! [`build_book`] finds positions that deep searches score near zero, and [`build_book_file`]
//! writes them as an openings file.
//!
//! ```
//! use minishogi::RuleSet;
//! use minishogi_arena::{elo_of_score, Opening, Pentanomial, TimeControl};
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

mod book;
mod book_file;
mod clock;
mod csa;
mod elo;
mod engine_process;
mod engine_spec;
mod error;
mod evaluation;
mod game_record;
mod game_runner;
mod game_settings;
mod kif;
mod match_config;
mod match_report;
mod match_score;
mod opening;
mod player;
mod random_opening;
mod recorded_match;
mod records;
mod records_reader;
mod rng;
mod runner;
mod termination;
mod time_control;
mod weights_spec;

pub use book::{book_line, build_book, BookEntry, BookProgress, BookSettings, Scorer};
pub use book_file::{build_book_file, WrittenBook};
pub use clock::GameClock;
pub use csa::{csa_kind, record_csa, to_csa};
pub use elo::{elo_of_score, score_of_elo, EloEstimate, Pentanomial, Sprt, SprtDecision, Tally, Z95};
pub use engine_process::{parse_info, EngineFailure, EngineProcess, Reply, UsiScore};
pub use engine_spec::{parse_option, split_command, EngineSpec};
pub use error::{Error, OpeningError, RecordError};
pub use evaluation::Evaluation;
pub use game_record::GameRecord;
pub use game_runner::{play_game, PlayedGame};
pub use game_settings::GameSettings;
pub use kif::{record_kif, to_kif};
pub use match_config::{play_match, MatchConfig};
pub use match_report::MatchReport;
pub use match_score::MatchScore;
pub use opening::{generate_openings, load_openings, match_openings, position_command, Opening};
pub use player::{Player, PlayerSpec};
pub use random_opening::{random_opening, OpeningConfig};
pub use recorded_match::run_recorded_match;
pub use records::{record_line, RecordWriter, RECORDS_HEADER};
pub use records_reader::{read_records, RecordedGame};
pub use rng::Rng;
pub use runner::{run_match, FinishedGame, MatchSettings};
pub use termination::{GameResult, Termination};
pub use time_control::{parse_duration, TimeControl};
pub use weights_spec::load_weights;
