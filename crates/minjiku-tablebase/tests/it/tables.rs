//! Minjiku tables: built, verified by the forward verifier, deterministic, probed along a line to
//! mate, and refused when damaged or of the other game.

use minishogi_retro::{write_table, GameId, GenerateOptions, Header, Table, Value, WriteOptions};
use minjiku::Position;
use minjiku_tablebase::file::open;
use minjiku_tablebase::tables::{turned, Tables, Values};
use minjiku_tablebase::verify::verify_values;
use minjiku_tablebase::*;
use std::path::Path;
use std::sync::Arc;

fn built(dir: &Path, set: &str, threads: usize) -> Vec<TableSummary> {
    let m = Material::parse(set).expect("a set");
    let options = BuildOptions { threads: Some(threads), ..BuildOptions::default() };
    build(dir, &[m], &options).expect("builds")
}

#[test]
fn bare_kings_are_a_draw_and_verify() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let written = built(dir.path(), "KvK", 2);
    let kings = &written[0];
    assert_eq!(kings.material.name(), "KvK");
    assert_eq!((kings.counts.wins, kings.counts.losses), (0, 0), "two Kings never mate");
    assert!(kings.counts.draws > 0);
    let report = verify(&kings.path, Some(2), None).expect("verifies");
    assert_eq!(report.legal, kings.counts.draws);
}

#[test]
fn promoted_gold_mates_alone_and_the_line_ends_in_mate() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    // The promoted Gold moves as a Rook and never promotes: its set needs only the Kings'.
    let written = built(dir.path(), "K+GvK", 2);
    let names: Vec<String> = written.iter().map(|t| t.material.name()).collect();
    assert_eq!(names, ["KvK", "K+GvK"]);
    for table in &written {
        verify(&table.path, Some(2), None).unwrap_or_else(|e| panic!("{e}"));
    }
    let tb = MinjikuTablebase::open(dir.path()).expect("opens");
    // White: King a1, promoted Gold d5; Black: King j10; White to move.
    let pos = Position::from_fen("2/9k/10/10/10/10/3+G6/10/10/10/K9/2 w").expect("a position");
    let line = tb.line(&pos).expect("probes").expect("in the tables");
    assert!(line.value.is_win(), "{}", line.value);
    assert_eq!(line.moves.len() as u16, line.value.dtm().expect("a mate"));
    // Replay with the rules crate: every move legal, ending with Black unable to move.
    let mut at = pos.clone();
    for text in &line.moves {
        let m = at.parse_move(text).expect("a legal move");
        at = at.after(m);
    }
    assert!(at.legal_move_list().is_empty(), "{}", at.to_fen());
    assert_eq!(at.to_fen(), line.end.to_fen());
    // The same position with colours swapped probes the same table, turned round.
    let value = tb.value(&turned(&pos)).expect("probes");
    assert_eq!(value, Some(line.value));
}

#[test]
fn a_corrupted_value_is_caught() {
    let kings = Material::parse("KvK").expect("a set");
    // The promoted Gold (a Rook's moves) never promotes: only captures leave its set.
    let gold = Material::parse("K+GvK").expect("a set");
    let mut tables = Tables::new();
    let (kings_values, _) = generate(&kings, &tables, &GenerateOptions::default()).expect("generates");
    tables.insert(kings, Values::Memory(Arc::new(kings_values)));
    let (mut values, _) = generate(&gold, &tables, &GenerateOptions::default()).expect("generates");
    verify_values(&gold, &values, &tables, None).expect("the generated values verify");
    let slot = values.iter().position(|&v| Value::from_byte(v).is_win()).expect("a win");
    values[slot] = Value::DRAW.to_byte();
    match verify_values(&gold, &values, &tables, None) {
        Err(VerifyError::Mismatch { slot: found, stored, .. }) => {
            assert_eq!((found, stored), (slot as u64, Value::DRAW));
        }
        other => panic!("the corruption was not caught: {other:?}"),
    }
}

#[test]
fn files_do_not_depend_on_the_thread_count() {
    let one = tempfile::tempdir().expect("a temporary directory");
    let two = tempfile::tempdir().expect("a temporary directory");
    for table in built(one.path(), "K+GvK", 1) {
        let name = table.path.file_name().expect("a file name");
        let a = std::fs::read(&table.path).expect("reads");
        let _ = built(two.path(), &table.material.name(), 2);
        let b = std::fs::read(two.path().join(name)).expect("reads");
        assert!(a == b, "{} differs between 1 and 2 threads", table.material);
    }
}

#[test]
fn damaged_and_foreign_files_are_refused() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let written = built(dir.path(), "KvK", 2);
    let path = &written[0].path;
    let bytes = std::fs::read(path).expect("reads");
    let cut = dir.path().join("cut.mjtb");
    std::fs::write(&cut, &bytes[..bytes.len() - 10]).expect("writes");
    let Err(err) = open(&cut) else { panic!("a truncated file is refused") };
    assert!(err.to_string().contains("cut.mjtb"), "{err}");
    assert!(info(&dir.path().join("missing.mjtb")).is_err());
    // A Minjiku table starts with Minjiku's magic, so Minishogi's reader refuses it, and
    // Minjiku's reader refuses a file of Minishogi's magic.
    assert_eq!(&bytes[..8], b"MINJIKTB");
    let minishogi = GameId { name: "minishogi", magic: *b"MSHOGITB", rule_set: "minishogi-dtm", draws: None };
    let Err(err) = Table::open(path, &minishogi) else { panic!("refused") };
    assert!(err.to_string().contains("not a minishogi table file"), "{err}");
    let shogi = dir.path().join("kings.mstb");
    let options = WriteOptions { dont_care_illegal: false, ..WriteOptions::default() };
    write_table(&shogi, &minishogi, "-", &[1], &[0, 255], &options, &|_| {}).expect("writes");
    let Err(err) = open(&shogi) else { panic!("refused") };
    assert!(err.to_string().contains("not a minjiku table file"), "{err}");
}

/// A Minjiku table under Minishogi's magic `MSHOGITB` (as builds before Minjiku's own magic wrote
/// them; never published) is refused.
#[test]
fn files_under_minishogi_magic_are_refused() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let written = built(dir.path(), "KGvK", 2);
    let path = &written.last().expect("KGvK").path;
    let (_, table) = open(path).expect("opens");
    let bytes = std::fs::read(path).expect("reads");
    let header_len = table.header().encode().len();
    let old = Header { magic: *b"MSHOGITB", ..table.header().clone() }.encode();
    drop(table);
    std::fs::write(path, [&old[..], &bytes[header_len..]].concat()).expect("writes");
    let Err(err) = open(path) else { panic!("Minishogi's magic is refused") };
    assert!(err.to_string().contains("not a minjiku table file"), "{err}");
}

/// A two-piece set (10^8 slots, minutes): built with its one-piece dependencies and verified.
#[test]
#[ignore]
fn a_two_piece_set_builds_and_verifies() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let written = built(dir.path(), "KJvKA", 2);
    let names: Vec<String> = written.iter().map(|t| t.material.name()).collect();
    assert_eq!(names.last().map(String::as_str), Some("KJvKA"));
    for table in &written {
        verify(&table.path, Some(2), None).unwrap_or_else(|e| panic!("{e}"));
    }
}
