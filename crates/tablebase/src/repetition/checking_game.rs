//! The part of the draw graph where the second player cannot win: the first player's wins by
//! perpetual check and the draws by mutual perpetual check, with their progress measures.
//!
//! Outside the second player's region, S cannot make non-checking moves for ever; what is left to
//! decide is whether F can also make non-checking moves for ever (F wins) or not (draw). These
//! nodes are few (S must be forced to check), so they are solved on an explicit graph.
//!
//! Priorities (of the node a move leads to, i.e. of the move): 2 = F to move and not in check (S
//! made a non-checking move), 1 = S to move and not in check (F made one), 0 = in check. F wins
//! the plays whose highest priority seen infinitely often is 1, which is the fixed point
//! `μX. νY. μZ. (P2 ∩ CPre(X)) ∪ (P1 ∩ CPre(Y)) ∪ (P0 ∩ CPre(Z))` with F's controlled
//! predecessor `CPre` (F: some move, S: every move). A node's level `k` (the `X` iteration it
//! first appears in) and rank `t` (its `Z` iteration then) form F's measure; the draws get two
//! measures by lifting, one for each side's defence.

use rayon::prelude::*;

use super::graph::{first_player_moves, DrawGraph, Node};
use crate::retro_rules::RetroRules;

/// The subgame's contradiction with the region computed before it (a bug, never a property of
/// the rules): the node and what was seen.
#[derive(Debug)]
pub(crate) struct Inconsistent(pub Node, pub &'static str);

/// The explicit subgame: nodes outside the second player's region and their moves inside it.
pub(crate) struct CheckingGame {
    /// Global node numbers, increasing.
    nodes: Vec<Node>,
    /// Priority of each node (see the module documentation).
    priority: Vec<u8>,
    /// Moves of node `v`: `succ[off[v]..off[v + 1]]` (local numbers).
    off: Vec<u32>,
    succ: Vec<u32>,
    /// Reverse moves, same layout.
    pred_off: Vec<u32>,
    pred: Vec<u32>,
}

/// The solution: for each local node, F's measure `(k, t)` if F wins (`k ≥ 1`), else `None`; and
/// for each draw the measures `(c, d)`.
pub(crate) struct Solution {
    /// F's level and rank per node (`(0, 0)` where F does not win).
    pub first: Vec<(u32, u32)>,
    /// S's-non-checking bound and F's-non-checking bound per node (draws only, else `(0, 0)`).
    pub draw: Vec<(u32, u32)>,
}

impl CheckingGame {
    /// The subgame of the nodes where `outside` is true (S's region's complement).
    pub(crate) fn new<R: RetroRules>(
        graph: &DrawGraph<'_, R>,
        outside: &[bool],
    ) -> Result<CheckingGame, Inconsistent> {
        let nodes: Vec<Node> = (0..outside.len() as u32).filter(|&n| outside[n as usize]).collect();
        let local = |n: Node| nodes.binary_search(&n).ok().map(|v| v as u32);
        let moves_of = |children: &mut Vec<u32>, n: Node| -> Result<Vec<u32>, Inconsistent> {
            graph.children(n / 2, children);
            let mut moves = Vec::with_capacity(children.len());
            for &c in children.iter() {
                match local(2 * c + 1 - n % 2) {
                    Some(v) => moves.push(v),
                    // S cannot leave the complement of its own region.
                    None if !first_player_moves(n) => return Err(Inconsistent(n, "S moves into its region")),
                    None => {}
                }
            }
            if moves.is_empty() {
                return Err(Inconsistent(n, "no move stays outside S's region"));
            }
            Ok(moves)
        };
        let mut off = Vec::with_capacity(nodes.len() + 1);
        let mut succ = Vec::new();
        off.push(0);
        // In chunks, so that the lists of one chunk at a time are held besides the arrays.
        for chunk in nodes.chunks(1 << 16) {
            let lists: Vec<Result<Vec<u32>, Inconsistent>> =
                chunk.par_iter().map_init(Vec::new, |children, &n| moves_of(children, n)).collect();
            for list in lists {
                succ.extend(list?);
                off.push(succ.len() as u32);
            }
        }
        succ.shrink_to_fit();
        let mut pred_off = vec![0u32; nodes.len() + 1];
        for &w in &succ {
            pred_off[w as usize + 1] += 1;
        }
        for v in 0..nodes.len() {
            pred_off[v + 1] += pred_off[v];
        }
        let mut fill = pred_off.clone();
        let mut pred = vec![0u32; succ.len()];
        for v in 0..nodes.len() {
            for &w in &succ[off[v] as usize..off[v + 1] as usize] {
                pred[fill[w as usize] as usize] = v as u32;
                fill[w as usize] += 1;
            }
        }
        let priority = nodes
            .iter()
            .map(|&n| match (graph.in_check(n / 2), first_player_moves(n)) {
                (true, _) => 0,
                (false, true) => 2,
                (false, false) => 1,
            })
            .collect();
        Ok(CheckingGame { nodes, priority, off, succ, pred_off, pred })
    }

    /// Global node numbers of the subgame, increasing (local number = position in this list).
    pub(crate) fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    fn moves(&self, v: usize) -> &[u32] {
        &self.succ[self.off[v] as usize..self.off[v + 1] as usize]
    }

    fn parents(&self, v: usize) -> &[u32] {
        &self.pred[self.pred_off[v] as usize..self.pred_off[v + 1] as usize]
    }

    fn first_moves(&self, v: usize) -> bool {
        first_player_moves(self.nodes[v])
    }

    /// Solves the subgame.
    pub(crate) fn solve(&self) -> Result<Solution, Inconsistent> {
        let first = self.first_player_wins();
        let draw = self.draw_measures(&first)?;
        Ok(Solution { first, draw })
    }

    /// F's measure `(k, t)` per node (`k = 0`: F does not win).
    fn first_player_wins(&self) -> Vec<(u32, u32)> {
        let n = self.nodes.len();
        let mut measure = vec![(0u32, 0u32); n];
        let mut x = vec![false; n];
        for level in 1.. {
            let mut y = vec![true; n];
            let z = loop {
                let z = self.least_z(&x, &y);
                let next: Vec<bool> = z.iter().map(|&r| r != 0).collect();
                if next == y {
                    break z;
                }
                y = next;
            };
            let mut grew = false;
            for v in 0..n {
                if y[v] && !x[v] {
                    measure[v] = (level, z[v]);
                    grew = true;
                }
            }
            if !grew {
                break;
            }
            x = y;
        }
        measure
    }

    /// The innermost fixed point `μZ` for given `X` and `Y`: each node's rank (1 = joins first,
    /// 0 = not in `Z`), by a breadth-first attractor over the moves into nodes of priority 0.
    fn least_z(&self, x: &[bool], y: &[bool]) -> Vec<u32> {
        let n = self.nodes.len();
        let mut rank = vec![0u32; n];
        let mut left = vec![0u32; n];
        let mut queue = std::collections::VecDeque::new();
        for v in 0..n {
            let moves = self.moves(v);
            // The set a move's target must lie in is fixed by the priority of the node moved from.
            let joins = match self.priority[v] {
                2 => moves.iter().any(|&w| x[w as usize]),
                1 => moves.iter().all(|&w| y[w as usize]),
                _ => {
                    left[v] = moves.len() as u32;
                    false
                }
            };
            if joins {
                rank[v] = 1;
                queue.push_back(v);
            }
        }
        while let Some(w) = queue.pop_front() {
            for &v in self.parents(w) {
                let v = v as usize;
                if rank[v] != 0 || self.priority[v] != 0 {
                    continue;
                }
                let joins = if self.first_moves(v) {
                    true
                } else {
                    left[v] -= 1;
                    left[v] == 0
                };
                if joins {
                    rank[v] = rank[w] + 1;
                    queue.push_back(v);
                }
            }
        }
        rank
    }

    /// For the draws (nodes where F does not win): `c`, the most non-checking moves S can still
    /// make against F's best defence, and `d`, the most F can make against S's; both by lifting
    /// from zero to the least fixed point.
    fn draw_measures(&self, first: &[(u32, u32)]) -> Result<Vec<(u32, u32)>, Inconsistent> {
        let n = self.nodes.len();
        let is_draw: Vec<bool> = first.iter().map(|&(k, _)| k == 0).collect();
        let draws = is_draw.iter().filter(|&&d| d).count() as u32;
        let mut c = vec![0u32; n];
        let mut d = vec![0u32; n];
        loop {
            let mut changed = false;
            for v in (0..n).filter(|&v| is_draw[v]) {
                let moves = self.moves(v);
                let draw_moves = || moves.iter().map(|&w| w as usize).filter(|&w| is_draw[w]);
                let (nc, nd) = if self.first_moves(v) {
                    // F keeps S's non-checking moves finite (one more if S just made one) and
                    // cannot pick a win; S's measure must hold for every F move into a draw.
                    let step = u32::from(self.priority[v] == 2);
                    let nc = draw_moves().map(|w| c[w] + step).min();
                    let nd = if self.priority[v] == 2 { Some(0) } else { draw_moves().map(|w| d[w]).max() };
                    (nc, nd)
                } else {
                    // S picks a draw (never a loss) keeping F's non-checking moves finite.
                    let step = u32::from(self.priority[v] == 1);
                    let nd = draw_moves().map(|w| d[w] + step).min();
                    let nc = Some(draw_moves().map(|w| c[w]).max().unwrap_or(0));
                    (nc, nd)
                };
                let (Some(nc), Some(nd)) = (nc, nd) else {
                    return Err(Inconsistent(self.nodes[v], "a draw without a move to a draw"));
                };
                if nc > c[v] || nd > d[v] {
                    c[v] = c[v].max(nc);
                    d[v] = d[v].max(nd);
                    changed = true;
                }
                if c[v] > draws || d[v] > draws {
                    return Err(Inconsistent(self.nodes[v], "a draw measure grows without bound"));
                }
            }
            if !changed {
                break;
            }
        }
        Ok((0..n).map(|v| if is_draw[v] { (c[v], d[v]) } else { (0, 0) }).collect())
    }
}
