//! A slow move generator written from the rules page alone, sharing no code with the crate's
//! (only its `Kind` names and the position it reads): coordinates are plain integers, each
//! piece's moves are spelt out again from the page's wording, and legality is tested by
//! generating every reply and looking for one that removes the king.

#![allow(dead_code)]

use minjiku::{Color, Kind, Position};
use std::collections::{BTreeMap, BTreeSet};

/// A square as (file 0..=9, rank 0..=11).
pub type Sq = (i32, i32);

/// The board: pieces by square.
#[derive(Clone)]
pub struct Board {
    pieces: BTreeMap<Sq, (Color, Kind)>,
    side: Color,
}

/// A move as the definition sees it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct DefMove {
    from: Sq,
    to: Sq,
    rifle: Option<Sq>,
    promote: bool,
}

fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r)
}

fn fwd(c: Color) -> i32 {
    if c == Color::White {
        1
    } else {
        -1
    }
}

const KING8: [Sq; 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];
const ORTHO: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [Sq; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The page's list of what each jumper "cannot jump over".
fn cannot_jump_over(jumper: Kind) -> &'static [Kind] {
    use Kind::*;
    match jumper {
        JumpingGeneral => &[JumpingGeneral, King],
        AreaJumper => &[JumpingGeneral, King, AreaJumper],
        OrthogonalJumper => &[JumpingGeneral, AreaJumper, DiagonalJumper, King, OrthogonalJumper],
        DiagonalJumper => &[JumpingGeneral, AreaJumper, OrthogonalJumper, King, DiagonalJumper],
        _ => &[],
    }
}

/// The page's promotion table.
fn promotes_to(kind: Kind) -> Option<Kind> {
    use Kind::*;
    Some(match kind {
        Pawn => Tokin,
        Silver => PromotedSilver,
        Gold => PromotedGold,
        Minister => OrthogonalJumper,
        Kirin => Samurai,
        Phoenix => PromotedPhoenix,
        LateralMover | UnmovedLateralMover => Ninja,
        Bishop => PromotedBishop,
        Rook => PromotedRook,
        DiagonalJumper => Lion,
        Viper => AreaJumper,
        Cobra => JumpingGeneral,
        Queen => FireDragon,
        _ => return None,
    })
}

/// What a piece can do, spelt out from its description on the page.
#[derive(Default)]
struct Def {
    leaps: Vec<Sq>,
    slides: Vec<Sq>,
    forward_two: bool,
    jumps: Vec<Sq>,
    ninja: bool,
    rifle: Vec<Sq>,
    area: bool,
    burns: bool,
}

fn definition(kind: Kind, c: Color) -> Def {
    use Kind::*;
    let f = fwd(c);
    let gold = vec![(0, f), (1, f), (-1, f), (1, 0), (-1, 0), (0, -f)];
    let mut d = Def::default();
    match kind {
        Pawn => d.leaps = vec![(0, f)],
        Silver => d.leaps = vec![(0, f), (1, 1), (1, -1), (-1, 1), (-1, -1)],
        Gold | Tokin => d.leaps = gold,
        King | Minister => d.leaps = KING8.to_vec(),
        Kirin => d.leaps = vec![(1, 1), (1, -1), (-1, 1), (-1, -1), (2, 0), (-2, 0), (0, 2), (0, -2)],
        Phoenix => d.leaps = vec![(1, 0), (-1, 0), (0, 1), (0, -1), (2, 2), (2, -2), (-2, 2), (-2, -2)],
        LateralMover | UnmovedLateralMover => {
            d.slides = vec![(1, 0), (-1, 0)];
            d.leaps = vec![(0, 1), (0, -1)];
            d.forward_two = kind == UnmovedLateralMover;
        }
        Bishop | PromotedSilver => d.slides = DIAG.to_vec(),
        Rook | PromotedGold => d.slides = ORTHO.to_vec(),
        Queen | PromotedPhoenix => d.slides = KING8.to_vec(),
        DiagonalJumper => d.jumps = DIAG.to_vec(),
        OrthogonalJumper => d.jumps = ORTHO.to_vec(),
        JumpingGeneral => d.jumps = KING8.to_vec(),
        AreaJumper => {
            d.jumps = DIAG.to_vec();
            d.area = true;
        }
        Viper | PromotedBishop => {
            d.slides = DIAG.to_vec();
            d.rifle = ORTHO.to_vec();
        }
        Cobra | PromotedRook => {
            d.slides = ORTHO.to_vec();
            d.rifle = DIAG.to_vec();
        }
        FireDragon => {
            d.slides = KING8.to_vec();
            d.area = true;
            d.burns = true;
        }
        Samurai => {
            d.leaps = vec![(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
            d.rifle = KING8.to_vec();
        }
        Ninja => {
            d.ninja = true;
            d.leaps = DIAG.to_vec();
            d.rifle = ORTHO.to_vec();
        }
        Lion => {
            d.leaps = KING8.to_vec();
            d.area = true;
        }
    }
    d
}

impl Board {
    /// The board of `pos`.
    pub fn of(pos: &Position) -> Board {
        let pieces =
            pos.pieces().map(|(sq, p)| ((sq.file() as i32, sq.rank() as i32), (p.color, p.kind))).collect();
        Board { pieces, side: pos.side_to_move() }
    }

    fn on_main_board((f, r): Sq) -> bool {
        (0..10).contains(&f) && (1..=10).contains(&r)
    }

    /// A square exists: on the 10×10 board, or an extra square that has not been vacated.
    fn exists(&self, sq: Sq) -> bool {
        let extra = (sq.1 == 0 || sq.1 == 11) && (sq.0 == 4 || sq.0 == 5);
        Board::on_main_board(sq) || (extra && self.pieces.contains_key(&sq))
    }

    fn color_at(&self, sq: Sq) -> Option<Color> {
        self.pieces.get(&sq).map(|p| p.0)
    }

    fn in_zone(c: Color, (_, r): Sq) -> bool {
        if c == Color::White {
            r >= 8
        } else {
            r <= 3
        }
    }

    fn add(&self, moves: &mut Vec<DefMove>, from: Sq, to: Sq, rifle: Option<Sq>) {
        let (c, kind) = self.pieces[&from];
        moves.push(DefMove { from, to, rifle, promote: false });
        let victim = rifle.unwrap_or(to);
        let captures_in_zone = self.pieces.contains_key(&victim) && Board::in_zone(c, victim);
        let enters = rifle.is_none() && !Board::in_zone(c, from) && Board::in_zone(c, to);
        if promotes_to(kind).is_some() && (enters || captures_in_zone) {
            moves.push(DefMove { from, to, rifle, promote: true });
        }
    }

    /// Every move of `side`'s pieces, legal or not.
    pub fn pseudo_moves(&self, side: Color) -> Vec<DefMove> {
        let mut moves = Vec::new();
        for (&from, &(c, kind)) in &self.pieces {
            if c != side {
                continue;
            }
            let d = definition(kind, c);
            let mut targets = BTreeSet::new();
            let free = |sq: Sq| self.exists(sq) && self.color_at(sq) != Some(c);
            for &(df, dr) in &d.leaps {
                let to = (from.0 + df, from.1 + dr);
                if free(to) {
                    targets.insert(to);
                }
            }
            let slide = |start: i32, (df, dr): Sq, max: i32, targets: &mut BTreeSet<Sq>| {
                for k in start..=max {
                    let to = (from.0 + df * k, from.1 + dr * k);
                    if !self.exists(to) {
                        break;
                    }
                    if self.color_at(to) != Some(c) {
                        targets.insert(to);
                    }
                    if self.pieces.contains_key(&to) {
                        break;
                    }
                }
            };
            for &dir in &d.slides {
                slide(1, dir, 20, &mut targets);
            }
            if d.forward_two {
                slide(1, (0, fwd(c)), 2, &mut targets);
            }
            if d.ninja {
                slide(2, (1, 0), 20, &mut targets);
                slide(2, (-1, 0), 20, &mut targets);
            }
            for &(df, dr) in &d.jumps {
                // Moves as a slider; to capture it may pass any pieces the page lets it pass.
                let mut passed_any = false;
                for k in 1..20 {
                    let to = (from.0 + df * k, from.1 + dr * k);
                    if !self.exists(to) {
                        break;
                    }
                    match self.pieces.get(&to) {
                        None => {
                            if !passed_any {
                                targets.insert(to);
                            }
                        }
                        Some(&(oc, ok)) => {
                            if oc != c {
                                targets.insert(to);
                            }
                            if cannot_jump_over(kind).contains(&ok) {
                                break;
                            }
                            passed_any = true;
                        }
                    }
                }
            }
            if d.area {
                for &(a, b) in &KING8 {
                    let first = (from.0 + a, from.1 + b);
                    if !free(first) {
                        continue;
                    }
                    targets.insert(first);
                    if self.pieces.contains_key(&first) {
                        continue;
                    }
                    for &(a2, b2) in &KING8 {
                        let second = (first.0 + a2, first.1 + b2);
                        if second != from && free(second) {
                            targets.insert(second);
                        }
                    }
                }
            }
            for to in targets {
                self.add(&mut moves, from, to, None);
            }
            for &(df, dr) in &d.rifle {
                let victim = (from.0 + df, from.1 + dr);
                if self.color_at(victim) == Some(!c) {
                    self.add(&mut moves, from, from, Some(victim));
                }
            }
        }
        moves
    }

    /// The enemy squares a move burns.
    fn burns(&self, m: DefMove) -> Vec<Sq> {
        let (c, kind) = self.pieces[&m.from];
        if !definition(kind, c).burns {
            return Vec::new();
        }
        let mut burnt: Vec<Sq> = DIAG
            .iter()
            .map(|&(a, b)| (m.to.0 + a, m.to.1 + b))
            .filter(|&sq| self.color_at(sq) == Some(!c))
            .collect();
        burnt.sort_by_key(|&(f, r)| r * 10 + f);
        burnt
    }

    /// The board after `m`.
    pub fn apply(&self, m: DefMove) -> Board {
        let mut next = self.clone();
        let burnt = self.burns(m);
        let Some((c, mut kind)) = next.pieces.remove(&m.from) else { return next };
        if let Some(v) = m.rifle {
            next.pieces.remove(&v);
        }
        if kind == Kind::UnmovedLateralMover {
            kind = Kind::LateralMover;
        }
        if m.promote {
            kind = promotes_to(kind).unwrap_or(kind);
        }
        next.pieces.insert(m.to, (c, kind));
        for sq in burnt {
            next.pieces.remove(&sq);
        }
        next.side = !self.side;
        next
    }

    fn king(&self, c: Color) -> Option<Sq> {
        self.pieces.iter().find(|(_, &(pc, k))| pc == c && k == Kind::King).map(|(&sq, _)| sq)
    }

    /// True when some move of `by` would remove `c`'s king (take it, rifle it or burn it).
    pub fn king_can_be_taken(&self, c: Color, by: Color) -> bool {
        let Some(king) = self.king(c) else { return true };
        self.pseudo_moves(by).into_iter().any(|m| {
            m.rifle == Some(king) || (m.rifle.is_none() && m.to == king) || self.burns(m).contains(&king)
        })
    }

    /// The legal moves of the side to move, in coordinate notation, sorted.
    pub fn legal_tokens(&self) -> Vec<String> {
        let side = self.side;
        let mut tokens: Vec<String> = self
            .pseudo_moves(side)
            .into_iter()
            .filter(|&m| !self.apply(m).king_can_be_taken(side, !side))
            .map(|m| {
                let mut t = format!("{}{}", name(m.from), name(m.to));
                if m.promote {
                    t.push('+');
                }
                if let Some(v) = m.rifle {
                    t.push('x');
                    t.push_str(&name(v));
                }
                for b in self.burns(m) {
                    t.push('*');
                    t.push_str(&name(b));
                }
                t
            })
            .collect();
        tokens.sort();
        tokens
    }
}
