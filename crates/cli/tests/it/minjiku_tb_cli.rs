//! `minishogi minjiku tb gen|probe|verify|info|dump` run as a user runs them, on the two Kings and the
//! promoted Gold (a Rook's moves, never promotes: its set needs only the Kings'): one line per
//! table, a probe's line as long as its distance, verification, a damaged file and a missing
//! table refused in one line.

#[allow(dead_code)] // the shared helpers include one for stdin, unused here
use crate::common;

use common::{assert_error, ok, run};
use std::path::Path;

/// White: King a1, promoted Gold d5; Black: King j10; White to move.
const GOLD_FEN: &str = "2/9k/10/10/10/10/3+G6/10/10/10/K9/2 w";

fn path_str(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// A table line of `gen` or `info`: `SET: N slots, B bytes, wins W losses L draws D longest mate M`.
fn assert_table_line(line: &str, set: &str, slots: u64) {
    let prefix = format!("{set}: {slots} slots, ");
    assert!(line.starts_with(&prefix), "{line}");
    for word in [" bytes, wins ", " losses ", " draws ", " longest mate "] {
        assert!(line.contains(word), "'{line}' lacks '{word}'");
    }
}

#[test]
fn gen_info_probe_verify_and_a_damaged_file() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let d = path_str(dir.path());

    // gen --dry-run: the plan, dependencies first, and nothing written.
    let plan = ["KvK\tto build", "K+GvK\tto build", "2 sets: 0 present, 2 to build (1010000 slots)"];
    let text = ok(&run(&["minjiku", "tb", "gen", "K+GvK", "--dir", d, "--dry-run"]));
    assert_eq!(text.lines().collect::<Vec<_>>(), plan, "{text}");
    assert_eq!(std::fs::read_dir(dir.path()).expect("the directory").count(), 0);

    // gen: one line per table written, dependencies first, with the seconds at the end.
    let text = ok(&run(&["minjiku", "tb", "gen", "K+GvK", "--dir", d, "--threads", "2"]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_table_line(lines[0], "KvK", 10_000);
    assert_table_line(lines[1], "K+GvK", 1_000_000);
    assert!(lines[0].contains("wins 0 losses 0 ") && lines[0].contains("longest mate -"), "{text}");
    assert!(lines.iter().all(|l| l.ends_with(" s)")), "{text}");
    let gold = dir.path().join("KpGvK.mjtb");
    let kings = dir.path().join("KvK.mjtb");
    assert!(gold.exists() && kings.exists());
    // Present files are read, not rebuilt: nothing is written the second time.
    assert_eq!(ok(&run(&["minjiku", "tb", "gen", "K+GvK", "--dir", d])), "");
    let text = ok(&run(&["minjiku", "tb", "gen", "K+GvK", "--dir", d, "--dry-run", "--force"]));
    assert_eq!(text, "KvK\tpresent\nK+GvK\tto build\n2 sets: 1 present, 1 to build (1000000 slots)\n");

    // info: the gen line without the time, from the header.
    let text = ok(&run(&["minjiku", "tb", "info", path_str(&gold)]));
    assert_eq!(text.lines().count(), 1, "{text}");
    let gen_line = lines[1].rsplit_once(" (").map(|(head, _)| head);
    assert_eq!(text.lines().next(), gen_line, "{text}");

    // probe: `win in N: m1 … mN`, N moves; the Kings alone are a draw with no line.
    let text = ok(&run(&["minjiku", "tb", "probe", "--fen", GOLD_FEN, "--dir", d]));
    let (value, moves) = text.trim_end().split_once(": ").expect("value: moves");
    let plies: usize = value.strip_prefix("win in ").and_then(|n| n.parse().ok()).expect("a win");
    assert_eq!(moves.split(' ').count(), plies, "{text}");
    let text =
        ok(&run(&["minjiku", "tb", "probe", "--fen", "2/10/10/10/10/10/10/10/10/10/K1k7/2 w", "--dir", d]));
    assert_eq!(text, "draw\n");
    // A piece on an extra square is outside the tables.
    let text =
        ok(&run(&["minjiku", "tb", "probe", "--fen", "2/9k/10/10/10/10/10/10/10/10/K9/+G1 w", "--dir", d]));
    assert!(text.starts_with("not in the tables"), "{text}");

    // dump: every legal position with its value; the probed one with the probe's value, the same
    // counts as `gen`, and the set named the other way round gives the turned positions.
    let dump = ok(&run(&["minjiku", "tb", "dump", "K+GvK", "--dir", d]));
    let probed = format!("{GOLD_FEN}\twin\t{plies}");
    assert!(dump.lines().any(|l| l == probed), "no line '{probed}'");
    let count = |result: &str| dump.lines().filter(|l| l.split('\t').nth(1) == Some(result)).count();
    let counted = format!("wins {} losses {} draws {} ", count("win"), count("loss"), count("draw"));
    assert!(lines[1].contains(&counted), "{counted} not in '{}'", lines[1]);
    let turned = ok(&run(&["minjiku", "tb", "dump", "KvK+G", "--dir", d]));
    assert_eq!(turned.lines().count(), dump.lines().count());
    assert!(turned.lines().all(|l| l.contains("+g") && !l.contains("+G")), "the piece is Black's");
    let kings_dump = ok(&run(&["minjiku", "tb", "dump", "KvK", "--dir", d]));
    assert!(kings_dump.lines().all(|l| l.ends_with("\tdraw\t-")), "the Kings alone draw");

    // verify: one `ok` line per file.
    let text = ok(&run(&["minjiku", "tb", "verify", path_str(&kings), path_str(&gold), "--threads", "2"]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("KvK: ok, 10000 slots, "), "{text}");
    assert!(
        lines[1].starts_with("K+GvK: ok, 1000000 slots, ") && lines[1].ends_with(" legal positions checked")
    );

    // A flipped byte in the values of a copy: verify, info or probe refuse it in one line.
    let damaged = tempfile::tempdir().expect("a temporary directory");
    std::fs::copy(&kings, damaged.path().join("KvK.mjtb")).expect("copies");
    let bad = damaged.path().join("KpGvK.mjtb");
    let mut bytes = std::fs::read(&gold).expect("reads");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x5a;
    std::fs::write(&bad, &bytes).expect("writes");
    assert_error(&run(&["minjiku", "tb", "verify", path_str(&bad)]), &["minishogi:"]);
    // Truncated: refused on open.
    std::fs::write(&bad, &bytes[..bytes.len() - 100]).expect("writes");
    assert_error(&run(&["minjiku", "tb", "info", path_str(&bad)]), &["minishogi:"]);
    assert_error(
        &run(&["minjiku", "tb", "probe", "--fen", GOLD_FEN, "--dir", path_str(damaged.path())]),
        &["minishogi:"],
    );
}

#[test]
fn a_missing_table_names_the_gen_command() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = run(&["minjiku", "tb", "probe", "--fen", GOLD_FEN, "--dir", path_str(dir.path())]);
    assert_error(&out, &["K+GvK", "minishogi minjiku tb gen K+GvK"]);
    let out = run(&["minjiku", "tb", "verify", path_str(&dir.path().join("KvK.mjtb"))]);
    assert_error(&out, &["KvK.mjtb"]);
    assert_error(&run(&["minjiku", "tb", "gen", "KZvK", "--dir", path_str(dir.path())]), &["KZvK", "'Z'"]);
    assert_error(&run(&["minjiku", "tb", "dump", "K+GvK", "--dir", path_str(dir.path())]), &["KpGvK.mjtb"]);
    assert_error(
        &run(&["minjiku", "tb", "probe", "--fen", "not a position", "--dir", "."]),
        &["not a position"],
    );
}
