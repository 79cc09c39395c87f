//! `minishogi solve`: the naked-king handicap proved lost in 8 with a certificate (plain and
//! zstd), text and JSON answers, and one-line errors for bad input.

use crate::common::{assert_error, ok, run};
use minishogi_solve::{Certificate, Value};

#[test]
fn the_naked_king_is_lost_in_8_with_a_certificate() {
    let dir = tempfile::tempdir().expect("temp dir");
    let proof = dir.path().join("naked.proof");
    let proof_arg = proof.to_str().expect("utf-8 path");
    let text = ok(&run(&["solve", "--handicap", "naked-king", "--proof", proof_arg]));
    assert!(text.starts_with("loss in 8 (shortest) for gote to move ("), "{text}");
    let written = std::fs::read_to_string(&proof).expect("the certificate is written");
    assert!(written.starts_with("minishogi-proof\t1\n"), "{written}");
    let certificate = Certificate::load(&proof).expect("reads back");
    assert_eq!((certificate.value, certificate.plies), (Value::Loss, 8));
    certificate.check().expect("checks");

    let zst = dir.path().join("naked.proof.zst");
    let json: serde_json::Value = serde_json::from_str(
        ok(&run(&["solve", "4k/5/5/P4/KGSBR w - 1", "--json", "--proof", zst.to_str().expect("utf-8")]))
            .trim(),
    )
    .expect("json");
    assert_eq!(json["result"], "loss");
    assert_eq!(json["plies"], 8);
    assert_eq!(json["shortest"], true);
    assert!(json["nodes"].as_u64().is_some_and(|n| n > 0));
    let compressed = Certificate::load(&zst).expect("reads the zstd certificate");
    assert_eq!(compressed.lines.len(), certificate.lines.len());
    assert!(std::fs::read(&zst).expect("bytes").starts_with(&[0x28, 0xB5, 0x2F, 0xFD]), "zstd magic");
}

#[test]
fn a_win_in_one_and_the_sfen_as_four_arguments() {
    let text = ok(&run(&["solve", "4k/5/4P/5/K4", "b", "G", "1"]));
    assert!(text.starts_with("win in 1 (shortest) for sente to move"), "{text}");
}

#[test]
fn an_unknown_answer_says_what_was_established() {
    // The even start at a tiny budget: no proof either way.
    let json: serde_json::Value = serde_json::from_str(
        ok(&run(&["solve", "rbsgk/4p/5/P4/KGSBR b - 1", "--nodes", "3000", "--json"])).trim(),
    )
    .expect("json");
    assert_eq!(json["result"], "unknown");
    assert!(json["plies"].is_null());
}

#[test]
fn bad_input_is_a_one_line_error() {
    assert_error(&run(&["solve", "not a position"]), &["bad SFEN"]);
    assert_error(&run(&["solve", "--handicap", "queen"]), &["queen"]);
    assert_error(&run(&["solve"]), &["SFEN", "--handicap"]);
    assert_error(&run(&["solve", "--handicap", "rook", "--threads", "9"]), &["--threads"]);
    assert_error(&run(&["solve", "--handicap", "rook", "--time", "0"]), &["--time"]);
    // No proof to write: the budget runs out first.
    assert_error(
        &run(&["solve", "--handicap", "bishop", "--nodes", "2000", "--proof", "/tmp/never.proof"]),
        &["no proof"],
    );
}
