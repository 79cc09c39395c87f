//! Matches between USI engines run as child processes, and balanced opening books.
//!
//! [`run_match`] plays paired games (each opening with both colours) between two engines given
//! as command lines ([`EngineSpec`]), under a [`TimeControl`] — byoyomi, increment, sudden death,
//! fixed nodes or depth — on several workers at once. The rules crate's `Game` referees: mate,
//! repetition and the rule set's limits end games, and an engine that plays an illegal move,
//! overstays its clock, crashes or falls silent loses that game (and is restarted for the next).
//! The score is the self-play crate's pentanomial Elo and SPRT ([`MatchScore`]); every game goes
//! to a records file, KIF and CSA files ([`RecordWriter`]). [`build_book`] finds positions that deep
//! searches score near zero, and [`build_book_file`] writes them as an openings file.
//!
//! ```
//! use minishogi_arena::{Opening, TimeControl};
//! use minishogi::RuleSet;
//! use std::time::Duration;
//!
//! let tc: TimeControl = "byoyomi=200ms".parse().unwrap();
//! assert_eq!(tc, TimeControl::byoyomi(Duration::from_millis(200)));
//! let opening = Opening::parse("startpos moves 3e4d 3a2b", RuleSet::Standard).unwrap();
//! assert_eq!(opening.to_line(), "startpos moves 3e4d 3a2b");
//! ```

#![cfg_attr(test, allow(clippy::unwrap_used))]

mod book;
mod book_file;
mod clock;
mod csa;
mod engine_process;
mod engine_spec;
mod error;
mod game_runner;
mod kif;
mod match_score;
mod opening;
mod recorded_match;
mod records;
mod runner;
mod termination;
mod time_control;

pub use book::{book_line, build_book, BookEntry, BookProgress, BookSettings, Scorer};
pub use book_file::{build_book_file, WrittenBook};
pub use clock::GameClock;
pub use csa::{csa_kind, to_csa};
pub use engine_process::{parse_info, EngineFailure, EngineProcess, Reply, UsiScore};
pub use engine_spec::{parse_option, split_command, EngineSpec};
pub use error::Error;
pub use game_runner::{play_game, GameSettings, PlayedGame, Seat};
pub use kif::to_kif;
pub use match_score::MatchScore;
pub use opening::{generate_openings, load_openings, match_openings, position_command, Opening};
pub use recorded_match::run_recorded_match;
pub use records::{record_line, RecordWriter, RECORDS_HEADER};
pub use runner::{run_match, FinishedGame, MatchSettings};
pub use termination::{GameResult, Termination};
pub use time_control::{parse_duration, TimeControl};
