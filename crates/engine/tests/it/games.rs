//! Whole games: the engine against itself from random openings, and against a one-ply
//! material-only player. Every move is checked by the rules crate's `Game::play`.

use minishogi::game::{EndReason, Outcome};
use minishogi::{Color, Game, Kind, Move, Position, RuleSet};
use minishogi_engine::{Limits, Searcher, Weights};
use std::sync::atomic::AtomicBool;

/// SplitMix64: a small, seedable generator for openings and tie breaks.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Plies after which a game counts as hung (no end by the rules in sight).
const MAX_PLIES: usize = 2000;

fn engine_move(searcher: &mut Searcher, game: &Game, nodes: u64) -> Move {
    let r = searcher.search(game, &Limits::nodes(nodes), &AtomicBool::new(false), &mut |_| {});
    r.best.expect("a game that has not ended has a legal move")
}

/// Plays random legal moves for `plies` plies (stopping early if the game ends).
fn random_opening(game: &mut Game, rng: &mut Rng, plies: usize) {
    for _ in 0..plies {
        if game.outcome().is_some() {
            return;
        }
        let moves = game.position().legal_move_list();
        let m = moves[rng.below(moves.len())];
        game.play(m).expect("a generated move is legal");
    }
}

/// A self-play game; returns the outcome and the moves.
fn self_game(seed: u64, nodes: u64) -> (Outcome, Vec<Move>) {
    let mut rng = Rng(seed);
    let mut game = Game::new(Position::startpos(), RuleSet::Standard);
    let opening = 2 + rng.below(5);
    random_opening(&mut game, &mut rng, opening);
    let mut sides =
        [Searcher::new(Weights::default_embedded(), 1), Searcher::new(Weights::default_embedded(), 1)];
    loop {
        if let Some(outcome) = game.outcome() {
            return (outcome, game.moves().to_vec());
        }
        assert!(game.moves().len() < MAX_PLIES, "seed {seed}: no end after {MAX_PLIES} plies");
        let side = game.position().side_to_move().index();
        let m = engine_move(&mut sides[side], &game, nodes);
        game.play(m).unwrap_or_else(|e| panic!("seed {seed}: engine played an illegal move: {e}"));
    }
}

fn check_outcome(outcome: Outcome, moves: &[Move]) {
    // Replay and confirm the final position really is terminal by the rules.
    let mut game = Game::new(Position::startpos(), RuleSet::Standard);
    for &m in moves {
        assert!(game.outcome().is_none(), "the game went on after its end");
        game.play(m).expect("legal on replay");
    }
    assert_eq!(game.outcome(), Some(outcome));
    match outcome.reason {
        EndReason::Checkmate | EndReason::NoLegalMove => assert!(!game.position().has_legal_move()),
        EndReason::Repetition | EndReason::PerpetualCheck => assert!(game.repetitions() >= 4),
        EndReason::MoveLimit => panic!("no move limit under the standard rules"),
    }
}

fn self_games(count: u64, nodes: u64) {
    let mut reasons = std::collections::HashMap::new();
    for seed in 0..count {
        let (outcome, moves) = self_game(seed, nodes);
        check_outcome(outcome, &moves);
        *reasons.entry(format!("{:?}", outcome.reason)).or_insert(0) += 1;
    }
    eprintln!("{count} games: {reasons:?}");
}

#[test]
fn two_hundred_fast_self_games_end_by_the_rules() {
    self_games(200, 300);
}

#[test]
#[ignore = "a thousand games take a few minutes"]
fn a_thousand_self_games_end_by_the_rules() {
    self_games(1000, 1000);
}

#[test]
fn self_play_is_reproducible() {
    for seed in [3, 11] {
        assert_eq!(self_game(seed, 500), self_game(seed, 500));
    }
}

/// Material value of a side's pieces on the board and in hand.
fn material(pos: &Position, color: Color) -> i32 {
    const V: [i32; 10] = [1, 5, 6, 8, 10, 0, 6, 6, 12, 14];
    let board: i32 = pos
        .color_pieces(color)
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq))
        .map(|p| V[p.kind.index()])
        .sum();
    let hand: i32 = Kind::HAND.iter().map(|&k| V[k.index()] * i32::from(pos.hand(color).count(k))).sum();
    board + hand
}

/// The one-ply material player: mates when it can, otherwise maximises material after its move,
/// breaking ties at random.
fn material_move(pos: &Position, rng: &mut Rng) -> Move {
    let us = pos.side_to_move();
    let moves = pos.legal_move_list();
    let score = |m: &Move| {
        let next = pos.after(*m);
        if !next.has_legal_move() {
            return i32::MAX;
        }
        material(&next, us) - material(&next, !us)
    };
    let best = moves.iter().map(score).max().expect("a legal move");
    let ties: Vec<Move> = moves.iter().copied().filter(|m| score(m) == best).collect();
    ties[rng.below(ties.len())]
}

/// Plays the engine against the material player; true when the engine wins.
fn versus_material(seed: u64, engine: Color, nodes: u64) -> bool {
    let mut rng = Rng(seed);
    let mut game = Game::new(Position::startpos(), RuleSet::Standard);
    let mut searcher = Searcher::new(Weights::default_embedded(), 4);
    loop {
        if let Some(outcome) = game.outcome() {
            return outcome.winner == Some(engine);
        }
        assert!(game.moves().len() < MAX_PLIES, "seed {seed}: no end");
        let m = if game.position().side_to_move() == engine {
            engine_move(&mut searcher, &game, nodes)
        } else {
            material_move(game.position(), &mut rng)
        };
        game.play(m).expect("legal move");
    }
}

#[test]
fn beats_a_material_player_in_ten_games() {
    for seed in 0..10 {
        let engine = if seed % 2 == 0 { Color::Sente } else { Color::Gote };
        assert!(versus_material(seed, engine, 3000), "lost or drew game {seed} as {engine:?}");
    }
}

#[test]
#[ignore = "a hundred games take about a minute"]
fn beats_a_material_player_in_a_hundred_games() {
    let wins = (0..100)
        .filter(|&seed| versus_material(seed, if seed % 2 == 0 { Color::Sente } else { Color::Gote }, 3000))
        .count();
    assert_eq!(wins, 100);
}
