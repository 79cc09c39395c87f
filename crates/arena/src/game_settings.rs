//! The rules and limits every game of a match is played under.

use minishogi::RuleSet;
use std::time::Duration;

/// Rules and limits of every game of a match.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// The rule set (repetition, move limit).
    pub rules: RuleSet,
    /// A game still running after this many plies (opening included) is a draw.
    pub ply_cap: usize,
    /// Allowance over the clock before a move is a time loss (process and pipe latency).
    pub move_overhead: Duration,
    /// Longest wait for a move under fixed nodes or depth.
    pub fixed_timeout: Duration,
    /// Longest wait for the handshake, `readyok` and the like.
    pub handshake_timeout: Duration,
}

impl Default for GameSettings {
    fn default() -> GameSettings {
        GameSettings {
            rules: RuleSet::Standard,
            ply_cap: 300,
            move_overhead: Duration::from_millis(100),
            fixed_timeout: Duration::from_secs(60),
            handshake_timeout: Duration::from_secs(10),
        }
    }
}
