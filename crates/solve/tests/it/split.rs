//! A solve split into subproblems and combined: the combined answer and certificate agree with
//! a direct solve of the root, repetitions above the frontier are no win, and the subproblems
//! an answer no longer depends on drop out of the open list.

use minishogi::{Color, Handicap, Position};
use minishogi_solve::split::{solve_subproblem, Outcome, Solved, Split, SplitError};
use minishogi_solve::{Limits, Solver, Value, Verdict};

fn limits() -> Limits {
    Limits { nodes: Some(300_000), ..Limits::default() }
}

/// The driver's loop: the first open subproblem not yet tried at this budget solved, the results
/// combined, again; then the same with four times the budget. Returns the results and the
/// number of solves.
fn solve_open(split: &Split) -> (Vec<Option<Solved>>, usize) {
    let mut results: Vec<Option<Solved>> = vec![None; split.subproblems().len()];
    let mut solves = 0;
    for nodes in [50_000, 200_000, 800_000] {
        let mut tried = vec![false; results.len()];
        loop {
            let combined = split.combine(&results);
            if combined.outcome.is_settled() {
                assert!(combined.open.is_empty());
                return (results, solves);
            }
            let Some(&next) = combined.open.iter().find(|&&i| !tried[i]) else { break };
            assert!(
                !results[next].as_ref().is_some_and(|r| r.outcome.is_settled()),
                "an open one is unsettled"
            );
            tried[next] = true;
            let limits = Limits { nodes: Some(nodes), ..Limits::default() };
            let mut solver = Solver::new(16);
            let pos = &split.subproblems()[next];
            results[next] =
                Some(solve_subproblem(&mut solver, pos, split.attacker(), &limits).expect("solved"));
            solves += 1;
        }
    }
    (results, solves)
}

fn direct(pos: &Position) -> Verdict {
    Solver::new(16).solve(pos, &limits()).verdict
}

#[test]
fn the_naked_king_split_at_one_to_three_plies_is_lost_in_eight_as_directly() {
    let pos = Handicap::NakedKing.position();
    assert_eq!(direct(&pos), Verdict::Loss { plies: 8, shortest: true });
    for plies in 1..=3 {
        let split = Split::new(&pos, Color::Sente, plies).expect("split");
        assert!(split.subproblems().len() > 1, "{plies} plies");
        let (results, _) = solve_open(&split);
        let combined = split.combine(&results);
        assert!(matches!(combined.outcome, Outcome::Win { plies: 8, .. }), "{plies} plies");
        let certificate = split.certificate(&results).expect("assembled");
        assert_eq!((certificate.value, certificate.plies), (Value::Loss, 8));
        certificate.check().expect("checks");
    }
}

#[test]
fn the_four_piece_split_at_two_plies_is_lost_in_ten_as_directly() {
    let pos = Handicap::FourPiece.position();
    assert_eq!(direct(&pos), Verdict::Loss { plies: 10, shortest: true });
    let split = Split::new(&pos, Color::Sente, 2).expect("split");
    let (results, _) = solve_open(&split);
    assert!(matches!(split.combine(&results).outcome, Outcome::Win { plies: 10, .. }));
    let certificate = split.certificate(&results).expect("assembled");
    assert_eq!((certificate.value, certificate.plies), (Value::Loss, 10));
    // Written and read back, the certificate still proves the loss.
    let mut text = Vec::new();
    certificate.write(&mut text).expect("written");
    minishogi_solve::Certificate::read(text.as_slice()).expect("read").check().expect("checks");
}

#[test]
fn solving_only_the_open_subproblems_proves_the_root_with_fewer() {
    let split = Split::new(&Handicap::FourPiece.position(), Color::Sente, 2).expect("split");
    let (results, solves) = solve_open(&split);
    let solved = results.iter().flatten().count();
    assert!(matches!(split.combine(&results).outcome, Outcome::Win { plies: 10, .. }));
    assert!(solved < split.subproblems().len() / 2, "{solved} of {}", split.subproblems().len());
    assert!(solves >= solved);
}

#[test]
fn solving_the_shorter_list_shows_the_four_piece_loss_in_ten_shortest() {
    let split = Split::new(&Handicap::FourPiece.position(), Color::Sente, 2).expect("split");
    let (mut results, _) = solve_open(&split);
    for nodes in [200_000, 800_000] {
        let mut tried = vec![false; results.len()];
        loop {
            let combined = split.combine(&results);
            let Some(&next) = combined.shorter.iter().find(|&&i| !tried[i]) else { break };
            assert!(combined.open.is_empty(), "the root is proved");
            tried[next] = true;
            let limits = Limits { nodes: Some(nodes), ..Limits::default() };
            let pos = &split.subproblems()[next];
            results[next] =
                Some(solve_subproblem(&mut Solver::new(16), pos, Color::Sente, &limits).expect("solved"));
        }
    }
    let combined = split.combine(&results);
    assert_eq!(combined.outcome, Outcome::Win { plies: 10, shortest: true });
    assert!(combined.shorter.is_empty());
}

#[test]
fn a_proof_not_shown_shortest_stays_on_the_shorter_list_until_it_is() {
    // At the attacker's root: the first reply proved in 4 without a bound below it, the others
    // with no win within 10. Only solving the first again can show the root's 5 shortest.
    let split = Split::new(&Handicap::NakedKing.position(), Color::Gote, 1).expect("split");
    let n = split.subproblems().len();
    assert!(n > 1, "{n} subproblems");
    let mut outcomes = vec![Some(Outcome::Open { no_win_within: Some(10) }); n];
    let first = split.combine_outcomes(&outcomes).open[0];
    outcomes[first] = Some(Outcome::Win { plies: 4, shortest: false });
    let combined = split.combine_outcomes(&outcomes);
    assert_eq!(combined.outcome, Outcome::Win { plies: 5, shortest: false });
    assert_eq!(combined.shorter, vec![first]);
    outcomes[first] = Some(Outcome::Win { plies: 4, shortest: true });
    let combined = split.combine_outcomes(&outcomes);
    assert_eq!(combined.outcome, Outcome::Win { plies: 5, shortest: true });
    assert!(combined.shorter.is_empty());
    // With the defender to move a win has even plies: no win within 2 leaves 4 at least.
    for (i, outcome) in outcomes.iter_mut().enumerate().filter(|&(i, _)| i != first) {
        *outcome = Some(Outcome::Open { no_win_within: Some(2 + (i % 2) as u32) });
    }
    assert_eq!(split.combine_outcomes(&outcomes).outcome, Outcome::Win { plies: 5, shortest: true });
    outcomes[first] = Some(Outcome::Open { no_win_within: Some(2) });
    assert_eq!(split.combine_outcomes(&outcomes).outcome, Outcome::Open { no_win_within: Some(4) });
}

#[test]
fn the_open_list_takes_each_defence_first_with_the_move_that_won_after_another() {
    let root = Handicap::FourPiece.position();
    let split = Split::new(&root, Color::Sente, 2).expect("split");
    let board = |p: &Position| p.to_sfen().split(' ').take(3).collect::<Vec<_>>().join(" ");
    let index =
        |p: &Position| split.subproblems().iter().position(|q| board(q) == board(p)).expect("a subproblem");
    let replies: Vec<Position> = root.legal_move_list().iter().map(|&m| root.after(m)).collect();
    assert!(replies.len() > 2);
    // A quiet move of sente's, legal after every reply.
    let quiet =
        replies[0].legal_move_list().iter().copied().rev().find(|&m| {
            !replies[0].gives_check(m) && replies.iter().all(|r| r.legal_move_list().contains(&m))
        });
    let quiet = quiet.expect("a quiet move after every reply");
    // Nothing solved: each reply's first choice comes before any reply's second.
    let mut outcomes = vec![None; split.subproblems().len()];
    let open = split.combine_outcomes(&outcomes).open;
    let firsts: Vec<usize> = open.iter().take(replies.len()).copied().collect();
    for (reply, &s) in replies.iter().zip(&firsts) {
        let children: Vec<usize> = reply.legal_move_list().iter().map(|&m| index(&reply.after(m))).collect();
        assert!(children.contains(&s), "one subproblem of each reply first");
    }
    // The quiet move wins after the first reply: it is tried first after each of the others.
    outcomes[index(&replies[0].after(quiet))] = Some(Outcome::Win { plies: 8, shortest: false });
    let open = split.combine_outcomes(&outcomes).open;
    let expected: Vec<usize> = replies[1..].iter().map(|r| index(&r.after(quiet))).collect();
    assert_eq!(open[..expected.len()], expected[..]);
    assert_ne!(firsts[1..], expected[..], "the order changed");
}

#[test]
fn the_side_without_a_win_gets_no_win() {
    // Gote's bare king cannot win the naked-king game.
    let split = Split::new(&Handicap::NakedKing.position(), Color::Gote, 2).expect("split");
    let (results, _) = solve_open(&split);
    assert_eq!(split.combine(&results).outcome, Outcome::NoWin);
    assert!(matches!(split.certificate(&results), Err(SplitError::NotProved)));
}

#[test]
fn a_cycle_of_checks_above_the_frontier_still_proves_the_win() {
    // The solver's cycle problem (tests/it/problems.rs), its root met again through checks.
    let pos = Position::from_sfen("gR3/5/1R3/k4/3K1 b - 1").expect("legal");
    let Verdict::Win { plies, .. } = direct(&pos) else { panic!("a win") };
    let split = Split::new(&pos, Color::Sente, 3).expect("split");
    let (results, _) = solve_open(&split);
    let Outcome::Win { plies: combined, .. } = split.combine(&results).outcome else { panic!("a win") };
    // The first proof found settles the root: the direct solve's is the shortest.
    assert!(combined >= plies && combined % 2 == 1, "{combined} against {plies}");
    let certificate = split.certificate(&results).expect("assembled");
    assert_eq!(certificate.value, Value::Win);
    assert!(certificate.plies <= combined && certificate.plies >= plies);
}

#[test]
fn a_position_repeated_on_its_path_is_no_win() {
    // King moves back and forth return to the root after 4 plies: those nodes are repetitions,
    // and a repetition under the defender's node loses the attacker that node.
    let pos = Position::from_sfen("4k/5/5/5/K4 b G 1").expect("legal");
    let split = Split::new(&pos, Color::Sente, 4).expect("split");
    assert!(split.repetitions() > 0);
    // With every subproblem a win, the root is still a win (the attacker avoids the cycles)...
    let wins: Vec<Option<Outcome>> =
        split.subproblems().iter().map(|_| Some(Outcome::Win { plies: 41, shortest: false })).collect();
    assert!(matches!(split.combine_outcomes(&wins).outcome, Outcome::Win { .. }));
    // ...and with none solved it is open: no mate within the 4 plies of the tree.
    let none = vec![None; split.subproblems().len()];
    let combined = split.combine_outcomes(&none);
    assert_eq!(combined.outcome, Outcome::Open { no_win_within: Some(3) });
    assert!(!combined.open.is_empty() && combined.open.len() <= split.subproblems().len());
}

#[test]
fn a_subproblem_win_without_its_certificate_is_an_error() {
    let split = Split::new(&Handicap::NakedKing.position(), Color::Sente, 1).expect("split");
    let (mut results, _) = solve_open(&split);
    assert!(matches!(split.certificate(&results[1..]), Err(SplitError::Results { .. })));
    assert!(split.certificate(&results).is_ok());
    for r in results.iter_mut().flatten() {
        r.certificate = None;
    }
    assert!(matches!(split.certificate(&results), Err(SplitError::Subproblem { .. })));
}
