//! The easy handicap starts solved, with certificates that pass the check, and every reply of the
//! loser covered (replayed here with the rules crate, independently of `Certificate::check`).

use minishogi::{Handicap, Position};
use minishogi_solve::{position_key, Certificate, Limits, Solver, Value, Verdict};
use std::collections::HashMap;

/// Replays the certificate: from the root, every reply of the loser reaches a line whose count
/// falls by at least 2, down to positions where the loser has no legal move.
fn covered(certificate: &Certificate) -> bool {
    let lines: HashMap<String, (minishogi::Move, u32)> =
        certificate.lines.iter().map(|l| (position_key(&l.position), (l.best, l.plies))).collect();
    fn loser(pos: &Position, below: u32, lines: &HashMap<String, (minishogi::Move, u32)>) -> bool {
        pos.legal_move_list().iter().all(|&r| winner(&pos.after(r), below, lines))
    }
    fn winner(pos: &Position, below: u32, lines: &HashMap<String, (minishogi::Move, u32)>) -> bool {
        match lines.get(&position_key(pos)) {
            Some(&(m, plies)) if plies < below && pos.is_legal(m) => loser(&pos.after(m), plies - 1, lines),
            _ => false,
        }
    }
    match certificate.value {
        Value::Win => winner(&certificate.root, certificate.plies + 1, &lines),
        Value::Loss => loser(&certificate.root, certificate.plies, &lines),
    }
}

fn solve(handicap: Handicap) -> (Verdict, Certificate) {
    let mut solver = Solver::new(64);
    let limits = Limits { nodes: Some(20_000_000), ..Limits::default() };
    let report = solver.solve(&handicap.position(), &limits);
    let certificate = solver.certificate(&limits).expect("extracted").expect("a proof");
    (report.verdict, certificate)
}

#[test]
fn naked_king_is_lost_in_8() {
    let (verdict, certificate) = solve(Handicap::NakedKing);
    assert_eq!(verdict, Verdict::Loss { plies: 8, shortest: true });
    assert_eq!((certificate.value, certificate.plies), (Value::Loss, 8));
    certificate.check().expect("checks");
    assert!(covered(&certificate));
}

#[test]
fn four_piece_is_lost_in_10() {
    let (verdict, certificate) = solve(Handicap::FourPiece);
    assert_eq!(verdict, Verdict::Loss { plies: 10, shortest: true });
    assert_eq!((certificate.value, certificate.plies), (Value::Loss, 10));
    certificate.check().expect("checks");
    assert!(covered(&certificate));
}
