//! `minishogi label` on the records of a match, as a user runs it.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::{ok, run};

#[test]
fn a_matchs_records_become_a_dataset_the_trainer_reads() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let engine = format!("{} usi", env!("CARGO_BIN_EXE_minishogi"));
    ok(&run(&[
        "match",
        "--engine1",
        &engine,
        "--engine2",
        &engine,
        "--option2",
        "EvalFile=linear",
        "--tc",
        "nodes=300",
        "--games",
        "4",
        "--records",
        &p("r.tsv"),
    ]));

    let label = |threads: &str, out: &str| {
        let args = ["label", "--records", &p("r.tsv"), "--weights", "initial", "--nodes", "200"];
        ok(&run(&[&args[..], &["--threads", threads, "--out", &p(out)]].concat()))
    };
    let out = label("1", "a.data");
    assert!(out.contains("4 games, ") && out.contains("0 games left out"), "{out}");
    label("2", "b.data");
    assert_eq!(std::fs::read(p("a.data")).unwrap(), std::fs::read(p("b.data")).unwrap());

    let out = ok(&run(&[
        "tune",
        "--data",
        &p("a.data"),
        "--init",
        "initial",
        "--out",
        &p("w.bin"),
        "--epochs",
        "1",
    ]));
    assert!(out.contains("validation loss"), "{out}");
}

#[test]
fn a_bad_records_line_is_named_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let header = "# game\tsente\tgote\tresult\tending\topening\tmoves\ttimes_ms";
    let game = "1\ta\tb\t1-0\tcheckmate\tstartpos\t5d5c 1b1c\t1 1";
    for (line, says) in [
        (game.replace("5d5c", "5d5a"), "move 1"),
        (game.replace("1-0", "win"), "result"),
        ("1\ta\tb".to_string(), "fields"),
    ] {
        std::fs::write(p("r.tsv"), format!("{header}\n{game}\n{line}\n")).unwrap();
        let out = run(&["label", "--records", &p("r.tsv"), "--nodes", "100", "--out", &p("x.data")]);
        assert_eq!(out.status.code(), Some(1), "{line}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("r.tsv:3:") && err.contains(says), "{line}: {err}");
    }
    let out = run(&["label", "--records", &p("missing.tsv"), "--out", &p("x.data")]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.tsv"));
    let out = run(&["label", "--records", &p("r.tsv"), "--nodes", "0", "--out", &p("x.data")]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--nodes"));
    assert!(!dir.path().join("x.data").exists());
}
