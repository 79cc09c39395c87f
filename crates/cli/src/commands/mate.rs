//! `mate`: the df-pn mate solver from the shell. Parses, calls `minishogi_mate`, prints.

use super::stdin_lines::{parse_sfen, SfensArg};
use super::CliResult;
use clap::Args;
use minishogi_mate::{Answer, Limits, Mode, Solver};
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
    let mode =
        args.max_plies.filter(|_| args.any_move).map_or(Mode::Tsume, |max_plies| Mode::AnyMove { max_plies });
    let nodes = args.nodes.or(args.time.is_none().then_some(DEFAULT_NODES));
    let limits = Limits { nodes, time: args.time.map(Duration::from_millis), stop: None };
    let mut solver = Solver::default();
    args.positions
        .answer("solved", |sfen| Ok(Answer::new(sfen, &solver.solve(&parse_sfen(sfen)?, mode, &limits))))
}
