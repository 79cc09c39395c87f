//! The tree above the frontier: built to a number of plies, and evaluated by minimax from the
//! subproblems' outcomes.

use super::subproblem::{Outcome, Solved};
use crate::error::SplitError;
use minishogi::{Color, Move, MoveList, Position};
use std::collections::HashMap;

/// The most nodes the tree above the frontier may hold.
pub const MAX_TREE_NODES: usize = 2_000_000;

/// A lower bound that no win meets: the attacker has no win.
pub(super) const NO_WIN: u32 = u32::MAX;

#[derive(Clone, Debug)]
pub(super) enum NodeKind {
    /// Searched here: the legal moves and the nodes they lead to (none: the side to move has
    /// no legal move and loses).
    Inner(Vec<(Move, usize)>),
    /// A subproblem, by index.
    Frontier(usize),
    /// A position already on its own path from the root: no win for the attacker.
    Repetition,
}

#[derive(Clone, Debug)]
pub(super) struct Node {
    pub position: Position,
    pub kind: NodeKind,
}

/// What the outcomes known so far make of a node: the plies of a proved win (an upper bound)
/// and a lower bound on the plies of any win ([`NO_WIN`]: none).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Eval {
    pub win: Option<u32>,
    pub lower: u32,
}

impl Eval {
    /// A subproblem's evaluation. A win's plies are odd when the attacker moves first and even
    /// otherwise, so "no win within N" bounds a win from below by the next count of that parity.
    fn of(outcome: Option<&Outcome>, attacker_to_move: bool) -> Eval {
        let parity = u32::from(attacker_to_move);
        match outcome {
            Some(&Outcome::Win { plies, shortest }) => {
                Eval { win: Some(plies), lower: if shortest { plies } else { 0 } }
            }
            Some(Outcome::NoWin) => Eval { win: None, lower: NO_WIN },
            Some(&Outcome::Open { no_win_within: Some(n) }) => {
                let lower = n + 1;
                Eval { win: None, lower: if lower % 2 == parity { lower } else { lower + 1 } }
            }
            Some(Outcome::Open { no_win_within: None }) | None => Eval { win: None, lower: 0 },
        }
    }

    fn settled(&self) -> bool {
        self.win.is_some() || self.lower == NO_WIN
    }

    fn outcome(&self) -> Outcome {
        match self.win {
            Some(plies) => Outcome::Win { plies, shortest: self.lower >= plies },
            None if self.lower == NO_WIN => Outcome::NoWin,
            None => Outcome::Open { no_win_within: self.lower.checked_sub(1) },
        }
    }
}

/// A solve split at the frontier a number of plies below the root, for a win of one side.
#[derive(Clone, Debug)]
pub struct Split {
    pub(super) root: Position,
    pub(super) attacker: Color,
    plies: u32,
    /// The tree in depth-first order: every child comes after its parent.
    pub(super) nodes: Vec<Node>,
    subproblems: Vec<Position>,
}

/// The root's answer from the subproblems' outcomes known so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combined {
    /// What is known of the attacker's win from the root.
    pub outcome: Outcome,
    /// The unsettled subproblems whose outcome could still change the root's, each once, in
    /// the order to solve them: fewest departures from the attacker's preferred moves first (the
    /// sum of the moves' ranks along the path), where the attacker prefers the moves that
    /// already won elsewhere in the tree (most wins first), then checks, captures and the rest.
    pub open: Vec<usize>,
    /// Once the root is proved but not shown shortest: the subproblems not shown shortest whose
    /// result could still give the root a shorter win or show its win shortest (those not yet
    /// proved, and those proved without a bound below their win), in the same order (else
    /// empty).
    pub shorter: Vec<usize>,
}

impl Split {
    /// The tree of `plies` plies from `root` for a win of `attacker`, and its frontier.
    pub fn new(root: &Position, attacker: Color, plies: u32) -> Result<Split, SplitError> {
        let mut split =
            Split { root: root.clone(), attacker, plies, nodes: Vec::new(), subproblems: Vec::new() };
        let mut frontier = HashMap::new();
        let mut path = Vec::new();
        split.grow(root.clone(), 0, &mut path, &mut frontier)?;
        Ok(split)
    }

    /// Adds the node of `pos`, `depth` plies below the root, with its subtree; returns its index.
    fn grow(
        &mut self,
        pos: Position,
        depth: u32,
        path: &mut Vec<u64>,
        frontier: &mut HashMap<u64, usize>,
    ) -> Result<usize, SplitError> {
        if self.nodes.len() >= MAX_TREE_NODES {
            return Err(SplitError::TooLarge { plies: self.plies, limit: MAX_TREE_NODES });
        }
        let index = self.nodes.len();
        let hash = pos.hash();
        let moves = self.ordered_moves(&pos);
        let kind = if path.contains(&hash) {
            NodeKind::Repetition
        } else if depth >= self.plies && !moves.is_empty() {
            let next = self.subproblems.len();
            let i = *frontier.entry(hash).or_insert(next);
            if i == next {
                self.subproblems.push(pos.clone());
            }
            NodeKind::Frontier(i)
        } else {
            NodeKind::Inner(Vec::new())
        };
        let inner = matches!(kind, NodeKind::Inner(_));
        self.nodes.push(Node { position: pos, kind });
        if inner {
            path.push(hash);
            let mut children = Vec::with_capacity(moves.len());
            for m in moves {
                let child = self.nodes[index].position.after(m);
                children.push((m, self.grow(child, depth + 1, path, frontier)?));
            }
            path.pop();
            self.nodes[index].kind = NodeKind::Inner(children);
        }
        Ok(index)
    }

    /// The legal moves of `pos`; the attacker's checks first, then its captures, then the rest.
    fn ordered_moves(&self, pos: &Position) -> Vec<Move> {
        let moves: MoveList = pos.legal_move_list();
        let mut moves: Vec<Move> = moves.iter().copied().collect();
        if pos.side_to_move() == self.attacker {
            let rank = |m: &Move| {
                if pos.gives_check(*m) {
                    0
                } else if !m.is_drop() && pos.piece_at(m.to()).is_some() {
                    1
                } else {
                    2
                }
            };
            moves.sort_by_key(rank);
        }
        moves
    }

    /// The root.
    pub fn root(&self) -> &Position {
        &self.root
    }

    /// The side whose win is split.
    pub fn attacker(&self) -> Color {
        self.attacker
    }

    /// The plies from the root to the frontier.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The nodes of the tree above and on the frontier.
    pub fn tree_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// The nodes where a position of their own path above came back (no win there).
    pub fn repetitions(&self) -> usize {
        self.nodes.iter().filter(|n| matches!(n.kind, NodeKind::Repetition)).count()
    }

    /// The frontier's positions, each once: the subproblems, each to be solved for a win of
    /// [`Split::attacker`].
    pub fn subproblems(&self) -> &[Position] {
        &self.subproblems
    }

    /// The root's answer from `results` (one per subproblem, `None` where not solved yet).
    pub fn combine(&self, results: &[Option<Solved>]) -> Combined {
        let outcomes: Vec<Option<Outcome>> = results.iter().map(|r| r.as_ref().map(|s| s.outcome)).collect();
        self.combine_outcomes(&outcomes)
    }

    /// [`Split::combine`] from the outcomes alone.
    pub fn combine_outcomes(&self, outcomes: &[Option<Outcome>]) -> Combined {
        let evals = self.evaluate(outcomes);
        let mut walk = OpenWalk {
            evals: &evals,
            outcomes,
            winners: self.winning_moves(&evals),
            found: Vec::new(),
            seen: vec![false; self.subproblems.len()],
        };
        self.collect_open(0, 0, &mut walk);
        let mut found = walk.found;
        // Stable: within a number of departures, the depth-first order.
        found.sort_by_key(|&(departures, _)| departures);
        let open = found.into_iter().map(|(_, s)| s).collect();
        let mut shorter = Vec::new();
        if let Eval { win: Some(plies), lower } = evals[0] {
            if lower < plies {
                let mut seen = vec![false; self.subproblems.len()];
                self.collect_shorter(0, plies - 1, &evals, &mut shorter, &mut seen);
            }
        }
        Combined { outcome: evals[0].outcome(), open, shorter }
    }

    /// The subproblems below `node` whose result could make it a win within `bound` plies: a
    /// proof not shown shortest counts, since solving it again with more nodes may shorten it or
    /// bound it.
    fn collect_shorter(
        &self,
        node: usize,
        bound: u32,
        evals: &[Eval],
        out: &mut Vec<usize>,
        seen: &mut [bool],
    ) {
        let e = evals[node];
        if e.lower > bound || e.win.is_some_and(|w| w <= bound) {
            return; // no such win can be, or there is one already
        }
        match &self.nodes[node].kind {
            // A frontier whose lower bound is at most `bound` and whose win (if any) is longer.
            NodeKind::Frontier(s) => {
                if !seen[*s] {
                    seen[*s] = true;
                    out.push(*s);
                }
            }
            // A win within `bound` needs a child won within one ply less: the attacker's best,
            // or every child of the defender's.
            NodeKind::Inner(children) if bound > 0 => {
                for &(_, child) in children {
                    self.collect_shorter(child, bound - 1, evals, out, seen);
                }
            }
            NodeKind::Inner(_) | NodeKind::Repetition => {}
        }
    }

    /// Every node's evaluation, children before parents (they come after them in `nodes`).
    pub(super) fn evaluate(&self, outcomes: &[Option<Outcome>]) -> Vec<Eval> {
        let mut evals = vec![Eval { win: None, lower: 0 }; self.nodes.len()];
        for i in (0..self.nodes.len()).rev() {
            let node = &self.nodes[i];
            evals[i] = match &node.kind {
                NodeKind::Repetition => Eval { win: None, lower: NO_WIN },
                NodeKind::Frontier(s) => Eval::of(
                    outcomes.get(*s).and_then(Option::as_ref),
                    node.position.side_to_move() == self.attacker,
                ),
                NodeKind::Inner(children) if children.is_empty() => {
                    if node.position.side_to_move() == self.attacker {
                        Eval { win: None, lower: NO_WIN }
                    } else {
                        Eval { win: Some(0), lower: 0 }
                    }
                }
                NodeKind::Inner(children) => {
                    let below = children.iter().map(|&(_, c)| evals[c]);
                    if node.position.side_to_move() == self.attacker {
                        // Any child wins: the shortest win, and the smallest lower bound.
                        let win = below.clone().filter_map(|e| e.win).min().map(|p| p + 1);
                        let lower = below.map(|e| e.lower).min().map_or(NO_WIN, one_more);
                        Eval { win, lower }
                    } else {
                        // Every child must win: the longest, and the largest lower bound.
                        let wins: Option<Vec<u32>> = below.clone().map(|e| e.win).collect();
                        let win = wins.and_then(|w| w.into_iter().max()).map(|p| p + 1);
                        let lower = below.map(|e| e.lower).max().map_or(0, one_more);
                        Eval { win, lower }
                    }
                }
            };
        }
        evals
    }

    /// The unsettled subproblems below `node`, each with its departures: over the attacker's
    /// nodes on its path from the root, the sum of its move's rank there in [`Split::ranked`]
    /// (0 for the first choice), as limited discrepancy search counts them.
    fn collect_open(&self, node: usize, departures: usize, walk: &mut OpenWalk<'_>) {
        if walk.evals[node].settled() {
            return;
        }
        match &self.nodes[node].kind {
            NodeKind::Frontier(s) => {
                let settled = walk.outcomes.get(*s).and_then(Option::as_ref).is_some_and(Outcome::is_settled);
                if !walk.seen[*s] && !settled {
                    walk.seen[*s] = true;
                    walk.found.push((departures, *s));
                }
            }
            NodeKind::Inner(children) if self.nodes[node].position.side_to_move() == self.attacker => {
                for (rank, (_, child)) in self.ranked(children, &walk.winners).into_iter().enumerate() {
                    self.collect_open(child, departures + rank, walk);
                }
            }
            NodeKind::Inner(children) => {
                for &(_, child) in children {
                    self.collect_open(child, departures, walk);
                }
            }
            NodeKind::Repetition => {}
        }
    }

    /// The attacker's moves that win somewhere in the tree, each with the number of its nodes
    /// where it does: a move that refuted one defence often refutes its neighbours (the killer
    /// heuristic of game-tree search).
    fn winning_moves(&self, evals: &[Eval]) -> HashMap<Move, usize> {
        let mut winners = HashMap::new();
        for node in &self.nodes {
            if let NodeKind::Inner(children) = &node.kind {
                if node.position.side_to_move() == self.attacker {
                    for &(m, _) in children.iter().filter(|&&(_, c)| evals[c].win.is_some()) {
                        *winners.entry(m).or_insert(0) += 1;
                    }
                }
            }
        }
        winners
    }

    /// An attacker's children in the order to try them: the moves that win elsewhere, most
    /// wins first, then the split's order (checks, captures, the rest).
    fn ranked(&self, children: &[(Move, usize)], winners: &HashMap<Move, usize>) -> Vec<(Move, usize)> {
        let mut ranked = children.to_vec();
        ranked.sort_by_key(|(m, _)| std::cmp::Reverse(winners.get(m).copied().unwrap_or(0)));
        ranked
    }
}

/// The state of [`Split::collect_open`]'s walk: what it reads, and the subproblems it found.
struct OpenWalk<'a> {
    evals: &'a [Eval],
    outcomes: &'a [Option<Outcome>],
    /// [`Split::winning_moves`].
    winners: HashMap<Move, usize>,
    /// The subproblems found so far, each with its departures.
    found: Vec<(usize, usize)>,
    seen: Vec<bool>,
}

/// `lower + 1`, where no win stays no win.
fn one_more(lower: u32) -> u32 {
    if lower == NO_WIN {
        NO_WIN
    } else {
        lower + 1
    }
}
