//! `minishogi analyse`: a table's answer as `tb probe` gives it, a tsume proved by the solver,
//! the engine's estimate where nothing is proved, many SFENs on stdin with a bad one.

use crate::common;

use common::{run, run_with_stdin};

fn stdout(output: &std::process::Output) -> String {
    assert!(output.status.success(), "stderr: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).expect("utf-8")
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text.trim()).expect("json")
}

#[test]
fn a_table_position_answers_as_tb_probe_does() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let dir = dir.path().to_str().expect("a utf-8 path");
    let sfen = "4k/5/5/5/K4 b G 1";
    // `tb probe` generates the small table on the fly; `analyse` then reads it.
    let probe = json(&stdout(&run(&["tb", "probe", "--dir", dir, "--sfen", sfen, "--json"])));
    let analysis = json(&stdout(&run(&["analyse", "--dir", dir, "--sfen", sfen, "--json"])));
    for (key, value) in probe.as_object().expect("an object") {
        assert_eq!(&analysis[key], value, "{key}");
    }
    assert_eq!((analysis["exact"].clone(), analysis["source"].clone()), (true.into(), "tablebase".into()));
    let text = stdout(&run(&["analyse", "--dir", dir, "--sfen", sfen]));
    assert!(
        text.starts_with("4k/5/5/5/K4 b G 1 [G]: win in 9 (exact, tablebase); best G*2c; line G*2c "),
        "{text}"
    );
}

#[test]
fn a_tsume_is_exact_and_the_startpos_an_estimate() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let dir = dir.path().to_str().expect("a utf-8 path");
    let input = "1bsg1/p3k/5/K4/1GSB1 b 2RP 1\n\nstartpos\nnot a position\n";
    let output = run_with_stdin(&["analyse", "--dir", dir, "--json", "--engine-depth", "3"], input);
    assert!(!output.status.success(), "a bad line fails the run");
    assert!(String::from_utf8_lossy(&output.stderr).contains("1 of 3 positions could not be analysed"));
    let text = String::from_utf8(output.stdout).expect("utf-8");
    let answers: Vec<serde_json::Value> = text.lines().map(json).collect();
    assert_eq!(answers.len(), 3, "{text}");
    let tsume = &answers[0];
    assert_eq!((tsume["exact"].clone(), tsume["source"].clone()), (true.into(), "mate-solver".into()));
    assert_eq!(
        (tsume["result"].clone(), tsume["by"].clone(), tsume["plies"].clone()),
        ("win".into(), "mate".into(), 15.into())
    );
    let estimate = &answers[1];
    assert_eq!((estimate["exact"].clone(), estimate["source"].clone()), (false.into(), "engine".into()));
    assert_eq!((estimate["result"].clone(), estimate["depth"].clone()), ("unknown".into(), 3.into()));
    assert!(estimate["score_cp"].is_i64() && estimate["best"].is_string(), "{estimate}");
    assert!(answers[2]["error"].as_str().is_some_and(|e| e.starts_with("bad SFEN 'not a position'")));
}

#[test]
fn a_bad_sfen_is_an_error() {
    let output = run(&["analyse", "--sfen", "4k/5/5/5 b - 1"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("bad SFEN '4k/5/5/5 b - 1'"), "{stderr}");
}
