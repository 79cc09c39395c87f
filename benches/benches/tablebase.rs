//! Tablebase probes: the stored value of a position whose block is cached, and from a block that
//! is not (decompression and checksum included; the file's pages are in the OS page cache). Also
//! the verdict-only probe, the probe with best move, and writing a table. Each benchmark asserts
//! the values it reads.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use minishogi::{Color, Position, RuleSet};
use minishogi_retro::{GenerateOptions, Value, WriteOptions};
use minishogi_tablebase::repetition::{repetition_values, write_table_with_repetition};
use minishogi_tablebase::{
    generate, table_file_name, write_table, By, Indexer, Material, Query, Tablebase, TablebaseError,
};
use std::path::PathBuf;

/// A verdict-only probe of an even game under the standard rules.
const VERDICT: Query = Query::new(Color::Sente, RuleSet::Standard).verdict_only();

/// Material of the benchmark table: two pieces, about two million slots.
const MATERIAL: &str = "RB";

struct Fixture {
    dir: PathBuf,
    values: Vec<u8>,
    indexer: Indexer,
}

/// The benchmark table written with `options` (repetition entries per block as given).
fn fixture(repetition_block: u32) -> Fixture {
    let material = Material::parse(MATERIAL).expect("material");
    let values = generate(&material, &GenerateOptions::default()).expect("generate");
    let name = format!("minishogi-tb-bench-{}-{repetition_block}", std::process::id());
    let dir = std::env::temp_dir().join(name);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let indexer = Indexer::new(&material);
    let path = dir.join(table_file_name(&material));
    let rep = repetition_values(&material, &values, &GenerateOptions::default()).expect("repetition values");
    let (params, options) = (indexer.params(), WriteOptions { repetition_block, ..WriteOptions::default() });
    write_table_with_repetition(&path, &material.name(), &params, &values, Some(&rep), &options, &|_| {})
        .expect("write");
    Fixture { dir, values, indexer }
}

/// One legal position per block, `blocks` blocks apart, with its true value.
fn positions_in_distinct_blocks(f: &Fixture, stride: u64) -> Vec<(Position, Value)> {
    let block = WriteOptions::default().block_size as u64;
    let mut out = Vec::new();
    let mut b = 0;
    while b * block < f.indexer.size() {
        let start = b * block;
        let end = (start + block).min(f.indexer.size());
        if let Some((i, p)) = (start..end).find_map(|i| f.indexer.position(i).map(|p| (i, p))) {
            out.push((p, Value::from_byte(f.values[i as usize])));
        }
        b += stride;
    }
    out
}

/// The raw value stored for `pos`, read through the directory (the table looked up, indexed, read).
fn stored(tb: &Tablebase, pos: &Position) -> Result<Option<Value>, TablebaseError> {
    tb.table(&Material::of(pos))?.map(|t| t.value(pos)).transpose()
}

fn probes(c: &mut Criterion) {
    let f = fixture(WriteOptions::default().repetition_block);
    let tb = Tablebase::open(&f.dir).expect("open");
    let cold = positions_in_distinct_blocks(&f, 1);
    // More distinct blocks than the cache holds, visited in turn: every probe decompresses a block.
    assert!(cold.len() > 4 * minishogi_retro::DEFAULT_CACHE_BLOCKS);
    let (hot, hot_value) = cold[cold.len() / 2].clone();

    c.bench_function("tb probe value, cached block", |b| {
        b.iter(|| {
            let v = stored(&tb, black_box(&hot)).expect("probe").expect("table");
            assert_eq!(v, hot_value);
            v
        })
    });

    let mut next = 0;
    c.bench_function("tb probe value, cold block", |b| {
        b.iter(|| {
            let (pos, expected) = &cold[next];
            next = (next + 1) % cold.len();
            let v = stored(&tb, black_box(pos)).expect("probe").expect("table");
            assert_eq!(v, *expected);
            v
        })
    });

    // Mate-only draws: the verdict needs the value block and one repetition entry.
    // The first mate-only draw of each value block, so that consecutive probes share no block.
    let block = u64::from(WriteOptions::default().block_size);
    let draws: Vec<Position> = (0..f.indexer.size().div_ceil(block))
        .filter_map(|b| {
            let mut slots = b * block..((b + 1) * block).min(f.indexer.size());
            slots.find(|&i| f.values[i as usize] == Value::DRAW.to_byte())
        })
        .filter_map(|i| f.indexer.position(i))
        .collect();
    assert!(draws.len() > 4 * minishogi_retro::DEFAULT_CACHE_BLOCKS);
    let verdict = |pos: &Position| tb.probe(black_box(pos), VERDICT).expect("probe").expect("table").verdict;
    let hot_draw = draws[draws.len() / 2].clone();
    c.bench_function("tb probe verdict of a mate-only draw, cached blocks", |b| {
        b.iter(|| {
            let v = verdict(&hot_draw);
            assert!(matches!(v.by, Some(By::Repetition | By::PerpetualCheck)));
            v
        })
    });
    let mut next = 0;
    c.bench_function("tb probe verdict of a mate-only draw, cold blocks", |b| {
        b.iter(|| {
            let pos = &draws[next];
            next = (next + 1) % draws.len();
            let v = verdict(pos);
            assert!(matches!(v.by, Some(By::Repetition | By::PerpetualCheck)));
            v
        })
    });

    // The same probes of a table whose repetition blocks hold 128 entries (4 bytes each).
    let small = fixture(128);
    let tb_small = Tablebase::open(&small.dir).expect("open");
    let mut next = 0;
    c.bench_function("tb probe verdict of a mate-only draw, cold blocks of 128 entries", |b| {
        b.iter(|| {
            let pos = &draws[next];
            next = (next + 1) % draws.len();
            let v = tb_small.probe(black_box(pos), VERDICT).expect("probe").expect("table").verdict;
            assert!(matches!(v.by, Some(By::Repetition | By::PerpetualCheck)));
        })
    });
    let _ = std::fs::remove_dir_all(&small.dir);

    let decisive: Vec<&(Position, Value)> = cold.iter().filter(|(_, v)| v.dtm().is_some()).take(64).collect();
    let mut next = 0;
    c.bench_function("tb probe with best move (children mostly cold)", |b| {
        b.iter(|| {
            let (pos, expected) = decisive[next];
            next = (next + 1) % decisive.len();
            let p = tb.probe(black_box(pos), Query::default()).expect("probe").expect("table");
            assert_eq!(p.verdict.plies, expected.dtm());
            assert_eq!(p.best.is_some(), expected.dtm() != Some(0));
            p
        })
    });
    let _ = std::fs::remove_dir_all(&f.dir);
}

fn writing(c: &mut Criterion) {
    let f = fixture(WriteOptions::default().repetition_block);
    let path = f.dir.join("write-bench.mstb");
    let mut group = c.benchmark_group("tb write");
    group.sample_size(10);
    group.throughput(criterion::Throughput::Elements(f.values.len() as u64));
    group.bench_function(format!("{MATERIAL} ({} slots)", f.values.len()), |b| {
        b.iter(|| {
            let params = f.indexer.params();
            let s = write_table(&path, MATERIAL, &params, &f.values, &WriteOptions::default(), &|_| {})
                .expect("write");
            assert_eq!(s.index_size, f.values.len() as u64);
            s
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&f.dir);
}

criterion_group!(benches, probes, writing);
criterion_main!(benches);
