//! Hand-made problems with known answers, each explained. Diagrams: files 5..1 left to right,
//! ranks a..e top to bottom; sente (uppercase) attacks upwards.

use minishogi::{MoveList, Position};
use minishogi_mate::line::verify_line;
use minishogi_mate::{solve, Limits, MateResult, Mode};

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).expect("a legal position")
}

fn limits() -> Limits {
    Limits { nodes: Some(200_000), ..Limits::default() }
}

/// The mate's length and line, or a panic naming what came instead.
fn mate(p: &Position, mode: Mode) -> (u32, Vec<String>) {
    match solve(p, mode, &limits()).result {
        MateResult::Mate { plies, line, shortest } => {
            assert!(shortest, "{}: mate in {plies} not proved shortest", p.to_sfen());
            assert_eq!(line.len(), plies as usize, "{}: the defender did not resist longest", p.to_sfen());
            assert_eq!(verify_line(p, &line, mode), Ok(()));
            (plies, line.iter().map(|m| m.to_string()).collect())
        }
        other => panic!("{}: expected a mate, got {other:?}", p.to_sfen()),
    }
}

/// True when the side to move forces a position without legal moves for the opponent within
/// `plies` plies (any moves): a plain minimax, independent of the solver.
fn wins_within(p: &mut Position, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    moves.iter().any(|&m| {
        let undo = p.play(m);
        let mut replies = MoveList::new();
        p.legal_moves(&mut replies);
        let won = replies.iter().all(|&r| {
            let undo = p.play(r);
            let won = wins_within(p, plies.saturating_sub(2));
            p.undo(r, undo);
            won
        });
        p.undo(m, undo);
        won
    })
}

/// A gold dropped on 1b, guarded by the pawn on 1c, covers 1a's every flight (2a, 2b) and
/// cannot be taken: mate in one by a drop. The gold on 2b or 2a would check too, but the king
/// takes it or walks out.
#[test]
fn mate_by_a_drop() {
    let p = pos("4k/5/4P/5/K4 b G 1");
    assert_eq!(mate(&p, Mode::Tsume), (1, vec!["G*1b".to_string()]));
}

/// The gote king on 1a is walled in by its own rook (2a) and pawn (2b); sente's bishop on 3d
/// guards 1b. A pawn dropped on 1b would mate, so the rules forbid it (uchifuzume), and sente
/// has no other check: no mate. With a gold in hand instead of the pawn the same drop mates.
#[test]
fn pawn_drop_mate_is_refused() {
    let p = pos("3rk/3p1/5/2B2/K4 b P 1");
    let pawn_drop = minishogi::Move::parse_usi("P*1b").expect("notation");
    assert!(!p.is_legal(pawn_drop), "the pawn drop would mate: the rules refuse it");
    assert_eq!(solve(&p, Mode::Tsume, &limits()).result, MateResult::NoMate);
    let with_gold = pos("3rk/3p1/5/2B2/K4 b G 1");
    assert_eq!(mate(&with_gold, Mode::Tsume), (1, vec!["G*1b".to_string()]));
}

/// Sente's king on 4d, gote's on 5b, a rook in hand. Every rook check lets the king out, so
/// tsume has no mate; but the quiet drop R*4c (offered to the king, which may not take it next
/// to sente's king) leaves the king only 5a, and 4d5c mates: any-move mode needs the quiet move.
#[test]
fn a_quiet_drop_mates_where_checks_do_not() {
    let mut p = pos("5/k4/5/1K3/5 b R 1");
    assert_eq!(solve(&p, Mode::Tsume, &limits()).result, MateResult::NoMate);
    let (plies, line) = mate(&p, Mode::AnyMove { max_plies: 5 });
    assert_eq!((plies, line[0].as_str()), (3, "R*4c"));
    assert!(!p.after(p.parse_move("R*4c").expect("legal")).in_check(), "the key move is quiet");
    assert!(wins_within(&mut p, 3) && !wins_within(&mut p, 1), "the minimax agrees: mate in 3");
    assert_eq!(solve(&p, Mode::AnyMove { max_plies: 1 }, &limits()).result, MateResult::NoMate);
}

/// Sente: king 5a, silver 2a, rook 1a; gote: king 3a. Sente can check with the silver (3b, 1b,
/// promoted or not) and the king steps away, and sente can go on checking around the same few
/// squares: the search meets the same positions again and again. A repetition is never a win
/// for the attacker, and a disproof found on one path (where the defender escapes by coming
/// back) must not be stored as the position's value for another path, or the solver would loop
/// or answer wrongly; here checks never mate, so the answer is no mate. Quietly, 1a1b+ wins at
/// once: the dragon and the silver take every square from the king, which is left with no
/// legal move (a loss in Minishogi, as a checkmate is).
#[test]
fn perpetual_checks_are_no_mate() {
    let mut p = pos("K1kSR/5/5/5/5 b - 1");
    assert_eq!(solve(&p, Mode::Tsume, &limits()).result, MateResult::NoMate);
    for check in ["2a3b+", "2a1b"] {
        let mut after = p.after(p.parse_move(check).expect("legal"));
        let mut replies = MoveList::new();
        after.legal_moves(&mut replies);
        for &r in &replies {
            let undo = after.play(r);
            assert_eq!(solve(&after, Mode::Tsume, &limits()).result, MateResult::NoMate, "{check} {r}");
            after.undo(r, undo);
        }
    }
    assert_eq!(mate(&p, Mode::AnyMove { max_plies: 3 }), (1, vec!["1a1b+".to_string()]));
    assert!(wins_within(&mut p, 1));
}

/// Sente: king 5a, gold 4c, bishop 1d, a gold in hand; gote: king 3a, pawn 3b, bishop 2c. Every
/// check fails: 4c3b takes the pawn but the king takes back (gote's bishop on 2c blocks sente's
/// bishop from 3b), and 4c4b or a gold dropped next to the king lets it out to 2a or 2b. So
/// tsume has no mate. The quiet sacrifice G*1b (no check; gote's bishop may take it) covers 2a
/// and 2b and threatens 4c4b. Declined (say 3b3c), 4c4b mates; accepted, 2c1b deflects the
/// bishop from the 1d–3b diagonal, and 4c3b mates, the gold now guarded by sente's bishop.
/// No other first move mates in three: any-move mode needs the sacrifice.
#[test]
fn a_quiet_sacrifice_mates_where_checks_do_not() {
    let mut p = pos("K1k2/2p2/1G1b1/4B/5 b G 1");
    assert_eq!(solve(&p, Mode::Tsume, &limits()).result, MateResult::NoMate);
    let (plies, line) = mate(&p, Mode::AnyMove { max_plies: 5 });
    assert_eq!((plies, line[0].as_str()), (3, "G*1b"));
    let key = p.parse_move("G*1b").expect("legal");
    let mut after = p.after(key);
    assert!(!after.in_check(), "the key move is quiet");
    let accepted = after.parse_move("2c1b").expect("the bishop may take the gold");
    let taken = after.after(accepted);
    assert_eq!(mate(&taken, Mode::Tsume), (1, vec!["4c3b".to_string()]));
    // Every reply, the capture included, is mated at once.
    assert!(every_reply_mated_in_one(&mut after));
    assert!(wins_within(&mut p, 3) && !wins_within(&mut p, 1), "the minimax agrees: mate in 3");
    for &m in p.legal_move_list().iter().filter(|&&m| m != key) {
        assert!(!every_reply_mated_in_one(&mut p.after(m)), "{m} would mate in three too");
    }
}

/// True when every legal reply in `p` allows a mate in one (the minimax, not the solver).
fn every_reply_mated_in_one(p: &mut Position) -> bool {
    let replies = p.legal_move_list();
    replies.iter().all(|&r| {
        let undo = p.play(r);
        let mated = wins_within(p, 1);
        p.undo(r, undo);
        mated
    })
}

/// Sente: rooks 4a and 4c, king 2e; gote: king 5d, gold 5a. The mate in five is by checks:
/// 4c4d 5d5e 4d4e 5e5d 4a4c+. But 4c4d 5d5c 4d4c 5c5d is a cycle of checks back to the start
/// (the rook steps down and up, the king follows), so the search meets the root again inside
/// its own tree. There the repetition is no mate, for that path only: a solver that stored this
/// path-dependent "no mate" under the position's key (the graph-history-interaction problem)
/// would read it back for the root itself and answer "no mate" or a longer mate. The answer
/// must be what a search from any path gives: mate in five, and in three after 4c4d 5d5e.
#[test]
fn a_cycle_back_to_the_root_does_not_hide_the_mate() {
    let mut p = pos("gR3/5/1R3/k4/3K1 b - 1");
    let mut cycle = p.clone();
    for (i, text) in ["4c4d", "5d5c", "4d4c", "5c5d"].iter().enumerate() {
        cycle.play(cycle.parse_move(text).expect("legal"));
        assert!(i % 2 == 1 || cycle.in_check(), "{text} is a check");
    }
    assert_eq!(cycle.hash(), p.hash(), "four plies of checks come back to the start");
    assert_eq!(mate(&p, Mode::Tsume).0, 5);
    assert!(wins_within(&mut p, 5) && !wins_within(&mut p, 3), "the minimax agrees: mate in 5");
    let mut inside = p.clone();
    for text in ["4c4d", "5d5e"] {
        inside.play(inside.parse_move(text).expect("legal"));
    }
    assert_eq!(mate(&inside, Mode::Tsume).0, 3);
    assert_eq!(mate(&p, Mode::AnyMove { max_plies: 9 }).0, 5);
}
