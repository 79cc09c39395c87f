//! `minishogi match --engine1 … --engine2 …` between two real `minishogi usi` processes, and
//! `minishogi book build`, run as a user runs them.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::{ok, run};

fn engine() -> String {
    format!("'{}' usi", env!("CARGO_BIN_EXE_minishogi"))
}

#[test]
fn two_real_engines_play_a_book_both_ways_with_records_kif_and_csa() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    std::fs::write(p("book.txt"), "# two openings\nstartpos moves 3e4d 3a2b\nstartpos moves 2e3d\n").unwrap();
    let engine = engine();
    let out = ok(&run(&[
        "match",
        "--engine1",
        &engine,
        "--engine2",
        &engine,
        "--option2",
        "USI_Hash=4",
        "--name2",
        "other",
        "--tc",
        "depth=2",
        "--openings",
        &p("book.txt"),
        "--concurrency",
        "2",
        "--records",
        &p("games.tsv"),
        "--kif",
        &p("kif"),
        "--csa",
        &p("csa"),
    ]));
    assert!(
        out.starts_with("4 games (2 pairs, each opening with both colours), tc depth=2 / depth=2"),
        "{out}"
    );
    assert!(out.contains(" vs other: "), "{out}");
    assert!(out.contains("pentanomial (pairs by "), "{out}");
    let records = std::fs::read_to_string(p("games.tsv")).unwrap();
    let lines: Vec<&str> = records.lines().collect();
    assert_eq!(lines.len(), 5, "{records}");
    let mut numbers: Vec<&str> = lines[1..].iter().map(|l| l.split('\t').next().unwrap()).collect();
    numbers.sort();
    assert_eq!(numbers, ["1", "2", "3", "4"]);
    for line in &lines[1..] {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 8, "{line}");
        assert!(fields[5].starts_with("startpos moves "), "{line}");
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&fields[3]), "{line}");
    }
    for n in 1..=4 {
        let kif = std::fs::read_to_string(dir.path().join(format!("kif/game-000{n}.kif"))).unwrap();
        assert!(kif.contains("手合割：５五将棋"), "{kif}");
        let csa = std::fs::read_to_string(dir.path().join(format!("csa/game-000{n}.csa"))).unwrap();
        assert!(csa.starts_with("V2.2\nN+") && csa.contains("\nP1-HI-KA-GI-KI-OU\n"), "{csa}");
        assert!(csa.lines().last().unwrap().starts_with("'summary:"), "{csa}");
    }
}

#[test]
fn a_byoyomi_match_with_generated_openings_loses_no_game_on_time() {
    let engine = engine();
    let out = ok(&run(&[
        "match",
        "--engine1",
        &engine,
        "--engine2",
        &engine,
        "--tc",
        "byoyomi=50ms",
        "--move-overhead",
        "1s",
        "--games",
        "2",
        "--ply-cap",
        "40",
    ]));
    assert!(out.contains("2 games (1 pairs"), "{out}");
    assert!(!out.contains("time-loss") && !out.contains("engine-failure"), "{out}");
}

#[test]
fn bad_engines_and_flags_are_refused_with_the_reason() {
    let engine = engine();
    let cases: [(Vec<&str>, &str); 4] = [
        (
            vec!["match", "--engine1", "/nonexistent/engine", "--engine2", &engine, "--games", "2"],
            "cannot start",
        ),
        (
            vec!["match", "--engine1", &engine, "--engine2", &engine, "--tc", "fast", "--games", "2"],
            "bad time control 'fast'",
        ),
        (
            vec!["match", "--engine1", &engine, "--engine2", &engine, "--option1", "Hash", "--games", "2"],
            "'Hash' is not NAME=VALUE",
        ),
        (vec!["match", "--engine1", &engine, "--engine2", &engine], "--games is required without --openings"),
    ];
    for (args, message) in cases {
        let out = run(&args);
        assert!(!out.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    let out = run(&["match", "--engine1", &engine, "--a", "initial"]);
    assert!(!out.status.success());
}

/// The openings of a book file, without the comments.
fn book_openings(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().filter(|l| !l.starts_with('#')).map(str::to_string).collect()
}

#[test]
fn a_built_book_is_an_openings_file_the_match_reads() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.txt").to_string_lossy().into_owned();
    let out = ok(&run(&[
        "book",
        "build",
        "--out",
        &book,
        "--count",
        "2",
        "--plies",
        "2",
        "--limit",
        "depth=2",
        "--screen",
        "nodes=200",
        "--max-score",
        "150",
    ]));
    assert!(out.starts_with("2 openings written to "), "{out}");
    let openings = book_openings(&book);
    assert_eq!(openings.len(), 2, "{openings:?}");
    assert!(
        openings.iter().all(|l| l.starts_with("startpos moves ") && l.contains("# sente ")),
        "{openings:?}"
    );
    let engine = engine();
    let out = ok(&run(&[
        "match",
        "--engine1",
        &engine,
        "--engine2",
        &engine,
        "--tc",
        "nodes=300",
        "--openings",
        &book,
    ]));
    assert!(out.starts_with("4 games (2 pairs"), "{out}");
    let out = run(&["book", "build", "--out", &book, "--limit", "byoyomi=1s"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--limit must be depth=D or nodes=N"));
}

#[test]
fn a_book_built_with_exclude_skips_those_positions_and_keeps_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let build = |out: &str, count: &str, extra: &[&str]| {
        let mut args = vec!["book", "build", "--out", out, "--count", count, "--plies", "2"];
        args.extend(["--limit", "depth=2", "--screen", "nodes=200", "--max-score", "150"]);
        args.extend(extra);
        ok(&run(&args));
    };
    build(&p("whole.txt"), "3", &[]);
    let whole = book_openings(&p("whole.txt"));
    assert_eq!(whole.len(), 3);
    // Leaving out the first opening's position, the build goes on to the next two.
    std::fs::write(p("first.txt"), format!("{}\n", whole[0])).unwrap();
    build(&p("rest.txt"), "2", &["--exclude", &p("first.txt")]);
    assert_eq!(book_openings(&p("rest.txt")), whole[1..]);
    let header = std::fs::read_to_string(p("rest.txt")).unwrap();
    assert!(header.contains("# left out: the positions of other books' openings (1)"), "{header}");
    let out = run(&["book", "build", "--out", &p("x.txt"), "--exclude", &p("missing.txt")]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.txt"));
}
