//! Probing generated tables through files: values survive the file round trip, best moves and
//! lines follow the rules (checked with the rules crate, not with the tables), files do not depend
//! on the thread count, probes from many threads agree.

use minishogi::{Color, MoveList, Position, RuleSet};
use minishogi_retro::{GenerateOptions, Value, WriteOptions};
use minishogi_tablebase::{
    generate, table_file_name, write_table, Indexer, Material, Query, Tablebase, TablebaseError, Wdl,
};
use std::path::Path;

/// Probes under `draw300`: the mate-only verdict, whatever the tables hold about repetitions.
const MATE_ONLY: Query = Query::new(Color::Sente, RuleSet::DrawAt300);

/// The raw value stored for `pos` (the generator's and verifier's view, not a probe), or `None`
/// when its table is not in the directory.
fn stored(tb: &Tablebase, pos: &Position) -> Result<Option<Value>, TablebaseError> {
    tb.table(&Material::of(pos))?.map(|t| t.value(pos)).transpose()
}

fn build(dir: &Path, name: &str, threads: Option<usize>) -> Vec<u8> {
    let m = Material::parse(name).expect("material");
    let values = generate(&m, &GenerateOptions { threads, progress: None }).expect("generate");
    let path = dir.join(table_file_name(&m));
    write_table(&path, &m.name(), &Indexer::new(&m).params(), &values, &WriteOptions::default(), &|_| {})
        .expect("write");
    values
}

/// Positions of the table, every `step`-th legal slot.
fn sample(name: &str, step: u64) -> Vec<Position> {
    let ix = Indexer::new(&Material::parse(name).expect("material"));
    (0..ix.size()).step_by(step as usize).filter_map(|i| ix.position(i)).collect()
}

#[test]
fn probes_read_the_generated_values_for_both_sides_to_move() {
    let dir = tempfile::tempdir().expect("tempdir");
    let values = build(dir.path(), "GP", None);
    let tb = Tablebase::open(dir.path()).expect("open");
    let ix = Indexer::new(&Material::parse("GP").expect("material"));
    for pos in sample("GP", 97) {
        let i = ix.index(&pos).expect("index") as usize;
        let expected = Value::from_byte(values[i]);
        assert_eq!(stored(&tb, &pos).expect("probe"), Some(expected));
        // Gote to move in the turned position: the same value from the side to move.
        assert_eq!(stored(&tb, &pos.flipped()).expect("probe"), Some(expected));
    }
    let other = Position::from_sfen("4k/5/5/5/K4 b RB 1").expect("sfen");
    assert_eq!(tb.probe(&other, MATE_ONLY).expect("probe"), None, "no table for RB");
}

#[test]
fn lines_end_in_mate_after_exactly_the_distance() {
    let dir = tempfile::tempdir().expect("tempdir");
    build(dir.path(), "GS", None);
    let tb = Tablebase::open(dir.path()).expect("open");
    let mut decisive = 0;
    for pos in sample("GS", 211) {
        let probe = tb.probe(&pos, MATE_ONLY).expect("probe").expect("table exists");
        let line = tb.line(&pos, MATE_ONLY).expect("line").expect("table exists");
        assert_eq!(probe.best, line.first().copied());
        let value = stored(&tb, &pos).expect("read").expect("table exists");
        assert_eq!(probe.verdict.plies, value.dtm(), "{}", pos.to_sfen());
        match probe.verdict.plies {
            Some(d) => {
                decisive += 1;
                assert_eq!(line.len(), d as usize, "{}", pos.to_sfen());
                let mut p = pos.clone();
                for m in &line {
                    assert!(p.legal_move_list().contains(m), "illegal {m} in {}", p.to_sfen());
                    p.play(*m);
                }
                // The rules, not the table, say the line ends the game: the side to move has no move.
                assert!(!p.has_legal_move(), "line of {} does not end in mate", pos.to_sfen());
                // The mated side is the loser: the side to move at the start iff d is even.
                assert_eq!(d % 2 == 1, probe.verdict.result == Wdl::Win);
            }
            None => {
                assert_eq!(probe.verdict.result, Wdl::Draw);
                let m = probe.best.expect("a draw has a move");
                assert!(stored(&tb, &pos.after(m)).expect("probe").expect("table").is_draw());
            }
        }
    }
    assert!(decisive > 100);
}

#[test]
fn best_move_of_a_win_in_one_ends_the_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    build(dir.path(), "R", None);
    let tb = Tablebase::open(dir.path()).expect("open");
    let mut moves = MoveList::new();
    for pos in sample("R", 7) {
        let v = stored(&tb, &pos).expect("probe").expect("table");
        let Some(d) = v.dtm() else { continue };
        if d != 1 {
            continue;
        }
        // A win in 1: after the best move the opponent has no legal move (mate, or no move at all),
        // per the rules crate.
        let best = tb.probe(&pos, MATE_ONLY).expect("probe").expect("table").best.expect("move");
        assert!(!pos.after(best).has_legal_move(), "{} {best}", pos.to_sfen());
        pos.legal_moves(&mut moves);
        assert!(moves.contains(&best));
    }
}

#[test]
fn files_are_identical_for_any_thread_count() {
    let a = tempfile::tempdir().expect("tempdir");
    let b = tempfile::tempdir().expect("tempdir");
    build(a.path(), "RG", Some(1));
    build(b.path(), "RG", Some(2));
    let file = table_file_name(&Material::parse("RG").expect("material"));
    let x = std::fs::read(a.path().join(&file)).expect("read");
    let y = std::fs::read(b.path().join(&file)).expect("read");
    assert!(x == y, "files differ between 1 and 2 threads");
}

#[test]
fn concurrent_probes_agree() {
    let dir = tempfile::tempdir().expect("tempdir");
    let values = build(dir.path(), "BP", None);
    let tb = Tablebase::open(dir.path()).expect("open");
    let ix = Indexer::new(&Material::parse("BP").expect("material"));
    let positions = sample("BP", 61);
    std::thread::scope(|s| {
        for t in 0..4 {
            let (tb, ix, values, positions) = (&tb, &ix, &values, &positions);
            s.spawn(move || {
                for pos in positions.iter().skip(t).step_by(3) {
                    let i = ix.index(pos).expect("index") as usize;
                    assert_eq!(stored(tb, pos).expect("probe"), Some(Value::from_byte(values[i])));
                }
            });
        }
    });
}

#[test]
fn a_table_of_another_material_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    build(dir.path(), "G", None);
    // Put G's table where S's belongs.
    std::fs::rename(dir.path().join("G.mstb"), dir.path().join("S.mstb")).expect("rename");
    let tb = Tablebase::open(dir.path()).expect("open");
    let pos = Position::from_sfen("4k/5/5/5/K4 b S 1").expect("sfen");
    let err = tb.probe(&pos, MATE_ONLY).expect_err("wrong table accepted");
    assert!(err.to_string().contains("S.mstb"), "{err}");
}
