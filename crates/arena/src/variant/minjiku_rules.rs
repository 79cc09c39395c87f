//! Minjiku Shogi as a [`Variant`]: the `minjiku` rules, the Minjiku engine's searcher.

use super::{SearchLimit, Searched, Variant};
use crate::error::NotationError;
use minjiku::game::{EndReason, Outcome};
use minjiku::{Game, Move, Position};
use minjiku_engine::score::{DECISIVE, MATE, RULE_WIN};
use minjiku_engine::weights::MAX_WEIGHT;
use minjiku_engine::{features, Clock, Limits, Searcher, Weights, WeightsError};
use std::sync::atomic::AtomicBool;

/// Minjiku Shogi (one set of rules: fourfold repetition a draw, the perpetual checker loses).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Minjiku;

/// A Minjiku engine score as the harness stores it: centipawns, or ±(30,000 − plies) for a mate
/// or a win by the repetition rule; and whether it is decided.
fn stored_score(score: i32) -> (i32, bool) {
    let magnitude = score.abs();
    if magnitude < DECISIVE {
        return (score, false);
    }
    // Mates count from MATE, rule wins from RULE_WIN; both become wins at a distance.
    let plies = if magnitude > RULE_WIN { MATE - magnitude } else { RULE_WIN - magnitude };
    (score.signum() * (30_000 - plies.clamp(0, 9_999)), true)
}

impl Variant for Minjiku {
    type Position = Position;
    type Move = Move;
    type Game = Game;
    type Outcome = Outcome;
    type Evaluation = Weights;
    type Weights = Weights;
    type Searcher = Searcher;
    type TextError = NotationError;
    type WeightsError = WeightsError;

    fn name(&self) -> &'static str {
        "minjiku"
    }

    fn startpos(&self) -> Position {
        Position::startpos()
    }

    fn new_game(&self, start: &Position) -> Game {
        Game::new(start.clone())
    }

    fn position<'g>(&self, game: &'g Game) -> &'g Position {
        game.position()
    }

    fn moves<'g>(&self, game: &'g Game) -> &'g [Move] {
        game.moves()
    }

    fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        pos.legal_move_list().as_slice().to_vec()
    }

    fn is_legal(&self, pos: &Position, m: Move) -> bool {
        pos.is_legal(m)
    }

    fn play(&self, game: &mut Game, m: Move) {
        // The harness plays only legal moves of unfinished games; the rules crate checks anyway.
        let _ = game.play(m);
    }

    fn outcome(&self, game: &Game) -> Option<Outcome> {
        game.outcome()
    }

    fn winner(&self, outcome: &Outcome) -> Option<u8> {
        outcome.winner.map(|c| c.index() as u8)
    }

    fn ending(&self, outcome: &Outcome) -> &'static str {
        match outcome.reason {
            EndReason::Checkmate => "checkmate",
            EndReason::NoLegalMove => "no-legal-move",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual-check",
        }
    }

    fn side_to_move(&self, pos: &Position) -> u8 {
        pos.side_to_move().index() as u8
    }

    fn position_text(&self, pos: &Position) -> String {
        pos.to_fen()
    }

    fn parse_position(&self, text: &str) -> Result<Position, NotationError> {
        Ok(Position::from_fen(text)?)
    }

    fn move_text(&self, pos: &Position, m: Move) -> String {
        pos.move_to_coord(m)
    }

    fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, NotationError> {
        Ok(pos.parse_move(text)?)
    }

    fn searcher(&self, evaluation: &Weights, hash_mb: usize) -> Searcher {
        Searcher::new(evaluation.clone(), hash_mb)
    }

    fn opening_checker(&self) -> Searcher {
        Searcher::new(Weights::initial(), 1)
    }

    fn clear(&self, searcher: &mut Searcher) {
        searcher.clear();
    }

    fn search(
        &self,
        searcher: &mut Searcher,
        game: &Game,
        limit: SearchLimit,
        stop: &AtomicBool,
    ) -> Searched<Move> {
        let limits = match limit {
            SearchLimit::Nodes(n) => Limits { nodes: Some(n), ..Limits::default() },
            SearchLimit::Movetime(t) => Limits::movetime(t),
            SearchLimit::Depth(d) => Limits::depth(d),
            SearchLimit::Clock { left, increment } => {
                let clock = Clock { time: left, increment, moves_to_go: None };
                Limits { clock: Some(clock), ..Limits::default() }
            }
        };
        let result = searcher.search(game, &limits, stop, &mut |_| {});
        let (score, decided) = stored_score(result.score);
        Searched { best: result.best, score, decided, nodes: result.nodes, depth: result.depth }
    }

    fn initial_weights(&self) -> Weights {
        Weights::initial()
    }

    fn linear(&self, weights: &Weights) -> Weights {
        weights.clone()
    }

    fn weight_names(&self) -> Vec<String> {
        Weights::names()
    }

    fn weights_to_vec(&self, weights: &Weights) -> Vec<f64> {
        weights.to_vec()
    }

    fn weights_from_vec(&self, values: &[f64]) -> Result<Weights, WeightsError> {
        Weights::from_vec(values)
    }

    fn max_weight(&self) -> f64 {
        f64::from(MAX_WEIGHT)
    }

    fn features(&self, pos: &Position) -> Vec<(u32, f32)> {
        features(pos).entries.iter().map(|&(i, v)| (u32::from(i), f32::from(v))).collect()
    }

    fn is_quiet(&self, pos: &Position, best: Move) -> bool {
        !pos.is_check() && !pos.is_tactical(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decided_scores_become_wins_at_a_distance() {
        assert_eq!(stored_score(123), (123, false));
        assert_eq!(stored_score(-DECISIVE + 1), (-DECISIVE + 1, false));
        assert_eq!(stored_score(MATE - 3), (29_997, true));
        assert_eq!(stored_score(-(MATE - 4)), (-29_996, true));
        assert_eq!(stored_score(RULE_WIN - 10), (29_990, true));
    }
}
