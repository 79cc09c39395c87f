//! Which moves each side may play: in tsume the attacker only checks, in any-move mode anything
//! legal; the defender always plays any legal move.

use minishogi::{MoveList, Position};

/// What counts as a mate the solver looks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Tsume: the attacker (the side to move at the root) gives check with every move.
    Tsume,
    /// Any forced mate within `max_plies` plies: the attacker may play quiet moves.
    AnyMove {
        /// The longest mate looked for, in plies (odd lengths count: the attacker moves last).
        max_plies: u32,
    },
}

impl Mode {
    /// True when the attacker may only give check.
    pub fn checks_only(self) -> bool {
        self == Mode::Tsume
    }
}

/// Fills `list` with the attacker's moves in `mode`: every legal move, or only those that give
/// check.
pub fn attacker_moves(pos: &mut Position, mode: Mode, list: &mut MoveList) {
    pos.legal_moves(list);
    if !mode.checks_only() {
        return;
    }
    let all = list.clone();
    list.clear();
    for &m in &all {
        if gives_check(pos, m) {
            list.push(m);
        }
    }
}

/// True when `m`, a legal move, leaves the opponent in check.
pub fn gives_check(pos: &mut Position, m: minishogi::Move) -> bool {
    let undo = pos.play(m);
    let check = pos.in_check();
    pos.undo(m, undo);
    check
}

/// Fills `list` with the defender's moves: every legal move (pawn-drop mate is not one, so a
/// pawn drop that would mate is simply absent on the attacker's side).
pub fn defender_moves(pos: &Position, list: &mut MoveList) {
    pos.legal_moves(list);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsume_keeps_only_checks() {
        let mut pos = Position::from_sfen("4k/5/5/5/K4 b G 1").expect("legal");
        let mut list = MoveList::new();
        attacker_moves(&mut pos, Mode::Tsume, &mut list);
        assert!(!list.is_empty());
        assert!(list.iter().all(|&m| pos.after(m).in_check()));
        let mut all = MoveList::new();
        attacker_moves(&mut pos, Mode::AnyMove { max_plies: 1 }, &mut all);
        assert!(all.len() > list.len());
    }
}
