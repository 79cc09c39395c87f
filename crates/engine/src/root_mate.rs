//! The mate solver at the root: when the search says the side to move is winning but has not
//! found a mate, df-pn (tsume: the attacker checks every move) gets part of the remaining time.
//! Long checking mates are where alpha-beta with its reductions is weakest and df-pn strongest.
//! The solver keeps its table from one probe to the next (all positions of a game have the same
//! pieces), so a mate found at one move is played out from the table at the next ones, and work
//! cut short by one probe's time goes on at the next.

use minishogi::{Move, Position};
use minishogi_mate::solver::DEFAULT_TABLE_MB;
use minishogi_mate::{Limits, MateResult, Mode, Solver};
use std::time::Duration;

/// The solver's table, in MB: a long tsume needs several times the nodes in a 4 MB table.
const TABLE_MB: usize = DEFAULT_TABLE_MB;
/// An iteration scoring in this range (centipawns, side to move) asks the solver: winning by
/// the evaluation; mates, repetitions and table results score beyond it.
pub(crate) const PROBE_SCORES: std::ops::Range<i32> = 800..10_000;
/// The share (one in N) of the time left to the hard limit that a probe may spend.
pub(crate) const PROBE_SHARE: u32 = 2;
/// Probes shorter than this are not worth clearing the table for.
pub(crate) const PROBE_MIN_TIME: Duration = Duration::from_millis(2);

/// A proved mate from the root: its length in plies and the line.
pub(crate) struct RootMate {
    pub plies: u32,
    pub line: Vec<Move>,
}

/// The solver a searcher keeps between moves, made at its first use.
#[derive(Default)]
pub(crate) struct MateProbe {
    solver: Option<Solver>,
}

impl MateProbe {
    /// Forgets what the solver learnt (a new game).
    pub fn clear(&mut self) {
        if let Some(solver) = &mut self.solver {
            solver.forget();
        }
    }

    /// A mate by the side to move of `root` proved within `time`, whose line meets no position
    /// for which `in_game` holds (the game's positions up to the root): the solver sees only its
    /// own path, and a repeated game position could turn its mate into a perpetual check.
    pub fn prove(
        &mut self,
        root: &Position,
        in_game: &dyn Fn(u64) -> bool,
        time: Duration,
    ) -> Option<RootMate> {
        let limits = Limits { time: Some(time), ..Limits::default() };
        let solver = self.solver.get_or_insert_with(|| Solver::new(TABLE_MB));
        let MateResult::Mate { plies, line, .. } = solver.solve_continuing(root, Mode::Tsume, &limits).result
        else {
            return None;
        };
        let mut pos = root.clone();
        for &m in &line {
            pos.play(m);
            if in_game(pos.hash()) {
                return None;
            }
        }
        (!line.is_empty()).then_some(RootMate { plies, line })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proves_a_checking_mate_and_refuses_one_through_a_game_position() {
        // A gold dropped in front of the king, guarded by the pawn: mate in one.
        let root = Position::from_sfen("4k/5/4P/5/K4 b G 1").unwrap();
        let mut probe = MateProbe::default();
        let mate = probe.prove(&root, &|_| false, Duration::from_secs(1)).unwrap();
        assert_eq!((mate.plies, mate.line[0].to_string().as_str()), (1, "G*1b"));
        let mut after = root.clone();
        after.play(mate.line[0]);
        assert!(probe.prove(&root, &|h| h == after.hash(), Duration::from_secs(1)).is_none());
        // No checking mate at the start.
        assert!(probe.prove(&Position::startpos(), &|_| false, Duration::from_millis(50)).is_none());
    }
}
