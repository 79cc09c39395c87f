//! The tactical queries a search leans on, against their definitions: `legal_captures` equals
//! the legal moves that capture or push a pawn to its last rank (promotion preferred, except for
//! silvers), `gives_check` equals "after the move, the opponent is in check", and
//! `is_stalemate` equals "not in check and no legal move". Checked on the reference positions
//! (legal moves from Fairy-Stockfish, `data/README.md`) and over random playouts.

use crate::common::{plans, play_out};
use minishogi::{Kind, Move, MoveList, Position};
use proptest::prelude::*;

const POSITIONS: &str = include_str!("../data/positions.tsv");

/// True when `m`, legal in `pos`, belongs to the quiescence set: a board move that captures or
/// takes a pawn to its last rank, in its promoted form when it may promote (silvers: both forms).
fn is_tactical(pos: &Position, m: Move) -> bool {
    let Some(from) = m.from() else { return false };
    let Some(kind) = pos.piece_at(from).map(|p| p.kind) else { return false };
    let last = pos.side_to_move().last_row();
    let capture = pos.piece_at(m.to()).is_some();
    let pawn_to_last_row = kind == Kind::Pawn && m.to().row() == last;
    let may_promote = kind.promoted().is_some() && (from.row() == last || m.to().row() == last);
    let unpromoted_alternative = may_promote && !m.is_promotion() && kind != Kind::Silver;
    (capture || pawn_to_last_row) && !unpromoted_alternative
}

/// The generator's captures, in its order.
fn captures(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.legal_captures(&mut list);
    list.to_vec()
}

/// Checks every tactical query of `pos` against `legal`, its legal moves in generation order.
fn check(pos: &Position, legal: &[Move]) -> Result<(), String> {
    let sfen = pos.to_sfen();
    if !pos.in_check() {
        let expected: Vec<Move> = legal.iter().copied().filter(|&m| is_tactical(pos, m)).collect();
        let got = captures(pos);
        if got != expected {
            return Err(format!("legal_captures of {sfen}: {got:?}, expected {expected:?}"));
        }
    }
    let king = pos.king_square(!pos.side_to_move());
    for &m in legal {
        let next = pos.after(m);
        if pos.gives_check(m) != next.in_check() {
            return Err(format!("gives_check({m}) in {sfen}: {}", pos.gives_check(m)));
        }
        let direct = next.attacks_from(m.to()).contains(king);
        if pos.gives_direct_check(m) != direct {
            return Err(format!("gives_direct_check({m}) in {sfen}: {}", pos.gives_direct_check(m)));
        }
    }
    if pos.is_stalemate() != (!pos.in_check() && legal.is_empty()) {
        return Err(format!("is_stalemate of {sfen}: {}", pos.is_stalemate()));
    }
    Ok(())
}

#[test]
fn tactical_queries_of_every_reference_position() {
    let mut lines = POSITIONS.lines();
    assert_eq!(lines.next(), Some("id\ttag\tsfen\tin_check\tlegal_moves\tperft2\tperft3\tresult"));
    let (mut with_captures, mut checks, mut stalemates) = (0, 0, 0);
    for line in lines.filter(|l| !l.is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (sfen, reference) = (fields[2], fields[4]);
        let pos = Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        let legal: Vec<Move> = reference
            .split_whitespace()
            .map(|text| pos.parse_move(text).unwrap_or_else(|e| panic!("{text} in {sfen}: {e}")))
            .collect();
        // The reference lists moves sorted by text: compare the capture set in that order too.
        if !pos.in_check() {
            let mut got: Vec<String> = captures(&pos).iter().map(Move::to_string).collect();
            got.sort();
            let expected: Vec<String> =
                legal.iter().filter(|&&m| is_tactical(&pos, m)).map(Move::to_string).collect();
            assert_eq!(got, expected, "legal_captures of {sfen}");
            with_captures += usize::from(!expected.is_empty());
        }
        // Generation order, for the order-sensitive comparison.
        check(&pos, &pos.legal_move_list()).unwrap_or_else(|e| panic!("{e}"));
        checks += legal.iter().filter(|&&m| pos.after(m).in_check()).count();
        stalemates += usize::from(fields[7] == "no_legal_moves");
        assert_eq!(pos.is_stalemate(), fields[7] == "no_legal_moves", "is_stalemate of {sfen}");
    }
    // The data exercise what is tested.
    assert!(with_captures > 50, "{with_captures} positions with captures");
    assert!(checks > 50, "{checks} checking moves");
    assert!(stalemates > 0, "no stalemate among the reference positions");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    #[test]
    fn tactical_queries_along_random_games(plan in plans(200)) {
        let mut result = Ok(());
        play_out(&plan, |pos, _| {
            if result.is_ok() {
                result = check(pos, &pos.legal_move_list());
            }
        });
        result.map_err(TestCaseError::fail)?;
    }
}
