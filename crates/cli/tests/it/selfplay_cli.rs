//! `minishogi selfplay`, `tune` and `match` run as a user runs them.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::{ok, run};

#[test]
fn selfplay_is_reproducible_and_tune_and_match_use_it() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let base = ["selfplay", "--games", "6", "--nodes", "300", "--seed", "9", "--weights", "initial"];
    ok(&run(&[&base[..], &["--threads", "1", "--out", &p("a.data")]].concat()));
    ok(&run(&[&base[..], &["--threads", "2", "--out", &p("b.data")]].concat()));
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
        "3",
    ]));
    assert!(out.contains("validation loss"), "{out}");
    let csv = std::fs::read_to_string(p("w.loss.csv")).unwrap();
    assert!(csv.starts_with("epoch,train_loss,valid_loss"), "{csv}");
    assert!(std::fs::read_to_string(p("w.loss.svg")).unwrap().contains("<polyline"));

    // The same weights on both sides, one through USI (with `EvalFile linear`): deterministic node-limited searches
    // make every pair a 1-1 split.
    let engine = format!("{} usi", env!("CARGO_BIN_EXE_minishogi"));
    let out = ok(&run(&[
        "match",
        "--games",
        "4",
        "--nodes",
        "300",
        "--a",
        &p("w.bin"),
        "--engine",
        &engine,
        "--engine-option",
        &format!("WeightsFile={}", p("w.bin")),
        // The USI engine's default evaluation is the network; this match compares the weights.
        "--engine-option",
        "EvalFile=linear",
        "--threads",
        "1",
    ]));
    assert!(out.contains("pentanomial (pairs by A's points 0, 0.5, 1, 1.5, 2): [0, 0, 2, 0, 0]"), "{out}");
    assert!(out.contains("Elo +0.0 ± 0.0"), "{out}");
}

#[test]
fn bad_input_is_a_one_line_error() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.data");
    std::fs::write(&junk, b"not a dataset").unwrap();
    let out = run(&["tune", "--data", junk.to_str().unwrap(), "--out", "/dev/null"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("magic"), "{err}");
    let out = run(&["match", "--games", "2", "--a", "/nonexistent/w.bin"]);
    assert!(!out.status.success());
    let out = run(&["match", "--games", "2", "--engine", "/nonexistent/engine"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot start"));
}

#[test]
fn settings_out_of_range_name_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.data");
    let out = out.to_str().unwrap();
    for (args, flag) in [
        (vec!["selfplay", "--games", "2", "--opening-min", "7", "--out", out], "--opening-min"),
        (vec!["selfplay", "--games", "2", "--threads", "0", "--out", out], "--threads"),
        (vec!["match", "--games", "2", "--sprt", "--elo1=-1"], "--elo1"),
        (vec!["match", "--games", "2", "--engine", "x", "--engine-option", "foo"], "--engine-option 'foo'"),
    ] {
        let result = run(&args);
        assert_eq!(result.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&result.stderr);
        assert!(err.starts_with("minishogi: ") && err.contains(flag), "{args:?}: {err}");
    }
}

#[test]
fn the_network_can_play_the_games() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let base = ["selfplay", "--games", "4", "--nodes", "200", "--seed", "5", "--threads", "2"];
    ok(&run(&[&base[..], &["--network", "embedded", "--out", &p("net.data")]].concat()));
    ok(&run(&[&base[..], &["--weights", "linear", "--out", &p("lin.data")]].concat()));
    // Another evaluation plays other games from the same openings.
    assert_ne!(std::fs::read(p("net.data")).unwrap(), std::fs::read(p("lin.data")).unwrap());

    for (args, says) in [
        (vec!["--network", "embedded", "--weights", "initial"], "cannot be used with"),
        (vec!["--network", "linear"], "--weights"),
        (vec!["--weights", "embedded"], "the shipped linear weights are 'linear'"),
        (vec!["--network", "initial"], "not a network"),
        (vec!["--network", "/nonexistent/net.nnue"], "/nonexistent/net.nnue"),
    ] {
        let result = run(&[&base[..], &args[..], &["--out", &p("x.data")]].concat());
        assert!(!result.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&result.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    assert!(!dir.path().join("x.data").exists());
}
