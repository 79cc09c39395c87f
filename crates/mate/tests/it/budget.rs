//! The budget covers the whole solve, post-search and line included: a post-search cut short
//! returns the shortest mate proved so far, replayed like every line, and says it is not proved
//! shortest.

use minishogi::Position;
use minishogi_mate::line::verify_line;
use minishogi_mate::{Limits, MateResult, Mode, Solver};
use std::time::Duration;

/// A 33-ply tsume from self-play (`data/mate-suite-selfplay.txt`) whose post-search costs more
/// than its first proof.
const LONG_POST_SEARCH: &str = "3gk/bB2p/1s3/PG3/K1R2 b Rs 1";

fn pos() -> Position {
    Position::from_sfen(LONG_POST_SEARCH).expect("a legal position")
}

/// Checks what a solve within `limits` may answer, given the shortest mate's length.
fn check(result: &MateResult, shortest_plies: u32) {
    match result {
        MateResult::Mate { plies, line, shortest } => {
            assert_eq!(verify_line(&pos(), line, Mode::Tsume), Ok(()), "mate in {plies}");
            assert!(*plies >= shortest_plies, "mate in {plies} below the shortest {shortest_plies}");
            if *shortest {
                assert_eq!(*plies, shortest_plies, "proved shortest, but not");
            }
        }
        MateResult::NoMate => panic!("no mate where there is one"),
        MateResult::Unknown => {}
    }
}

#[test]
fn a_node_budget_covers_the_post_search() {
    let mut solver = Solver::default();
    let full = solver.solve(&pos(), Mode::Tsume, &Limits::default());
    let MateResult::Mate { plies: shortest_plies, shortest: true, .. } = full.result else {
        panic!("a mate proved shortest without limits, got {:?}", full.result)
    };
    assert_eq!(shortest_plies, 33);
    let mut cut_short = 0;
    for eighths in 1..8 {
        let nodes = full.nodes * eighths / 8;
        let report = solver.solve(&pos(), Mode::Tsume, &Limits { nodes: Some(nodes), ..Limits::default() });
        assert!(report.nodes <= nodes, "{} nodes for a budget of {nodes}", report.nodes);
        check(&report.result, shortest_plies);
        cut_short += u32::from(matches!(report.result, MateResult::Mate { shortest: false, .. }));
    }
    assert!(cut_short > 0, "no budget ended the post-search with a mate found");
}

#[test]
fn a_time_budget_covers_the_post_search() {
    let time = Duration::from_millis(200);
    let report =
        Solver::default().solve(&pos(), Mode::Tsume, &Limits { time: Some(time), ..Limits::default() });
    // The clock is read every 1,024 nodes: a few milliseconds at most, more on a loaded machine.
    assert!(
        report.elapsed < time + Duration::from_millis(150),
        "{:?} for a budget of {time:?}",
        report.elapsed
    );
    check(&report.result, 33);
}
