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
