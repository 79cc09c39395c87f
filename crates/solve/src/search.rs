//! Depth-first proof-number search (df-pn, Nagai) with the 1+ε threshold trick, in φ/δ form: at
//! every node φ is the number the side to move minimises (the proof number where the attacker is
//! to move, the disproof number where the defender is) and δ the other one, so
//! φ(n) = min δ(child) and δ(n) = Σ φ(child).
//!
//! A win is any position where the defender has no legal move. Each search carries the plies it
//! may still use: a proof records the plies of the win it proves (the shortest at an attacker
//! node, the longest reply at a defender node, so lengths strictly fall along every line of a
//! proof and a proof can never lean on a cycle), a disproof the plies within which there is no
//! win. Without a bound the solver searches with [`UNBOUNDED`] plies, deeper than any line it
//! could ever reach. Repetitions of the path count as no win for the attacker (a shortest win
//! never repeats a position) and the disproofs that lean on them are kept by path, never in the
//! transposition table (see `repetition.rs`): the graph-history interaction can cost a proof,
//! never make a wrong one.

use crate::budget::Budget;
use crate::heuristics::{attacker_node_pn, captured_value, defender_node_pn, order_attacker_moves};
use crate::key::board_key;
use crate::tt::{Numbers, TranspositionTable, UNLIMITED};
use minishogi::{Color, Hand, Move, MoveList, Position};
use minishogi_mate::pn::{add, epsilon_threshold, Pn, INFINITE};
use minishogi_mate::repetition::{child_path_key, Path, PathDisproof, RepetitionTable};

/// The plies an unbounded search may use: far more than any proof it could finish (the solver's
/// stack holds this many nested nodes).
pub const UNBOUNDED: u16 = 1000;

/// What the search concluded about a node, in attacker terms.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NodeResult {
    /// Proof number, disproof number and the plies of a proof or disproof.
    pub numbers: Numbers,
    /// For a disproof that leans on a repetition of the path, the shallowest ply of the
    /// repeated positions: valid on this path only until the search is back at that ply.
    pub repeats_from: Option<u16>,
}

impl NodeResult {
    fn of(numbers: Numbers) -> NodeResult {
        NodeResult { numbers, repeats_from: None }
    }

    fn on_path(disproof: PathDisproof) -> NodeResult {
        NodeResult { numbers: self::disproof(disproof.plies), repeats_from: Some(disproof.repeats_from) }
    }

    /// True when the attacker wins.
    pub fn is_proof(&self) -> bool {
        self.numbers.pn == 0
    }

    /// True when there is no win within `numbers.plies`.
    pub fn is_disproof(&self) -> bool {
        self.numbers.dn == 0
    }
}

/// A proof of a win in `plies`.
pub fn proof(plies: u16) -> Numbers {
    Numbers { pn: 0, dn: INFINITE, plies }
}

/// A disproof: no win within `plies`.
pub fn disproof(plies: u16) -> Numbers {
    Numbers { pn: INFINITE, dn: 0, plies }
}

/// `plies + 1`, where an unlimited disproof stays unlimited.
fn one_more(plies: u16) -> u16 {
    if plies == UNLIMITED {
        UNLIMITED
    } else {
        plies.saturating_add(1).min(UNLIMITED - 1)
    }
}

/// A move from an expanded node and what is needed to look its result up.
struct Child {
    m: Move,
    key: u64,
    hand: Hand,
    hash: u64,
    path_key: u64,
    /// Numbers before the child has an entry of its own.
    initial: Numbers,
}

/// One df-pn search for a win of `attacker` over a table, a repetition table and a budget.
pub struct Search<'a> {
    tt: &'a mut TranspositionTable,
    repetitions: &'a mut RepetitionTable,
    budget: &'a mut Budget,
    attacker: Color,
    path: Path,
}

impl<'a> Search<'a> {
    /// A search in which `attacker` tries to win.
    pub fn new(
        tt: &'a mut TranspositionTable,
        repetitions: &'a mut RepetitionTable,
        budget: &'a mut Budget,
        attacker: Color,
    ) -> Search<'a> {
        Search { tt, repetitions, budget, attacker, path: Path::default() }
    }

    /// Searches `pos` (the root, reached by `path_key`) with `remaining` plies until it is proved
    /// or disproved or the phase's budget runs out.
    pub fn prove(&mut self, pos: &mut Position, remaining: u16, path_key: u64) -> NodeResult {
        loop {
            if self.budget.is_exhausted() {
                let unsettled = NodeResult::of(Numbers { pn: 1, dn: 1, plies: remaining });
                return self.known(pos, remaining).unwrap_or(unsettled);
            }
            let result = self.mid(pos, 0, remaining, path_key, INFINITE, INFINITE);
            if result.is_proof() || result.is_disproof() {
                return result;
            }
        }
    }

    /// What the table knows of `pos` with `remaining` plies.
    pub fn known(&self, pos: &Position, remaining: u16) -> Option<NodeResult> {
        self.tt.lookup(board_key(pos, self.attacker), pos.hand(self.attacker), remaining).map(NodeResult::of)
    }

    /// A repetition of the path, or a disproof that holds on this path only.
    fn path_result(&self, hash: u64, path_key: u64, remaining: u16) -> Option<NodeResult> {
        if let Some(ply) = self.path.ply_of(hash) {
            return Some(NodeResult::on_path(PathDisproof { plies: UNLIMITED, repeats_from: ply }));
        }
        self.repetitions.get(path_key).filter(|d| d.plies >= remaining).map(NodeResult::on_path)
    }

    fn child_result(&self, c: &Child, remaining: u16) -> NodeResult {
        self.path_result(c.hash, c.path_key, remaining)
            .unwrap_or_else(|| NodeResult::of(self.tt.lookup(c.key, c.hand, remaining).unwrap_or(c.initial)))
    }

    /// Stores a result of the node at `ply` where it belongs and returns it. A disproof that
    /// leans only on repetitions at this ply or deeper holds on any path.
    fn record(
        &mut self,
        pos: &Position,
        ply: u16,
        path_key: u64,
        result: NodeResult,
        work: u64,
    ) -> NodeResult {
        if let Some(repeats_from) = result.repeats_from.filter(|&r| r < ply) {
            self.repetitions.insert(path_key, PathDisproof { plies: result.numbers.plies, repeats_from });
            return result;
        }
        let work = u32::try_from(work).unwrap_or(u32::MAX);
        self.tt.store(board_key(pos, self.attacker), pos.hand(self.attacker), result.numbers, work);
        NodeResult::of(result.numbers)
    }

    fn expand(
        &mut self,
        pos: &mut Position,
        moves: &MoveList,
        path_key: u64,
        child_remaining: u16,
    ) -> Vec<Child> {
        let mut children = Vec::with_capacity(moves.len());
        let or_node = pos.side_to_move() == self.attacker;
        for &m in moves {
            let captured = captured_value(pos, m);
            let undo = pos.play(m);
            let hash = pos.hash();
            let key = board_key(pos, self.attacker);
            let hand = pos.hand(self.attacker);
            let initial = if or_node {
                match pos.legal_move_count() {
                    0 => {
                        self.tt.store(key, hand, proof(0), 1);
                        proof(0)
                    }
                    // No plies left and the defender has a move: no win within them, known
                    // without a visit (the bounded searches' last layer is most of their nodes).
                    _ if child_remaining == 0 => disproof(0),
                    n => Numbers {
                        pn: defender_node_pn(n, pos.in_check(), captured),
                        dn: 1,
                        plies: child_remaining,
                    },
                }
            } else if child_remaining == 0 {
                // The attacker to move with no plies left has not won.
                disproof(0)
            } else {
                Numbers { pn: attacker_node_pn(captured), dn: 1, plies: child_remaining }
            };
            pos.undo(m, undo);
            children.push(Child { m, key, hand, hash, path_key: child_path_key(path_key, hash), initial });
        }
        children
    }

    /// The multiple-iterative-deepening step of df-pn: searches below `pos` until its φ reaches
    /// `th_phi` or its δ reaches `th_delta`.
    fn mid(
        &mut self,
        pos: &mut Position,
        ply: u16,
        remaining: u16,
        path_key: u64,
        th_phi: Pn,
        th_delta: Pn,
    ) -> NodeResult {
        let start_nodes = self.budget.nodes();
        self.budget.count_node();
        let or_node = pos.side_to_move() == self.attacker;
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            // The side to move has no legal move and has lost.
            let result = if or_node { disproof(UNLIMITED) } else { proof(0) };
            return self.record(pos, ply, path_key, NodeResult::of(result), 1);
        }
        if remaining == 0 {
            return self.record(pos, ply, path_key, NodeResult::of(disproof(0)), 1);
        }
        if or_node {
            order_attacker_moves(pos, &mut moves);
        }
        let child_remaining = remaining - 1;
        let children = self.expand(pos, &moves, path_key, child_remaining);
        let own_hash = pos.hash();
        self.path.push(own_hash, ply);
        let mut results: Vec<NodeResult> = Vec::with_capacity(children.len());
        let outcome = loop {
            results.clear();
            results.extend(children.iter().map(|c| self.child_result(c, child_remaining)));
            let (phi, delta) = phi_delta(&results, or_node);
            if phi >= th_phi || delta >= th_delta || phi == 0 || delta == 0 || self.budget.is_exhausted() {
                break combine(&results, or_node, remaining, phi, delta);
            }
            let (best, second) = best_two(&results, or_node);
            let (best_phi, _) = child_phi_delta(&results[best], or_node);
            let child_th_phi = add(th_delta - delta, best_phi).min(INFINITE);
            let child_th_delta = epsilon_threshold(second, th_phi);
            let c = &children[best];
            let undo = pos.play(c.m);
            self.mid(pos, ply + 1, child_remaining, c.path_key, child_th_phi, child_th_delta);
            pos.undo(c.m, undo);
        };
        self.path.pop(own_hash, ply);
        let work = self.budget.nodes() - start_nodes;
        self.record(pos, ply, path_key, outcome, work)
    }
}

/// A child's (φ, δ) seen from its own side to move, the opposite of its parent's.
#[inline]
fn child_phi_delta(r: &NodeResult, parent_is_or: bool) -> (Pn, Pn) {
    if parent_is_or {
        (r.numbers.dn, r.numbers.pn)
    } else {
        (r.numbers.pn, r.numbers.dn)
    }
}

/// The parent's (φ, δ): the least δ of the children and the sum of their φ.
fn phi_delta(results: &[NodeResult], or_node: bool) -> (Pn, Pn) {
    let mut phi = INFINITE;
    let mut delta = 0;
    for r in results {
        let (c_phi, c_delta) = child_phi_delta(r, or_node);
        phi = phi.min(c_delta);
        delta = add(delta, c_phi);
    }
    (phi, delta)
}

/// The child with the least δ and the second least δ.
fn best_two(results: &[NodeResult], or_node: bool) -> (usize, Pn) {
    let (mut best, mut best_delta, mut second) = (0, INFINITE, INFINITE);
    for (i, r) in results.iter().enumerate() {
        let (_, d) = child_phi_delta(r, or_node);
        if d < best_delta {
            second = best_delta;
            best = i;
            best_delta = d;
        } else if d < second {
            second = d;
        }
    }
    (best, second)
}

/// The node's result from its children's: the plies of a proof (the shortest proved child at
/// an attacker node, the longest child at a defender node), the bound of a disproof, and the
/// shallowest repetition of the path the disproof leans on.
fn combine(results: &[NodeResult], or_node: bool, remaining: u16, phi: Pn, delta: Pn) -> NodeResult {
    let (pn, dn) = if or_node { (phi, delta) } else { (delta, phi) };
    if pn == 0 {
        let lengths = results.iter().filter(|r| r.is_proof()).map(|r| r.numbers.plies);
        let plies = if or_node { lengths.min() } else { lengths.max() }.unwrap_or(0);
        return NodeResult::of(proof(plies.saturating_add(1)));
    }
    if dn == 0 {
        if or_node {
            // Every move fails: the weakest refutation bounds the node's.
            let plies = results.iter().map(|r| r.numbers.plies).min().unwrap_or(UNLIMITED);
            let repeats_from = results.iter().filter_map(|r| r.repeats_from).min();
            return NodeResult { numbers: disproof(one_more(plies)), repeats_from };
        }
        // One reply suffices: prefer one that holds on any path (or leans on the deepest
        // repetition), then the deepest disproof.
        let best = results
            .iter()
            .filter(|r| r.is_disproof())
            .max_by_key(|r| (r.repeats_from.unwrap_or(u16::MAX), r.numbers.plies))
            .copied()
            .unwrap_or(NodeResult::of(disproof(0)));
        return NodeResult {
            numbers: disproof(one_more(best.numbers.plies)),
            repeats_from: best.repeats_from,
        };
    }
    NodeResult::of(Numbers { pn, dn, plies: remaining })
}
