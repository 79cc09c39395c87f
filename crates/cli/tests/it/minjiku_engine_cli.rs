//! `minishogi minjiku go`, `bench` and `xboard` run as a user (or a GUI) runs them.

use crate::common::{assert_error, ok, run, run_with_stdin};
use minjiku::Position;

#[test]
fn go_prints_a_legal_best_move_and_its_line() {
    let text = ok(&run(&["minjiku", "go", "--fen", "startpos", "--depth", "3"]));
    let last = text.lines().last().expect("a bestmove line");
    let best = last.strip_prefix("bestmove ").and_then(|r| r.split(' ').next()).expect(last);
    assert!(Position::startpos().parse_move(best).is_ok(), "{best}");
    assert_eq!(text.lines().filter(|l| l.starts_with("info depth ")).count(), 3, "{text}");
}

#[test]
fn go_refuses_bad_input() {
    assert_error(&run(&["minjiku", "go", "--fen", "k1/10 w", "--depth", "3"]), &["bad position"]);
    assert_error(&run(&["minjiku", "go", "--fen", "startpos", "--depth", "0"]), &["--depth must be 1..64"]);
}

#[test]
fn bench_prints_its_signature() {
    let text = ok(&run(&["minjiku", "bench", "--depth", "2"]));
    let nodes = text.lines().find_map(|l| l.strip_prefix("nodes ")).expect("a nodes line");
    assert!(nodes.parse::<u64>().is_ok_and(|n| n > 0), "{text}");
    assert!(text.contains("positions 9") && text.contains("nps "), "{text}");
}

#[test]
fn xboard_answers_a_gui() {
    let out = run_with_stdin(
        &["minjiku", "xboard"],
        "xboard\nprotover 2\nnew\nsd 2\nusermove h2a9+\nbogus\nping 5\n",
    );
    let text = ok(&out);
    assert!(
        text.lines().next().is_some_and(|l| l.starts_with("feature ") && l.ends_with("done=1")),
        "{text}"
    );
    assert!(text.lines().any(|l| l == "Error (unknown command): bogus"), "{text}");
    assert!(text.lines().any(|l| l == "pong 5"), "{text}");
    let reply = text.lines().find_map(|l| l.strip_prefix("move ")).expect("a move");
    let mut pos = Position::startpos();
    let first = pos.parse_move("h2a9+").expect("legal");
    pos.play(first);
    assert!(pos.parse_move(reply).is_ok(), "{reply}");
}
