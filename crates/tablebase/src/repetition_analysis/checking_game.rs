//! The part of the draw graph where the second player cannot win: the first player's wins by
//! perpetual check and the draws by mutual perpetual check, with their progress measures.
//!
//! Outside the second player's region, S cannot make non-checking moves for ever; what is left to
//! decide is whether F can also make non-checking moves for ever (F wins) or not (draw). These
//! nodes are a fraction of the draws (S must be forced to check: 2 M nodes in RRP and RSP, the
//! most of any set of up to three pieces), so they are solved on an explicit graph.
//!
//! Priorities (of the node a move leads to, i.e. of the move): 2 = F to move and not in check (S
//! made a non-checking move), 1 = S to move and not in check (F made one), 0 = in check. F wins
//! the plays whose highest priority seen infinitely often is 1: a parity game with three
//! priorities, solved by Zielonka's algorithm (see [`CheckingGame::solve`]). F's measure is a
//! pair `(k, t)`; the draws get two measures by lifting, one for each side's defence.

use rayon::prelude::*;

use super::attractor::Player;
use super::graph::{first_player_moves, DrawGraph, Node};
use super::node_bits::NodeBits;

/// Rank of a node outside an attractor.
const UNREACHED: u32 = u32::MAX;
use minishogi_retro::RetroRules;

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
    /// The subgame of the nodes in `outside` (S's region's complement).
    pub(crate) fn new<R: RetroRules>(
        graph: &DrawGraph<'_, R>,
        outside: &NodeBits,
    ) -> Result<CheckingGame, Inconsistent> {
        let nodes: Vec<Node> = outside.nodes().collect();
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

    /// F's measure `(k, t)` per node (`k = 0`: F does not win), by Zielonka's algorithm for the
    /// three priorities: in the nodes left (`alive`), S's attractor to its non-checking moves is
    /// set aside; in the rest, F's Büchi region W (F's non-checking moves for ever, S's never) is
    /// found by removing S's attractors to where F cannot reach its own; F's attractor to W in
    /// the nodes left is F's and is removed; this repeats until W is empty. Each round is a few
    /// linear attractors, where the fixed point `μX. νY. μZ` iterated over every node.
    ///
    /// Measures: W's nodes get the round's level `k` (above every earlier level) and `t` = 1 +
    /// their rank in F's attractor to F's non-checking moves inside W; the attractor's other
    /// nodes get theirs from their children in the order they join (`bump`), so every local
    /// condition of the verifier holds.
    fn first_player_wins(&self) -> Vec<(u32, u32)> {
        let n = self.nodes.len();
        let mut measure = vec![(0u32, 0u32); n];
        let mut alive = vec![true; n];
        let mut level = 1u32;
        loop {
            let second_reach = self.attractor(&alive, Player::Second, |v| self.priority[v] == 2);
            let mut w: Vec<bool> = (0..n).map(|v| alive[v] && second_reach[v] == UNREACHED).collect();
            loop {
                let reach = self.attractor(&w, Player::First, |v| self.priority[v] == 1);
                if (0..n).all(|v| !w[v] || reach[v] != UNREACHED) {
                    for v in (0..n).filter(|&v| w[v]) {
                        measure[v] = (level, reach[v] + 1);
                    }
                    break;
                }
                let stuck = self.attractor(&w, Player::Second, |v| reach[v] == UNREACHED);
                for v in 0..n {
                    w[v] &= stuck[v] == UNREACHED;
                }
            }
            if !w.contains(&true) {
                break;
            }
            let mut top = level;
            for v in self.attractor_order(&alive, &w) {
                if !w[v] {
                    measure[v] = self.bump_from_children(v, &measure);
                }
                top = top.max(measure[v].0);
                alive[v] = false;
            }
            level = top + 1;
        }
        measure
    }

    /// The measure of node `v` from its children's (`(0, 0)`: not yet known): F takes the
    /// smallest, S the largest, after the step the move from `v` makes.
    fn bump_from_children(&self, v: usize, measure: &[(u32, u32)]) -> (u32, u32) {
        let bump = |(k, t): (u32, u32)| match self.priority[v] {
            // S made a non-checking move: F's child must have a smaller k.
            2 => (k + 1, 1),
            // F made one: k may stay, t restarts.
            1 => (k, 1),
            // A check: (k, t) must fall.
            _ => (k, t + 1),
        };
        let known = self.moves(v).iter().map(|&w| measure[w as usize]).filter(|m| m.0 > 0).map(bump);
        let best = if self.first_moves(v) { known.min() } else { known.max() };
        best.unwrap_or((0, 0))
    }

    /// The attractor of `player` to the nodes where `target` holds, inside the subgame `inside`:
    /// each node's rank (0 for targets), [`UNREACHED`] outside the attractor or the subgame. A
    /// node of the opponent joins when all its moves inside the subgame lead into the attractor.
    fn attractor(&self, inside: &[bool], player: Player, target: impl Fn(usize) -> bool) -> Vec<u32> {
        let n = self.nodes.len();
        let mut rank = vec![UNREACHED; n];
        let mut queue = std::collections::VecDeque::new();
        for v in (0..n).filter(|&v| inside[v] && target(v)) {
            rank[v] = 0;
            queue.push_back(v);
        }
        self.grow(inside, player, &mut rank, &mut queue, |_| {});
        rank
    }

    /// The nodes of F's attractor to `seeds` inside `inside`, seeds first, then in the order they
    /// join (every child a node's measure comes from is listed before it).
    fn attractor_order(&self, inside: &[bool], seeds: &[bool]) -> Vec<usize> {
        let n = self.nodes.len();
        let mut rank = vec![UNREACHED; n];
        let mut queue = std::collections::VecDeque::new();
        let mut order = Vec::new();
        for v in (0..n).filter(|&v| inside[v] && seeds[v]) {
            rank[v] = 0;
            queue.push_back(v);
            order.push(v);
        }
        self.grow(inside, Player::First, &mut rank, &mut queue, |v| order.push(v));
        order
    }

    /// Grows an attractor of `player` breadth first from the nodes in `queue` (ranked in
    /// `rank`), calling `joined` with each node that joins.
    fn grow(
        &self,
        inside: &[bool],
        player: Player,
        rank: &mut [u32],
        queue: &mut std::collections::VecDeque<usize>,
        mut joined: impl FnMut(usize),
    ) {
        let mut left: Vec<u32> = vec![u32::MAX; self.nodes.len()];
        while let Some(w) = queue.pop_front() {
            for &v in self.parents(w) {
                let v = v as usize;
                if !inside[v] || rank[v] != UNREACHED {
                    continue;
                }
                let joins = if self.first_moves(v) == (player == Player::First) {
                    true
                } else {
                    if left[v] == u32::MAX {
                        left[v] = self.moves(v).iter().filter(|&&c| inside[c as usize]).count() as u32;
                    }
                    left[v] -= 1;
                    left[v] == 0
                };
                if joins {
                    rank[v] = rank[w] + 1;
                    queue.push_back(v);
                    joined(v);
                }
            }
        }
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
