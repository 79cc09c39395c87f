//! Generates and verifies the named material sets, printing slots, legal positions, times,
//! throughput and peak memory: `cargo run --release -p minishogi-tablebase --example tb_throughput -- RBS GGP`.
//! Set `RAYON_NUM_THREADS` to choose the thread count.

use std::time::Instant;

use minishogi_retro::GenerateOptions;
use minishogi_retro::Progress;
use minishogi_tablebase::generate::generate_with_stats;
use minishogi_tablebase::{verify, Material};

fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn main() {
    let names: Vec<String> = std::env::args().skip(1).collect();
    let mut total_slots = 0u64;
    let mut total_secs = 0f64;
    for name in &names {
        let material = match Material::parse(name) {
            Ok(m) => m,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        };
        let t = Instant::now();
        // Time of the first phase (move counts) versus the passes, from the progress reports.
        let first_phase_end = std::sync::Mutex::new(None::<f64>);
        let report = |p: Progress<'_>| {
            if p.phase != "moves" {
                let mut end = first_phase_end.lock().unwrap_or_else(|e| e.into_inner());
                end.get_or_insert_with(|| t.elapsed().as_secs_f64());
            }
        };
        let options = GenerateOptions { threads: None, progress: Some(&report) };
        let (values, stats) = match generate_with_stats(&material, &options) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        };
        let gen = t.elapsed().as_secs_f64();
        let counting = first_phase_end.lock().unwrap_or_else(|e| e.into_inner()).unwrap_or(gen);
        let t = Instant::now();
        let report = match verify(&material, &values, None) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        };
        let ver = t.elapsed().as_secs_f64();
        let slots = values.len() as u64;
        total_slots += slots;
        total_secs += gen + ver;
        println!(
            "{name}: slots {slots} legal {} ({:.1}%) longest {:?} passes {} side table {} | gen {gen:.2}s (moves {counting:.2}s; {:.2} M slots/s) verify {ver:.2}s ({:.2} M slots/s) | wins {} losses {} draws {}",
            report.positions,
            100.0 * report.positions as f64 / slots as f64,
            stats.longest,
            stats.passes,
            stats.side_table,
            slots as f64 / gen / 1e6,
            slots as f64 / ver / 1e6,
            report.wins,
            report.losses,
            report.draws,
        );
    }
    println!(
        "total: {total_slots} slots in {total_secs:.2}s ({:.2} M slots/s gen+verify); peak RSS {:.0} MiB",
        total_slots as f64 / total_secs / 1e6,
        peak_rss_mib().unwrap_or(0.0)
    );
}
