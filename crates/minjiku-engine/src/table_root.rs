//! A root in the tables: the table's move for a win or a loss, the drawing moves for a draw.
//!
//! A win is played by the table's quickest mate and a loss by its longest defence: every move
//! lowers the distance, so the line never repeats and no search can do better. A draw leaves
//! the choice among the moves that keep it to the search (the repetition rule, which the
//! mate-only tables do not know, may still decide such a game).

use crate::report::{Info, SearchResult};
use crate::tables::{best_moves, table_score, EndgameTables};
use minjiku::{Move, Position};
use std::time::Instant;

/// What the tables decide at a root.
pub enum TableRoot {
    /// A win or a loss: the table's move and line.
    Decided(SearchResult),
    /// A draw: the moves that hold it, in move order, for the search to choose from.
    Holding(Vec<Move>),
}

/// The table's decision at `root`, when the root and every position a move leads to are in the
/// tables and the side to move has a move.
pub fn table_root(
    tables: &EndgameTables,
    root: &Position,
    start: Instant,
    info: &mut dyn FnMut(&Info),
) -> Option<TableRoot> {
    let best = best_moves(&tables.root_moves(root)?);
    let &(first, value) = best.first()?;
    if value.is_draw() {
        return Some(TableRoot::Holding(best.iter().map(|&(m, _)| m).collect()));
    }
    let pv = table_line(tables, root, first);
    let time = start.elapsed();
    let result =
        SearchResult { best: Some(first), score: table_score(value, 0), depth: 1, nodes: 1, time, pv };
    info(&Info {
        depth: 1,
        seldepth: result.pv.len() as u32,
        score: result.score,
        nodes: 1,
        time,
        pv: result.pv.clone(),
    });
    Some(TableRoot::Decided(result))
}

/// The line from `root` that starts with `first` and keeps to the table's values (each side
/// plays the first of its best moves) until mate, or until a position leaves the tables.
fn table_line(tables: &EndgameTables, root: &Position, first: Move) -> Vec<Move> {
    let mut line = vec![first];
    let mut pos = root.after(first);
    // Distances fit in a byte: a longer line would mean a damaged table.
    while line.len() <= usize::from(u8::MAX) {
        let Some(moves) = tables.root_moves(&pos) else { break };
        let Some(&(m, _)) = best_moves(&moves).first() else { break };
        line.push(m);
        pos.play(m);
    }
    line
}
