//! The second player's winning region, by attractors grown in parallel rounds with move counters.
//!
//! An attractor of player P to a seed set grows round by round: in round `j` a node joins if its
//! player is P and some move leads to a node that joined in round `j − 1`, or its player is the
//! opponent and its last move (inside the subgame) not yet leading into the attractor does. A
//! node's round is its rank: the number of plies within which P forces the play into the seeds
//! (P taking the shortest way, the opponent the longest). A round offers every parent (found by
//! un-moves) of the nodes that joined in the round before: P's nodes join at once, the opponent's
//! count down their moves, as the mate-only analysis does. The set joining in a round does not
//! depend on which thread offers first, so neither do the ranks.

use std::sync::atomic::{AtomicU16, AtomicU32, Ordering};

use rayon::prelude::*;

use super::graph::{first_player_moves, DrawGraph, Node};
use super::node_bits::NodeBits;
use crate::draw_value::MAX_PROGRESS;
use minishogi_retro::Progress;
use minishogi_retro::RetroRules;

/// Rank of a node outside the second player's attractor.
pub(crate) const OUTSIDE: u16 = u16::MAX;

/// Draws per parallel task when scanning.
const CHUNK: usize = 1 << 12;

/// The first player (F) or the second (S).
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum Player {
    /// The game's first player.
    First,
    /// The second player.
    Second,
}

/// Why the region could not be computed.
#[derive(Debug)]
pub(crate) enum RegionError {
    /// A position has more moves than the counters hold (draw number).
    TooManyMoves(u32),
    /// A rank of the second player's attractor exceeds what an entry stores.
    RankTooLarge(u32),
}

/// The second player's winning region: the nodes from which S can make non-checking moves
/// infinitely often (a Büchi condition: the play visits "F to move, not in check" for ever).
///
/// Returns the rank of every node in the region's attractor to those visits (the progress
/// measure of [`crate::DrawValue`]; [`OUTSIDE`] for the nodes outside the region) and, for the
/// nodes outside it, `true`.
///
/// The classic removal algorithm, from the small side: in the subgame V (all nodes at first), the
/// nodes where F can avoid the visits for ever (S checking with every move) are found directly,
/// F's attractor to them is removed from V, and this repeats until there are none; V is then the
/// region. Where F avoids the visits, S's every move gives check, so those nodes are found among
/// the S nodes whose every move in V gives check (counted down as V shrinks) and the F nodes in
/// check above them.
pub(crate) fn second_player_region<R: RetroRules>(
    graph: &DrawGraph<'_, R>,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> Result<(Vec<u16>, NodeBits), RegionError> {
    let counters = Counters::new(graph)?;
    let draws = graph.draws() as u32;
    let removed = NodeBits::new(draws as usize);
    let inside = |n: Node| !removed.contains(n);
    let mut forced: Vec<u32> = (0..draws)
        .into_par_iter()
        .with_min_len(CHUNK)
        .filter(|&i| counters.quiet[i as usize].load(Ordering::Relaxed) == 0)
        .collect();
    loop {
        let avoiding = avoiding_nodes(graph, &forced, &inside);
        if avoiding.is_empty() {
            break;
        }
        for &n in &avoiding {
            removed.insert(n);
        }
        // F's attractor to them leaves V. S's counters count its moves still in V, and its
        // non-checking ones: an S node whose last non-checking move in V goes is forced.
        let newly_forced = std::sync::Mutex::new(Vec::new());
        let offer = |q: Node, child: u32, weight: u8, _round: u32| -> bool {
            if removed.contains(q) {
                return false;
            }
            if first_player_moves(q) {
                return removed.insert_new(q);
            }
            let p = (q / 2) as usize;
            if !graph.in_check(child)
                && counters.quiet[p].fetch_sub(weight.into(), Ordering::Relaxed) == u16::from(weight)
            {
                newly_forced.lock().unwrap_or_else(|e| e.into_inner()).push(p as u32);
            }
            counters.left[p].fetch_sub(weight.into(), Ordering::Relaxed) == u16::from(weight)
                && removed.insert_new(q)
        };
        let seeds = NodeBits::new(draws as usize);
        for &n in &avoiding {
            seeds.insert(n);
        }
        grow(graph, seeds, &offer, progress);
        forced.extend(newly_forced.into_inner().unwrap_or_else(|e| e.into_inner()));
        forced.retain(|&i| inside(2 * i + 1));
        forced.par_sort_unstable();
        forced.dedup();
    }
    drop((counters, forced));
    // S's attractor to the visits in V ranks every node of the region. An F node in V has all its
    // moves in V (V is what F cannot leave), so its counter starts at its number of moves.
    let moves = move_counts(graph)?;
    let rank: Vec<AtomicU16> = (0..2 * draws).map(|_| AtomicU16::new(OUTSIDE)).collect();
    let visits = NodeBits::new(draws as usize);
    (0..draws).into_par_iter().with_min_len(CHUNK).for_each(|i| {
        if inside(2 * i) && !graph.in_check(i) {
            rank[2 * i as usize].store(0, Ordering::Relaxed);
            visits.insert(2 * i);
        }
    });
    let offer = |q: Node, _child: u32, weight: u8, round: u32| -> bool {
        let r = &rank[q as usize];
        if !inside(q) || r.load(Ordering::Relaxed) != OUTSIDE {
            return false;
        }
        let round = round.min(u32::from(OUTSIDE) - 1) as u16;
        if first_player_moves(q) {
            let last =
                moves[(q / 2) as usize].fetch_sub(weight.into(), Ordering::Relaxed) == u16::from(weight);
            if last {
                r.store(round, Ordering::Relaxed);
            }
            last
        } else {
            r.compare_exchange(OUTSIDE, round, Ordering::Relaxed, Ordering::Relaxed).is_ok()
        }
    };
    let rounds = grow(graph, visits, &offer, progress);
    if rounds > MAX_PROGRESS + 1 {
        return Err(RegionError::RankTooLarge(rounds));
    }
    drop(moves);
    let rank = rank.into_iter().map(AtomicU16::into_inner).collect();
    Ok((rank, removed))
}

/// Per draw, for the removal of F's attractors: the moves of its S node still in V, and those of
/// them that do not give check.
struct Counters {
    /// S node: moves into V not yet in F's attractor.
    left: Vec<AtomicU16>,
    /// S node: non-checking moves into V.
    quiet: Vec<AtomicU16>,
}

impl Counters {
    /// Counts the moves of every draw (one pass of forward moves).
    fn new<R: RetroRules>(graph: &DrawGraph<'_, R>) -> Result<Counters, RegionError> {
        let zeros = || (0..graph.draws()).map(|_| AtomicU16::new(0)).collect::<Vec<_>>();
        let (left, quiet) = (zeros(), zeros());
        count_moves(graph, &|i, all, q| {
            left[i as usize].store(all, Ordering::Relaxed);
            quiet[i as usize].store(q, Ordering::Relaxed);
        })?;
        Ok(Counters { left, quiet })
    }
}

/// Per draw, the number of its moves to draws (the counters of F's nodes in S's attractor).
fn move_counts<R: RetroRules>(graph: &DrawGraph<'_, R>) -> Result<Vec<AtomicU16>, RegionError> {
    let moves: Vec<AtomicU16> = (0..graph.draws()).map(|_| AtomicU16::new(0)).collect();
    count_moves(graph, &|i, all, _| moves[i as usize].store(all, Ordering::Relaxed))?;
    Ok(moves)
}

/// Calls `store(draw, moves to draws, non-checking ones)` for every draw (forward moves, in
/// parallel).
fn count_moves<R: RetroRules>(
    graph: &DrawGraph<'_, R>,
    store: &(dyn Fn(u32, u16, u16) + Sync),
) -> Result<(), RegionError> {
    let too_many = AtomicU32::new(u32::MAX);
    (0..graph.draws() as u32).into_par_iter().with_min_len(CHUNK).for_each_init(
        || Vec::with_capacity(256),
        |children, i| {
            graph.children(i, children);
            let Ok(all) = u16::try_from(children.len()) else {
                too_many.fetch_min(i, Ordering::Relaxed);
                return;
            };
            let quiet = children.iter().filter(|&&c| !graph.in_check(c)).count() as u16;
            store(i, all, quiet);
        },
    );
    match too_many.into_inner() {
        u32::MAX => Ok(()),
        i => Err(RegionError::TooManyMoves(i)),
    }
}

/// Grows an attractor in rounds from `frontier` (the nodes of round 0, already marked): round `j`
/// offers every parent of the nodes that joined in round `j − 1` to `offer(parent node, child
/// draw, weight, j)`, which says whether the parent joined. Returns the number of rounds.
///
/// The frontiers are bitmaps (a quarter of a byte per draw for two of them), where lists of the
/// joined nodes took up to 12 bytes per draw in a large round.
fn grow<R: RetroRules>(
    graph: &DrawGraph<'_, R>,
    frontier: NodeBits,
    offer: &(dyn Fn(Node, u32, u8, u32) -> bool + Sync),
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> u32 {
    let mut current = frontier;
    let mut next = NodeBits::new(graph.draws());
    let mut round = 0u32;
    while !current.is_empty() {
        round += 1;
        current.words().par_iter().enumerate().with_min_len(16).for_each(|(w, word)| {
            let word = word.load(Ordering::Relaxed);
            let mut draws = word;
            while draws != 0 {
                // One un-move generation per draw, for both of its nodes when both joined.
                let d = draws.trailing_zeros() / 2;
                let mask = (word >> (2 * d)) & 3;
                draws &= !(3 << (2 * d));
                let c = w as u32 * 32 + d;
                graph.parents(c, &mut |p, weight| {
                    for case in 0..2 {
                        // The parent of the child with `case` to move has the other player to move.
                        if mask >> case & 1 == 1 {
                            let q = 2 * p + 1 - case;
                            if offer(q, c, weight, round) {
                                next.insert(q);
                            }
                        }
                    }
                });
            }
        });
        std::mem::swap(&mut current, &mut next);
        next.clear();
        if let Some(report) = progress {
            report(Progress { phase: "repetition", done: u64::from(round), total: u64::from(round) });
        }
    }
    round
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
        .par_chunks(CHUNK / 16)
        .map(|chunk| {
            let mut list = Vec::new();
            for &i in chunk {
                list.push(2 * i + 1);
                graph.parents(i, &mut |p, _| {
                    if graph.in_check(p) && inside(2 * p) {
                        list.push(2 * p);
                    }
                });
            }
            list
        })
        .flatten_iter()
        .collect();
    members.par_sort_unstable();
    members.dedup();
    // Moves as member numbers (`LEAVES`: the move leaves the members, which an S node may not),
    // in one flat array with offsets.
    const LEAVES: u32 = u32::MAX;
    let lists: Vec<Vec<u32>> = members
        .par_chunks(CHUNK)
        .map_init(Vec::new, |children, chunk| {
            let mut flat = Vec::new();
            for &n in chunk {
                graph.children(n / 2, children);
                let targets = children.iter().map(|&c| 2 * c + 1 - n % 2).filter(|&m| inside(m));
                flat.extend(targets.map(|m| members.binary_search(&m).map_or(LEAVES, |w| w as u32)));
                flat.push(LEAVES - 1);
            }
            flat
        })
        .collect();
    let mut moves: Vec<u32> = Vec::with_capacity(lists.iter().map(Vec::len).sum());
    let mut off: Vec<u32> = Vec::with_capacity(members.len() + 1);
    off.push(0);
    for list in lists {
        for m in list {
            if m == LEAVES - 1 {
                off.push(moves.len() as u32);
            } else {
                moves.push(m);
            }
        }
    }
    let moves_of = |v: usize| &moves[off[v] as usize..off[v + 1] as usize];
    // The greatest fixed point by removal: an S node goes when one of its moves leaves the set,
    // an F node when its last move into the set does; each removal is passed to the parents.
    let mut parent_off = vec![0u32; members.len() + 1];
    for &w in moves.iter().filter(|&&w| w != LEAVES) {
        parent_off[w as usize + 1] += 1;
    }
    for v in 0..members.len() {
        parent_off[v + 1] += parent_off[v];
    }
    let mut fill = parent_off.clone();
    let mut parents = vec![0u32; parent_off[members.len()] as usize];
    for v in 0..members.len() {
        for &w in moves_of(v).iter().filter(|&&w| w != LEAVES) {
            parents[fill[w as usize] as usize] = v as u32;
            fill[w as usize] += 1;
        }
    }
    drop(fill);
    let mut keep = vec![true; members.len()];
    let mut left: Vec<u32> =
        (0..members.len()).map(|v| moves_of(v).iter().filter(|&&w| w != LEAVES).count() as u32).collect();
    let mut gone: Vec<usize> = (0..members.len())
        .filter(
            |&v| if first_player_moves(members[v]) { left[v] == 0 } else { moves_of(v).contains(&LEAVES) },
        )
        .collect();
    for &v in &gone {
        keep[v] = false;
    }
    while let Some(w) = gone.pop() {
        for &v in &parents[parent_off[w] as usize..parent_off[w + 1] as usize] {
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
