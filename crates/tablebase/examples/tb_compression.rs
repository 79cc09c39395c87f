//! Writes the values of existing table files again with chosen write options (into a temporary
//! directory, the files themselves are left alone) and prints, per table and in total, the bits per
//! stored position, the write time and the median time to read one block cold (checksum and
//! decompression), to compare compression settings without regenerating tables:
//! `cargo run --release -p minishogi-tablebase --example tb_compression -- [--level L] [--block B]
//! [--dict BYTES] [--keep-illegal] FILE...`
//! (defaults: `WriteOptions::default()`; `--keep-illegal` stores 255 in illegal slots as format
//! version 1 did). Set `RAYON_NUM_THREADS` to choose the thread count.

use minishogi_retro::{Table, WriteOptions};
use minishogi_tablebase::files::GAME;
use minishogi_tablebase::{write_table, Indexer, MaterialTable};
use std::path::PathBuf;
use std::time::Instant;

/// Blocks timed per table at most (evenly spaced).
const TIMED_BLOCKS: u64 = 2000;

fn main() {
    if let Err(e) = run() {
        eprintln!("{e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let mut options = WriteOptions::default();
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Result<u64, Box<dyn std::error::Error>> {
            let text = args.next().ok_or(format!("{name} needs a number"))?;
            text.parse().map_err(|_| format!("{name}: '{text}' is not a number").into())
        };
        match arg.as_str() {
            "--level" => options.level = number("--level")? as i32,
            "--block" => options.block_size = number("--block")? as u32,
            "--dict" => options.dictionary_size = number("--dict")? as usize,
            "--keep-illegal" => options.dont_care_illegal = false,
            _ => files.push(PathBuf::from(arg)),
        }
    }
    let dir = std::env::temp_dir().join(format!("tb-compression-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    println!("{options:?}");
    let (mut bytes, mut positions) = (0u64, 0u64);
    for file in &files {
        let table = MaterialTable::open_any(file)?;
        let material = table.material();
        let values = table.values()?;
        drop(table);
        let path = dir.join("table.mstb");
        let params = Indexer::new(&material).params();
        let start = Instant::now();
        let summary = write_table(&path, &material.name(), &params, &values, &options, &|_| {})?;
        let written = start.elapsed().as_secs_f64();
        let table = Table::open(&path, &GAME)?;
        let step = table.block_count().div_ceil(TIMED_BLOCKS).max(1);
        let mut times = Vec::new();
        for block in (0..table.block_count()).step_by(step as usize) {
            let start = Instant::now();
            std::hint::black_box(table.block(block)?);
            times.push(start.elapsed().as_secs_f64() * 1e6);
        }
        times.sort_by(f64::total_cmp);
        let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
        bytes += summary.file_bytes;
        positions += summary.legal_positions;
        println!(
            "{}: {} bytes, {:.3} bits per stored position, written in {written:.2} s, block read {median:.1} µs (median)",
            material.name(),
            summary.file_bytes,
            summary.bits_per_position()
        );
        let _ = std::fs::remove_file(&path);
    }
    let _ = std::fs::remove_dir(&dir);
    println!(
        "total: {bytes} bytes, {:.3} bits per stored position",
        bytes as f64 * 8.0 / positions.max(1) as f64
    );
    Ok(())
}
