//! After the first proof: the shortest mate (search again with the bound two plies below the
//! mate found, until that fails), then a line in which the attacker keeps to the shortest mate
//! and the defender picks, at each move, a reply that resists longest (KomoringHeights'
//! `MinLength`).

use crate::dfpn::repetition::child_path_key;
use crate::moves::{attacker_moves, defender_moves};
use crate::policy::MateSearch;
use minishogi::{Move, MoveList, Position};

/// The shortest mate length the budget can establish, starting from a proof of `found` plies,
/// and whether it is proved shortest (no mate two plies shorter).
pub fn shortest(search: &mut MateSearch, root: &mut Position, path_key: u64, found: u16) -> (u16, bool) {
    let mut plies = found;
    while plies >= 3 {
        let shorter = search.prove(root, 0, plies - 2, path_key);
        if shorter.is_proof() {
            plies = shorter.numbers.plies.min(plies - 2);
        } else {
            return (plies, shorter.is_disproof());
        }
    }
    (plies, true)
}

/// A mating line of at most `plies` plies from `root` (whose mate within `plies` is proved),
/// or `None` if the budget runs out before it is written.
pub fn line(search: &mut MateSearch, root: &Position, path_key: u64, plies: u16) -> Option<Vec<Move>> {
    let mut pos = root.clone();
    let mut key = path_key;
    let mut remaining = plies;
    let mut line = Vec::new();
    let mut entered = Vec::new();
    let found = loop {
        let attacker_to_move = pos.side_to_move() == search.attacker();
        if !attacker_to_move && !pos.has_legal_move() {
            break true;
        }
        if remaining == 0 {
            break false;
        }
        let ply = line.len() as u16;
        search.enter(pos.hash(), ply);
        entered.push((pos.hash(), ply));
        let next = if attacker_to_move {
            mating_move(search, &mut pos, ply, key, remaining)
        } else {
            longest_reply(search, &mut pos, ply, key, remaining)
        };
        let Some(m) = next else { break false };
        pos.play(m);
        key = child_path_key(key, pos.hash());
        remaining -= 1;
        line.push(m);
    };
    for (hash, ply) in entered {
        search.leave(hash, ply);
    }
    found.then_some(line)
}

/// An attacker move that mates within `remaining - 1` more plies: the shortest the table knows,
/// else the first a search proves.
fn mating_move(
    search: &mut MateSearch,
    pos: &mut Position,
    ply: u16,
    key: u64,
    remaining: u16,
) -> Option<Move> {
    let mut moves = MoveList::new();
    attacker_moves(pos, search.policy().mode, &mut moves);
    let mut best: Option<(u16, Move)> = None;
    for &m in &moves {
        let child = pos.after(m);
        let known = search.known(&child, remaining - 1, child_path_key(key, child.hash()));
        if let Some(r) = known.filter(|r| r.is_proof()) {
            if best.is_none_or(|(p, _)| r.numbers.plies < p) {
                best = Some((r.numbers.plies, m));
            }
        }
    }
    if let Some((_, m)) = best {
        return Some(m);
    }
    for &m in &moves {
        let mut child = pos.after(m);
        let child_key = child_path_key(key, child.hash());
        if search.prove(&mut child, ply + 1, remaining - 1, child_key).is_proof() {
            return Some(m);
        }
        if search.is_exhausted() {
            return None;
        }
    }
    None
}

/// A defender reply after which no mate is two plies shorter than the bound allows: the reply
/// that resists longest. When none can be shown to (the bound was not proved the shortest, or
/// the budget ran out), the reply with the longest mate known.
fn longest_reply(
    search: &mut MateSearch,
    pos: &mut Position,
    ply: u16,
    key: u64,
    remaining: u16,
) -> Option<Move> {
    let mut moves = MoveList::new();
    defender_moves(pos, &mut moves);
    if remaining < 3 {
        return moves.first().copied();
    }
    let mut fallback: Option<(u16, Move)> = None;
    for &m in &moves {
        let mut child = pos.after(m);
        let child_key = child_path_key(key, child.hash());
        let shorter = search.prove(&mut child, ply + 1, remaining - 3, child_key);
        if shorter.is_disproof() {
            return Some(m);
        }
        // Unknown counts as long: it may well resist to the bound.
        let plies = if shorter.is_proof() { shorter.numbers.plies } else { remaining - 1 };
        if fallback.is_none_or(|(p, _)| plies > p) {
            fallback = Some((plies, m));
        }
    }
    fallback.map(|(_, m)| m)
}
