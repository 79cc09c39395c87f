//! Perft: counting the leaves of the legal-move tree, a check of move generation.

use crate::{Move, MoveList, Position};
use rayon::prelude::*;
use std::fmt;

/// The number of leaf nodes `depth` plies below `pos`, counting the last ply in bulk.
///
/// The move lists of every ply are allocated once, before the walk.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut lists: Vec<MoveList> = (0..depth).map(|_| MoveList::new()).collect();
    perft_with(pos, depth, &mut lists)
}

fn perft_with(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    let Some((list, deeper)) = lists.split_first_mut() else { return 1 };
    pos.legal_moves(list);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter().map(|&m| perft_with(&pos.after(m), depth - 1, deeper)).sum()
}

/// Leaf counts below each legal move, in generation order, the moves counted in parallel. At
/// depth 0 the list is empty: the tree is its root, below no move.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves: Vec<Move> = pos.legal_move_list().iter().copied().collect();
    moves.into_par_iter().map(|m| (m, perft(&pos.after(m), depth - 1))).collect()
}

/// [`perft_divide`] with the moves in coordinate notation, sorted bytewise. At depth 0 the
/// list is empty (the position itself is the one leaf).
pub fn perft_divide_coord(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut divided: Vec<(String, u64)> =
        perft_divide(pos, depth).into_iter().map(|(m, n)| (pos.move_to_coord(m), n)).collect();
    divided.sort();
    divided
}

/// Perft with the root moves spread over rayon's thread pool.
pub fn perft_parallel(pos: &Position, depth: u32) -> u64 {
    if depth <= 1 {
        return perft(pos, depth);
    }
    perft_divide(pos, depth).iter().map(|(_, n)| n).sum()
}

/// Perft divided by the first move: the count below each legal move, and the total. The same
/// shape and convention as Minishogi's `PerftDivide`: perft(0) = 1 (the position itself), with no
/// move lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftDivide {
    /// Each legal move in coordinate notation and the leaves below it, sorted bytewise.
    pub moves: Vec<(String, u64)>,
    /// The leaves of the whole tree: the sum of the counts, and 1 at depth 0, where the tree is its
    /// root.
    pub nodes: u64,
}

impl PerftDivide {
    /// The divide of `pos` at `depth` plies ([`perft_divide_coord`]).
    pub fn new(pos: &Position, depth: u32) -> PerftDivide {
        let moves = perft_divide_coord(pos, depth);
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

#[cfg(test)]
mod tests {
    use super::{perft, PerftDivide};
    use crate::Position;

    #[test]
    fn divide_sorts_the_moves_and_sums_their_leaves() {
        let pos = Position::startpos();
        let divide = PerftDivide::new(&pos, 2);
        assert!(divide.moves.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(divide.nodes, perft(&pos, 2));
        let text = divide.to_string();
        assert_eq!(text.lines().count(), divide.moves.len() + 1);
        assert_eq!(text.lines().last(), Some(format!("nodes {}", divide.nodes).as_str()));
    }

    #[test]
    fn divide_at_depth_0_is_the_root_alone() {
        let pos = Position::startpos();
        let divide = PerftDivide::new(&pos, 0);
        assert!(divide.moves.is_empty());
        assert_eq!((divide.nodes, perft(&pos, 0)), (1, 1));
        assert_eq!(divide.to_string(), "nodes 1");
        let one = PerftDivide::new(&pos, 1);
        assert!(one.moves.iter().all(|(_, n)| *n == 1));
        assert_eq!(one.nodes, 24);
    }
}
