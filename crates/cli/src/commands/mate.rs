//! `mate`: the df-pn mate solver from the shell. Parses, calls `minishogi_mate`, prints.

use super::stdin_lines::{parse_sfen, SfensArg};
use super::CliResult;
use clap::Args;
use minishogi_mate::{Limits, MateResult, Mode, Report, Solver};
use std::time::Duration;

/// Nodes searched per position when neither `--nodes` nor `--time` is given.
const DEFAULT_NODES: u64 = 1_000_000;

/// Arguments of `mate`.
#[derive(Args)]
pub struct MateArgs {
    #[command(flatten)]
    positions: SfensArg,
    /// Nodes at most per position (default 1,000,000 unless --time is given).
    #[arg(long)]
    nodes: Option<u64>,
    /// Milliseconds at most per position.
    #[arg(long, value_name = "MS")]
    time: Option<u64>,
    /// Any forced mate, quiet moves allowed, instead of tsume (the attacker checks every move).
    #[arg(long, requires = "max_plies")]
    any_move: bool,
    /// With --any-move: the longest mate looked for, in plies.
    #[arg(long, value_name = "P", requires = "any_move")]
    max_plies: Option<u32>,
}

/// Runs `mate`.
pub fn mate(args: MateArgs) -> CliResult {
    let mode = match args.max_plies {
        Some(max_plies) if args.any_move => Mode::AnyMove { max_plies },
        _ => Mode::Tsume,
    };
    let nodes = args.nodes.or(args.time.is_none().then_some(DEFAULT_NODES));
    let limits = Limits { nodes, time: args.time.map(Duration::from_millis), stop: None };
    let mut solver = Solver::default();
    args.positions.answer("solved", |sfen| {
        let report = solver.solve(&parse_sfen(sfen)?, mode, &limits);
        Ok(render(sfen, &report, args.positions.json))
    })
}

/// One answer: `mate in 3: R*4c 5b5a 4d5c (43 nodes, 0 ms)` (`mate in 9 (not proved shortest)`
/// when the budget ran out in the post-search), `no mate (…)`, `unknown (…)`, or the JSON object
/// `{"sfen","result","plies","shortest","line","nodes","time_ms"}`.
fn render(sfen: &str, report: &Report, json: bool) -> String {
    let (time_ms, nodes) = (report.elapsed.as_millis() as u64, report.nodes);
    let (result, plies, shortest, line): (_, _, _, Vec<String>) = match &report.result {
        MateResult::Mate { plies, line, shortest } => {
            ("mate", Some(*plies), Some(*shortest), line.iter().map(|m| m.to_string()).collect())
        }
        MateResult::NoMate => ("nomate", None, None, Vec::new()),
        MateResult::Unknown => ("unknown", None, None, Vec::new()),
    };
    if json {
        let value = serde_json::json!({
            "sfen": sfen, "result": result, "plies": plies, "shortest": shortest, "line": line,
            "nodes": nodes, "time_ms": time_ms,
        });
        return value.to_string();
    }
    let cost = format!("({nodes} nodes, {time_ms} ms)");
    match (plies, shortest) {
        (Some(n), Some(shortest)) => {
            let note = if shortest { "" } else { " (not proved shortest)" };
            format!("mate in {n}{note}: {} {cost}", line.join(" "))
        }
        _ if result == "nomate" => format!("no mate {cost}"),
        _ => format!("unknown: the budget ran out {cost}"),
    }
}
