//! `Solver::solve_continuing` keeps the tables between calls whose roots share pieces, attacker
//! and mode: small budgets add up to a proof that none of them reaches alone, a later position
//! of the proved line is solved from what the table holds, and answers never differ from a
//! fresh solver's, whatever came before.

use minishogi::Position;
use minishogi_mate::line::verify_line;
use minishogi_mate::{Limits, MateResult, Mode, Solver};

/// A 33-ply tsume from self-play (`data/mate-suite-selfplay.txt`).
const LONG_MATE: &str = "3gk/bB2p/1s3/PG3/K1R2 b Rs 1";

const SUITES: [&str; 2] = [
    include_str!("../../../../data/mate-suite.txt"),
    include_str!("../../../../data/mate-suite-selfplay.txt"),
];

/// `minishogi mate`'s default budget.
const MILLION: u64 = 1_000_000;

fn nodes(n: u64) -> Limits {
    Limits { nodes: Some(n), ..Limits::default() }
}

fn plies(result: &MateResult) -> Option<u32> {
    match result {
        MateResult::Mate { plies, .. } => Some(*plies),
        _ => None,
    }
}

#[test]
fn small_budgets_add_up_to_a_proof() {
    let pos = Position::from_sfen(LONG_MATE).expect("legal");
    let fresh = Solver::default().solve(&pos, Mode::Tsume, &nodes(MILLION));
    assert_eq!(plies(&fresh.result), Some(33));
    // The largest halving of the fresh solve's nodes with which a fresh solver proves nothing.
    let mut slice = fresh.nodes;
    while Solver::default().solve(&pos, Mode::Tsume, &nodes(slice)).result != MateResult::Unknown {
        slice /= 2;
    }
    // Continued, such slices prove it within a few times the fresh solve's nodes.
    let mut solver = Solver::default();
    let (mut spent, mut calls) = (0, 0);
    let result = loop {
        let report = solver.solve_continuing(&pos, Mode::Tsume, &nodes(slice));
        spent += report.nodes;
        calls += 1;
        if report.result != MateResult::Unknown || calls == 100 {
            break report.result;
        }
    };
    let MateResult::Mate { line, .. } = &result else { panic!("{result:?} after {calls} slices of {slice}") };
    assert!(calls > 1);
    assert_eq!(verify_line(&pos, line, Mode::Tsume), Ok(()));
    assert!(spent <= 3 * fresh.nodes, "{spent} nodes in {calls} slices, {} fresh", fresh.nodes);
}

#[test]
fn a_later_position_of_the_line_is_solved_from_the_table() {
    let pos = Position::from_sfen(LONG_MATE).expect("legal");
    let mut solver = Solver::default();
    let first = solver.solve_continuing(&pos, Mode::Tsume, &nodes(MILLION));
    let MateResult::Mate { plies: 33, line, .. } = &first.result else { panic!("{:?}", first.result) };
    let later = pos.after(line[0]).after(line[1]);
    // A fresh solver proves a mate here too, but its post-search does not finish in a million.
    let fresh = Solver::default().solve(&later, Mode::Tsume, &nodes(MILLION));
    assert!(plies(&fresh.result).is_some(), "{:?}", fresh.result);
    let continued = solver.solve_continuing(&later, Mode::Tsume, &nodes(MILLION));
    let MateResult::Mate { plies: 31, line, shortest: true } = &continued.result else {
        panic!("{:?}", continued.result)
    };
    assert_eq!(verify_line(&later, line, Mode::Tsume), Ok(()));
    assert!(continued.nodes * 4 < fresh.nodes, "{} nodes continued, {} fresh", continued.nodes, fresh.nodes);
}

#[test]
fn answers_match_a_fresh_solver_whatever_came_before() {
    // One solver through every suite position: most share pieces and attacker with some before.
    let mut continuing = Solver::default();
    let limits = nodes(300_000);
    let (mut mates, mut no_mates) = (0, 0);
    for sfen in SUITES.iter().flat_map(|s| s.lines()).map(str::trim).filter(|l| !l.is_empty()) {
        let pos = Position::from_sfen(sfen).expect("suite positions are legal");
        let fresh = Solver::default().solve(&pos, Mode::Tsume, &limits).result;
        let after_others = continuing.solve_continuing(&pos, Mode::Tsume, &limits).result;
        if let MateResult::Mate { line, .. } = &after_others {
            assert_eq!(verify_line(&pos, line, Mode::Tsume), Ok(()), "{sfen}");
        }
        match (&fresh, &after_others) {
            (
                MateResult::Mate { plies: a, shortest: true, .. },
                MateResult::Mate { plies: b, shortest: true, .. },
            ) => {
                assert_eq!(a, b, "{sfen}: the shortest mates differ");
                mates += 1;
            }
            (MateResult::NoMate, MateResult::NoMate) => no_mates += 1,
            (MateResult::NoMate, MateResult::Mate { .. }) | (MateResult::Mate { .. }, MateResult::NoMate) => {
                panic!("{sfen}: a mate and a proof of none")
            }
            _ => {}
        }
    }
    assert!(mates >= 10 && no_mates >= 40, "compared {mates} shortest mates and {no_mates} proofs of none");
}
