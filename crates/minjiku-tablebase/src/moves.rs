//! Which moves stay in a set and what a move's value is to the mover.

use minishogi_retro::Value;
use minjiku::{Kind, Move, Position};

/// True when `m` keeps the material: no capture (rifle included), no burn, no promotion, and not
/// the first move of an unmoved Lateral Mover (which becomes another kind).
pub fn stays_in_set(pos: &Position, m: Move) -> bool {
    m.rifle_victim().is_none()
        && !m.is_promotion()
        && pos.piece_at(m.to()).is_none()
        && pos.piece_at(m.from()).is_some_and(|p| p.kind != Kind::UnmovedLateralMover)
        && pos.burned_squares(m).is_empty()
}

/// The value to the mover of a move to a position of value `child` (from its side to move): a
/// win in `d` there is a loss in `d + 1` here and the other way round; a draw stays a draw.
pub fn backed_up(child: Value) -> Value {
    match child.dtm() {
        Some(d) => Value::mate(d + 1).unwrap_or(Value::DRAW),
        None => Value::DRAW,
    }
}

/// Orders values from the mover's point of view: quicker wins first, then draws, then the longest
/// losses (`better(a, b)` is true when `a` is preferred).
pub fn better(a: Value, b: Value) -> bool {
    rank(a) > rank(b)
}

fn rank(v: Value) -> i32 {
    match v.dtm() {
        Some(d) if d % 2 == 1 => 1000 - i32::from(d),
        Some(d) => -1000 + i32::from(d),
        None => 0,
    }
}
