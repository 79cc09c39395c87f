//! `minjiku moves`, `perft` and `show`: the Minjiku Shogi rules crate from the shell.

use super::CliResult;
use clap::{Args, Subcommand};
use minjiku::{PerftDivide, Position};
use std::io::Write;
use std::time::Instant;

/// Arguments of `minjiku`.
#[derive(Args)]
pub struct MinjikuArgs {
    #[command(subcommand)]
    command: MinjikuCommand,
}

#[derive(Subcommand)]
enum MinjikuCommand {
    /// Print the legal moves of a position in coordinates, one per line, sorted bytewise.
    Moves(FenArg),
    /// Count the leaves of the legal-move tree.
    Perft(PerftArgs),
    /// Show a position as a diagram with side to move and check status.
    Show(FenArg),
    /// Endgame tables: gen, probe, verify, info.
    Tb(super::minjiku_tb::MinjikuTbArgs),
}

/// A position given on the command line.
#[derive(Args)]
struct FenArg {
    /// The position in Minjiku notation (see docs/minjiku.md), or `startpos`.
    #[arg(long)]
    fen: String,
}

impl FenArg {
    fn position(&self) -> Result<Position, String> {
        Position::from_fen(&self.fen).map_err(|e| format!("bad position '{}': {e}", self.fen))
    }
}

/// Arguments of `minjiku perft`.
#[derive(Args)]
struct PerftArgs {
    #[command(flatten)]
    fen: FenArg,
    /// Depth in plies.
    #[arg(long)]
    depth: u32,
    /// Print the count below each legal move first, sorted by move.
    #[arg(long)]
    divide: bool,
    /// Also print the time taken and nodes per second on stderr.
    #[arg(long)]
    time: bool,
}

/// Runs one `minjiku` subcommand.
pub fn minjiku(args: MinjikuArgs) -> CliResult {
    // The table commands print from worker threads: before stdout is locked here.
    let command = match args.command {
        MinjikuCommand::Tb(tb) => return super::minjiku_tb::minjiku_tb(tb),
        other => other,
    };
    let mut out = std::io::stdout().lock();
    let mut print = |line: String| writeln!(out, "{line}").map_err(|e| e.to_string());
    match command {
        MinjikuCommand::Moves(fen) => fen.position()?.sorted_coord_moves().into_iter().try_for_each(print),
        MinjikuCommand::Show(fen) => print(fen.position()?.diagram()),
        MinjikuCommand::Tb(_) => Ok(()), // answered above
        MinjikuCommand::Perft(args) => {
            let pos = args.fen.position()?;
            let start = Instant::now();
            let nodes = if args.divide {
                let divide = PerftDivide::new(&pos, args.depth);
                print(divide.to_string())?;
                divide.nodes
            } else {
                let nodes = minjiku::perft_parallel(&pos, args.depth);
                print(format!("nodes {nodes}"))?;
                nodes
            };
            if args.time {
                let secs = start.elapsed().as_secs_f64();
                eprintln!("time {secs:.3} s, {:.0} nodes/s", nodes as f64 / secs);
            }
            Ok(())
        }
    }
}
