//! `analyse` on positions whose answer is known: a table's answer (the same values as `tb probe
//! --json`), a tsume on a full board, a loss proved by a mate against every reply, a position
//! nothing proves (the engine's estimate), a position with no legal move, and a bad SFEN.

use minishogi::{Color, Position, RuleSet};
use minishogi_analysis::{
    analyse, analyse_sfen, Analysis, AnalysisError, AnalysisLimits, GameResult, Source,
};
use minishogi_tablebase::{By, Material, Query, Tablebase};

/// Limits that make the answers reproducible: nodes, not time.
fn limits() -> AnalysisLimits {
    AnalysisLimits {
        mate: minishogi_mate::Limits { nodes: Some(2_000_000), ..Default::default() },
        engine: minishogi_engine::Limits::depth(4),
        ..AnalysisLimits::default()
    }
}

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).expect("a legal position")
}

/// Replays a proved mate's line: legal moves, as many as the plies, ending with the side to
/// move (the loser) without a legal move.
fn check_mate_line(a: &Analysis) {
    let mut at = pos(&a.sfen);
    for m in &a.line {
        assert!(at.is_legal(*m), "{m} is not legal in {}: {a}", at.to_sfen());
        at.play(*m);
    }
    assert_eq!(Some(a.line.len() as u32), a.plies, "{a}");
    assert!(!at.has_legal_move(), "the line does not end the game: {a}");
    let winner_moves_first = a.result == GameResult::Win;
    assert_eq!(a.line.len() % 2 == 1, winner_moves_first, "{a}");
}

#[test]
fn a_table_position_gets_the_tables_answer() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let tables = Tablebase::open(dir.path()).expect("tables");
    let cases = [
        ("4k/5/5/5/K4 b G 1", Color::Sente),
        ("4k/5/5/5/K4 w G 1", Color::Sente),
        ("4k/5/5/5/K4 b - 1", Color::Sente),
        ("4k/5/5/5/K4 b - 1", Color::Gote),
    ];
    for (sfen, first_player) in cases {
        let position = pos(sfen);
        tables.ensure_table(&Material::of(&position), 1, &|_| {}).expect("the table generated");
        let a = analyse(Some(&tables), &position, first_player, &limits()).expect("an analysis");
        assert!(a.exact && a.source == Source::Tablebase, "{a}");
        assert_eq!((a.score_cp, a.score_mate, a.depth), (None, None, None), "{a}");
        // The table's probe and line, as `tb probe --json` prints them.
        let query = Query::new(first_player, RuleSet::Standard);
        let probe = tables.probe(&position, query).expect("read").expect("a table");
        let line = tables.line(&position, query).expect("read").expect("a table");
        let got = serde_json::to_value(&a).expect("json");
        assert_eq!(got["sfen"], sfen);
        assert_eq!(got["material"], probe.material.name());
        assert_eq!(got["first_player"], first_player.name());
        assert_eq!(got["result"], probe.verdict.result.name(), "{sfen}");
        assert_eq!(got["by"].as_str(), probe.verdict.by.map(|b| b.name()), "{sfen}");
        assert_eq!(got["plies"].as_u64(), probe.verdict.plies.map(u64::from), "{sfen}");
        assert_eq!(got["best"].as_str(), probe.best.map(|m| m.to_string()).as_deref(), "{sfen}");
        let line: Vec<String> = line.iter().map(|m| m.to_string()).collect();
        assert_eq!(got["line"], serde_json::json!(line), "{sfen}");
        assert_eq!(got["exact"], true);
        assert_eq!(got["source"], "tablebase");
    }
    // The kings alone: a repetition, which the first player loses.
    let a = analyse(Some(&tables), &pos("4k/5/5/5/K4 b - 1"), Color::Sente, &limits()).expect("an analysis");
    assert_eq!((a.result, a.by, a.plies), (GameResult::Loss, Some(By::Repetition), None), "{a}");
    let a = analyse(Some(&tables), &pos("4k/5/5/5/K4 b G 1"), Color::Sente, &limits()).expect("an analysis");
    assert_eq!((a.result, a.by, a.plies), (GameResult::Win, Some(By::Mate), Some(9)), "{a}");
    check_mate_line(&a);
}

#[test]
fn a_full_board_tsume_is_proved_by_the_mate_solver() {
    // From data/mate-suite.txt: eight pieces on the board, two rooks and a pawn in hand; a
    // mate in 15 by checks (the solver's post-search shows that none is shorter).
    let a = analyse_sfen(None, "1bsg1/p3k/5/K4/1GSB1 b 2RP 1", Color::Sente, &limits()).expect("an analysis");
    assert!(a.exact && a.source == Source::MateSolver, "{a}");
    assert_eq!((a.result, a.by, a.plies), (GameResult::Win, Some(By::Mate), Some(15)), "{a}");
    assert_eq!(a.best, a.line.first().copied());
    check_mate_line(&a);
    let json = serde_json::to_value(&a).expect("json");
    assert_eq!((json["exact"].clone(), json["source"].clone()), (true.into(), "mate-solver".into()));
    assert!(json["score_cp"].is_null() && json["depth"].is_null(), "{json}");
}

#[test]
fn a_mate_against_every_reply_is_a_proved_loss() {
    // The same problem after the attacker's first move: whatever the defender plays, the
    // attacker mates; the defender's longest resistance is the tsume's remaining 14 plies.
    let start = pos("1bsg1/p3k/5/K4/1GSB1 b 2RP 1");
    let after = start.after(start.parse_move("2e3d").expect("a legal move"));
    let a = analyse(None, &after, Color::Sente, &limits()).expect("an analysis");
    assert!(a.exact && a.source == Source::MateSolver, "{a}");
    assert_eq!((a.result, a.by), (GameResult::Loss, Some(By::Mate)), "{a}");
    assert!(a.plies.is_some_and(|n| n % 2 == 0 && n >= 14), "{a}");
    check_mate_line(&a);
}

#[test]
fn a_position_without_a_legal_move_is_lost_now() {
    let a = analyse_sfen(None, "4k/4G/4P/5/K4 w - 1", Color::Sente, &limits()).expect("an analysis");
    assert_eq!((a.exact, a.result, a.plies, a.best), (true, GameResult::Loss, Some(0), None), "{a}");
    assert!(a.line.is_empty());
}

#[test]
fn nothing_proved_gives_the_engines_estimate() {
    let a = analyse_sfen(None, "startpos", Color::Sente, &limits()).expect("an analysis");
    assert!(!a.exact && a.source == Source::Engine && a.result == GameResult::Unknown, "{a}");
    assert_eq!((a.by, a.plies), (None, None));
    assert_eq!(a.depth, Some(4));
    assert!(a.score_cp.is_some() && a.score_mate.is_none(), "{a}");
    assert!(!a.line.is_empty() && a.best == a.line.first().copied(), "{a}");
    let mut at = pos(&a.sfen);
    for m in &a.line {
        assert!(at.is_legal(*m), "the PV is legal: {a}");
        at.play(*m);
    }
    let json = serde_json::to_value(&a).expect("json");
    assert_eq!((json["exact"].clone(), json["source"].clone()), (false.into(), "engine".into()));
    assert_eq!((json["result"].clone(), json["depth"].clone()), ("unknown".into(), 4.into()));
    assert!(json["score_cp"].is_i64() && json["by"].is_null() && json["plies"].is_null(), "{json}");
    assert!(a.to_string().contains("estimate"), "{a}");
}

#[test]
fn a_bad_sfen_is_a_clear_error() {
    let e = analyse_sfen(None, "4k/5/5/5 b - 1", Color::Sente, &limits()).expect_err("no position");
    assert!(matches!(e, AnalysisError::BadSfen { .. }));
    let text = e.to_string();
    assert!(text.starts_with("bad SFEN '4k/5/5/5 b - 1': "), "{text}");
    let e = analyse_sfen(None, "startpos moves 5d5c 5d5c", Color::Sente, &limits()).expect_err("illegal");
    assert!(matches!(e, AnalysisError::BadMove(_)));
    assert_eq!(e.to_string(), "move 2 \"5d5c\": illegal in rbsgk/4p/P4/5/KGSBR w - 2");
}

#[test]
fn the_position_after_the_moves_is_analysed() {
    // The pawns take each other (sente's pawn, then gote's king): a pawn in each hand.
    let line = "4k/4p/4P/5/K4 b - 1 moves 1c1b 1a1b";
    let with_moves = analyse_sfen(None, line, Color::Sente, &limits()).expect("an analysis");
    assert_eq!(with_moves.sfen, "5/4k/5/5/K4 b Pp 3");
}

#[test]
fn a_mate_the_engine_sees_is_proved_by_the_solver() {
    // A quiet sacrifice, G*1b, mates in three (crates/mate/tests/it/problems.rs): tsume has no
    // mate, and with the any-move step off only the engine (at depth 8) finds it; the solver proves
    // it with quiet moves allowed, within the engine's distance.
    let limits = AnalysisLimits { any_move_plies: 0, engine: minishogi_engine::Limits::depth(8), ..limits() };
    let a = analyse_sfen(None, "K1k2/2p2/1G1b1/4B/5 b G 1", Color::Sente, &limits).expect("an analysis");
    assert!(a.exact && a.source == Source::MateSolver, "{a}");
    assert_eq!((a.result, a.plies), (GameResult::Win, Some(3)), "{a}");
    assert_eq!(a.best.map(|m| m.to_string()).as_deref(), Some("G*1b"));
    check_mate_line(&a);
    // After the sacrifice, with the reply step off too, the engine's "mated in 2" is proved
    // against every reply.
    let limits = AnalysisLimits { reply_mates: false, ..limits };
    let after = pos("K1k2/2p2/1G1b1/4B/5 b G 1");
    let after = after.after(after.parse_move("G*1b").expect("legal"));
    let a = analyse(None, &after, Color::Sente, &limits).expect("an analysis");
    assert!(a.exact && a.source == Source::MateSolver, "{a}");
    assert_eq!((a.result, a.plies), (GameResult::Loss, Some(2)), "{a}");
    check_mate_line(&a);
}
