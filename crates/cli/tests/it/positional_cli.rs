//! A newcomer's first commands: the position given positionally instead of with `--sfen`, the
//! start position when none is given (`moves`, `perft`, `show`), and `perft`'s depth given
//! positionally. Each new form prints what the `--sfen` form prints.

use crate::common;

use common::{assert_error, ok, run, run_with_stdin};

const SFEN: &str = "4k/2S2/3G1/5/K4 b GP2r2bsp 1";

#[test]
fn show_without_a_position_shows_the_start() {
    let start = ok(&run(&["show", "--sfen", "startpos"]));
    assert_eq!(ok(&run(&["show"])), start);
    assert_eq!(ok(&run(&["show", "startpos"])), start);
    assert_eq!(ok(&run(&["show", SFEN])), ok(&run(&["show", "--sfen", SFEN])));
}

#[test]
fn moves_without_a_position_lists_the_start_moves() {
    let start = ok(&run(&["moves", "--sfen", "startpos"]));
    assert!(start.lines().count() > 10, "{start}");
    assert_eq!(ok(&run(&["moves"])), start);
    assert_eq!(ok(&run(&["moves", SFEN])), ok(&run(&["moves", "--sfen", SFEN])));
    // `--stdin` still reads the positions; one given as well is refused.
    assert_eq!(
        ok(&run_with_stdin(&["moves", "--stdin"], "startpos\n")).split(' ').count(),
        start.lines().count()
    );
    assert_eq!(run(&["moves", "startpos", "--stdin"]).status.code(), Some(2));
    assert_eq!(run(&["moves", "startpos", "--sfen", "startpos"]).status.code(), Some(2));
}

#[test]
fn perft_takes_the_depth_and_the_position_positionally() {
    assert_eq!(ok(&run(&["perft", "4"])), ok(&run(&["perft", "--sfen", "startpos", "--depth", "4"])));
    assert_eq!(ok(&run(&["perft", "--depth", "4"])), ok(&run(&["perft", "4"])));
    assert_eq!(ok(&run(&["perft", "3", SFEN])), ok(&run(&["perft", "--sfen", SFEN, "--depth", "3"])));
    let divide = ok(&run(&["perft", "2", "--divide"]));
    assert!(divide.ends_with(&ok(&run(&["perft", "2"]))), "{divide}");
    // A depth is needed, once.
    assert_eq!(run(&["perft"]).status.code(), Some(2));
    assert_eq!(run(&["perft", "3", "--depth", "3"]).status.code(), Some(2));
}

#[test]
fn a_bad_positional_sfen_is_a_one_line_error() {
    for args in [&["show", "not a position"][..], &["moves", "not a position"], &["perft", "2", "bad"]] {
        assert_error(&run(args), &["bad SFEN"]);
    }
}

#[test]
fn mate_analyse_and_tb_probe_take_a_positional_sfen() {
    let sfen = "4k/5/4P/5/K4 b G 1";
    let mate = ok(&run(&["mate", sfen, "--json"]));
    let flag = ok(&run(&["mate", "--sfen", sfen, "--json"]));
    let result =
        |text: &str| serde_json::from_str::<serde_json::Value>(text.trim()).expect("json")["line"].clone();
    assert_eq!(result(&mate), result(&flag));
    let dir = tempfile::tempdir().expect("a temporary directory");
    let d = dir.path().to_str().expect("a utf-8 path");
    let kings_gold = "4k/5/5/5/K4 b G 1";
    let probe = ok(&run(&["tb", "probe", kings_gold, "--dir", d]));
    assert_eq!(probe, ok(&run(&["tb", "probe", "--sfen", kings_gold, "--dir", d])));
    let analyse = ok(&run(&["analyse", kings_gold, "--dir", d, "--json"]));
    assert_eq!(analyse, ok(&run(&["analyse", "--sfen", kings_gold, "--dir", d, "--json"])));
    // Both at once is a usage error; without either, stdin is read as before.
    assert_eq!(run(&["mate", sfen, "--sfen", sfen]).status.code(), Some(2));
    let lines = ok(&run_with_stdin(&["tb", "probe", "--dir", d], &format!("{kings_gold}\n")));
    assert_eq!(lines, probe);
}
