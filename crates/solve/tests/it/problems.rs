//! Small positions whose answers are known from the rules alone, each with its certificate
//! checked: a quiet drop that wins, a root with no legal move, a mate whose root recurs inside its
//! own tree through a cycle of checks, and the two-thread solver.

use minishogi::{Handicap, Position};
use minishogi_solve::{Certificate, Limits, Solver, Value, Verdict};

fn solve(sfen: &str) -> (Verdict, Option<Certificate>) {
    let pos = Position::from_sfen(sfen).expect("legal");
    let mut solver = Solver::new(16);
    let limits = Limits { nodes: Some(2_000_000), ..Limits::default() };
    let report = solver.solve(&pos, &limits);
    let certificate = solver.certificate(&limits).expect("extracted");
    if let Some(c) = &certificate {
        c.check().expect("the certificate checks");
    }
    (report.verdict, certificate)
}

#[test]
fn a_quiet_rook_drop_wins_in_three() {
    // docs/mate.md's example: a mate in three that starts with a quiet drop (R*4c 5b5a 4d5c),
    // which tsume, checking with every move, cannot find.
    let (verdict, certificate) = solve("5/k4/5/1K3/5 b R 1");
    assert_eq!(verdict, Verdict::Win { plies: 3, shortest: true });
    let certificate = certificate.expect("a proof");
    assert_eq!((certificate.value, certificate.plies), (Value::Win, 3));
}

#[test]
fn no_legal_move_is_a_loss_in_zero() {
    // Gote's king on 1a, hemmed in by sente's golds and not in check: no legal move, lost.
    let pos = "4k/2G2/3G1/5/K4 w - 1";
    let position = Position::from_sfen(pos).expect("legal");
    assert_eq!(position.legal_move_count(), 0, "the test position must have no move");
    let (verdict, certificate) = solve(pos);
    assert_eq!(verdict, Verdict::Loss { plies: 0, shortest: true });
    let certificate = certificate.expect("a proof");
    assert!(certificate.lines.is_empty());
}

#[test]
fn a_root_met_again_inside_its_tree_is_still_proved() {
    // The mate solver's cycle problem: a mate in five by checks whose root recurs through a
    // cycle of checks; a path-dependent "no win" stored under the root would lose the proof.
    let (verdict, certificate) = solve("gR3/5/1R3/k4/3K1 b - 1");
    let Verdict::Win { plies, .. } = verdict else { panic!("{verdict:?}") };
    assert!(plies <= 5 && plies % 2 == 1, "{plies}");
    assert_eq!(certificate.expect("a proof").plies, plies);
}

#[test]
fn two_threads_prove_the_naked_king_as_one_does() {
    let pos = Handicap::NakedKing.position();
    let mut solver = Solver::with_threads(32, 2);
    let limits = Limits { nodes: Some(2_000_000), ..Limits::default() };
    let report = solver.solve(&pos, &limits);
    assert_eq!(report.verdict, Verdict::Loss { plies: 8, shortest: true });
    let certificate = solver.certificate(&limits).expect("extracted").expect("a proof");
    certificate.check().expect("checks");
    // The even start: neither side's win is proved at a small budget, in either mode.
    let even = Position::startpos();
    let limits = Limits { nodes: Some(20_000), ..Limits::default() };
    assert_eq!(Solver::with_threads(8, 2).solve(&even, &limits).verdict, Verdict::Unknown);
}
