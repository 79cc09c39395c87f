//! The partitioned (bulk-synchronous) generation of one set against `generate` on the same
//! threads: per-round messages and bytes within and across king-pair partitions, the times, and
//! a check that the values are identical:
//! `cargo run --release -p minishogi-tablebase --example tb_partitioned -- GGS 4 [threads]`.
//! With `--file` it also builds both table files into temporary directories and compares them.

use std::time::Instant;

use minishogi_retro::partitioned::PartitionedOptions;
use minishogi_retro::{with_threads, GenerateOptions, Progress};
use minishogi_tablebase::generate::generate_with_stats;
use minishogi_tablebase::partitioned::{build_table_partitioned, generate_partitioned};
use minishogi_tablebase::{build_table, table_file_name, Material};

fn main() {
    if let Err(e) = run() {
        eprintln!("{e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--file").collect();
    let file = std::env::args().any(|a| a == "--file");
    let usage = "usage: tb_partitioned SET PARTITIONS [THREADS] [--file]";
    let material = Material::parse(args.first().ok_or(usage)?)?;
    let parts: usize = args.get(1).ok_or(usage)?.parse()?;
    let threads: usize = args.get(2).map_or(Ok(2), |t| t.parse())?;
    let options = GenerateOptions { threads: Some(threads), progress: None };
    let t = Instant::now();
    let (expected, stats) = generate_with_stats(&material, &options)?;
    let generate_time = t.elapsed();
    let split = PartitionedOptions { threads: Some(threads), through_bytes: true, byte_cap: None };
    let run = generate_partitioned(&material, parts, &split)?;
    let same = run.values == expected;
    println!(
        "{material}: {} slots, {parts} king-pair partitions, {threads} threads, longest mate {}, {} rounds",
        expected.len(),
        stats.longest,
        run.rounds.len()
    );
    println!("level | expanded | resolved | local slots | local bytes | cross msgs | cross slots | cross bytes | cross % | ms");
    let (mut local, mut cross, mut cross_bytes, mut all_bytes) = (0u64, 0u64, 0u64, 0u64);
    for r in &run.rounds {
        let slots = r.local.slots + r.cross.slots;
        local += r.local.slots;
        cross += r.cross.slots;
        cross_bytes += r.cross.bytes;
        all_bytes += r.cross.bytes + r.local.bytes;
        println!(
            "{} | {} | {} | {} | {} | {} | {} | {} | {:.1} | {:.0}",
            r.level,
            r.expanded,
            r.resolved,
            r.local.slots,
            r.local.bytes,
            r.cross.messages,
            r.cross.slots,
            r.cross.bytes,
            100.0 * r.cross.slots as f64 / slots.max(1) as f64,
            r.time.as_secs_f64() * 1e3
        );
    }
    if let Some(peak) = run.rounds.iter().max_by_key(|r| r.local.bytes + r.cross.bytes) {
        println!(
            "peak round: level {}, {} slots ({:.2} % of the table), {} bytes, {} across",
            peak.level,
            peak.local.slots + peak.cross.slots,
            100.0 * (peak.local.slots + peak.cross.slots) as f64 / expected.len() as f64,
            peak.local.bytes + peak.cross.bytes,
            peak.cross.bytes
        );
    }
    let total = local + cross;
    println!(
        "total: {total} slots in messages ({:.2} per table slot), {cross} across partitions ({:.1} %), {} bytes ({:.2} per message slot), {cross_bytes} bytes across",
        total as f64 / expected.len() as f64,
        100.0 * cross as f64 / total.max(1) as f64,
        all_bytes,
        all_bytes as f64 / total.max(1) as f64,
    );
    println!(
        "time: generate {:.2} s, partitioned {:.2} s (initial pass {:.2} s); values identical: {same}",
        generate_time.as_secs_f64(),
        run.time.as_secs_f64(),
        run.init_time.as_secs_f64()
    );
    if file {
        let quiet = |_: Progress<'_>| {};
        let (a, b) = (std::env::temp_dir().join("tb-part-a"), std::env::temp_dir().join("tb-part-b"));
        std::fs::create_dir_all(&a)?;
        std::fs::create_dir_all(&b)?;
        let t = Instant::now();
        with_threads(Some(threads), || build_table(&material, &a, 3, &quiet))??;
        let build_time = t.elapsed();
        let t = Instant::now();
        build_table_partitioned(&material, parts, &b, 3, &split, &quiet)?;
        let split_time = t.elapsed();
        let name = table_file_name(&material);
        let identical = std::fs::read(a.join(&name))? == std::fs::read(b.join(&name))?;
        println!(
            "file: build_table {:.2} s, build_table_partitioned {:.2} s; files byte-identical: {identical}",
            build_time.as_secs_f64(),
            split_time.as_secs_f64()
        );
        std::fs::remove_dir_all(&a)?;
        std::fs::remove_dir_all(&b)?;
        if !identical {
            return Err("the files differ".into());
        }
    }
    if !same {
        return Err("the values differ".into());
    }
    Ok(())
}
