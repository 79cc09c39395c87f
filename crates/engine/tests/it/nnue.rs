//! The evaluation network: the incremental accumulator equals a full rebuild along random lines
//! of play and take-back, the network file round-trips and damaged or foreign files are refused,
//! and a search with a network returns legal moves.
#![allow(clippy::unwrap_used)]

use minishogi::{Game, Move, Position, RuleSet};
use minishogi_engine::nnue::{Accumulator, AccumulatorStack, FEATURES, HIDDEN, L2};
use minishogi_engine::{Limits, Searcher, Weights};
use minishogi_engine::{Network, NetworkError};
use proptest::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A network with pseudo-random weights (every feature row distinct), so that a wrong feature
/// index or a missed update changes the accumulator.
fn random_network(seed: u64) -> Network {
    random_network_with_bias(seed, 100)
}

/// [`random_network`] with the first layer's bias centred on `bias_centre`: near 0, about half the
/// activations are clipped to zero (the AVX2 tail skips those).
fn random_network_with_bias(seed: u64, bias_centre: i64) -> Network {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move |span: i64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % (2 * span as u64 + 1)) as i64 - span
    };
    let l1: Vec<i16> = (0..FEATURES * HIDDEN).map(|_| next(60) as i16).collect();
    let b1: Vec<i16> = (0..HIDDEN).map(|_| (next(100) + bias_centre) as i16).collect();
    let l2: Vec<i16> = (0..L2 * 2 * HIDDEN).map(|_| next(2000) as i16).collect();
    let b2: Vec<i32> = (0..L2).map(|_| next(5000) as i32).collect();
    let l3: Vec<i16> = (0..L2).map(|_| next(600) as i16).collect();
    Network::from_parts(l1, b1, l2, b2, l3, 123, format!("random {seed}")).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Play random legal moves, sometimes taking some back; the incremental accumulator equals
    /// the one rebuilt from the position (checked at about half of the steps, and at the end).
    #[test]
    fn incremental_accumulator_equals_a_full_refresh(choices in prop::collection::vec(any::<u32>(), 1..160)) {
        let net = random_network(7);
        let mut pos = Position::startpos();
        let mut stack = AccumulatorStack::new(&net, &pos);
        let mut line: Vec<(Move, minishogi::position::Undo)> = Vec::new();
        for c in choices {
            let moves = pos.legal_move_list();
            if c % 5 == 0 && !line.is_empty() || moves.is_empty() {
                // Take back up to three moves.
                for _ in 0..(c % 3 + 1) {
                    if let Some((m, undo)) = line.pop() {
                        stack.pop();
                        pos.undo(m, undo);
                    }
                }
            } else {
                let m = moves[c as usize % moves.len()];
                let undo = stack.play(&net, &mut pos, m);
                line.push((m, undo));
            }
            // Evaluate at about half the steps, so that some updates wait for several moves.
            if c & 0x100 != 0 {
                prop_assert_eq!(stack.current(), &Accumulator::new(&net, &pos), "{}", pos.to_sfen());
            }
        }
        prop_assert_eq!(stack.current(), &Accumulator::new(&net, &pos), "{}", pos.to_sfen());
    }

    /// The AVX2 tail (skipping the inactive inputs) evaluates exactly as the scalar one, on
    /// networks with few and with many clipped activations.
    #[test]
    fn the_simd_tail_equals_the_scalar_one(choices in prop::collection::vec(any::<u32>(), 1..60), centre in -150i64..150) {
        let net = random_network_with_bias(13, centre);
        let mut pos = Position::startpos();
        for c in choices {
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[c as usize % moves.len()]);
            let acc = Accumulator::new(&net, &pos);
            let stm = pos.side_to_move();
            prop_assert_eq!(net.evaluate(&acc, stm), net.evaluate_scalar(&acc, stm), "{}", pos.to_sfen());
            prop_assert_eq!(net.evaluate(&acc, !stm), net.evaluate_scalar(&acc, !stm), "{}", pos.to_sfen());
        }
    }
}

#[test]
fn the_network_file_round_trips() {
    let net = random_network(3);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("net.nnue");
    net.save(&path).unwrap();
    let back = Network::load(&path).unwrap();
    assert_eq!(back, net);
    let pos = Position::from_sfen("2k2/G4/5/5/K4 b RBSPrbgs 1").unwrap();
    let acc = Accumulator::new(&net, &pos);
    assert_eq!(back.evaluate(&acc, pos.side_to_move()), net.evaluate(&acc, pos.side_to_move()));
}

#[test]
fn a_damaged_or_foreign_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("net.nnue");
    let bytes = random_network(5).to_bytes();
    // Truncated.
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    let e = Network::load(&path).unwrap_err();
    assert!(matches!(e, NetworkError::Invalid { .. }), "{e}");
    assert!(e.to_string().contains("truncated"), "{e}");
    // One bit flipped in the weights.
    let mut flipped = bytes.clone();
    let at = bytes.len() - 1000;
    flipped[at] ^= 0x10;
    std::fs::write(&path, &flipped).unwrap();
    let e = Network::load(&path).unwrap_err();
    assert!(e.to_string().contains("checksum"), "{e}");
    // Another format version.
    let mut version = bytes.clone();
    version[4] = 9;
    std::fs::write(&path, &version).unwrap();
    let e = Network::load(&path).unwrap_err();
    assert!(e.to_string().contains("version 9"), "{e}");
    // A weights file is not a network file.
    Weights::initial().save(&path).unwrap();
    let e = Network::load(&path).unwrap_err();
    assert!(e.to_string().contains("magic"), "{e}");
    // A missing file.
    let e = Network::load(&dir.path().join("none.nnue")).unwrap_err();
    assert!(matches!(e, NetworkError::Io { .. }), "{e}");
}

#[test]
fn a_search_with_a_network_plays_legal_moves_and_matches_the_static_eval() {
    let net = Arc::new(random_network(11));
    let mut searcher = Searcher::new(Weights::initial(), 4);
    searcher.set_network(Some(Arc::clone(&net)));
    let pos = Position::from_sfen("+R1+Bgk/2S2/5/2p2/K4 w GPbs 1").unwrap();
    let acc = Accumulator::new(&net, &pos);
    assert_eq!(searcher.evaluate(&pos), net.evaluate(&acc, pos.side_to_move()));
    let mut game = Game::new(Position::startpos(), RuleSet::Standard);
    for _ in 0..6 {
        let r = searcher.search(&game, &Limits::nodes(3000), &AtomicBool::new(false), &mut |_| {});
        let m = r.best.unwrap();
        assert!(game.position().is_legal(m));
        game.play(m).unwrap();
        if game.outcome().is_some() {
            break;
        }
    }
    // Back to the linear evaluation.
    searcher.set_network(None);
    assert_eq!(searcher.evaluate(&pos), minishogi_engine::linear::evaluate(&pos, &Weights::initial()));
}
