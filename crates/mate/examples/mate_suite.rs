//! Times the solver on a suite of positions: one line per position (result, plies, nodes,
//! time) and a summary (solved, median and 90th-percentile time, nodes per second).
//!
//! `cargo run --release -p minishogi-mate --example mate_suite -- data/mate-suite.txt --time 1000`
//!
//! Arguments: the suite file (one SFEN a line; `-` or none: stdin), `--time MS` and `--nodes N`
//! per position (with neither: 1,000,000 nodes), `--any-move P` for forced mates within P plies.

use minishogi::Position;
use minishogi_mate::{Limits, MateResult, Mode, Solver};
use std::io::Read;
use std::process::ExitCode;
use std::time::Duration;

/// What one position cost.
struct Answer {
    solved: bool,
    nodes: u64,
    time: Duration,
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mate_suite: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let (input, limits, mode) = parse_args(std::env::args().skip(1).collect())?;
    let mut solver = Solver::default();
    let mut answers = Vec::new();
    for sfen in input.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let pos = Position::from_sfen(sfen).map_err(|e| format!("bad SFEN '{sfen}': {e}"))?;
        let report = solver.solve(&pos, mode, &limits);
        let (result, solved) = match &report.result {
            MateResult::Mate { plies, shortest: true, .. } => (format!("mate {plies}"), true),
            MateResult::Mate { plies, .. } => (format!("mate {plies} (not proved shortest)"), true),
            MateResult::NoMate => ("nomate".to_string(), true),
            MateResult::Unknown => ("unknown".to_string(), false),
        };
        let ms = report.elapsed.as_secs_f64() * 1000.0;
        println!("{ms:9.1} ms {:>10} nodes  {result:<32} {sfen}", report.nodes);
        answers.push(Answer { solved, nodes: report.nodes, time: report.elapsed });
    }
    println!("{}", summary(&answers, limits.time));
    Ok(())
}

/// The input text, the limits per position and the mode.
fn parse_args(args: Vec<String>) -> Result<(String, Limits, Mode), Box<dyn std::error::Error>> {
    let mut limits = Limits::default();
    let mut mode = Mode::Tsume;
    let mut file = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| -> Result<u64, Box<dyn std::error::Error>> {
            let v = args.next().ok_or(format!("{name} needs a value"))?;
            v.parse().map_err(|_| format!("{name}: not a number: {v}").into())
        };
        match arg.as_str() {
            "--time" => limits.time = Some(Duration::from_millis(value("--time")?)),
            "--nodes" => limits.nodes = Some(value("--nodes")?),
            "--any-move" => mode = Mode::AnyMove { max_plies: value("--any-move")? as u32 },
            _ if file.is_none() => file = Some(arg),
            _ => return Err(format!("unexpected argument '{arg}'").into()),
        }
    }
    if limits.time.is_none() && limits.nodes.is_none() {
        limits.nodes = Some(1_000_000);
    }
    let mut input = String::new();
    match file.as_deref() {
        None | Some("-") => std::io::stdin().read_to_string(&mut input).map(|_| ()),
        Some(path) => std::fs::read_to_string(path).map(|text| input = text),
    }
    .map_err(|e| format!("reading {}: {e}", file.as_deref().unwrap_or("stdin")))?;
    Ok((input, limits, mode))
}

/// `solved 46 of 50 (42 within the time), median 2.0 ms, p90 935.0 ms, total 8.20 s, 1,234,567
/// nodes, 150,000 nodes/s`.
fn summary(answers: &[Answer], time: Option<Duration>) -> String {
    let solved = answers.iter().filter(|a| a.solved).count();
    let within = answers.iter().filter(|a| a.solved && time.is_none_or(|t| a.time <= t)).count();
    let mut times: Vec<Duration> = answers.iter().map(|a| a.time).collect();
    times.sort();
    let at = |q: f64| {
        let i = ((times.len() as f64 * q).ceil() as usize).clamp(1, times.len().max(1)) - 1;
        times.get(i).map_or(0.0, |t| t.as_secs_f64() * 1000.0)
    };
    let total: Duration = times.iter().sum();
    let nodes: u64 = answers.iter().map(|a| a.nodes).sum();
    let nps = nodes as f64 / total.as_secs_f64().max(1e-9);
    format!(
        "solved {solved} of {} ({within} within the time), median {:.1} ms, p90 {:.1} ms, total {:.2} s, {nodes} nodes, {nps:.0} nodes/s",
        answers.len(),
        at(0.5),
        at(0.9),
        total.as_secs_f64()
    )
}
