//! `minishogi mate`: one SFEN or many on stdin, text or JSON, tsume or any moves.

use crate::common;

use common::{run, run_with_stdin};

fn stdout(output: &std::process::Output) -> String {
    assert!(output.status.success(), "stderr: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).expect("utf-8")
}

#[test]
fn a_drop_mate_in_text_and_json() {
    let sfen = "4k/5/4P/5/K4 b G 1";
    let text = stdout(&run(&["mate", "--sfen", sfen]));
    assert!(text.starts_with("mate in 1: G*1b ("), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(stdout(&run(&["mate", "--sfen", sfen, "--json"])).trim()).expect("json");
    assert_eq!(json["sfen"], sfen);
    assert_eq!(json["result"], "mate");
    assert_eq!(json["plies"], 1);
    assert_eq!(json["line"], serde_json::json!(["G*1b"]));
    assert_eq!(json["shortest"], true);
    assert!(json["nodes"].as_u64().is_some() && json["time_ms"].as_u64().is_some());
}

#[test]
fn a_position_with_moves_is_solved_after_its_moves() {
    // Gote's king steps into the corner, where a gold dropped on 1b (guarded by the pawn) mates.
    let line = "3k1/5/4P/5/K4 w G 1 moves 2a1a";
    let json: serde_json::Value =
        serde_json::from_str(stdout(&run(&["mate", line, "--json"])).trim()).expect("json");
    assert_eq!((json["result"].clone(), json["plies"].clone()), ("mate".into(), 1.into()));
    assert_eq!(json["line"], serde_json::json!(["G*1b"]));
    // The example: the naked king's escape, then any mate within 3 plies or none.
    let out = run(&["mate", "--any-move", "--max-plies", "3", "4k/5/5/P4/KGSBR w - 1 moves 1a2a"]);
    assert!(stdout(&out).starts_with("mate in") || stdout(&out).starts_with("no mate"));
    let bad = run(&["mate", "--sfen", "startpos moves 5d5c 1a1b"]);
    common::assert_error(&bad, &["move 2 \"1a1b\": illegal in rbsgk/4p/P4/5/KGSBR w - 2"]);
    let input = "startpos moves 5d5c 1a1b\n4k/5/4P/5/K4 b G 1 moves\n";
    let out = run_with_stdin(&["mate"], input);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("error: move 2 \"1a1b\""), "{text}");
    assert!(lines[1].starts_with("mate in 1: G*1b"), "an empty moves list: {text}");
}

#[test]
fn stdin_gives_one_answer_per_line() {
    // A refused pawn-drop mate (no mate), a quiet drop that tsume cannot use, a bad line.
    let input = "3rk/3p1/5/2B2/K4 b P 1\n\n5/k4/5/1K3/5 b R 1\nnot a position\n";
    let output = run_with_stdin(&["mate", "--json"], input);
    assert!(!output.status.success(), "a bad line fails the run");
    let text = String::from_utf8(output.stdout).expect("utf-8");
    let answers: Vec<serde_json::Value> =
        text.lines().map(|l| serde_json::from_str(l).expect("json")).collect();
    assert_eq!(answers.len(), 3);
    assert_eq!(answers[0]["result"], "nomate");
    assert_eq!(answers[1]["result"], "nomate");
    assert!(answers[2]["error"].as_str().is_some_and(|e| e.contains("bad SFEN")));
}

#[test]
fn any_move_mode_finds_the_quiet_mate_and_a_budget_gives_unknown() {
    let text = stdout(&run(&["mate", "--sfen", "5/k4/5/1K3/5 b R 1", "--any-move", "--max-plies", "5"]));
    assert!(text.starts_with("mate in 3: R*4c "), "{text}");
    let text =
        stdout(&run(&["mate", "--sfen", "startpos", "--any-move", "--max-plies", "9", "--nodes", "500"]));
    assert!(text.starts_with("unknown"), "{text}");
    let bad = run(&["mate", "--sfen", "startpos", "--any-move"]);
    assert!(!bad.status.success(), "--any-move needs --max-plies");
}
