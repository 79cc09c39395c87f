//! The Minjiku tables in play from the shell: `minjiku analyse` against `minjiku tb probe`,
//! `minjiku go --tables` and `xboard`'s `egtpath` playing the table's move, and `minjiku tb gen
//! --from-games` building what games reach, most frequent first, resumably. On the promoted Gold
//! (a Rook's moves) and the Gold against the bare King, whose sets build in seconds.

use crate::common::{assert_error, ok, run, run_with_stdin};
use std::path::Path;

/// White: King a1, promoted Gold d5; Black: King j10; White to move.
const GOLD_FEN: &str = "2/9k/10/10/10/10/3+G6/10/10/10/K9/2 w";
/// The same with an unpromoted Gold (its set needs the promoted Gold's).
const UNPROMOTED_FEN: &str = "2/9k/10/10/10/10/3G6/10/10/10/K9/2 w";
/// The Kings alone.
const KINGS_FEN: &str = "2/10/10/10/10/10/10/10/10/10/K1k7/2 w";

fn path_str(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// A directory with `K+GvK` and `KvK` built.
fn gold_tables() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    ok(&run(&["minjiku", "tb", "gen", "K+GvK", "--dir", path_str(dir.path())]));
    dir
}

/// `win in N: m1 … mN` of `tb probe`, as the distance and the moves.
fn probe(fen: &str, dir: &str) -> (u32, Vec<String>) {
    let text = ok(&run(&["minjiku", "tb", "probe", "--fen", fen, "--dir", dir]));
    let (value, moves) = text.trim_end().split_once(": ").expect("value: moves");
    let plies = value.strip_prefix("win in ").and_then(|n| n.parse().ok()).expect("a win");
    (plies, moves.split(' ').map(str::to_string).collect())
}

#[test]
fn analyse_answers_what_probe_answers_and_labels_estimates() {
    let dir = gold_tables();
    let d = path_str(dir.path());
    let (plies, line) = probe(GOLD_FEN, d);

    let text = ok(&run(&["minjiku", "analyse", "--json", "--fen", GOLD_FEN, "--dir", d]));
    let json: serde_json::Value = serde_json::from_str(text.trim()).expect("JSON");
    assert_eq!(json["result"], "win");
    assert_eq!(json["exact"], true);
    assert_eq!(json["by"], "mate");
    assert_eq!(json["source"], "tablebase");
    assert_eq!(json["material"], "K+GvK");
    assert_eq!(json["plies"], plies);
    assert_eq!(json["best"], line[0].as_str());
    assert_eq!(json["line"], serde_json::json!(line));
    let keys: Vec<&String> = json.as_object().expect("an object").keys().collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted, "keys in alphabetical order");

    // Text, positional: the same verdict.
    let text = ok(&run(&["minjiku", "analyse", GOLD_FEN, "--dir", d]));
    let expected =
        format!("[K+GvK]: win in {plies} (exact, tablebase); best {}; line {}", line[0], line.join(" "));
    assert!(text.trim_end().ends_with(&expected), "{text}");

    // The Kings alone: the mate-only table's draw is not exact. The start position: an estimate.
    let text = ok(&run(&["minjiku", "analyse", "--json", "--fen", KINGS_FEN, "--dir", d]));
    let json: serde_json::Value = serde_json::from_str(text.trim()).expect("JSON");
    assert_eq!(
        (&json["result"], &json["exact"], &json["plies"]),
        (&"draw".into(), &false.into(), &serde_json::Value::Null)
    );
    let text = ok(&run(&["minjiku", "analyse", "startpos", "--engine-depth", "2", "--dir", d]));
    assert!(text.contains(": unknown (estimate: ") && text.contains(" at depth 2, engine); best "), "{text}");

    // stdin: one answer a line, a bad line answered with its error and exit status 1.
    let out =
        run_with_stdin(&["minjiku", "analyse", "--json", "--dir", d], &format!("{GOLD_FEN}\nnot a fen\n"));
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[0].contains("\"result\":\"win\"") && lines[1].contains("\"error\""), "{stdout}");
    assert_error(
        &run(&["minjiku", "analyse", "--fen", GOLD_FEN, "--dir", "/no/such/dir"]),
        &["/no/such/dir"],
    );
}

#[test]
fn go_and_xboard_play_the_table_move() {
    let dir = gold_tables();
    let d = path_str(dir.path());
    let (plies, line) = probe(GOLD_FEN, d);

    let text = ok(&run(&["minjiku", "go", "--fen", GOLD_FEN, "--depth", "3", "--tables", d]));
    let last = text.lines().last().expect("a bestmove line");
    assert!(last.starts_with(&format!("bestmove {} score {} ", line[0], 100_000 - plies)), "{text}");

    let input = format!("xboard\nprotover 2\negtpath minjiku {d}\nsetboard {GOLD_FEN}\nsd 3\ngo\nping 1\n");
    let text = ok(&run_with_stdin(&["minjiku", "xboard"], &input));
    assert!(text.lines().next().is_some_and(|l| l.contains("egt=\"minjiku\"")), "{text}");
    assert!(text.lines().any(|l| l == format!("move {}", line[0])), "{text}");
    let text =
        ok(&run_with_stdin(&["minjiku", "xboard"], "egtpath minjiku /no/such/dir\negtpath syzygy /x\n"));
    assert!(text.lines().any(|l| l.starts_with("Error (cannot open the tables: ")), "{text}");
    assert!(text.lines().any(|l| l.starts_with("Error (unknown table type, only minjiku)")), "{text}");
    assert_error(&run(&["minjiku", "go", "--fen", GOLD_FEN, "--tables", "/no/such/dir"]), &["--tables"]);
}

#[test]
fn gen_from_games_builds_the_most_frequent_first_and_resumes() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let d = path_str(dir.path());
    let games = dir.path().join("games.txt");
    // Two games in the promoted Gold's set (one with moves), one in the Gold's, one full board.
    let text = format!("{GOLD_FEN} moves a1a2 j10j9\n{GOLD_FEN}\n{UNPROMOTED_FEN}\nstartpos moves h2a9+\n");
    std::fs::write(&games, text).expect("writes");
    let g = path_str(&games);

    let text = ok(&run(&["minjiku", "tb", "gen", "--from-games", g, "--limit", "1", "--dir", d]));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("4 games reach 2 table sets ") && lines[0].contains("building 1"), "{text}");
    assert_eq!(lines[1].trim_start(), "1. K+GvK: 2 games, 4 positions (build)", "{text}");
    assert_eq!(lines[2].trim_start(), "2. KGvK: 1 games, 1 positions (skip)", "{text}");
    assert!(lines[3].starts_with("KvK: ") && lines[4].starts_with("K+GvK: "), "{text}");
    assert_eq!(lines.len(), 5, "{text}");
    assert!(!dir.path().join("KGvK.mjtb").exists());

    // Resumed without a limit: the present set is read and skipped, the other built.
    let text = ok(&run(&["minjiku", "tb", "gen", "--from-games", g, "--dir", d]));
    assert!(text.lines().any(|l| l == "K+GvK: present (read and checked), skipped"), "{text}");
    assert!(text.lines().last().is_some_and(|l| l.starts_with("KGvK: 1000000 slots")), "{text}");
    assert!(dir.path().join("KGvK.mjtb").exists());

    // A bad game names its line; --limit needs --from-games.
    std::fs::write(&games, "startpos\nstartpos moves zz9\n").expect("writes");
    assert_error(&run(&["minjiku", "tb", "gen", "--from-games", g, "--dir", d]), &[":2: "]);
    assert_error(&run(&["minjiku", "tb", "gen", "--limit", "3", "--dir", d]), &["--from-games"]);
}
