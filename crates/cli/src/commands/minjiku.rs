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
    #[arg(long, value_parser = super::flag_values::fen)]
    fen: Position,
}

/// Arguments of `minjiku perft`.
#[derive(Args)]
struct PerftArgs {
    #[command(flatten)]
    fen: FenArg,
    #[command(flatten)]
    perft: super::shared_args::PerftOptions,
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
        MinjikuCommand::Moves(fen) => fen.fen.sorted_coord_moves().into_iter().try_for_each(print),
        MinjikuCommand::Show(fen) => print(fen.fen.diagram()),
        MinjikuCommand::Tb(_) => Ok(()), // answered above
        MinjikuCommand::Perft(args) => {
            let pos = args.fen.fen;
            let start = Instant::now();
            let nodes = if args.perft.divide {
                let divide = PerftDivide::new(&pos, args.perft.depth);
                print(divide.to_string())?;
                divide.nodes
            } else {
                let nodes = minjiku::perft_parallel(&pos, args.perft.depth);
                print(format!("nodes {nodes}"))?;
                nodes
            };
            if args.perft.time {
                let secs = start.elapsed().as_secs_f64();
                eprintln!("time {secs:.3} s, {:.0} nodes/s", nodes as f64 / secs);
            }
            Ok(())
        }
    }
}
