//! The endgame tables in play: positions with at most two pieces besides the Kings whose set is
//! in the directory get their exact value, inside the search as a score and at the root as the
//! table's best move.

use crate::score::MATE;
use minishogi_retro::Value;
use minjiku::{Move, Position};
use minjiku_tablebase::{Material, MinjikuTablebase};
use std::sync::Arc;

/// Most pieces on the board a table covers: the two Kings and two more.
const MAX_TABLE_PIECES: usize = 4;

/// The tables a searcher probes (shared: opening a directory maps every file once).
#[derive(Clone)]
pub struct EndgameTables {
    tables: Arc<MinjikuTablebase>,
}

impl EndgameTables {
    /// The tables of an open directory.
    pub fn new(tables: Arc<MinjikuTablebase>) -> EndgameTables {
        EndgameTables { tables }
    }

    /// The sets held, by name.
    pub fn sets(&self) -> Vec<String> {
        self.tables.tables().materials().iter().map(Material::name).collect()
    }

    /// The value of `pos` for its side to move, when its set is held: `None` with more than two
    /// pieces besides the Kings, a set not in the directory, a piece on an extra square, or a
    /// block that cannot be read (the search then goes on without the tables).
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        let white = pos.occupied(minjiku::Color::White);
        let black = pos.occupied(minjiku::Color::Black);
        // Stops counting at five: cheap in the middlegame, where there are dozens of pieces.
        if white.chain(black).nth(MAX_TABLE_PIECES).is_some() {
            return None;
        }
        let (material, _) = Material::of(pos).canonical();
        if !self.tables.tables().contains(&material) {
            return None;
        }
        self.tables.value(pos).ok().flatten().filter(|v| v.is_legal())
    }

    /// The table's choice at the root: every legal move with its value to the mover, when the
    /// position and every position a move leads to are in the tables; `None` otherwise.
    pub fn root_moves(&self, pos: &Position) -> Option<Vec<(Move, Value)>> {
        self.probe(pos)?;
        pos.legal_move_list().iter().map(|&m| Some((m, backed_up(self.probe(&pos.after(m))?)))).collect()
    }
}

/// The value of a move to the mover, from the value of the position it leads to.
fn backed_up(child: Value) -> Value {
    match child.dtm() {
        Some(d) => Value::mate(d + 1).unwrap_or(Value::DRAW),
        None => Value::DRAW,
    }
}

/// A table value as a search score at `ply`: a win in `d` plies is `MATE − ply − d`, a loss in
/// `d` is `−MATE + ply + d` (what the search gives a mate it sees), a draw 0.
pub fn table_score(value: Value, ply: usize) -> i32 {
    match value.dtm() {
        Some(d) if value.is_win() => MATE - ply as i32 - i32::from(d),
        Some(d) => -MATE + ply as i32 + i32::from(d),
        None => 0,
    }
}

/// The moves that keep the best value of `moves` (to the mover): the quickest win, else every
/// draw, else the longest loss. Empty when `moves` is.
pub fn best_moves(moves: &[(Move, Value)]) -> Vec<(Move, Value)> {
    let Some(best) = moves.iter().map(|&(_, v)| rank(v)).max() else { return Vec::new() };
    moves.iter().copied().filter(|&(_, v)| rank(v) == best).collect()
}

/// Orders values to the mover: quicker wins first, then draws, then longer losses.
fn rank(v: Value) -> i32 {
    match v.dtm() {
        Some(d) if v.is_win() => 1_000 - i32::from(d),
        Some(d) => -1_000 + i32::from(d),
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_order_as_the_values() {
        let win = |d| Value::mate(d).unwrap();
        assert_eq!(table_score(win(1), 0), MATE - 1);
        assert_eq!(table_score(win(0), 3), -MATE + 3);
        assert_eq!(table_score(Value::DRAW, 5), 0);
        assert!(table_score(win(3), 2) > table_score(win(5), 2));
        assert!(table_score(win(6), 2) > table_score(win(4), 2));
        assert!(rank(win(3)) > rank(win(5)) && rank(win(5)) > rank(Value::DRAW));
        assert!(rank(Value::DRAW) > rank(win(8)) && rank(win(8)) > rank(win(2)));
        assert_eq!(backed_up(win(4)), win(5));
        assert_eq!(backed_up(Value::DRAW), Value::DRAW);
    }
}
