//! The table file format: round trip, corruption and truncation detection, concurrent reads,
//! atomic writing.

use minishogi_tablebase::{write_table, Table, TablebaseError, Value, WriteOptions};
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

fn options() -> WriteOptions {
    WriteOptions { block_size: 1024, level: 3, dictionary_size: 4096 }
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
    let table = Table::open_with_cache(&path, 4).expect("open");
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
    assert!(matches!(table.get(50_000), Err(TablebaseError::IndexOutOfRange { .. })));
}

#[test]
fn empty_and_single_block_tables_round_trip() {
    let dir = tempfile::tempdir().expect("tempdir");
    for n in [0usize, 1, 1023, 1024, 1025] {
        let values = sample_values(n, n as u64 + 1);
        let path = write(dir.path(), &values);
        let table = Table::open(&path).expect("open");
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
/// and at least one step fails.
fn check_damaged(path: &Path, original: &[u8], bytes: &[u8], what: &str) {
    std::fs::write(path, bytes).expect("write damaged copy");
    let table = match Table::open_with_cache(path, 2) {
        Err(e) => {
            assert!(e.to_string().contains("bad.mstb"), "{what}: error does not name the file: {e}");
            return;
        }
        Ok(t) => t,
    };
    let mut failed = false;
    for (i, &v) in original.iter().enumerate() {
        match table.get(i as u64) {
            Ok(got) => assert_eq!(got, Value::from_byte(v), "{what}: wrong value at {i}"),
            Err(e) => {
                let text = e.to_string();
                assert!(text.contains("bad.mstb") && text.contains("block"), "{what}: {text}");
                failed = true;
            }
        }
    }
    assert!(table.values().is_err(), "{what}: values() accepted a damaged file");
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
            check_damaged(&bad, &values, &bytes, &format!("flip {mask:#x} at {at}"));
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
        let err = Table::open(&bad).expect_err("truncated file opened");
        let text = err.to_string();
        assert!(text.contains("bad.mstb"), "cut {cut}: {text}");
        assert!(
            matches!(err, TablebaseError::Truncated { .. }),
            "cut {cut}: not reported as truncation: {text}"
        );
    }
    let mut longer = good.clone();
    longer.push(0);
    std::fs::write(&bad, &longer).expect("write");
    assert!(Table::open(&bad).is_err(), "trailing bytes accepted");
}

#[test]
fn concurrent_reads_agree() {
    let dir = tempfile::tempdir().expect("tempdir");
    let values = sample_values(100_000, 3);
    let path = write(dir.path(), &values);
    let table = Table::open_with_cache(&path, 8).expect("open");
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
