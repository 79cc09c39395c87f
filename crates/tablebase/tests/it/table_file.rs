//! The table file format: round trip, corruption and truncation detection, concurrent reads,
//! atomic writing, don't-care illegal slots, reading format version 1.

use minishogi_retro::format::{FORMAT_VERSION, TRANSFORM_DONT_CARE};
use minishogi_retro::Header;
use minishogi_retro::{GenerateOptions, Table, TableError, Value, WriteOptions};
use minishogi_tablebase::files::GAME;
use minishogi_tablebase::retro_rules::MinishogiRetro;
use minishogi_tablebase::{generate, write_table, Indexer, Material, MaterialTable, TablebaseError};
use std::path::Path;

/// Table-like values: long runs of illegal slots, many draws, a spread of distances.
fn sample_values(n: usize, seed: u64) -> Vec<u8> {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut values = Vec::with_capacity(n);
    while values.len() < n {
        let r = next();
        let run = 1 + (r >> 40) as usize % 40;
        let v = match r % 10 {
            0..=3 => 255,
            4..=6 => 0,
            _ => 1 + ((r >> 20) % 30) as u8,
        };
        let run = run.min(n - values.len());
        values.resize(values.len() + run, v);
    }
    values
}

/// Every byte stored as it is (the values above are no material's), with a dictionary.
fn options() -> WriteOptions {
    WriteOptions {
        block_size: 1024,
        level: 3,
        dictionary_size: 4096,
        dont_care_illegal: false,
        ..WriteOptions::default()
    }
}

fn write(dir: &Path, values: &[u8]) -> std::path::PathBuf {
    let path = dir.join("RG.mstb");
    write_table(&path, "RG", &[7, 1], values, &options(), &|_| {}).expect("write");
    path
}

#[test]
fn round_trip_preserves_every_value_and_header() {
    let dir = tempfile::tempdir().expect("tempdir");
    let values = sample_values(50_000, 42);
    let path = write(dir.path(), &values);
    let table = Table::open_with_cache(&path, &GAME, 4).expect("open");
    assert_eq!(table.material(), "RG");
    assert_eq!(table.header().index_params, vec![7, 1]);
    assert_eq!(table.index_size(), 50_000);
    assert_eq!(table.block_count(), 49);
    let illegal = values.iter().filter(|&&v| v == 255).count() as u64;
    assert_eq!(table.header().legal_positions(), 50_000 - illegal);
    assert_eq!(table.values().expect("values"), values);
    // Random access through the small cache, in an order that evicts blocks.
    for i in (0..values.len()).step_by(37).chain((0..values.len()).rev().step_by(101)) {
        assert_eq!(table.get(i as u64).expect("get"), Value::from_byte(values[i]), "index {i}");
    }
    assert!(matches!(table.get(50_000), Err(TableError::IndexOutOfRange { .. })));
}

#[test]
fn empty_and_single_block_tables_round_trip() {
    let dir = tempfile::tempdir().expect("tempdir");
    for n in [0usize, 1, 1023, 1024, 1025] {
        let values = sample_values(n, n as u64 + 1);
        let path = write(dir.path(), &values);
        let table = Table::open(&path, &GAME).expect("open");
        assert_eq!(table.values().expect("values"), values, "n = {n}");
    }
}

#[test]
fn same_values_give_identical_bytes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let values = sample_values(30_000, 5);
    let a = std::fs::read(write(dir.path(), &values)).expect("read");
    let b = std::fs::read(write(dir.path(), &values)).expect("read");
    assert_eq!(a, b);
}

/// Opens a damaged copy and reads everything: each read either fails or returns the true value,
/// and at least one step fails. Slots whose original value is 255 are read only when `exact`
/// (with don't-care illegal slots they may hold anything).
fn check_damaged(path: &Path, original: &[u8], bytes: &[u8], exact: bool, what: &str) {
    std::fs::write(path, bytes).expect("write damaged copy");
    let table = match Table::open_with_cache(path, &GAME, 2) {
        Err(e) => {
            assert!(e.to_string().contains("bad.mstb"), "{what}: error does not name the file: {e}");
            return;
        }
        Ok(t) => t,
    };
    let mut failed = false;
    for (i, &v) in original.iter().enumerate().filter(|&(_, &v)| exact || v != 255) {
        match table.get(i as u64) {
            Ok(got) => assert_eq!(got, Value::from_byte(v), "{what}: wrong value at {i}"),
            Err(e) => {
                let text = e.to_string();
                assert!(text.contains("bad.mstb") && text.contains("block"), "{what}: {text}");
                failed = true;
            }
        }
    }
    let all =
        if exact { table.values() } else { table.values_for(&MinishogiRetro::new(Indexer::new(&gold()))) };
    assert!(all.is_err(), "{what}: values() accepted a damaged file");
    assert!(failed, "{what}: not detected");
}

#[test]
fn every_flipped_byte_is_detected() {
    let dir = tempfile::tempdir().expect("tempdir");
    let values = sample_values(20_000, 9);
    let path = write(dir.path(), &values);
    let good = std::fs::read(&path).expect("read");
    let bad = dir.path().join("bad.mstb");
    let header_end = 2088 + 40; // fixed part, names and the start of the dictionary
    let offsets = (0..header_end).chain((header_end..good.len()).step_by(7)).chain([good.len() - 1]);
    for at in offsets {
        for mask in [0x01u8, 0x80] {
            let mut bytes = good.clone();
            bytes[at] ^= mask;
            check_damaged(&bad, &values, &bytes, true, &format!("flip {mask:#x} at {at}"));
        }
    }
}

#[test]
fn truncation_is_detected_and_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let values = sample_values(20_000, 11);
    let path = write(dir.path(), &values);
    let good = std::fs::read(&path).expect("read");
    let bad = dir.path().join("bad.mstb");
    for cut in (0..good.len()).step_by(97).chain([good.len() - 1]) {
        std::fs::write(&bad, &good[..cut]).expect("write");
        let err = Table::open(&bad, &GAME).expect_err("truncated file opened");
        let text = err.to_string();
        assert!(text.contains("bad.mstb"), "cut {cut}: {text}");
        assert!(matches!(err, TableError::Truncated { .. }), "cut {cut}: not reported as truncation: {text}");
    }
    let mut longer = good.clone();
    longer.push(0);
    std::fs::write(&bad, &longer).expect("write");
    assert!(Table::open(&bad, &GAME).is_err(), "trailing bytes accepted");
}

#[test]
fn concurrent_reads_agree() {
    let dir = tempfile::tempdir().expect("tempdir");
    let values = sample_values(100_000, 3);
    let path = write(dir.path(), &values);
    let table = Table::open_with_cache(&path, &GAME, 8).expect("open");
    std::thread::scope(|s| {
        for t in 0..4u64 {
            let (table, values) = (&table, &values);
            s.spawn(move || {
                let mut i = t * 7919;
                for _ in 0..50_000 {
                    i = (i * 6364136223846793005 + 1442695040888963407) % values.len() as u64;
                    assert_eq!(table.get(i).expect("get"), Value::from_byte(values[i as usize]));
                }
            });
        }
    });
}

#[test]
fn failed_write_leaves_no_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let missing = dir.path().join("no-such-dir").join("RG.mstb");
    let err = write_table(&missing, "RG", &[], &[0, 1, 2], &options(), &|_| {}).expect_err("must fail");
    assert!(err.to_string().contains("RG.mstb"), "{err}");
    assert!(!missing.exists());
    #[cfg(target_os = "linux")]
    if Path::new("/dev/full").exists() {
        // A full disk: writing through a symlink to /dev/full fails on write or sync; the target name
        // is never created and the temporary file is removed.
        let full = dir.path().join("full");
        let target = full.join("RG.mstb");
        std::fs::create_dir(&full).expect("mkdir");
        let tmp_name = format!(".RG.mstb.tmp{}", std::process::id());
        std::os::unix::fs::symlink("/dev/full", full.join(&tmp_name)).expect("symlink");
        let values = sample_values(10_000, 1);
        let err = write_table(&target, "RG", &[], &values, &options(), &|_| {}).expect_err("disk full");
        assert!(err.to_string().contains("RG.mstb"), "{err}");
        assert!(!target.exists());
        assert!(!full.join(&tmp_name).exists(), "temporary file left behind");
    }
}

/// The set of the don't-care tables of these tests.
fn gold() -> Material {
    Material::parse("G").expect("material")
}

/// The generated table of `name` and its file written with don't-care illegal slots.
fn dont_care_table(dir: &Path, name: &str) -> (Vec<u8>, std::path::PathBuf) {
    let m = Material::parse(name).expect("material");
    let values = generate(&m, &GenerateOptions::default()).expect("generate");
    let path = dir.join(format!("{name}.mstb"));
    let options = WriteOptions { block_size: 1024, ..WriteOptions::default() };
    write_table(&path, name, &Indexer::new(&m).params(), &values, &options, &|_| {}).expect("write");
    (values, path)
}

#[test]
fn illegal_slots_are_dont_care_and_legal_slots_exact() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (values, path) = dont_care_table(dir.path(), "G");
    let table = Table::open_with_cache(&path, &GAME, 3).expect("open");
    let header = table.header();
    assert_eq!(header.transform, TRANSFORM_DONT_CARE);
    let mut counts = [0u64; 256];
    values.iter().for_each(|&v| counts[v as usize] += 1);
    assert_eq!(header.counts[..], counts[..]);
    assert_eq!(header.legal_positions(), 9990);
    // Reading the values marks the illegal slots again, so it gives back exactly what was written.
    assert_eq!(table.values_for(&MinishogiRetro::new(Indexer::new(&gold()))).expect("values"), values);
    assert!(matches!(table.values(), Err(TableError::WrongTable { .. })), "needs the index");
    for (i, &v) in values.iter().enumerate().filter(|&(_, &v)| v != 255) {
        assert_eq!(table.get(i as u64).expect("get"), Value::from_byte(v), "slot {i}");
    }
    // The stored bytes of illegal slots are fill, not 255.
    let stored: Vec<u8> = (0..table.block_count()).flat_map(|b| table.block(b).expect("block")).collect();
    assert!(!stored.contains(&255));
    let filled = values.iter().zip(&stored).filter(|&(&v, &s)| v == 255 && s != 255).count();
    assert_eq!(filled as u64, header.counts[255]);
    // Reading through the directory gives every legal position's value.
    let tb = minishogi_tablebase::Tablebase::open(dir.path()).expect("tablebase");
    let gold_table = tb.table(&gold()).expect("open").expect("the table is in the directory");
    let ix = Indexer::new(&gold());
    for (i, &v) in values.iter().enumerate().step_by(7) {
        if let Some(pos) = ix.position(i as u64) {
            assert_eq!(gold_table.value(&pos).expect("read"), Value::from_byte(v), "{}", pos.to_sfen());
        }
    }
}

#[test]
fn dont_care_file_detects_every_flipped_byte() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (values, path) = dont_care_table(dir.path(), "G");
    let good = std::fs::read(&path).expect("read");
    let bad = dir.path().join("bad.mstb");
    for at in (0..good.len()).step_by(11).chain([good.len() - 1]) {
        let mut bytes = good.clone();
        bytes[at] ^= 0x04;
        check_damaged(&bad, &values, &bytes, false, &format!("flip at {at}"));
    }
}

#[test]
fn legality_that_differs_from_the_index_is_caught_by_the_counts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let m = Material::parse("G").expect("material");
    let ix = Indexer::new(&m);
    let values = generate(&m, &GenerateOptions::default()).expect("generate");
    let path = dir.path().join("G.mstb");
    let legal = values.iter().position(|&v| v != 255).expect("a legal slot");
    let illegal = values.iter().position(|&v| v == 255).expect("an illegal slot");
    // A legal position given as 255, or a value given for a slot the index calls illegal: the
    // file is written, but reading all values finds the counts wrong.
    for (slot, byte) in [(legal, 255), (illegal, 0)] {
        let mut wrong = values.clone();
        wrong[slot] = byte;
        write_table(&path, "G", &ix.params(), &wrong, &WriteOptions::default(), &|_| {}).expect("write");
        let err =
            MaterialTable::open_any(&path).expect("open").values().expect_err("wrong legality accepted");
        assert!(matches!(err, TablebaseError::File(TableError::CorruptedHeader { .. })), "{err}");
        assert!(err.to_string().contains("G.mstb") && err.to_string().contains("counts"), "{err}");
    }
    // Don't-care slots need the material's own index to be told apart later.
    for (name, params) in [("G", vec![1, 2]), ("XYZ", ix.params()), ("R", ix.params())] {
        let err = write_table(&path, name, &params, &values, &WriteOptions::default(), &|_| {})
            .expect_err("unknown index accepted");
        assert!(matches!(err, TablebaseError::File(TableError::InvalidInput { .. })), "{name}: {err}");
    }
}

/// Files of any version but the current one are refused, naming the file and the version (the
/// format was never published in another).
#[test]
fn other_versions_are_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let values = sample_values(5_000, 8);
    let good = std::fs::read(write(dir.path(), &values)).expect("read");
    let (_, header_len) = Header::decode(Path::new("x"), &good, &GAME).expect("header");
    let old = dir.path().join("old.mstb");
    for version in [1u32, 2, FORMAT_VERSION + 1] {
        // The version field with the header checksum made to match: only the version is wrong.
        let mut bytes = good.clone();
        bytes[8..12].copy_from_slice(&version.to_le_bytes());
        let sum = xxhash_rust::xxh3::xxh3_64(&bytes[..header_len - 8]);
        bytes[header_len - 8..header_len].copy_from_slice(&sum.to_le_bytes());
        std::fs::write(&old, &bytes).expect("write");
        let err = Table::open(&old, &GAME).expect_err("refused");
        let text = err.to_string();
        assert!(matches!(err, TableError::UnsupportedVersion { .. }), "{text}");
        assert!(
            text.contains("old.mstb") && text.contains(&format!("table format version {version}")),
            "{text}"
        );
    }
}

/// A table with repetition values: every flipped byte of the file, and every cut, is reported
/// when the file is opened or its values and repetition values are read; never wrong values.
#[test]
fn damage_to_the_repetition_section_is_detected() {
    use minishogi_retro::GenerateOptions;
    use minishogi_tablebase::repetition::{repetition_values, write_table_with_repetition};
    use minishogi_tablebase::{generate, Material};
    let dir = tempfile::tempdir().expect("tempdir");
    let m = Material::parse("P").expect("material");
    let values = generate(&m, &GenerateOptions::default()).expect("generate");
    let rep = repetition_values(&m, &values, &GenerateOptions::default()).expect("repetition");
    let path = dir.path().join("P.mstb");
    let params = Indexer::new(&m).params();
    write_table_with_repetition(&path, "P", &params, &values, Some(&rep), &WriteOptions::default(), &|_| {})
        .expect("write");
    let good = std::fs::read(&path).expect("read");
    let table = MaterialTable::open_any(&path).expect("open");
    let read = table.values().expect("values");
    assert_eq!(table.repetition_values().expect("repetition"), Some(rep.clone()));
    // The repetition section is the end of the file: directory, block table, blocks.
    let section = good.len() - (good.len() / 8).min(4096);
    let bad = dir.path().join("bad.mstb");
    let intact = |bytes: &[u8]| -> bool {
        std::fs::write(&bad, bytes).expect("write");
        let Ok(t) = MaterialTable::open_any(&bad) else { return false };
        let Ok(v) = t.values() else { return false };
        match t.repetition_values() {
            Ok(r) => {
                assert_eq!(
                    (v.as_slice(), r.as_ref()),
                    (read.as_slice(), Some(&rep)),
                    "damage read as values"
                );
                true
            }
            Err(_) => false,
        }
    };
    for at in section..good.len() {
        let mut bytes = good.clone();
        bytes[at] ^= 0x10;
        assert!(!intact(&bytes), "flip at {at} of {} not detected", good.len());
    }
    for cut in (section..good.len()).step_by(13) {
        assert!(!intact(&good[..cut]), "cut at {cut} not detected");
    }
}

/// `MaterialTable::verify` checks the repetition entries of a file in the same pass as its values:
/// a file whose entries pass their checksums but whose outcome or progress counter is wrong fails
/// with the position, and the entries as generated pass with every draw counted.
#[test]
fn verifying_a_file_catches_a_wrong_repetition_entry() {
    use minishogi_retro::GenerateOptions;
    use minishogi_tablebase::repetition::{
        repetition_values, write_table_with_repetition, CycleOutcome, DrawValue, RepetitionError,
    };
    use minishogi_tablebase::{generate, Material, MaterialTable};
    let dir = tempfile::tempdir().expect("tempdir");
    let m = Material::parse("RR").expect("material");
    let values = generate(&m, &GenerateOptions::default()).expect("generate");
    let rep = repetition_values(&m, &values, &GenerateOptions::default()).expect("repetition");
    let params = Indexer::new(&m).params();
    let check = |entries: Option<Vec<[DrawValue; 2]>>| {
        let written = match entries {
            Some(e) => rep.with_entries(e).expect("as many entries"),
            None => rep.clone(),
        };
        let path = dir.path().join("RR.mstb");
        write_table_with_repetition(
            &path,
            "RR",
            &params,
            &values,
            Some(&written),
            &WriteOptions::default(),
            &|_| {},
        )
        .expect("write");
        MaterialTable::open_any(&path).expect("open").verify(None)
    };
    let (_, counted) = check(None).expect("the generated entries pass");
    assert_eq!(counted.expect("repetition values").draws, rep.len() as u64);
    let perpetual = rep
        .entries()
        .iter()
        .position(|p| p[0].outcome() == Some(CycleOutcome::FirstPlayerWins))
        .expect("RR has wins by perpetual check");
    let ranked = rep.entries().iter().position(|p| p[1].progress() > 1).expect("a rank above 1");
    let mut flipped = rep.entries().to_vec();
    flipped[perpetual][0] = DrawValue::new(CycleOutcome::SecondPlayerWins, 1).expect("fits");
    let mut off = rep.entries().to_vec();
    let r = off[ranked][1].progress();
    off[ranked][1] = DrawValue::new(CycleOutcome::SecondPlayerWins, r + 1).expect("fits");
    for bad in [flipped, off] {
        match check(Some(bad)) {
            Err(TablebaseError::VerifyRepetition(RepetitionError::Mismatch { sfen, .. })) => {
                assert!(sfen.contains(' '), "{sfen}")
            }
            other => panic!("expected a repetition mismatch, got {other:?}"),
        }
    }
}
