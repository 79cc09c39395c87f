//! The combination of the children's numbers in φ/δ form: at every node φ is the number the
//! side to move minimises (the proof number at an attacker node, the disproof number at a
//! defender node) and δ the other one, so φ(n) = min δ(child) and δ(n) = Σ φ(child).

use crate::dfpn::node::{disproof, proof, NodeResult, Numbers, UNLIMITED};
use crate::dfpn::pn::{add, Pn, INFINITE};

/// A child's (φ, δ) seen from its own side to move, the opposite of its parent's.
#[inline]
pub fn child_phi_delta(r: &NodeResult, parent_is_or: bool) -> (Pn, Pn) {
    if parent_is_or {
        (r.numbers.dn, r.numbers.pn)
    } else {
        (r.numbers.pn, r.numbers.dn)
    }
}

/// The parent's (φ, δ): the least δ of the children and the sum of their φ.
pub fn phi_delta(results: &[NodeResult], or_node: bool) -> (Pn, Pn) {
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
pub fn best_two(results: &[NodeResult], or_node: bool) -> (usize, Pn) {
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

/// `plies + 1`, where an unlimited disproof stays unlimited.
fn one_more(plies: u16) -> u16 {
    if plies == UNLIMITED {
        UNLIMITED
    } else {
        plies.saturating_add(1).min(UNLIMITED - 1)
    }
}

/// The node's result from its children's: the length of a proof (the shortest proved child at
/// an attacker node, the longest child at a defender node, so lengths strictly fall along every
/// line of a proof and a proof never leans on a cycle), the bound of a disproof, and the
/// shallowest repetition of the path the disproof leans on.
pub fn combine(results: &[NodeResult], or_node: bool, remaining: u16, phi: Pn, delta: Pn) -> NodeResult {
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
