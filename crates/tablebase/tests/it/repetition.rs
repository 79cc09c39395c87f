//! Values under the repetition rule through files: every line the prober gives, replayed with the
//! rules crate's `Game` from the position as a game start, ends in the stated outcome; the values
//! do not depend on the thread count and are invariant under the colour flip and the mirror.

use minishogi::{Color, Game, Position, RuleSet};
use minishogi_retro::{GenerateOptions, WriteOptions};
use minishogi_tablebase::repetition::repetition_values;
use minishogi_tablebase::{
    generate, table_file_name, write_table, By, Indexer, Material, Query, Tablebase, Verdict, Wdl,
};
use std::collections::HashMap;
use std::path::Path;

/// Generates `name` with repetition values into `dir`.
fn build(dir: &Path, name: &str) {
    let m = Material::parse(name).expect("material");
    minishogi_tablebase::build_table(&m, dir, WriteOptions::default().level, &|_| {}).expect("build");
}

/// Every legal position of the set, sente to move, one per slot.
fn positions(name: &str) -> Vec<Position> {
    let ix = Indexer::new(&Material::parse(name).expect("material"));
    (0..ix.size()).filter_map(|i| ix.position(i)).collect()
}

#[test]
fn kings_only_is_lost_by_the_first_player_and_won_by_the_second() {
    let dir = tempfile::tempdir().expect("tempdir");
    build(dir.path(), "-");
    let tb = Tablebase::open(dir.path()).expect("open");
    for pos in positions("-") {
        for (first, result) in [(Color::Sente, Wdl::Loss), (Color::Gote, Wdl::Win)] {
            let v = tb
                .probe(&pos, Query::new(first, RuleSet::Standard).verdict_only())
                .map(|p| p.map(|p| p.verdict))
                .expect("probe")
                .expect("table");
            assert_eq!(v, Verdict { result, by: Some(By::Repetition), plies: None }, "{}", pos.to_sfen());
        }
        let v = tb
            .probe(&pos, Query::new(Color::Sente, RuleSet::DrawAt300).verdict_only())
            .map(|p| p.map(|p| p.verdict))
            .expect("probe")
            .expect("table");
        assert_eq!(v, Verdict { result: Wdl::Draw, by: None, plies: None });
    }
}

/// For up to `per` positions of each verdict and case, the line reaches the stated outcome.
fn lines_realise_verdicts(name: &str, per: usize) -> HashMap<String, usize> {
    let dir = tempfile::tempdir().expect("tempdir");
    build(dir.path(), name);
    let tb = Tablebase::open(dir.path()).expect("open");
    let mut seen: HashMap<String, usize> = HashMap::new();
    for pos in positions(name) {
        for first in [Color::Sente, Color::Gote] {
            let v = tb
                .probe(&pos, Query::new(first, RuleSet::Standard).verdict_only())
                .map(|p| p.map(|p| p.verdict))
                .expect("probe")
                .expect("table");
            let key = format!("{first:?} {v}");
            let key = if v.by == Some(By::Mate) { format!("{first:?} {:?} by mate", v.result) } else { key };
            let n = seen.entry(key).or_default();
            if *n >= per {
                continue;
            }
            *n += 1;
            let line = tb.line(&pos, Query::new(first, RuleSet::Standard)).expect("line").expect("table");
            let mut game = Game::with_first_player(pos.clone(), RuleSet::Standard, first);
            for &m in &line {
                game.play(m).unwrap_or_else(|e| panic!("{}: line move {m}: {e}", pos.to_sfen()));
            }
            let got = Verdict::of_finished_game(&game, pos.side_to_move()).expect("the line ends the game");
            assert_eq!(
                (got.result, got.by),
                (v.result, v.by),
                "{} first {first:?}: line {line:?}",
                pos.to_sfen()
            );
            if let Some(n) = v.plies {
                assert_eq!(line.len(), n as usize);
            }
        }
    }
    seen
}

#[test]
fn lines_end_in_the_stated_outcome() {
    for name in ["-", "P", "S", "RG", "GS"] {
        let seen = lines_realise_verdicts(name, 150);
        assert!(seen.keys().any(|k| k.contains("repetition")), "{name}: {seen:?}");
    }
}

#[test]
fn lines_end_in_the_stated_outcome_with_perpetual_checks() {
    let seen = lines_realise_verdicts("RR", 150);
    assert!(seen.keys().any(|k| k.contains("perpetual")), "{seen:?}");
}

#[test]
fn values_do_not_depend_on_threads_and_are_symmetric() {
    let m = Material::parse("RG").expect("material");
    let values = generate(&m, &GenerateOptions::default()).expect("generate");
    let one =
        repetition_values(&m, &values, &GenerateOptions { threads: Some(1), progress: None }).expect("1");
    let two =
        repetition_values(&m, &values, &GenerateOptions { threads: Some(2), progress: None }).expect("2");
    assert!(one == two, "repetition values differ between 1 and 2 threads");
    let dir = tempfile::tempdir().expect("tempdir");
    build(dir.path(), "RG");
    let tb = Tablebase::open(dir.path()).expect("open");
    for pos in positions("RG").into_iter().step_by(7) {
        for first in [Color::Sente, Color::Gote] {
            let v = tb
                .probe(&pos, Query::new(first, RuleSet::Standard).verdict_only())
                .map(|p| p.map(|p| p.verdict))
                .expect("probe");
            assert_eq!(
                tb.probe(&pos.flipped(), Query::new(!first, RuleSet::Standard).verdict_only())
                    .map(|p| p.map(|p| p.verdict))
                    .expect("probe"),
                v
            );
            assert_eq!(
                tb.probe(&pos.mirrored(), Query::new(first, RuleSet::Standard).verdict_only())
                    .map(|p| p.map(|p| p.verdict))
                    .expect("probe"),
                v
            );
        }
    }
}

#[test]
fn a_mate_only_table_answers_mate_only_draws() {
    let dir = tempfile::tempdir().expect("tempdir");
    let m = Material::parse("P").expect("material");
    let values = generate(&m, &GenerateOptions::default()).expect("generate");
    let path = dir.path().join(table_file_name(&m));
    write_table(&path, &m.name(), &Indexer::new(&m).params(), &values, &WriteOptions::default(), &|_| {})
        .expect("write");
    let tb = Tablebase::open(dir.path()).expect("open");
    let ix = Indexer::new(&m);
    let draw =
        (0..ix.size()).find(|&i| values[i as usize] == 0).and_then(|i| ix.position(i)).expect("P has draws");
    let probe = tb.probe(&draw, Query::new(Color::Sente, RuleSet::Standard)).expect("probe").expect("table");
    assert!(probe.mate_only);
    assert_eq!(probe.verdict, Verdict { result: Wdl::Draw, by: None, plies: None });
}

/// The whole file, repetition section included, is the same byte for byte with 1 and 2 threads.
#[test]
fn files_are_byte_identical_for_any_thread_count() {
    let m = Material::parse("RR").expect("material");
    let mut files = Vec::new();
    for threads in [1, 2] {
        let dir = tempfile::tempdir().expect("tempdir");
        minishogi_retro::with_threads(Some(threads), || {
            minishogi_tablebase::build_table(&m, dir.path(), WriteOptions::default().level, &|_| {})
        })
        .expect("pool")
        .expect("build");
        files.push(std::fs::read(dir.path().join(table_file_name(&m))).expect("read"));
    }
    assert!(files[0] == files[1], "RR differs between 1 and 2 threads");
}
