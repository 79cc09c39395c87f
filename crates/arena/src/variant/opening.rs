//! Varied, balanced openings for any variant: a few random legal moves from the start position,
//! kept only when a shallow search finds the result roughly level, so neither side starts lost.

use super::{SearchLimit, Variant};
use crate::opening_config::OpeningConfig;
use crate::rng::Rng;
use std::sync::atomic::AtomicBool;

/// A game that has played a random balanced opening from the start position: up to
/// `config.attempts` draws of `min_plies..=max_plies` random legal moves, the first whose
/// `checker` search (`check_nodes`) is within `max_score` of level, else the most level one
/// seen, else the start. Deterministic for a given `rng` state; the checker should not depend
/// on the players ([`Variant::opening_checker`]) so both sides of a match meet the same openings.
pub fn random_opening<V: Variant>(
    variant: &V,
    rng: &mut Rng,
    checker: &mut V::Searcher,
    config: &OpeningConfig,
) -> V::Game {
    let start = variant.startpos();
    let mut best: Option<(i32, V::Game)> = None;
    let span = config.max_plies.saturating_sub(config.min_plies) + 1;
    for _ in 0..config.attempts.max(1) {
        let plies = config.min_plies + rng.below(span);
        let mut game = variant.new_game(&start);
        let mut ok = true;
        for _ in 0..plies {
            let moves = variant.legal_moves(variant.position(&game));
            if moves.is_empty() || variant.outcome(&game).is_some() {
                ok = false;
                break;
            }
            variant.play(&mut game, moves[rng.below(moves.len())]);
        }
        if !ok || variant.outcome(&game).is_some() {
            continue;
        }
        variant.clear(checker);
        let stop = AtomicBool::new(false);
        let result = variant.search(checker, &game, SearchLimit::Nodes(config.check_nodes), &stop);
        let badness = if result.decided { i32::MAX } else { result.score.abs() };
        if badness <= config.max_score {
            return game;
        }
        if !matches!(&best, Some((b, _)) if *b <= badness) {
            best = Some((badness, game));
        }
    }
    best.map(|(_, g)| g).unwrap_or_else(|| variant.new_game(&start))
}
