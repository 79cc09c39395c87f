//! Perft: counting the leaves of the legal-move tree, a check of move generation.

use crate::{Move, MoveList, Position};
use rayon::prelude::*;
use std::fmt;

/// The number of leaf nodes at `depth` plies, counting the last ply in bulk.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        let undo = pos.play(m);
        nodes += perft(pos, depth - 1);
        pos.undo(m, undo);
    }
    nodes
}

/// Leaf counts below each legal move (perft "divide"), in the order the moves were generated.
/// At depth 0 the list is empty: the tree is its root, below no move.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut pos = pos.clone();
    let list = pos.legal_move_list();
    list.iter()
        .map(|&m| {
            let undo = pos.play(m);
            let n = perft(&mut pos, depth - 1);
            pos.undo(m, undo);
            (m, n)
        })
        .collect()
}

/// Perft "divide" as tools compare it: the leaf count below each legal move, by the move's USI
/// text in bytewise order, and the total. The same shape and convention as Minjiku's
/// `PerftDivide`: perft(0) = 1 (the position itself), with no move lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftDivide {
    /// Each legal move in USI and the leaves below it, sorted by the move's text (none at depth 0).
    pub moves: Vec<(String, u64)>,
    /// The leaves of the whole tree (1 at depth 0, where the tree is its root).
    pub nodes: u64,
}

impl PerftDivide {
    /// The divide of `pos` at `depth` plies.
    pub fn new(pos: &Position, depth: u32) -> PerftDivide {
        let mut moves: Vec<(String, u64)> =
            perft_divide(pos, depth).into_iter().map(|(m, n)| (m.to_string(), n)).collect();
        moves.sort();
        let nodes = if depth == 0 { 1 } else { moves.iter().map(|(_, n)| n).sum() };
        PerftDivide { moves, nodes }
    }
}

/// One `move count` line per move, then `nodes total`.
impl fmt::Display for PerftDivide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (m, n) in &self.moves {
            writeln!(f, "{m} {n}")?;
        }
        write!(f, "nodes {}", self.nodes)
    }
}

/// Perft split over the moves of the first two plies and counted on rayon's thread pool.
pub fn perft_parallel(pos: &Position, depth: u32) -> u64 {
    if depth <= 2 {
        return perft(&mut pos.clone(), depth);
    }
    let mut children = Vec::new();
    for &m in pos.legal_move_list().iter() {
        let child = pos.after(m);
        for &m2 in child.legal_move_list().iter() {
            children.push(child.after(m2));
        }
    }
    children.into_par_iter().map(|mut p| perft(&mut p, depth - 2)).sum()
}

#[cfg(test)]
mod tests {
    use super::{perft, PerftDivide};
    use crate::Position;

    #[test]
    fn divide_sorts_the_moves_and_sums_their_leaves() {
        let pos = Position::startpos();
        let divide = PerftDivide::new(&pos, 2);
        assert_eq!(divide.moves.len(), 14);
        assert!(divide.moves.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(divide.nodes, perft(&mut pos.clone(), 2));
        let text = divide.to_string();
        assert_eq!(text.lines().count(), 15);
        assert_eq!(text.lines().last(), Some(format!("nodes {}", divide.nodes).as_str()));
    }

    #[test]
    fn divide_at_depth_0_is_the_root_alone() {
        let divide = PerftDivide::new(&Position::startpos(), 0);
        assert!(divide.moves.is_empty());
        assert_eq!(divide.nodes, 1);
        assert_eq!(divide.to_string(), "nodes 1");
        let one = PerftDivide::new(&Position::startpos(), 1);
        assert!(one.moves.iter().all(|(_, n)| *n == 1));
        assert_eq!(one.nodes, 14);
    }
}
