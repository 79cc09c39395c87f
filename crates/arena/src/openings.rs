//! Openings: a start position and the moves played from it ([`Opening`]), read from an openings
//! file ([`load_openings`]), generated as random balanced openings ([`random_opening`],
//! [`generate_openings`], drawn as [`OpeningConfig`] says), and the openings of a match
//! ([`match_openings`]); [`position_command`] writes a game as USI `position`.

pub use crate::opening::{generate_openings, load_openings, match_openings, position_command, Opening};
pub use crate::opening_config::OpeningConfig;
pub use crate::random_opening::random_opening;
