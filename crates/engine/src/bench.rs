//! The benchmark: a fixed set of positions searched to a fixed depth with one thread and a fresh
//! table. The total node count is a signature of the search; nodes per second measure speed.

use crate::{Limits, Searcher, Weights};
use minishogi::{Game, Position, RuleSet};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The benchmark positions: the start, openings, middlegames with pieces in hand, endgames.
pub const BENCH_POSITIONS: [&str; 12] = [
    "rbsgk/4p/5/P4/KGSBR b - 1",
    "rbsgk/4p/P4/5/KGSBR w - 2",
    "rbsg1/4k/4p/P4/KGSBR b - 3",
    "rb1gk/3sp/5/PS3/KG1BR w - 4",
    "r1sgk/4p/5/P4/KGSBR w - 1",
    "4k/4p/5/P4/KGSBR w - 1",
    "rbs1k/3gp/1P3/2S2/KG1BR b - 7",
    "1bsgk/r3p/5/P1B2/KGS1R w - 8",
    "r3k/2g1p/1s3/P1B2/KG2R b BS 15",
    "4k/2g2/2P2/5/K2R1 b BGSSbrp 31",
    "1r2k/2g1s/p4/5/K1S1G b BPrb 41",
    "2k1s/4g/5/G4/K1S2 b RBPrbp 61",
];

/// The result of a benchmark run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// The depth searched.
    pub depth: u32,
    /// Total nodes searched (the signature).
    pub nodes: u64,
    /// Total search time.
    pub time: Duration,
}

impl BenchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as u128 * 1_000_000 / self.time.as_micros().max(1)) as u64
    }
}

/// The report `minishogi bench` prints: positions, depth, time, nodes and nodes per second,
/// one per line.
impl std::fmt::Display for BenchResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "positions {}\ndepth {}\ntime {} ms\nnodes {}\nnps {}",
            BENCH_POSITIONS.len(),
            self.depth,
            self.time.as_millis(),
            self.nodes,
            self.nps()
        )
    }
}

/// Searches every benchmark position to `depth` with `weights` (the CLI uses
/// [`Weights::initial`] so the node count is a signature of the search alone), one thread and 16 MB of table
/// cleared before each position; `each` hears about each position's nodes.
pub fn bench(weights: &Weights, depth: u32, each: impl FnMut(&str, u64)) -> BenchResult {
    bench_with(Searcher::new(weights.clone(), 16), depth, each)
}

/// [`bench()`] with a searcher set up by the caller (e.g. with a network as its evaluation).
pub fn bench_with(mut searcher: Searcher, depth: u32, mut each: impl FnMut(&str, u64)) -> BenchResult {
    let stop = AtomicBool::new(false);
    let mut total = BenchResult { depth, nodes: 0, time: Duration::ZERO };
    for sfen in BENCH_POSITIONS {
        // The list is fixed and tested, so a bad entry is a programming error.
        let pos = Position::from_sfen(sfen).expect("benchmark positions are legal");
        let game = Game::new(pos, RuleSet::Standard);
        searcher.clear();
        let start = Instant::now();
        let r = searcher.search(&game, &Limits::depth(depth), &stop, &mut |_| {});
        total.time += start.elapsed();
        total.nodes += r.nodes;
        each(sfen, r.nodes);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_legal_and_the_signature_is_stable() {
        for sfen in BENCH_POSITIONS {
            assert!(Position::from_sfen(sfen).is_ok(), "{sfen}");
        }
        let w = Weights::initial();
        let a = bench(&w, 3, |_, _| {});
        let b = bench(&w, 3, |_, _| {});
        assert_eq!(a.nodes, b.nodes);
        assert!(a.nodes > 0);
        let report = a.to_string();
        assert!(report.starts_with("positions 12\ndepth 3\ntime "), "{report}");
        assert!(report.contains(&format!("\nnodes {}\nnps ", a.nodes)), "{report}");
    }
}
