//! Runs the solver on a suite of positions: one line per position (answer, nodes, time) and a
//! summary (proved, nodes and time over the proved ones and over all).
//!
//! `cargo run --profile release-test -p minishogi-solve --example solve_suite -- data/mate-suite.txt --nodes 100000`
//!
//! Arguments: the suite file (one SFEN a line; `-` or none: stdin), `--nodes N` per position
//! (default 1,000,000), `--memory MB` for the table (default 64), `--certificates` to extract
//! and check the certificate of every proof.

use minishogi::Position;
use minishogi_solve::{Limits, Solver, Verdict};
use std::io::Read;
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("solve_suite: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let (mut file, mut nodes, mut memory, mut certificates) = (None, 1_000_000u64, 64usize, false);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--nodes" => nodes = args.next().ok_or("--nodes needs a number")?.parse()?,
            "--memory" => memory = args.next().ok_or("--memory needs a number")?.parse()?,
            "--certificates" => certificates = true,
            other if other.starts_with("--") => return Err(format!("unknown flag {other}").into()),
            path => file = Some(path.to_string()),
        }
    }
    let input = match file.as_deref() {
        None | Some("-") => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text)?;
            text
        }
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?,
    };
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let mut solver = Solver::new(memory);
    let (mut proved, mut count, mut proved_nodes, mut all_nodes) = (0, 0, 0u64, 0u64);
    let (mut proved_time, mut all_time) = (Duration::ZERO, Duration::ZERO);
    for sfen in input.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let pos = Position::from_sfen(sfen).map_err(|e| format!("bad SFEN '{sfen}': {e}"))?;
        let report = solver.solve(&pos, &limits);
        let answer = match report.verdict {
            Verdict::Win { plies, shortest } => format!("win {plies}{}", if shortest { "" } else { "+" }),
            Verdict::Loss { plies, shortest } => format!("loss {plies}{}", if shortest { "" } else { "+" }),
            Verdict::Unknown => format!(
                "unknown (no win within {:?}, no loss within {:?})",
                report.established.no_win_within, report.established.no_loss_within
            ),
        };
        count += 1;
        all_nodes += report.nodes;
        all_time += report.elapsed;
        if report.verdict != Verdict::Unknown {
            proved += 1;
            proved_nodes += report.nodes;
            proved_time += report.elapsed;
        }
        if certificates && report.verdict != Verdict::Unknown {
            let certificate = solver.certificate(&limits)?.ok_or("no certificate of a proof")?;
            certificate.check()?;
        }
        let ms = report.elapsed.as_secs_f64() * 1000.0;
        println!("{ms:9.1} ms {:>10} nodes  {answer:<10} {sfen}", report.nodes);
    }
    println!(
        "proved {proved} of {count}; proved: {proved_nodes} nodes, {:.1} s; all: {all_nodes} nodes, {:.1} s",
        proved_time.as_secs_f64(),
        all_time.as_secs_f64()
    );
    Ok(())
}
