//! Property tests over random games (start and handicap positions, long games biased toward
//! captures, drops and promotions so hands fill up) and random full-material setups.
//!
//! The move generator is compared with `common::slow`, a generator written from the rules text:
//! every generated move must be legal by definition and no legal move may be missing.

use crate::common;

use common::{plans, play_out, setups, slow, sorted_usi};
use minishogi::position::Setup;
use minishogi::{Move, Position, Square};
use proptest::prelude::*;

/// Checks one position against the definition-based generator, and every move's result against
/// the slow `apply`.
fn check_against_definition(pos: &Position) -> Result<(), TestCaseError> {
    let setup = pos.to_setup();
    let fast = pos.legal_move_list();
    let slow_moves = slow::legal(&setup);
    prop_assert_eq!(
        pos.legal_move_count() as usize,
        slow_moves.len(),
        "legal_move_count of {}",
        pos.to_sfen()
    );
    prop_assert_eq!(sorted_usi(&fast), sorted_usi(&slow_moves), "legal moves of {}", pos.to_sfen());
    prop_assert_eq!(pos.in_check(), slow::in_check(&setup), "in_check of {}", pos.to_sfen());
    prop_assert_eq!(pos.has_legal_move(), !slow_moves.is_empty(), "has_legal_move of {}", pos.to_sfen());
    prop_assert_eq!(
        pos.is_checkmate(),
        slow_moves.is_empty() && slow::in_check(&setup),
        "is_checkmate of {}",
        pos.to_sfen()
    );
    for &m in fast.iter() {
        prop_assert!(pos.is_legal(m), "{} generated but not is_legal in {}", m, pos.to_sfen());
        let next = pos.after(m);
        prop_assert_eq!(next.to_setup(), slow::apply(&setup, m), "{} played in {}", m, pos.to_sfen());
        prop_assert_eq!(next.hash(), next.compute_hash(), "hash after {} in {}", m, pos.to_sfen());
    }
    Ok(())
}

/// `m` with its squares mapped by `f` (for the colour-flip and mirror symmetries).
fn map_move(m: Move, f: impl Fn(Square) -> Square) -> Move {
    match (m.from(), m.dropped()) {
        (Some(from), _) => Move::board(f(from), f(m.to()), m.is_promotion()),
        (_, Some(kind)) => Move::drop(kind, f(m.to())),
        _ => unreachable!("a move is a board move or a drop"),
    }
}

/// Flipping (180° turn, owners swapped) and mirroring map legal moves onto legal moves.
fn check_symmetries(pos: &Position) -> Result<(), TestCaseError> {
    let moves = pos.legal_move_list();
    for (name, image, f) in [
        ("flipped", pos.flipped(), Square::flip as fn(Square) -> Square),
        ("mirrored", pos.mirrored(), Square::mirror as fn(Square) -> Square),
    ] {
        let mapped: Vec<Move> = moves.iter().map(|&m| map_move(m, f)).collect();
        prop_assert_eq!(
            sorted_usi(&image.legal_move_list()),
            sorted_usi(&mapped),
            "{} {}",
            name,
            pos.to_sfen()
        );
        prop_assert_eq!(image.in_check(), pos.in_check());
        prop_assert_eq!(image.hash(), image.compute_hash());
    }
    prop_assert_eq!(&pos.flipped().flipped(), pos);
    prop_assert_eq!(&pos.mirrored().mirrored(), pos);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    #[test]
    fn generated_moves_are_exactly_the_legal_moves(plan in plans(200)) {
        let mut result = Ok(());
        play_out(&plan, |pos, _| {
            if result.is_ok() {
                result = check_against_definition(pos);
            }
        });
        result?;
    }

    #[test]
    fn flip_and_mirror_map_legal_moves_onto_legal_moves(plan in plans(200)) {
        let mut result = Ok(());
        play_out(&plan, |pos, _| {
            if result.is_ok() {
                result = check_symmetries(pos);
            }
        });
        result?;
    }

    #[test]
    fn sfen_round_trip(plan in plans(200)) {
        let mut result = Ok(());
        play_out(&plan, |pos, _| {
            let check = || -> Result<(), TestCaseError> {
                let text = pos.to_sfen();
                let back = Position::from_sfen(&text);
                prop_assert!(back.is_ok(), "{} does not parse back: {:?}", text, back);
                let back = back.expect("checked");
                prop_assert_eq!(&back, pos, "round trip of {}", text);
                prop_assert_eq!(back.to_sfen(), text.clone());
                prop_assert_eq!(Setup::from_sfen(&text).ok(), Some(pos.to_setup()));
                Ok(())
            };
            if result.is_ok() {
                result = check();
            }
        });
        result?;
    }

    #[test]
    fn play_then_undo_restores_position_and_hash(plan in plans(200)) {
        let mut result = Ok(());
        play_out(&plan, |pos, _| {
            let check = || -> Result<(), TestCaseError> {
                let mut scratch = pos.clone();
                for &m in pos.legal_move_list().iter() {
                    let undo = scratch.play(m);
                    prop_assert_eq!(scratch.hash(), scratch.compute_hash(), "hash after {}", m);
                    prop_assert_ne!(scratch.hash(), pos.hash(), "{} left the hash unchanged", m);
                    scratch.undo(m, undo);
                    prop_assert_eq!(&scratch, pos, "undo of {} in {}", m, pos.to_sfen());
                    prop_assert_eq!(scratch.hash(), pos.hash());
                }
                Ok(())
            };
            if result.is_ok() {
                result = check();
            }
        });
        result?;
    }

    #[test]
    fn incremental_hash_equals_recomputed_along_a_game(plan in plans(300)) {
        let mut result = Ok(());
        let mut seen = std::collections::HashMap::new();
        play_out(&plan, |pos, _| {
            if result.is_err() {
                return;
            }
            if pos.hash() != pos.compute_hash() {
                result = Err(TestCaseError::fail(format!("incremental hash differs in {}", pos.to_sfen())));
            }
            // Same board, hands and side: same hash; and (practically) only then.
            let key = pos.to_sfen().rsplit_once(' ').map(|(k, _)| k.to_string()).unwrap_or_default();
            if let Some(old) = seen.insert(pos.hash(), key.clone()) {
                if old != key {
                    result = Err(TestCaseError::fail(format!("hash collision: {old} and {key}")));
                }
            }
        });
        result?;
    }
}

proptest! {
    // Random setups are cheap and a third of them are positions: try many.
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

    #[test]
    fn generated_moves_are_exactly_the_legal_moves_in_random_setups(setup in setups()) {
        // The validator and the definition agree on which setups are positions.
        let built = Position::from_setup(&setup);
        prop_assert_eq!(built.is_ok(), slow::valid(&setup), "validity of {:?}: {:?}", setup, built);
        if let Ok(pos) = built {
            check_against_definition(&pos)?;
        }
    }

    #[test]
    fn positions_built_from_pieces_are_the_positions_of_the_setup(setup in setups()) {
        // Pieces in reverse square order, so that the list order is not the board's.
        let mut pieces: Vec<(Square, minishogi::Piece)> =
            Square::all().filter_map(|sq| setup.board[sq.index()].map(|p| (sq, p))).collect();
        pieces.reverse();
        let built = Position::from_pieces(&pieces, setup.hands, setup.side_to_move);
        prop_assert_eq!(built.is_ok(), slow::valid(&setup), "validity of {:?}: {:?}", setup, built);
        if let Ok(pos) = built {
            let mut expected = setup.clone();
            expected.move_number = 1;
            prop_assert_eq!(pos.to_setup(), expected);
            // The hash is the one computed from scratch.
            prop_assert_eq!(pos.hash(), pos.compute_hash());
            prop_assert_eq!(Position::from_pieces_unchecked(&pieces, setup.hands, setup.side_to_move), pos);
        }
    }

    #[test]
    fn sfen_round_trip_of_random_setups(setup in setups()) {
        if let Ok(pos) = Position::from_setup(&setup) {
            let back = Position::from_sfen(&pos.to_sfen());
            prop_assert_eq!(back.as_ref().ok(), Some(&pos), "round trip of {}", pos.to_sfen());
        }
    }
}
