//! Minishogi as a [`Variant`]: the `minishogi` rules under a rule set, the engine's searcher.

use super::{SearchLimit, Searched, Variant};
use crate::error::NotationError;
use crate::evaluation::Evaluation;
use minishogi::game::{EndReason, Outcome};
use minishogi::{Game, Move, Position, RuleSet};
use minishogi_engine::linear::{features, MAX_WEIGHT};
use minishogi_engine::{Clock, Limits, Score, Searcher, Weights, WeightsError};
use std::sync::atomic::AtomicBool;

/// Minishogi under a rule set (the default: the standard rules).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Minishogi {
    /// The rule set every game is played under.
    pub rules: RuleSet,
}

impl Variant for Minishogi {
    type Position = Position;
    type Move = Move;
    type Game = Game;
    type Outcome = Outcome;
    type Evaluation = Evaluation;
    type Weights = Weights;
    type Searcher = Searcher;
    type TextError = NotationError;
    type WeightsError = WeightsError;

    fn name(&self) -> &'static str {
        "minishogi"
    }

    fn startpos(&self) -> Position {
        Position::startpos()
    }

    fn new_game(&self, start: &Position) -> Game {
        Game::new(start.clone(), self.rules)
    }

    fn position<'g>(&self, game: &'g Game) -> &'g Position {
        game.position()
    }

    fn moves<'g>(&self, game: &'g Game) -> &'g [Move] {
        game.moves()
    }

    fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        pos.legal_move_list().to_vec()
    }

    fn is_legal(&self, pos: &Position, m: Move) -> bool {
        pos.is_legal(m)
    }

    fn play(&self, game: &mut Game, m: Move) {
        game.play_unchecked(m);
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
            EndReason::MoveLimit => "move-limit",
        }
    }

    fn side_to_move(&self, pos: &Position) -> u8 {
        pos.side_to_move().index() as u8
    }

    fn position_text(&self, pos: &Position) -> String {
        pos.to_sfen()
    }

    fn parse_position(&self, text: &str) -> Result<Position, NotationError> {
        Ok(Position::from_sfen(text)?)
    }

    fn move_text(&self, _: &Position, m: Move) -> String {
        m.to_string()
    }

    fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, NotationError> {
        Ok(pos.parse_move(text)?)
    }

    fn searcher(&self, evaluation: &Evaluation, hash_mb: usize) -> Searcher {
        evaluation.searcher(hash_mb)
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
            SearchLimit::Nodes(n) => Limits::nodes(n),
            SearchLimit::Movetime(t) => Limits::movetime(t),
            SearchLimit::Depth(d) => Limits::depth(d),
            SearchLimit::Clock { left, increment } => {
                // The engine's planner reads the mover's clock only; the opponent's stays zero.
                let side = game.position().side_to_move().index();
                let mut clock = Clock::default();
                clock.time[side] = left;
                clock.inc[side] = increment;
                Limits { clock: Some(clock), ..Limits::default() }
            }
        };
        let result = searcher.search(game, &limits, stop, &mut |_| {});
        Searched {
            best: result.best,
            score: result.score.to_cp_clamped(),
            decided: matches!(result.score, Score::Mate(_)),
            nodes: result.nodes,
            depth: result.depth,
        }
    }

    fn initial_weights(&self) -> Weights {
        Weights::initial()
    }

    fn linear(&self, weights: &Weights) -> Evaluation {
        Evaluation::Linear(Box::new(weights.clone()))
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
        !pos.in_check() && !best.is_promotion() && pos.piece_at(best.to()).is_none()
    }
}
