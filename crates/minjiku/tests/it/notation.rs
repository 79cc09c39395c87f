//! The position and move notations: round trips, typed errors, no panic on any input.

use crate::common;

use minjiku::error::{FenError, MoveError, PositionError};
use minjiku::fen::STARTPOS_FEN;
use minjiku::Position;
use proptest::prelude::*;

#[test]
fn start_position_round_trips() {
    let pos = Position::startpos();
    assert_eq!(pos.to_fen(), STARTPOS_FEN);
    assert_eq!(Position::from_fen("startpos"), Ok(pos));
}

#[test]
fn playout_positions_and_their_moves_round_trip() {
    for row in common::read_tsv("playouts.tsv") {
        let pos = common::replay(row.get("coord_moves"));
        assert_eq!(Position::from_fen(&pos.to_fen()).as_ref(), Ok(&pos));
        for &m in pos.legal_move_list().iter() {
            let token = pos.move_to_coord(m);
            assert_eq!(pos.parse_move(&token), Ok(m), "{token}");
        }
    }
}

#[test]
fn bad_positions_give_typed_errors() {
    let cases: [(&str, FenError); 7] = [
        ("km/10 w", FenError::WrongRankCount(2)),
        (STARTPOS_FEN.trim_end_matches(" w"), FenError::FieldCount(1)),
        (&STARTPOS_FEN.replace(" w", " x"), FenError::BadSide("x".into())),
        (&STARTPOS_FEN.replace("/10/", "/9/"), FenError::WrongRankLength { rank: 7, found: 9, expected: 10 }),
        (&STARTPOS_FEN.replace("km/", "kmq/"), FenError::WrongRankLength { rank: 11, found: 3, expected: 2 }),
        (&STARTPOS_FEN.replace("/10/", "/9Z/"), FenError::BadPiece { rank: 7, text: "Z".into() }),
        (
            &STARTPOS_FEN.replace("km/", "1m/"),
            FenError::Position(PositionError::KingCount { side: "black", count: 0 }),
        ),
    ];
    for (fen, error) in cases {
        assert_eq!(Position::from_fen(fen), Err(error), "{fen}");
    }
    for bad_piece in ["+K", "+A", "X*", "+l*", "+p*"] {
        let fen = STARTPOS_FEN.replace("/10/", &format!("/{bad_piece}9/"));
        assert!(matches!(Position::from_fen(&fen), Err(FenError::BadPiece { .. })), "{bad_piece}");
    }
    let check = "k1/10/10/10/10/10/10/10/10/10/4R5/1K w";
    assert_eq!(
        Position::from_fen(check),
        Err(FenError::Position(PositionError::OpponentInCheck { side: "black" }))
    );
}

#[test]
fn bad_moves_give_typed_errors() {
    let pos = Position::startpos();
    assert_eq!(pos.parse_move("h2a9x"), Err(MoveError::Syntax("h2a9x".into())));
    assert_eq!(pos.parse_move("e2e4"), Err(MoveError::Illegal("e2e4".into())));
    assert_eq!(pos.parse_move("h2a9*b10"), Err(MoveError::Illegal("h2a9*b10".into())), "h2a9 burns nothing");
    assert!(pos.parse_move("h2a9+").is_ok());
}

proptest! {
    #[test]
    fn any_text_is_read_without_panic(text in "\\PC{0,80}") {
        let _ = Position::from_fen(&text);
        let _ = Position::startpos().parse_move(&text);
    }

    #[test]
    fn mutated_start_position_is_read_without_panic(at in 0usize..80, ch in "[+*/0-9a-zA-Z ]") {
        let mut fen = STARTPOS_FEN.to_string();
        let at = at.min(fen.len() - 1);
        fen.replace_range(at..at + 1, &ch);
        if let Ok(pos) = Position::from_fen(&fen) {
            prop_assert_eq!(Position::from_fen(&pos.to_fen()), Ok(pos));
        }
    }
}
