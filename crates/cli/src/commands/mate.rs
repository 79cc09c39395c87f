//! `mate`: the df-pn mate solver from the shell. Parses, calls `minishogi_mate`, prints.

use super::CliResult;
use clap::Args;
use minishogi::Position;
use minishogi_mate::{Limits, MateResult, Mode, Report, Solver};
use std::io::{BufRead, Write};
use std::time::Duration;

/// Nodes searched per position when neither `--nodes` nor `--time` is given.
const DEFAULT_NODES: u64 = 1_000_000;

/// Arguments of `mate`.
#[derive(Args)]
pub struct MateArgs {
    /// The position as SFEN (or `startpos`); without it, SFENs are read from stdin, one per line.
    #[arg(long)]
    pub sfen: Option<String>,
    /// Nodes at most per position (default 1,000,000 unless --time is given).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Milliseconds at most per position.
    #[arg(long, value_name = "MS")]
    pub time: Option<u64>,
    /// Any forced mate, quiet moves allowed, instead of tsume (the attacker checks every move).
    #[arg(long, requires = "max_plies")]
    pub any_move: bool,
    /// With --any-move: the longest mate looked for, in plies.
    #[arg(long, value_name = "P", requires = "any_move")]
    pub max_plies: Option<u32>,
    /// One JSON object per answer.
    #[arg(long)]
    pub json: bool,
}

/// Runs `mate`.
pub fn mate(args: MateArgs) -> CliResult {
    let mode = match args.max_plies {
        Some(max_plies) if args.any_move => Mode::AnyMove { max_plies },
        _ => Mode::Tsume,
    };
    let nodes = args.nodes.or(if args.time.is_none() { Some(DEFAULT_NODES) } else { None });
    let limits = Limits { nodes, time: args.time.map(Duration::from_millis), stop: None };
    let mut solver = Solver::default();
    let mut out = std::io::stdout().lock();
    let mut answer = |sfen: &str| -> Result<String, String> {
        let pos = Position::from_sfen(sfen).map_err(|e| format!("bad SFEN '{sfen}': {e}"))?;
        Ok(render(sfen, &solver.solve(&pos, mode, &limits), args.json))
    };
    if let Some(sfen) = &args.sfen {
        let text = answer(sfen)?;
        return writeln!(out, "{text}").map_err(|e| e.to_string());
    }
    let (mut lines, mut failed) = (0u64, 0u64);
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| format!("reading stdin: {e}"))?;
        let sfen = line.trim();
        if sfen.is_empty() {
            continue;
        }
        lines += 1;
        let text = answer(sfen).unwrap_or_else(|e| {
            failed += 1;
            if args.json {
                serde_json::json!({ "sfen": sfen, "error": e }).to_string()
            } else {
                format!("error: {e}")
            }
        });
        writeln!(out, "{text}").map_err(|e| e.to_string())?;
    }
    if failed > 0 {
        return Err(format!("{failed} of {lines} positions could not be solved"));
    }
    Ok(())
}

/// One answer: `mate in 3: R*4c 5b5a 4d5c (43 nodes, 0 ms)`, `no mate (…)`, `unknown (…)`, or
/// the JSON object `{"sfen","result","plies","line","nodes","time_ms"}`.
fn render(sfen: &str, report: &Report, json: bool) -> String {
    let time_ms = report.elapsed.as_millis() as u64;
    let (result, plies, line) = match &report.result {
        MateResult::Mate { plies, line, .. } => {
            ("mate", Some(*plies), line.iter().map(|m| m.to_string()).collect::<Vec<_>>())
        }
        MateResult::NoMate => ("nomate", None, Vec::new()),
        MateResult::Unknown => ("unknown", None, Vec::new()),
    };
    if json {
        let value = serde_json::json!({
            "sfen": sfen, "result": result, "plies": plies, "line": line,
            "nodes": report.nodes, "time_ms": time_ms,
        });
        return value.to_string();
    }
    let cost = format!("({} nodes, {time_ms} ms)", report.nodes);
    match (&report.result, plies) {
        (MateResult::Mate { shortest, .. }, Some(n)) => {
            let note = if *shortest { "" } else { " (not proved shortest)" };
            format!("mate in {n}{note}: {} {cost}", line.join(" "))
        }
        (MateResult::NoMate, _) => format!("no mate {cost}"),
        _ => format!("unknown: the budget ran out {cost}"),
    }
}
