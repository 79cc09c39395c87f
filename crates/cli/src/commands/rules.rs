//! `moves`, `perft` and `show`: the rules crate from the shell.

use super::flag_values;
use super::shared_args::PerftOptions;
use super::stdin_lines::answer_lines;
use super::CliResult;
use clap::Args;
use minishogi::{PerftDivide, Position};
use std::io::Write;
use std::time::Instant;

/// A position given on the command line.
#[derive(Args)]
pub struct SfenArg {
    /// The position as SFEN, or `startpos`.
    #[arg(long, value_parser = flag_values::sfen)]
    sfen: Position,
}

/// Arguments of `moves`.
#[derive(Args)]
pub struct MovesArgs {
    /// The position as SFEN, or `startpos`.
    #[arg(long, required_unless_present = "stdin", conflicts_with = "stdin", value_parser = flag_values::sfen)]
    sfen: Option<Position>,
    /// Read SFENs from stdin, one per line, and answer each with one line: its legal moves sorted
    /// bytewise and separated by spaces (empty when there are none), or `error: ...` for a bad line.
    #[arg(long)]
    stdin: bool,
}

/// Arguments of `perft`.
#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    sfen: SfenArg,
    #[command(flatten)]
    perft: PerftOptions,
    /// Count on all cores (rayon).
    #[arg(long)]
    parallel: bool,
}

/// Prints the sorted legal moves, one per line (or one line per position with `--stdin`).
pub fn moves(args: MovesArgs) -> CliResult {
    let Some(pos) = args.sfen else { return moves_stdin() };
    let moves = pos.sorted_legal_moves();
    let mut out = std::io::stdout().lock();
    moves.iter().try_for_each(|m| writeln!(out, "{m}")).map_err(|e| e.to_string())
}

/// `moves --stdin`: one answer line per input line, so scripts can check many positions at once.
fn moves_stdin() -> CliResult {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let answered = answer_lines(&mut out, false, |number, line| {
        let pos =
            Position::from_sfen(line).map_err(|e| format!("error: line {number}: bad SFEN '{line}': {e}"))?;
        Ok(pos.sorted_legal_moves().join(" "))
    })?;
    match answered.failed {
        0 => Ok(()),
        n => Err(format!("{n} input line(s) were not legal SFEN positions")),
    }
}

/// Prints perft counts.
pub fn perft(args: PerftArgs) -> CliResult {
    let pos = args.sfen.sfen;
    let start = Instant::now();
    let nodes = if args.perft.divide {
        let divide = PerftDivide::new(&pos, args.perft.depth);
        println!("{divide}");
        divide.nodes
    } else {
        let nodes = match args.parallel {
            true => minishogi::perft_parallel(&pos, args.perft.depth),
            false => minishogi::perft(&mut pos.clone(), args.perft.depth),
        };
        println!("nodes {nodes}");
        nodes
    };
    if args.perft.time {
        let secs = start.elapsed().as_secs_f64();
        eprintln!("time {secs:.3} s, {:.1} Mnodes/s", nodes as f64 / secs / 1e6);
    }
    Ok(())
}

/// Prints the diagram.
pub fn show(args: SfenArg) -> CliResult {
    println!("{}", args.sfen.diagram());
    Ok(())
}
