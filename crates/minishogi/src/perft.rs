//! Perft: counting the leaves of the legal-move tree, a check of move generation.

use crate::{Move, MoveList, Position};
use rayon::prelude::*;

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
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut pos = pos.clone();
    let list = pos.legal_move_list();
    list.iter()
        .map(|&m| {
            let undo = pos.play(m);
            let n = if depth <= 1 { 1 } else { perft(&mut pos, depth - 1) };
            pos.undo(m, undo);
            (m, n)
        })
        .collect()
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
