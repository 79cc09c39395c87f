//! `minishogi moves`, `perft` and `show` run as a user runs them, checked against the
//! independent reference data of the rules crate.

use crate::common;

use common::{run, run_with_stdin};
use std::process::Output;

const POSITIONS: &str = include_str!("../../../minishogi/tests/data/positions.tsv");

/// (sfen, legal moves, result) of every reference row.
fn reference() -> Vec<(&'static str, &'static str, &'static str)> {
    POSITIONS
        .lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            (f[2], f[4], f[7])
        })
        .collect()
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// [`common::assert_error`], and the line starts with the program's name.
fn assert_error(out: &Output, words: &[&str]) {
    common::assert_error(out, words);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("minishogi: "), "{err}");
}

#[test]
fn moves_prints_the_reference_moves_one_per_line() {
    for (sfen, legal, _) in reference().into_iter().step_by(7) {
        let out = run(&["moves", "--sfen", sfen]);
        assert!(out.status.success(), "{sfen}");
        let expected: String = legal.split_whitespace().map(|m| format!("{m}\n")).collect();
        assert_eq!(stdout(&out), expected, "{sfen}");
    }
    let out = run(&["moves", "--sfen", "startpos"]);
    assert_eq!(stdout(&out).lines().count(), 14);
}

#[test]
fn moves_stdin_answers_every_reference_position_in_order() {
    let rows = reference();
    let input: String = rows.iter().map(|(sfen, _, _)| format!("{sfen}\n")).collect();
    let out = run_with_stdin(&["moves", "--stdin"], &input);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), rows.len());
    for ((sfen, legal, _), line) in rows.iter().zip(lines) {
        assert_eq!(line, *legal, "{sfen}");
    }
}

#[test]
fn moves_stdin_reports_a_bad_line_and_goes_on() {
    let out = run_with_stdin(&["moves", "--stdin"], "startpos\nnot a sfen\n4k/5/5/5/K4 b - 1\n");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0].split(' ').count(), 14);
    assert!(lines[1].starts_with("error: line 2"), "{}", lines[1]);
    assert!(lines[2].split(' ').any(|m| m == "5e4d"), "{}", lines[2]);
    assert_error(&out, &["1 input line"]);
}

#[test]
fn perft_counts_and_divides() {
    let out = run(&["perft", "--sfen", "startpos", "--depth", "4"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "nodes 35401\n");
    let out = run(&["perft", "--sfen", "startpos", "--depth", "5", "--parallel"]);
    assert_eq!(stdout(&out), "nodes 533203\n");
    // Bishop handicap, depth 3, divided: one line per first move (sorted), then the total.
    let sfen = "r1sgk/4p/5/P4/KGSBR w - 1";
    let out = run(&["perft", "--sfen", sfen, "--depth", "3", "--divide"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"nodes 1693"));
    let (moves, counts): (Vec<&str>, Vec<u64>) = lines[..lines.len() - 1]
        .iter()
        .map(|l| {
            let (m, n) = l.split_once(' ').expect("MOVE COUNT");
            (m, n.parse::<u64>().expect("a count"))
        })
        .unzip();
    let reference_moves = reference()[1].1;
    assert_eq!(moves.join(" "), reference_moves);
    assert_eq!(counts.iter().sum::<u64>(), 1693);
}

#[test]
fn show_reports_check_mate_and_no_legal_move() {
    let rows = reference();
    for (wanted, status) in [("checkmate", "status: checkmate"), ("no_legal_moves", "status: no legal move")]
    {
        let (sfen, _, _) = rows.iter().find(|r| r.2 == wanted).expect("the reference has such a row");
        let text = stdout(&run(&["show", "--sfen", sfen]));
        assert!(text.contains(status), "{sfen}:\n{text}");
        assert!(text.contains(&format!("sfen: {sfen}")), "{text}");
    }
    let text = stdout(&run(&["show", "--sfen", "4k/5/4R/5/K4 w - 1"]));
    assert!(text.contains("status: check") && text.contains("side to move: gote"), "{text}");
    let text = stdout(&run(&["show", "--sfen", "startpos"]));
    assert!(text.contains("status: normal") && text.contains("5  4  3  2  1"), "{text}");
}

#[test]
fn bad_input_is_a_one_line_error_with_a_non_zero_exit() {
    assert_error(&run(&["moves", "--sfen", "rbsgk/4p/2x2/P4/KGSBR b - 1"]), &["'x'", "rank c"]);
    assert_error(&run(&["perft", "--sfen", "rbsgk/4p/5/P4 b - 1", "--depth", "2"]), &["4 ranks"]);
    assert_error(&run(&["show", "--sfen", "4k/5/4R/5/K4 b - 1"]), &["gote", "in check"]);
    assert_error(&run(&["moves", "--sfen", "4k/P4/5/P4/K4 b - 1"]), &["file 5"]);
    // Usage errors come from clap, with its own exit status 2.
    assert_eq!(run(&["show", "startpos", "--sfen", "startpos"]).status.code(), Some(2));
    assert_eq!(run(&["perft", "--sfen", "startpos"]).status.code(), Some(2));
    assert_eq!(run(&["perft", "--sfen", "startpos", "--depth", "x"]).status.code(), Some(2));
    assert_eq!(run(&["moves", "--sfen", "startpos", "--stdin"]).status.code(), Some(2));
}

#[test]
fn a_position_carries_the_moves_played_from_it() {
    // 5d5c then 1b1c: each side's pawn one step forward, written out by hand.
    let after = "rbsgk/5/P3p/5/KGSBR b - 3";
    let direct = stdout(&run(&["moves", "--sfen", after]));
    assert!(!direct.is_empty());
    assert_eq!(stdout(&run(&["moves", "startpos moves 5d5c 1b1c"])), direct);
    assert_eq!(stdout(&run(&["moves", "--sfen", "sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 5d5c 1b1c"])), direct);
    assert_eq!(stdout(&run(&["show", "startpos moves 5d5c 1b1c"])), stdout(&run(&["show", after])));
    let perft = |sfen: &str| stdout(&run(&["perft", "--sfen", sfen, "--depth", "2"]));
    assert_eq!(perft("startpos moves 5d5c 1b1c"), perft(after));
    // An empty moves list is the position itself.
    assert_eq!(stdout(&run(&["moves", "startpos moves"])), stdout(&run(&["moves", "startpos"])));
    // The example: the naked-king handicap's gote escapes the rook's check.
    let escape = stdout(&run(&["show", "4k/5/5/P4/KGSBR w - 1 moves 1a2a"]));
    assert_eq!(escape, stdout(&run(&["show", "3k1/5/5/P4/KGSBR b - 2"])));
}

#[test]
fn a_bad_move_is_named_with_its_index() {
    let illegal = run(&["perft", "--sfen", "startpos moves 5d5c 1a1b", "--depth", "1"]);
    assert_error(&illegal, &["move 2 \"1a1b\": illegal in rbsgk/4p/P4/5/KGSBR w - 2"]);
    let malformed = run(&["moves", "startpos moves 5d5c 5z"]);
    assert_error(&malformed, &["move 2 \"5z\": not a USI move"]);
    let out = run_with_stdin(&["moves", "--stdin"], "startpos moves 5d5c\nstartpos moves 5d5c 5d5c\n");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    let replies = stdout(&run(&["moves", "--sfen", "rbsgk/4p/P4/5/KGSBR w - 2"]));
    assert_eq!(lines[0], replies.lines().collect::<Vec<_>>().join(" "), "{text}");
    assert!(lines[1].starts_with("error: line 2: move 2 \"5d5c\": illegal in"), "{text}");
}

#[test]
fn perft_at_depth_0_is_the_position_itself() {
    assert_eq!(stdout(&run(&["perft", "--depth", "0"])), "nodes 1\n");
    assert_eq!(stdout(&run(&["perft", "--depth", "0", "--divide"])), "nodes 1\n");
}
