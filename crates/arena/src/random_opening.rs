//! Varied, balanced Minishogi openings: a few random legal moves from the start position, kept
//! only when a shallow search finds the result roughly level, so neither side starts lost.

use crate::opening_config::OpeningConfig;
use crate::rng::Rng;
use crate::variant::Minishogi;
use minishogi::{Game, RuleSet};
use minishogi_engine::Searcher;

/// A game that has played a random balanced opening from the start position: the generic
/// [`crate::variant::random_opening`] for Minishogi under `rules`.
///
/// The checker searches with its own weights; call with a searcher whose weights do not depend on
/// the players (e.g. [`minishogi_engine::Weights::initial`]) so both sides of a match meet the same
/// openings. Deterministic for a given `rng` state.
pub fn random_opening(rng: &mut Rng, checker: &mut Searcher, config: &OpeningConfig, rules: RuleSet) -> Game {
    crate::variant::random_opening(&Minishogi { rules }, rng, checker, config)
}
