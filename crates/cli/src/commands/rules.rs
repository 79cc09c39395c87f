//! `moves`, `perft` and `show`: the rules crate from the shell.

use super::stdin_lines::{answer_lines, parse_sfen};
use super::CliResult;
use clap::Args;
use minishogi::{PerftDivide, Position};
use std::io::Write;
use std::time::Instant;

/// A position given on the command line.
#[derive(Args)]
pub struct SfenArg {
    /// The position as SFEN, or `startpos`.
    #[arg(long)]
    sfen: String,
}

impl SfenArg {
    fn position(&self) -> Result<Position, String> {
        parse_sfen(&self.sfen)
    }
}

/// Arguments of `moves`.
#[derive(Args)]
pub struct MovesArgs {
    /// The position as SFEN, or `startpos`.
    #[arg(long, required_unless_present = "stdin", conflicts_with = "stdin")]
    sfen: Option<String>,
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
    /// Depth in plies.
    #[arg(long)]
    depth: u32,
    /// Print the count below each legal move first.
    #[arg(long)]
    divide: bool,
    /// Count on all cores (rayon).
    #[arg(long)]
    parallel: bool,
    /// Also print the time taken and nodes per second on stderr.
    #[arg(long)]
    time: bool,
}

/// Prints the sorted legal moves, one per line (or one line per position with `--stdin`).
pub fn moves(args: MovesArgs) -> CliResult {
    let Some(sfen) = args.sfen else { return moves_stdin() };
    let moves = parse_sfen(&sfen)?.sorted_legal_moves();
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
    let pos = args.sfen.position()?;
    let start = Instant::now();
    let nodes = if args.divide {
        let divide = PerftDivide::new(&pos, args.depth);
        println!("{divide}");
        divide.nodes
    } else {
        let nodes = match args.parallel {
            true => minishogi::perft_parallel(&pos, args.depth),
            false => minishogi::perft(&mut pos.clone(), args.depth),
        };
        println!("nodes {nodes}");
        nodes
    };
    if args.time {
        let secs = start.elapsed().as_secs_f64();
        eprintln!("time {secs:.3} s, {:.1} Mnodes/s", nodes as f64 / secs / 1e6);
    }
    Ok(())
}

/// Prints the diagram.
pub fn show(args: SfenArg) -> CliResult {
    println!("{}", args.position()?.diagram());
    Ok(())
}
