//! Depth-first proof-number search (df-pn, Nagai) with the 1+ε threshold trick, written in the
//! φ/δ form (see `combine.rs`).
//!
//! A search carries the remaining plies: a proof records the length of the win it proves, a
//! disproof the number of plies within which there is no win, so one table serves unbounded
//! searches, bounded ones, and the shorter and shorter bounds that show a proof shortest.
//! Repetitions of the path count as no win for the attacker and the disproofs that lean on them
//! are kept by path, never in the transposition table (see [`repetition`](super::repetition)):
//! the graph-history interaction can cost a proof, never make a wrong one.

use crate::dfpn::budget::Budget;
use crate::dfpn::combine::{best_two, child_phi_delta, combine, phi_delta};
use crate::dfpn::node::{disproof, NodeResult, Numbers, UNLIMITED};
use crate::dfpn::pn::{add, epsilon_threshold, Pn, INFINITE};
use crate::dfpn::policy::Policy;
use crate::dfpn::repetition::{child_path_key, Path, PathDisproof, RepetitionTable};
use crate::dfpn::tt::TranspositionTable;
use minishogi::{Color, Hand, Move, MoveList, Position};

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

/// One df-pn search for a win of one side, under a policy, over a transposition table, a
/// repetition table and a budget.
pub struct Search<'a, P: Policy> {
    policy: P,
    tt: &'a mut TranspositionTable<P>,
    repetitions: &'a mut RepetitionTable,
    budget: &'a mut Budget,
    attacker: Color,
    path: Path,
}

impl<'a, P: Policy> Search<'a, P> {
    /// A search in which `attacker` tries to win under `policy`.
    pub fn new(
        policy: P,
        tt: &'a mut TranspositionTable<P>,
        repetitions: &'a mut RepetitionTable,
        budget: &'a mut Budget,
        attacker: Color,
    ) -> Search<'a, P> {
        Search { policy, tt, repetitions, budget, attacker, path: Path::default() }
    }

    /// The policy searched under.
    pub fn policy(&self) -> &P {
        &self.policy
    }

    /// The side trying to win.
    pub fn attacker(&self) -> Color {
        self.attacker
    }

    /// The budget the search counts its nodes against.
    pub fn budget(&mut self) -> &mut Budget {
        self.budget
    }

    /// True once the budget of the current phase is spent.
    pub fn is_exhausted(&self) -> bool {
        self.budget.is_exhausted()
    }

    /// Puts a position (of a line being written out) on the path at `ply`, so that searches
    /// below it see repetitions of it.
    pub fn enter(&mut self, hash: u64, ply: u16) {
        self.path.push(hash, ply);
    }

    /// Takes a position put with [`Search::enter`] off the path.
    pub fn leave(&mut self, hash: u64, ply: u16) {
        self.path.pop(hash, ply);
    }

    /// Searches `pos`, `ply` plies from the root by the path `path_key`, with `remaining` plies,
    /// until it is proved or disproved or the budget runs out: then the last numbers the search
    /// had (or, with the budget spent before it starts, what the tables know, else 1 and 1).
    pub fn prove(&mut self, pos: &mut Position, ply: u16, remaining: u16, path_key: u64) -> NodeResult {
        if self.budget.is_exhausted() {
            // A spent budget counts no more nodes: what the tables know, else unsettled.
            let unsettled = NodeResult::of(Numbers { pn: 1, dn: 1, plies: remaining });
            return self.known(pos, remaining, path_key).unwrap_or(unsettled);
        }
        loop {
            let result = self.mid(pos, ply, remaining, path_key, INFINITE, INFINITE);
            if result.is_proof() || result.is_disproof() || self.budget.is_exhausted() {
                return result;
            }
        }
    }

    /// What is known of `pos` reached by `path_key` with `remaining` plies, without searching.
    pub fn known(&self, pos: &Position, remaining: u16, path_key: u64) -> Option<NodeResult> {
        let key = self.policy.key(pos, self.attacker);
        let hand = pos.hand(self.attacker);
        self.path_result(pos.hash(), path_key, remaining)
            .or_else(|| self.tt.lookup(key, hand, remaining).map(NodeResult::of))
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

    /// Stores a settled or unsettled result of the node at `ply` where it belongs and returns it.
    /// A disproof that leans only on repetitions at this ply or deeper holds on any path.
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
        self.tt.store(self.policy.key(pos, self.attacker), pos.hand(self.attacker), result.numbers, work);
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
        for &m in moves {
            let captured = if m.is_drop() { None } else { pos.piece_at(m.to()).map(|p| p.kind) };
            let undo = pos.play(m);
            let hash = pos.hash();
            let key = self.policy.key(pos, self.attacker);
            let hand = pos.hand(self.attacker);
            let attacker_to_move = pos.side_to_move() == self.attacker;
            let initial = self.policy.initial_numbers(pos, attacker_to_move, captured, child_remaining);
            if initial.pn == 0 {
                // A position already won (the defender has no reply) serves every path.
                self.tt.store(key, hand, initial, 1);
            }
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
        if let Some(settled) = self.policy.moves(pos, or_node, remaining, &mut moves) {
            return self.record(pos, ply, path_key, NodeResult::of(settled), 1);
        }
        let Some(child_remaining) = remaining.checked_sub(1) else {
            // The policy settles these; no plies left is no win in any case.
            return self.record(pos, ply, path_key, NodeResult::of(disproof(0)), 1);
        };
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
