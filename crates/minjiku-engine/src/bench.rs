//! The benchmark: fixed positions searched to a fixed depth with the built-in weights and a
//! fresh table. The total node count is a signature of the search; nodes per second measure
//! speed.

use crate::{Limits, Searcher, Weights};
use minjiku::{Game, Position};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The benchmark positions: the start, seven positions of the reference data's random playouts
/// (after 12, 21, 29, 35, 44, 52 and 58 plies: captures, promotions, vanished extra squares)
/// and an endgame.
pub const BENCH_POSITIONS: [&str; 9] = [
    "startpos",
    "kd/rfsgbbgsqr/l*x3ac1y1/p2ppppppp/10/10/10/10/PPPPPPPFPP/L*Y1CA1V1Xd/RQSGBBGS2/MK w",
    "km/r1sg1bgs1r/fx1v1bcqy+D/p1pppppppp/10/7P2/10/10/Y1PCPPP+d1P/L*3A1V1X1/1RSGBBGSFR/MK b",
    "km/r1sg1bgs1q/1x1va1c1yr/p3ppp2p/10/7p2/10/1Y6P1/P3PPPP1P/2C1A1V2X/R1S1BBGSFR/K1 b",
    "km/rf1g1bg3/1lsv1a4/p1ppAp1p1p/6p3/10/10/9P/P1PPPPP3/L*Y1CG3X1/RQS1B1GS1R/K1 b",
    "1m/r2kbbgF1r/3v3cy1/p2pp1pp2/2x7/5p4/10/4P1P3/5P1PP1/2C3V3/2SGB1GS2/BK w",
    "km/2sg1b4/3vcb1g1+D/4ppp1s1/R1p3C2p/10/10/6P3/4PP1PPP/6VXSF/2SGB1G2R/K1 w",
    "km/1rs1b2s2/3g2cg2/1p4pp2/3F4y1/5r4/10/5PG3/1P5PX1/6V2L*/1QSG1B3R/MK w",
    "k1/10/3s6/10/3g6/10/10/4G5/2P7/2R7/10/K1 w",
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
        (u128::from(self.nodes) * 1_000_000 / self.time.as_micros().max(1)) as u64
    }
}

/// The report `minishogi minjiku bench` prints, one figure a line.
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

/// Searches every benchmark position to `depth` with [`Weights::builtin`] and a 16 MB table,
/// cleared before each position.
pub fn bench(depth: u32) -> BenchResult {
    let mut searcher = Searcher::new(Weights::builtin(), 16);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let mut nodes = 0;
    for fen in BENCH_POSITIONS {
        // The positions are constants checked by a test.
        let pos = Position::from_fen(fen).expect("bench positions are valid");
        searcher.clear();
        let result = searcher.search(&Game::new(pos), &Limits::depth(depth), &stop, &mut |_| {});
        nodes += result.nodes;
    }
    BenchResult { depth, nodes, time: start.elapsed() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_valid_and_the_signature_is_deterministic() {
        for fen in BENCH_POSITIONS {
            let pos = Position::from_fen(fen).unwrap();
            assert!(!pos.legal_move_list().is_empty(), "{fen}");
        }
        let a = bench(2);
        let b = bench(2);
        assert_eq!(a.nodes, b.nodes);
        assert!(a.nodes > 0);
    }
}
