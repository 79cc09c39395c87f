//! A slow Minishogi move generator written from the rules page (docs/rules.md) alone.
//!
//! It shares nothing with the crate's generator but the plain data types (`Setup`, `Square`,
//! `Move`): piece movement comes from step lists written out below, legality from "play the move
//! on a copy and see whether the own king is attacked", and pawn-drop mate from "the opponent is in
//! check and has no legal reply" (recursively, by this same generator).

use minishogi::position::Setup;
use minishogi::{Color, Hand, Kind, Move, Piece, Square};

/// (column, row) steps as sente sees them; row −1 is forward (towards rank a).
const FORWARD3: [(i8, i8); 3] = [(-1, -1), (0, -1), (1, -1)];
const ORTHOGONAL: [(i8, i8); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];
const DIAGONAL: [(i8, i8); 4] = [(-1, -1), (1, -1), (-1, 1), (1, 1)];

/// A list of (column, row) directions.
type Steps = Vec<(i8, i8)>;

/// One-step moves and sliding directions of a kind, for sente.
fn movement(kind: Kind) -> (Steps, Steps) {
    let gold: Vec<(i8, i8)> = FORWARD3.iter().copied().chain([(-1, 0), (1, 0), (0, 1)]).collect();
    match kind {
        Kind::Pawn => (vec![(0, -1)], vec![]),
        Kind::Silver => (FORWARD3.iter().copied().chain([(-1, 1), (1, 1)]).collect(), vec![]),
        Kind::Gold | Kind::Tokin | Kind::ProSilver => (gold, vec![]),
        Kind::King => (ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect(), vec![]),
        Kind::Bishop => (vec![], DIAGONAL.to_vec()),
        Kind::Rook => (vec![], ORTHOGONAL.to_vec()),
        Kind::Horse => (ORTHOGONAL.to_vec(), DIAGONAL.to_vec()),
        Kind::Dragon => (DIAGONAL.to_vec(), ORTHOGONAL.to_vec()),
    }
}

fn square(col: i8, row: i8) -> Option<Square> {
    ((0..5).contains(&col) && (0..5).contains(&row)).then(|| Square::from_coords(col as u8, row as u8))
}

/// The row a side's pieces promote on and its pawns may not be dropped on.
pub fn far_row(color: Color) -> u8 {
    match color {
        Color::Sente => 0,
        Color::Gote => 4,
    }
}

fn promote(kind: Kind) -> Option<Kind> {
    match kind {
        Kind::Pawn => Some(Kind::Tokin),
        Kind::Silver => Some(Kind::ProSilver),
        Kind::Bishop => Some(Kind::Horse),
        Kind::Rook => Some(Kind::Dragon),
        _ => None,
    }
}

/// What a captured piece turns into in the captor's hand.
pub fn demote(kind: Kind) -> Kind {
    match kind {
        Kind::Tokin => Kind::Pawn,
        Kind::ProSilver => Kind::Silver,
        Kind::Horse => Kind::Bishop,
        Kind::Dragon => Kind::Rook,
        k => k,
    }
}

/// Squares the piece on `from` attacks: its steps, and its slides up to and including the first
/// occupied square.
pub fn reach(setup: &Setup, from: Square) -> Vec<Square> {
    let Some(piece) = setup.board[from.index()] else { return vec![] };
    let sign = if piece.color == Color::Sente { 1 } else { -1 };
    let (steps, slides) = movement(piece.kind);
    let (c, r) = (from.col() as i8, from.row() as i8);
    let mut out: Vec<Square> =
        steps.iter().filter_map(|&(dc, dr)| square(c + sign * dc, r + sign * dr)).collect();
    for (dc, dr) in slides {
        let (mut cc, mut rr) = (c + dc, r + dr);
        while let Some(sq) = square(cc, rr) {
            out.push(sq);
            if setup.board[sq.index()].is_some() {
                break;
            }
            cc += dc;
            rr += dr;
        }
    }
    out
}

/// True when a piece of `by` attacks `target`.
pub fn attacked(setup: &Setup, target: Square, by: Color) -> bool {
    Square::all().any(|sq| {
        setup.board[sq.index()].is_some_and(|p| p.color == by) && reach(setup, sq).contains(&target)
    })
}

/// The square of `color`'s king.
pub fn king(setup: &Setup, color: Color) -> Square {
    Square::all()
        .find(|sq| setup.board[sq.index()] == Some(Piece::new(color, Kind::King)))
        .expect("both kings are on the board")
}

/// True when the side to move is in check.
pub fn in_check(setup: &Setup) -> bool {
    attacked(setup, king(setup, setup.side_to_move), !setup.side_to_move)
}

fn hand_add(hand: &mut Hand, kind: Kind, delta: i8) {
    let n = hand.count(kind) as i8 + delta;
    assert!(n >= 0, "hand count below zero");
    hand.set(kind, n as u8);
}

/// The setup after `m`, played by the side to move.
pub fn apply(setup: &Setup, m: Move) -> Setup {
    let us = setup.side_to_move;
    let mut next = setup.clone();
    let to = m.to();
    match (m.from(), m.dropped()) {
        (Some(from), _) => {
            let piece = setup.board[from.index()].expect("a board move starts on a piece");
            if let Some(captured) = setup.board[to.index()] {
                hand_add(&mut next.hands[us.index()], demote(captured.kind), 1);
            }
            let kind = if m.is_promotion() { promote(piece.kind).expect("promotable") } else { piece.kind };
            next.board[from.index()] = None;
            next.board[to.index()] = Some(Piece::new(us, kind));
        }
        (None, Some(kind)) => {
            hand_add(&mut next.hands[us.index()], kind, -1);
            next.board[to.index()] = Some(Piece::new(us, kind));
        }
        (None, None) => unreachable!("a move is a board move or a drop"),
    }
    next.side_to_move = !us;
    next.move_number += 1;
    next
}

/// Moves by the movement rules, with promotion options and drop rules, before the king-safety
/// and pawn-drop-mate filters.
pub fn pseudo_legal(setup: &Setup) -> Vec<Move> {
    let us = setup.side_to_move;
    let far = far_row(us);
    let mut moves = Vec::new();
    for from in Square::all() {
        let Some(piece) = setup.board[from.index()].filter(|p| p.color == us) else { continue };
        for to in reach(setup, from) {
            if setup.board[to.index()].is_some_and(|p| p.color == us) {
                continue;
            }
            let in_zone = from.row() == far || to.row() == far;
            if promote(piece.kind).is_some() && in_zone {
                moves.push(Move::board(from, to, true));
            }
            // A pawn on its last rank could never move again, so it must promote there.
            if !(piece.kind == Kind::Pawn && to.row() == far) {
                moves.push(Move::board(from, to, false));
            }
        }
    }
    let hand = setup.hands[us.index()];
    for kind in [Kind::Pawn, Kind::Silver, Kind::Gold, Kind::Bishop, Kind::Rook] {
        if hand.count(kind) == 0 {
            continue;
        }
        for to in Square::all().filter(|sq| setup.board[sq.index()].is_none()) {
            if kind == Kind::Pawn {
                let nifu = (0..5u8).any(|row| {
                    setup.board[Square::from_coords(to.col(), row).index()]
                        == Some(Piece::new(us, Kind::Pawn))
                });
                if to.row() == far || nifu {
                    continue;
                }
            }
            moves.push(Move::drop(kind, to));
        }
    }
    moves
}

/// Every legal move of the side to move, by definition.
pub fn legal(setup: &Setup) -> Vec<Move> {
    let us = setup.side_to_move;
    pseudo_legal(setup)
        .into_iter()
        .filter(|&m| {
            let next = apply(setup, m);
            if attacked(&next, king(&next, us), !us) {
                return false;
            }
            // Uchifuzume: a pawn drop may not give mate. Each level uses up a pawn from a hand,
            // so the recursion ends.
            let mates = m.dropped() == Some(Kind::Pawn) && in_check(&next) && legal(&next).is_empty();
            !mates
        })
        .collect()
}

/// Whether a setup is a legal position, by docs/rules.md ("Positions"): one king a side, at most
/// two of each kind in play, no unpromoted pawn on its last rank, no two unpromoted pawns of a side
/// on a file, and the side not to move not in check.
pub fn valid(setup: &Setup) -> bool {
    let mut kings = [0; 2];
    let mut counts = [0u32; 5];
    for sq in Square::all() {
        let Some(p) = setup.board[sq.index()] else { continue };
        if p.kind == Kind::King {
            kings[p.color.index()] += 1;
            continue;
        }
        counts[demote(p.kind).index()] += 1;
        if p.kind == Kind::Pawn {
            if sq.row() == far_row(p.color) {
                return false;
            }
            let same_file =
                Square::all().filter(|s| s.col() == sq.col() && setup.board[s.index()] == Some(p)).count();
            if same_file > 1 {
                return false;
            }
        }
    }
    for kind in [Kind::Pawn, Kind::Silver, Kind::Gold, Kind::Bishop, Kind::Rook] {
        counts[kind.index()] += u32::from(setup.hands[0].count(kind)) + u32::from(setup.hands[1].count(kind));
    }
    if kings != [1, 1] || counts.iter().any(|&n| n > 2) {
        return false;
    }
    let waiting = !setup.side_to_move;
    !attacked(setup, king(setup, waiting), setup.side_to_move)
}
