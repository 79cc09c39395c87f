//! `minishogi nnue train` and `quantise` as a user runs them, and the trained network loaded by
//! `minishogi usi` (option `EvalFile`) and `minishogi bench --eval-file`.
#![allow(clippy::unwrap_used)]

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common;

use common::{ok, run};

fn usi(lines: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_minishogi"))
        .arg("usi")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(lines.as_bytes()).unwrap();
    String::from_utf8_lossy(&child.wait_with_output().unwrap().stdout).into_owned()
}

#[test]
fn train_quantise_and_play_with_the_network() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let sp = ["selfplay", "--games", "6", "--nodes", "300", "--seed", "4", "--weights", "initial"];
    ok(&run(&[&sp[..], &["--threads", "1", "--out", &p("a.data")]].concat()));
    let out = ok(&run(&[
        "nnue",
        "train",
        "--data",
        &p("a.data"),
        "--out",
        &p("n.nnue"),
        "--epochs",
        "2",
        "--batch-size",
        "64",
        "--threads",
        "1",
    ]));
    assert!(out.contains("quantised vs float on"), "{out}");
    let csv = std::fs::read_to_string(p("n.loss.csv")).unwrap();
    assert!(csv.starts_with("epoch,train_loss,valid_loss,learning_rate"), "{csv}");
    assert_eq!(csv.lines().count(), 4, "{csv}");
    assert!(std::fs::read_to_string(p("n.loss.svg")).unwrap().contains("<polyline"));
    let out = ok(&run(&[
        "nnue",
        "quantise",
        "--float",
        &p("n.float"),
        "--out",
        &p("q.nnue"),
        "--data",
        &p("a.data"),
    ]));
    assert!(out.contains("max"), "{out}");
    // The same weights, another description: sizes differ by the description's length only.
    let (n, q) = (std::fs::read(p("n.nnue")).unwrap().len(), std::fs::read(p("q.nnue")).unwrap().len());
    assert!(n.abs_diff(q) < 100, "{n} vs {q}");

    let out = usi(&format!(
        "usi\nsetoption name EvalFile value {}\nisready\nposition startpos\ngo nodes 2000\nquit\n",
        p("n.nnue")
    ));
    assert!(out.contains("option name EvalFile type string"), "{out}");
    assert!(out.contains("info string network"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("bestmove ") && !l.contains("resign")), "{out}");
    let out = ok(&run(&["bench", "--depth", "3", "--eval-file", &p("n.nnue")]));
    assert!(out.contains("nodes "), "{out}");

    // A damaged network is refused with a reason, and the engine keeps playing.
    let mut bytes = std::fs::read(p("n.nnue")).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    std::fs::write(p("bad.nnue"), &bytes).unwrap();
    let out = usi(&format!(
        "usi\nsetoption name EvalFile value {}\nisready\nposition startpos\ngo nodes 500\nquit\n",
        p("bad.nnue")
    ));
    assert!(out.contains("checksum") && out.contains("evaluation unchanged"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("bestmove ")), "{out}");
    let out = run(&["bench", "--depth", "3", "--eval-file", &p("bad.nnue")]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("checksum"));
}

#[test]
fn the_loop_writes_a_generation_and_a_rerun_skips_it() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("run").to_string_lossy().into_owned();
    let args = [
        "nnue",
        "loop",
        "--out-dir",
        &out_dir,
        "--generations",
        "1",
        "--games",
        "4",
        "--nodes",
        "150",
        "--epochs",
        "1",
        "--batch-size",
        "64",
        "--match-games",
        "2",
        "--match-nodes",
        "100",
        "--linear",
        "initial",
        "--threads",
        "1",
    ];
    let out = ok(&run(&args));
    assert!(out.contains("== generation 1 of 1 (best: initial)"), "{out}");
    assert!(out.contains("self-play: 4 games,") && !out.contains("skipped"), "{out}");
    let summary = std::fs::read_to_string(dir.path().join("run/summary.md")).unwrap();
    assert!(summary.lines().nth(2).unwrap().starts_with("| 1 | initial |"), "{summary}");
    let again = ok(&run(&args));
    assert_eq!(again.matches("already done, skipped").count(), 3, "{again}");
    assert!(!again.contains("self-play: 4 games,"), "{again}");
}
