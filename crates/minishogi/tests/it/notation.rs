//! SFEN and USI parsing: every kind of bad input is an error that says what is wrong and where,
//! and arbitrary text or bytes never make a parser panic.

use minishogi::error::{MoveError, PositionError, SfenError};
use minishogi::position::Setup;
use minishogi::{Move, Position};
use proptest::prelude::*;

/// Parses `sfen`, expects an error, and checks its message mentions every one of `words`.
fn rejects(sfen: &str, words: &[&str]) -> SfenError {
    let err = Position::from_sfen(sfen).expect_err(sfen);
    let message = err.to_string();
    for word in words {
        assert!(message.contains(word), "{sfen}: message '{message}' does not mention '{word}'");
    }
    err
}

#[test]
fn wrong_board_size() {
    assert_eq!(rejects("rbsgk/4p/5/P4 b - 1", &["4 ranks"]), SfenError::WrongRankCount(4));
    rejects("rbsgk/4p/5/P4/KGSBR/5 b - 1", &["6 ranks"]);
    rejects("rbsgkp/4p/5/P4/KGSBR b - 1", &["rank a", "6 squares"]);
    rejects("rbsgk/4p/5/P3/KGSBR b - 1", &["rank d", "4 squares"]);
    rejects("rbsgk/4p/6/P4/KGSBR b - 1", &["rank c"]);
    rejects("rbsgk/4p/05/P4/KGSBR b - 1", &["rank c"]);
    rejects("rbsgk/4p//P4/KGSBR b - 1", &["rank c", "0 squares"]);
}

#[test]
fn unknown_piece() {
    rejects("rbsgk/4p/2x2/P4/KGSBR b - 1", &["'x'", "rank c"]);
    rejects("rbsgk/4p/5/N4/KGSBR b - 1", &["'N'", "rank d"]);
    rejects("rbsgk/4p/5/P4/KGSB+ b - 1", &["'+'", "rank e"]);
    rejects("rbsgk/4p/5/P4/K+GSBR b - 1", &["+G", "rank e", "cannot promote"]);
    rejects("rbsgk/4p/5/P4/KGSBR b X 1", &["hands", "'X'"]);
    rejects("rbsgk/4p/5/P4/KGSBR b K 1", &["hands", "'K'"]);
}

#[test]
fn pawn_on_last_rank() {
    let err = rejects("P3k/5/5/5/K4 b - 1", &["sente", "5a", "last rank"]);
    assert!(matches!(err, SfenError::Illegal(PositionError::PawnOnLastRank { .. })));
    rejects("4k/5/5/5/K3p w - 1", &["gote", "1e"]);
    // A tokin there is fine.
    assert!(Position::from_sfen("+P3k/5/5/5/K4 b - 1").is_ok());
}

#[test]
fn two_pawns_on_a_file() {
    rejects("4k/P4/5/P4/K4 b - 1", &["sente", "file 5", "nifu"]);
    rejects("4k/3p1/3p1/5/K4 b - 1", &["gote", "file 2"]);
    // A tokin and a pawn on one file are fine.
    assert!(Position::from_sfen("4k/+P4/5/P4/K4 b - 1").is_ok());
}

#[test]
fn too_many_pieces() {
    rejects("rr2k/5/5/5/K3R b - 1", &["rook", "3"]);
    rejects("4k/5/5/5/K4 b 2Ss 1", &["silver", "3"]);
    rejects("+p3k/5/5/P4/K4 b p 1", &["pawn", "3"]);
    rejects("4k/5/5/5/K4 b 3G 1", &["hands", "count above 2"]);
    rejects("4k/5/5/5/K4 b 2G1g 1", &["gold", "3"]);
    rejects("4k/5/5/5/K4 b 0G 1", &["hands", "count of 0"]);
    rejects("4k/5/5/5/K4 b G2 1", &["hands", "no piece after it"]);
}

#[test]
fn missing_or_extra_king() {
    rejects("5/5/5/5/K4 b - 1", &["gote", "0 kings"]);
    rejects("4k/5/5/5/5 b - 1", &["sente", "0 kings"]);
    rejects("k3k/5/5/5/K4 b - 1", &["gote", "2 kings"]);
}

#[test]
fn side_not_to_move_in_check() {
    let err = rejects("4k/5/4R/5/K4 b - 1", &["gote", "in check"]);
    assert_eq!(err, SfenError::Illegal(PositionError::OpponentInCheck { side: "gote" }));
    rejects("4k/5/5/5/K3r w - 1", &["sente", "in check"]);
    // The side to move may be in check.
    assert!(Position::from_sfen("4k/5/4R/5/K4 w - 1").is_ok());
}

#[test]
fn bad_fields() {
    rejects("", &["board"]);
    rejects("4k/5/5/5/K4", &["side to move"]);
    rejects("4k/5/5/5/K4 b", &["hands"]);
    rejects("4k/5/5/5/K4 x - 1", &["'x'"]);
    rejects("4k/5/5/5/K4 b - 0", &["'0'"]);
    rejects("4k/5/5/5/K4 b - one", &["'one'"]);
    rejects("4k/5/5/5/K4 b - 1 extra", &["'extra'"]);
    // The move number may be left out; `startpos` is the start position.
    assert_eq!(Position::from_sfen("rbsgk/4p/5/P4/KGSBR b -").ok(), Some(Position::startpos()));
    assert_eq!(Position::from_sfen("startpos").ok(), Some(Position::startpos()));
}

#[test]
fn illegal_and_malformed_moves() {
    let pos = Position::startpos();
    for text in ["5e5d", "5d5c+", "P*3c", "1a1b", "2e3c", "1e1a"] {
        match pos.parse_move(text) {
            Err(MoveError::Illegal { mv, sfen }) => {
                assert_eq!((mv.as_str(), sfen.as_str()), (text, pos.to_sfen().as_str()));
            }
            other => panic!("{text}: expected an illegal-move error, got {other:?}"),
        }
        let message = pos.parse_move(text).expect_err(text).to_string();
        assert!(message.contains(text) && message.contains("not legal"), "{message}");
    }
    for text in [
        "", "5e", "5e5e", "6e5d", "5f5d", "5e4d++", "K*3c", "P*", "*3c", "p*3c4", "5e4d=", "５e4d", "p*3c",
        "s*2b",
    ] {
        let err = pos.parse_move(text).expect_err(text);
        assert_eq!(err, MoveError::Malformed(text.to_string()), "{text}");
        assert!(err.to_string().contains("not a USI move"));
    }
}

#[test]
fn usi_round_trip_of_every_move_shape() {
    for text in ["5e4d", "2b1a+", "P*3c", "S*5a", "G*1e", "B*2b", "R*4d", "1a5e", "5a1e+"] {
        let m = Move::parse_usi(text).unwrap_or_else(|| panic!("{text} does not parse"));
        assert_eq!(m.to_string(), text);
        assert_eq!(Move::from_u16(m.to_u16()), Some(m));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics_the_parsers(text in ".{0,60}") {
        let _ = Setup::from_sfen(&text);
        let _ = Position::from_sfen(&text);
        let _ = Move::parse_usi(&text);
        let _ = Position::startpos().parse_move(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic_the_parsers(bytes in prop::collection::vec(any::<u8>(), 0..60)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = Position::from_sfen(&text);
        let _ = Move::parse_usi(&text);
    }

    #[test]
    fn sfen_like_text_never_panics_and_accepted_positions_round_trip(
        board in "[1-6kgsbrpKGSBRP+/]{5,30}",
        side in "[bw ]{0,2}",
        hands in "[-0-3RBGSPrbgsp]{0,6}",
        number in "[0-9]{0,3}",
    ) {
        let text = format!("{board} {side} {hands} {number}");
        if let Ok(pos) = Position::from_sfen(&text) {
            prop_assert_eq!(Position::from_sfen(&pos.to_sfen()).ok(), Some(pos.clone()));
            prop_assert_eq!(pos.hash(), pos.compute_hash());
            for m in pos.legal_move_list().iter() {
                prop_assert_eq!(pos.parse_move(&m.to_string()).ok(), Some(*m));
            }
        }
    }

    #[test]
    fn move_like_text_is_refused_or_legal(text in "([1-6][a-f]){2}\\+?|[PSGBRKX]\\*[1-6][a-f]") {
        let pos = Position::from_sfen("4k/2G2/3S1/5/K4 b GP2r2bsp 1").expect("legal");
        if let Ok(m) = pos.parse_move(&text) {
            prop_assert!(pos.legal_move_list().contains(&m));
            prop_assert_eq!(m.to_string(), text);
        }
    }

    #[test]
    fn any_u16_unpacks_to_a_well_formed_move_or_none(bits in any::<u16>()) {
        if let Some(m) = Move::from_u16(bits) {
            prop_assert_eq!(Move::parse_usi(&m.to_string()), Some(m));
        }
    }
}
