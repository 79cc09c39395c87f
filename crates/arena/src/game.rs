//! One game of a match: [`play_game`] plays it between two players under [`GameSettings`],
//! keeping both clocks ([`GameClock`]), and returns the [`PlayedGame`].

pub use crate::clock::GameClock;
pub use crate::game_runner::{play_game, PlayedGame};
pub use crate::game_settings::GameSettings;
