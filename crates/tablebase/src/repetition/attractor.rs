//! Attractors over the draw graph in parallel rounds, and the second player's winning region.
//!
//! An attractor of player P to a seed set grows round by round: in round `j` a node joins if its
//! player is P and some move leads to a node that joined before round `j`, or its player is the
//! opponent and every move (inside the subgame) does. A node's round is its rank: the number of
//! plies within which P forces the play into the seeds (P taking the shortest way, the opponent
//! the longest). Each round examines only the parents of the nodes that joined in the round
//! before, found by un-moves, and decides from the ranks of earlier rounds alone, so the ranks do
//! not depend on the thread count or on scheduling.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

use rayon::prelude::*;

use super::draws::BitIter;
use super::graph::{first_player_moves, DrawGraph, Node};
use crate::progress::Progress;
use crate::retro_rules::RetroRules;

/// Rank of a node outside the attractor.
pub(crate) const OUTSIDE: u32 = u32::MAX;

/// Draws per parallel task when scanning.
const CHUNK: usize = 1 << 12;

/// The first player (F) or the second (S).
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum Player {
    First,
    Second,
}

impl Player {
    fn moves_at(self, node: Node) -> bool {
        first_player_moves(node) == (self == Player::First)
    }
}

/// The attractor of `player` to the nodes where `seed` holds, inside the subgame of the nodes
/// where `inside` holds: the rank of every node (rank 0 for seeds, [`OUTSIDE`] if not attracted).
pub(crate) fn attractor<R: RetroRules>(
    graph: &DrawGraph<'_, R>,
    player: Player,
    inside: &(dyn Fn(Node) -> bool + Sync),
    seed: &(dyn Fn(Node) -> bool + Sync),
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> Vec<AtomicU32> {
    let draws = graph.draws();
    let rank: Vec<AtomicU32> = (0..2 * draws).map(|_| AtomicU32::new(OUTSIDE)).collect();
    let mut frontier: Vec<u32> = (0..draws as u32)
        .into_par_iter()
        .with_min_len(CHUNK)
        .filter(|&i| {
            let mut joined = false;
            for node in [2 * i, 2 * i + 1] {
                if inside(node) && seed(node) {
                    rank[node as usize].store(0, Ordering::Relaxed);
                    joined = true;
                }
            }
            joined
        })
        .collect();
    let candidates: Vec<AtomicU64> = (0..draws.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
    let mut round = 0u32;
    while !frontier.is_empty() {
        round += 1;
        if frontier.len() * 4 > draws {
            // Most draws have a parent in a large frontier: examining every draw with a node
            // still out is cheaper than listing the parents.
            candidates.par_iter().enumerate().for_each(|(w, word)| {
                let bits =
                    if w + 1 < candidates.len() || draws % 64 == 0 { !0 } else { (1u64 << (draws % 64)) - 1 };
                word.store(bits, Ordering::Relaxed);
            });
        } else {
            candidates.par_iter().for_each(|w| w.store(0, Ordering::Relaxed));
            frontier.par_iter().with_min_len(CHUNK / 16).for_each(|&i| {
                graph.parents(i, &mut |p| {
                    let word = &candidates[(p / 64) as usize];
                    let bit = 1u64 << (p % 64);
                    if word.load(Ordering::Relaxed) & bit == 0 {
                        word.fetch_or(bit, Ordering::Relaxed);
                    }
                });
            });
        }
        frontier = candidates
            .par_iter()
            .enumerate()
            .with_min_len(CHUNK / 64)
            .map_init(
                || Vec::with_capacity(256),
                |children, (w, word)| {
                    let mut joined = Vec::new();
                    for k in BitIter(word.load(Ordering::Relaxed)) {
                        let i = (w * 64) as u32 + k;
                        if examine(graph, player, inside, &rank, i, round, children) {
                            joined.push(i);
                        }
                    }
                    joined
                },
            )
            .flatten_iter()
            .collect();
        if let Some(report) = progress {
            report(Progress { phase: "repetition", done: u64::from(round), total: u64::from(round) });
        }
    }
    rank
}

/// Decides whether the nodes of draw `i` join the attractor in `round`; true if one did.
fn examine<R: RetroRules>(
    graph: &DrawGraph<'_, R>,
    player: Player,
    inside: &(dyn Fn(Node) -> bool + Sync),
    rank: &[AtomicU32],
    i: u32,
    round: u32,
    children: &mut Vec<u32>,
) -> bool {
    let open = |node: Node| inside(node) && rank[node as usize].load(Ordering::Relaxed) == OUTSIDE;
    if !open(2 * i) && !open(2 * i + 1) {
        return false;
    }
    graph.children(i, children);
    let mut joined = false;
    for node in [2 * i, 2 * i + 1] {
        if !open(node) {
            continue;
        }
        // A child of a node has the other player to move.
        let child_node = |c: u32| 2 * c + 1 - node % 2;
        let earlier = |c: &u32| {
            let m = child_node(*c);
            inside(m) && rank[m as usize].load(Ordering::Relaxed) < round
        };
        let joins = if player.moves_at(node) {
            children.iter().any(earlier)
        } else {
            children.iter().filter(|&&c| inside(child_node(c))).all(earlier)
        };
        if joins {
            rank[node as usize].store(round, Ordering::Relaxed);
            joined = true;
        }
    }
    joined
}

/// The second player's winning region: the nodes from which S can make non-checking moves
/// infinitely often (a Büchi condition: the play visits "F to move, not in check" for ever).
///
/// Returns the rank of every node in the region's attractor to those visits (the progress
/// measure of [`crate::DrawValue`]) and, for the nodes outside it, `true`.
///
/// The classic removal algorithm, from the small side: in the subgame V (all nodes at first), the
/// nodes where F can avoid the visits for ever (S checking with every move) are found directly,
/// F's attractor to them is removed from V, and this repeats until there are none; V is then the
/// region. Where F avoids the visits, S's every move gives check, so those nodes are found among
/// the few S nodes whose every move in V gives check and the F nodes in check above them.
pub(crate) fn second_player_region<R: RetroRules>(
    graph: &DrawGraph<'_, R>,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> (Vec<u32>, Vec<bool>) {
    let draws = graph.draws() as u32;
    let removed: Vec<AtomicBool> = (0..2 * draws).map(|_| AtomicBool::new(false)).collect();
    let inside = |n: Node| !removed[n as usize].load(Ordering::Relaxed);
    // Draws whose S node is in V with every move in V giving check.
    let checks_only = |i: u32, children: &mut Vec<u32>| {
        if !inside(2 * i + 1) {
            return false;
        }
        graph.children(i, children);
        children.iter().filter(|&&c| inside(2 * c)).all(|&c| graph.in_check(c))
    };
    let mut forced: Vec<u32> = (0..draws)
        .into_par_iter()
        .with_min_len(CHUNK)
        .map_init(|| Vec::with_capacity(256), |children, i| checks_only(i, children).then_some(i))
        .flatten_iter()
        .collect();
    loop {
        let avoiding = avoiding_nodes(graph, &forced, &inside);
        if avoiding.is_empty() {
            break;
        }
        let seed = |n: Node| avoiding.binary_search(&n).is_ok();
        let lost = attractor(graph, Player::First, &inside, &seed, progress);
        let newly: Vec<u32> = (0..draws)
            .into_par_iter()
            .filter(|&i| {
                let mut any = false;
                for n in [2 * i, 2 * i + 1] {
                    if lost[n as usize].load(Ordering::Relaxed) != OUTSIDE {
                        removed[n as usize].store(true, Ordering::Relaxed);
                        any = true;
                    }
                }
                any
            })
            .collect();
        // S nodes above the removed ones may now have only checking moves left in V.
        let mut dirty: Vec<u32> = newly
            .par_iter()
            .map_init(Vec::new, |parents, &i| {
                parents.clear();
                graph.parents(i, &mut |p| parents.push(p));
                parents.clone()
            })
            .flatten_iter()
            .chain(forced.par_iter().copied())
            .collect();
        dirty.par_sort_unstable();
        dirty.dedup();
        forced = dirty
            .into_par_iter()
            .map_init(|| Vec::with_capacity(256), |children, i| checks_only(i, children).then_some(i))
            .flatten_iter()
            .collect();
    }
    let visits = |n: Node| first_player_moves(n) && !graph.in_check(n / 2);
    let rank = attractor(graph, Player::Second, &inside, &visits, progress);
    let rank = rank.into_iter().map(AtomicU32::into_inner).collect();
    let removed = removed.into_iter().map(AtomicBool::into_inner).collect();
    (rank, removed)
}

/// The nodes of V from which F avoids "F to move, not in check" for ever, given the draws whose S
/// node has only checking moves in V (`forced`): the greatest set of such S nodes and of F nodes
/// in check with a move into it, each S node's every move in V leading into it. Increasing.
fn avoiding_nodes<R: RetroRules>(
    graph: &DrawGraph<'_, R>,
    forced: &[u32],
    inside: &(dyn Fn(Node) -> bool + Sync),
) -> Vec<Node> {
    let mut members: Vec<Node> = forced
        .par_iter()
        .map_init(Vec::new, |list, &i| {
            list.clear();
            list.push(2 * i + 1);
            graph.parents(i, &mut |p| {
                if graph.in_check(p) && inside(2 * p) {
                    list.push(2 * p);
                }
            });
            list.clone()
        })
        .flatten_iter()
        .collect();
    members.par_sort_unstable();
    members.dedup();
    // Moves as member numbers (`None`: the move leaves the members, which an S node may not).
    let moves: Vec<Vec<Option<u32>>> = members
        .par_iter()
        .map_init(Vec::new, |children, &n| {
            graph.children(n / 2, children);
            let targets = children.iter().map(|&c| 2 * c + 1 - n % 2).filter(|&m| inside(m));
            targets.map(|m| members.binary_search(&m).ok().map(|w| w as u32)).collect()
        })
        .collect();
    // The greatest fixed point by removal: an S node goes when one of its moves leaves the set,
    // an F node when its last move into the set does; each removal is passed to the parents.
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); members.len()];
    for (v, list) in moves.iter().enumerate() {
        for w in list.iter().flatten() {
            parents[*w as usize].push(v as u32);
        }
    }
    let mut keep = vec![true; members.len()];
    let mut left: Vec<u32> = moves.iter().map(|l| l.iter().flatten().count() as u32).collect();
    let mut gone: Vec<usize> = (0..members.len())
        .filter(|&v| {
            let first = first_player_moves(members[v]);
            if first {
                left[v] == 0
            } else {
                moves[v].iter().any(Option::is_none)
            }
        })
        .collect();
    for &v in &gone {
        keep[v] = false;
    }
    while let Some(w) = gone.pop() {
        for &v in &parents[w] {
            let v = v as usize;
            if !keep[v] {
                continue;
            }
            left[v] -= 1;
            if !first_player_moves(members[v]) || left[v] == 0 {
                keep[v] = false;
                gone.push(v);
            }
        }
    }
    members.into_iter().zip(keep).filter_map(|(n, k)| k.then_some(n)).collect()
}
