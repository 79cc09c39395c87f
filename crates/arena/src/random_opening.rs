//! Varied, balanced openings: a few random legal moves from the start position, kept only when a
//! shallow search finds the result roughly level, so neither side starts lost.

use crate::rng::Rng;
use crate::Error;
use minishogi::{Game, Position, RuleSet};
use minishogi_engine::{Limits, Score, Searcher};
use std::sync::atomic::AtomicBool;

/// How openings are drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningConfig {
    /// Fewest random plies.
    pub min_plies: usize,
    /// Most random plies.
    pub max_plies: usize,
    /// Largest acceptable |score| (centipawns, side to move) after the random plies.
    pub max_score: i32,
    /// Nodes of the checking search.
    pub check_nodes: u64,
    /// Draws before giving up and taking the most level one seen.
    pub attempts: usize,
}

impl OpeningConfig {
    /// The same settings, checked: no fewer plies than the minimum asked for as the maximum.
    pub fn validated(self) -> Result<OpeningConfig, Error> {
        if self.min_plies > self.max_plies {
            return Err(Error::OpeningPlies { min: self.min_plies, max: self.max_plies });
        }
        Ok(self)
    }
}

impl Default for OpeningConfig {
    fn default() -> OpeningConfig {
        OpeningConfig { min_plies: 2, max_plies: 6, max_score: 150, check_nodes: 1500, attempts: 64 }
    }
}

/// A game that has played a random balanced opening from the start position.
///
/// The checker searches with its own weights; call with a searcher whose weights do not depend on
/// the players (e.g. [`minishogi_engine::Weights::initial`]) so both sides of a match meet the same
/// openings. Deterministic for a given `rng` state.
pub fn random_opening(rng: &mut Rng, checker: &mut Searcher, config: &OpeningConfig, rules: RuleSet) -> Game {
    let mut best: Option<(i32, Game)> = None;
    let span = config.max_plies.saturating_sub(config.min_plies) + 1;
    for _ in 0..config.attempts.max(1) {
        let plies = config.min_plies + rng.below(span);
        let mut game = Game::new(Position::startpos(), rules);
        let mut ok = true;
        for _ in 0..plies {
            let moves = game.position().legal_move_list();
            if moves.is_empty() || game.outcome().is_some() {
                ok = false;
                break;
            }
            game.play_unchecked(moves[rng.below(moves.len())]);
        }
        if !ok || game.outcome().is_some() {
            continue;
        }
        checker.clear();
        let stop = AtomicBool::new(false);
        let result = checker.search(&game, &Limits::nodes(config.check_nodes), &stop, &mut |_| {});
        let badness = match result.score {
            Score::Cp(v) => v.abs(),
            Score::Mate(_) => i32::MAX,
        };
        if badness <= config.max_score {
            return game;
        }
        if !matches!(&best, Some((b, _)) if *b <= badness) {
            best = Some((badness, game));
        }
    }
    best.map(|(_, g)| g).unwrap_or_else(|| Game::new(Position::startpos(), rules))
}
