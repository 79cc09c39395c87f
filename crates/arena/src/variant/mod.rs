//! One game trait for both games: the harness (self-play, Texel tuning, matches) is written once
//! over [`Variant`], and Minishogi ([`Minishogi`]) and Minjiku Shogi ([`Minjiku`]) implement it.
//!
//! A variant value carries the settings of its rules (Minishogi's rule set); everything the
//! harness asks of a game goes through it: the rules (legal moves, playing a move, the outcome),
//! the text notation, an in-process player (a searcher with an evaluation and a limit), and the
//! linear evaluation's weights and features for tuning. [`random_opening`] draws balanced
//! openings for any variant, and [`run_variant_match`] plays a match of two in-process players,
//! each on a fixed search a move or on a clock with increment ([`PlayerClock`]).
//!
//! ```
//! use minishogi_arena::variant::{Minjiku, SearchLimit, Variant};
//! use std::sync::atomic::AtomicBool;
//!
//! let v = Minjiku;
//! let mut game = v.new_game(&v.startpos());
//! let mut searcher = v.searcher(&v.linear(&v.initial_weights()), 1);
//! let found = v.search(&mut searcher, &game, SearchLimit::Depth(1), &AtomicBool::new(false));
//! let best = found.best.unwrap();
//! assert!(v.is_legal(v.position(&game), best));
//! v.play(&mut game, best);
//! assert_eq!(v.moves(&game).len(), 1);
//! ```

mod clock;
mod matches;
mod minishogi_rules;
mod minjiku_rules;
mod opening;

pub use clock::PlayerClock;
pub use matches::{run_variant_match, Contestant, MatchEnd, MatchGame, VariantMatch};
pub use minishogi_rules::Minishogi;
pub use minjiku_rules::Minjiku;
pub use opening::random_opening;

use std::fmt::Debug;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A stored search score beyond which a result is decided (mate or a win by rule): scores are
/// centipawns from the side to move, decided ones ±(30,000 − plies), as datasets store them.
pub const DECIDED: i32 = 20_000;

/// The bound of one search by an in-process player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SearchLimit {
    /// A fixed number of nodes (deterministic).
    Nodes(u64),
    /// A fixed time for the move.
    Movetime(Duration),
    /// A fixed depth in plies.
    Depth(u32),
    /// The mover's clock with an increment: the engine's own time management plans the move
    /// from it. In a match's [`Contestant`], `left` is the base time every game starts with.
    Clock {
        /// Time left on the mover's clock.
        left: Duration,
        /// Added to the mover's clock after each of its moves.
        increment: Duration,
    },
}

/// What a search found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Searched<M> {
    /// The move to play; `None` only without a legal move.
    pub best: Option<M>,
    /// The score for the side to move in centipawns; a decided result is ±(30,000 − plies).
    pub score: i32,
    /// True when the score is a mate or a win by rule (not an evaluation).
    pub decided: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// The last completed depth.
    pub depth: u32,
}

/// A game the harness can play, label and tune: rules, notation, a player and its weights.
pub trait Variant: Sync + Send {
    /// A position.
    type Position: Clone + PartialEq + Send + Sync + Debug;
    /// A move.
    type Move: Copy + Eq + Send + Sync + Debug;
    /// A game in progress: the position and the history its repetition rule needs.
    type Game: Clone + Send + Sync;
    /// How a game ended.
    type Outcome: Clone + Send + Sync + Debug;
    /// What an in-process player evaluates with (linear weights, or a network).
    type Evaluation: Clone + Send + Sync;
    /// The linear evaluation's weights, the tuner's parameters.
    type Weights: Clone + PartialEq + Send + Sync + Debug;
    /// A reusable searcher (its table and history).
    type Searcher: Send;
    /// Why a position or move text did not read.
    type TextError: std::error::Error + Send + Sync + 'static;
    /// Why a weights vector was refused.
    type WeightsError: std::error::Error + Send + Sync + 'static;

    /// The game's name in files and reports: `minishogi`, `minjiku`.
    fn name(&self) -> &'static str;

    // The rules.

    /// The start position.
    fn startpos(&self) -> Self::Position;
    /// A game from `start` with no history.
    fn new_game(&self, start: &Self::Position) -> Self::Game;
    /// The current position of `game`.
    fn position<'g>(&self, game: &'g Self::Game) -> &'g Self::Position;
    /// The moves played in `game` from its start.
    fn moves<'g>(&self, game: &'g Self::Game) -> &'g [Self::Move];
    /// The legal moves of `pos`, in the rules crate's order.
    fn legal_moves(&self, pos: &Self::Position) -> Vec<Self::Move>;
    /// True when `m` is legal in `pos`.
    fn is_legal(&self, pos: &Self::Position, m: Self::Move) -> bool;
    /// Plays `m`, which must be legal in the current position of a game that is not over.
    fn play(&self, game: &mut Self::Game, m: Self::Move);
    /// The outcome under the game's rules, once it is over.
    fn outcome(&self, game: &Self::Game) -> Option<Self::Outcome>;
    /// The winner of an outcome: `Some(0)` the first player, `Some(1)` the second, `None` a draw.
    fn winner(&self, outcome: &Self::Outcome) -> Option<u8>;
    /// A one-word name for how a game ended (`checkmate`, `repetition`, …).
    fn ending(&self, outcome: &Self::Outcome) -> &'static str;
    /// The side to move in `pos`: 0 the first player, 1 the second.
    fn side_to_move(&self, pos: &Self::Position) -> u8;

    // The notation.

    /// The position in the game's notation (SFEN, the Minjiku crate's FEN).
    fn position_text(&self, pos: &Self::Position) -> String;
    /// Reads a position written by [`Variant::position_text`].
    fn parse_position(&self, text: &str) -> Result<Self::Position, Self::TextError>;
    /// A move of `pos` in the game's notation.
    fn move_text(&self, pos: &Self::Position, m: Self::Move) -> String;
    /// Reads a legal move of `pos`.
    fn parse_move(&self, pos: &Self::Position, text: &str) -> Result<Self::Move, Self::TextError>;

    // The player.

    /// A searcher evaluating with `evaluation` and a table of `hash_mb` megabytes.
    fn searcher(&self, evaluation: &Self::Evaluation, hash_mb: usize) -> Self::Searcher;
    /// The searcher that checks openings for balance: the hand-set weights, so that every
    /// player meets the same openings.
    fn opening_checker(&self) -> Self::Searcher;
    /// Forgets what the searcher learnt (a new game).
    fn clear(&self, searcher: &mut Self::Searcher);
    /// Searches the current position of `game` within `limit` or until `stop` is set.
    fn search(
        &self,
        searcher: &mut Self::Searcher,
        game: &Self::Game,
        limit: SearchLimit,
        stop: &AtomicBool,
    ) -> Searched<Self::Move>;

    // The linear evaluation, for tuning.

    /// The hand-set starting weights.
    fn initial_weights(&self) -> Self::Weights;
    /// The evaluation of linear weights.
    fn linear(&self, weights: &Self::Weights) -> Self::Evaluation;
    /// The weights' names, in vector order.
    fn weight_names(&self) -> Vec<String>;
    /// The weights as a vector in feature order.
    fn weights_to_vec(&self, weights: &Self::Weights) -> Vec<f64>;
    /// Weights from a vector in feature order (rounded; refused when out of range).
    fn weights_from_vec(&self, values: &[f64]) -> Result<Self::Weights, Self::WeightsError>;
    /// The largest absolute value of one weight.
    fn max_weight(&self) -> f64;
    /// The active features of `pos` from the side to move, as `(index, value)` pairs: the
    /// linear evaluation is their dot product with the weights vector.
    fn features(&self, pos: &Self::Position) -> Vec<(u32, f32)>;
    /// True for a position worth fitting a static evaluation to, given the move the search
    /// chose: not in check, and the move changes no material (no capture, burn or promotion).
    fn is_quiet(&self, pos: &Self::Position, best: Self::Move) -> bool;
}
