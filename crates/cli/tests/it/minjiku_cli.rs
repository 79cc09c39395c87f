//! `minishogi minjiku moves`, `perft` and `show` run as a user runs them.

#[allow(dead_code)] // the shared helpers include one for stdin, unused here
use crate::common;

use common::{assert_error, run};
use std::process::Output;

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn moves_are_sorted_coordinates() {
    let text = stdout(&run(&["minjiku", "moves", "--fen", "startpos"]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 24);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"h2a9+") && lines.contains(&"b2b4"), "{text}");
    // A rifle capture and a burn, in a hand-built position.
    let fen = "2/9k/10/10/1p1p6/10/1F8/2V7/2p7/10/10/1K w";
    let text = stdout(&run(&["minjiku", "moves", "--fen", fen]));
    assert!(text.lines().any(|l| l == "c4c4xc3"), "{text}");
    assert!(text.lines().any(|l| l == "b5c6*b7*d7"), "{text}");
}

#[test]
fn perft_counts_and_divides() {
    assert_eq!(stdout(&run(&["minjiku", "perft", "--fen", "startpos", "--depth", "2"])), "nodes 555\n");
    let text = stdout(&run(&["minjiku", "perft", "--fen", "startpos", "--depth", "2", "--divide"]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 25);
    assert_eq!(lines.last(), Some(&"nodes 555"));
    let sum: u64 = lines[..24]
        .iter()
        .map(|l| l.rsplit(' ').next().and_then(|n| n.parse::<u64>().ok()).unwrap_or(0))
        .sum();
    assert_eq!(sum, 555);
}

#[test]
fn show_draws_the_board() {
    let text = stdout(&run(&["minjiku", "show", "--fen", "startpos"]));
    assert!(text.contains("side to move: white") && text.contains("L*"), "{text}");
    assert!(
        text.lines().next().is_some_and(|l| l.trim_start().starts_with("11") && l.contains('k')),
        "{text}"
    );
}

#[test]
fn bad_input_is_a_one_line_error() {
    assert_error(&run(&["minjiku", "moves", "--fen", "km/10 w"]), &["2 ranks", "expected 12"]);
    assert_error(&run(&["minjiku", "show", "--fen", "startpos x"]), &["got 'x'"]);
    let no_king = "2/10/10/10/10/10/10/10/10/10/10/1K w";
    assert_error(&run(&["minjiku", "perft", "--fen", no_king, "--depth", "1"]), &["black has 0 kings"]);
    // Usage errors come from clap, with its own exit status 2.
    assert_eq!(run(&["minjiku", "moves"]).status.code(), Some(2));
    assert_eq!(run(&["minjiku", "perft", "--fen", "startpos"]).status.code(), Some(2));
}

#[test]
fn perft_at_depth_0_is_the_position_itself() {
    let run_perft = |divide: &[&str]| {
        let mut args = vec!["minjiku", "perft", "--fen", "startpos", "--depth", "0"];
        args.extend(divide);
        stdout(&run(&args))
    };
    assert_eq!(run_perft(&[]), "nodes 1\n");
    assert_eq!(run_perft(&["--divide"]), "nodes 1\n");
}

#[test]
fn a_position_carries_the_moves_played_from_it() {
    // The Dragon King's promoting capture of the crate docs' example.
    let after = "km/rfsgbbgsqr/+Dxdvjacdyl*/pppppppppp/10/10/10/10/PPPPPPPPPP/L*YDCAJV1XL*/RQSGBBGSFR/MK b";
    let direct = stdout(&run(&["minjiku", "moves", "--fen", after]));
    assert_eq!(stdout(&run(&["minjiku", "moves", "--fen", "startpos moves h2a9+"])), direct);
    let show = |fen: &str| stdout(&run(&["minjiku", "show", "--fen", fen]));
    assert_eq!(show("startpos moves h2a9+"), show(after));
    assert_eq!(show("startpos moves"), show("startpos"));
    let perft = |fen: &str| stdout(&run(&["minjiku", "perft", "--fen", fen, "--depth", "1"]));
    assert_eq!(perft("startpos moves h2a9+"), perft(after));
    let illegal = run(&["minjiku", "moves", "--fen", "startpos moves h2a9+ h2a9+"]);
    assert_error(&illegal, &[&format!("move 2 \"h2a9+\": illegal in {after}")]);
    assert_error(&run(&["minjiku", "moves", "--fen", "startpos moves h2"]), &["move 1 \"h2\": not a move"]);
}
