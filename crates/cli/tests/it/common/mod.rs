//! Helpers shared by the CLI tests: running the `minishogi` binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the binary with `args`.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_minishogi")).args(args).output().expect("the binary runs")
}

/// Runs the binary with `args`, writing `input` to its stdin.
#[allow(dead_code)] // not every test binary feeds stdin
pub fn run_with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_minishogi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("piped").write_all(input.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("the binary finishes")
}

/// The stdout of a successful run (the test fails with the run's stderr otherwise).
#[allow(dead_code)] // not every test binary checks a run this way
pub fn ok(out: &Output) -> String {
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Checks a failed run: exit status 1 and one line on stderr that mentions every word.
#[allow(dead_code)] // not every test binary checks failures
pub fn assert_error(out: &Output, words: &[&str]) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "one line expected: {err}");
    for word in words {
        assert!(err.contains(word), "'{err}' does not mention '{word}'");
    }
}
