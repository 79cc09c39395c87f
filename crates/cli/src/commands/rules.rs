//! `moves`, `perft` and `show`: the rules of a position given on the command line (the start
//! position by default), and what `perft` prints. A position may carry the moves played from it
//! (`SFEN moves 5d5c 1b1c`); these commands look at the position after them.

use crate::flags::{parse_sfen, sfen_flag};
use crate::output::{print_lines, CliResult};
use crate::stdin_lines::answer_lines;
use clap::Args;
use minishogi::perft::{perft, perft_parallel, PerftDivide};
use minishogi::Position;
use std::time::Instant;

/// The position of `moves`, `perft` and `show`: given positionally or with `--sfen`.
#[derive(Args, Clone, Debug)]
pub struct SfenArg {
    /// The position as SFEN, or `startpos`, optionally with `moves M...` (instead of --sfen).
    #[arg(value_name = "SFEN", conflicts_with = "sfen", value_parser = sfen_flag)]
    pub position: Option<Position>,
    /// The position as SFEN, or `startpos`, optionally with `moves M...` (default: the start
    /// position).
    #[arg(long, value_parser = sfen_flag)]
    pub sfen: Option<Position>,
}

impl SfenArg {
    /// The position given, or the start position.
    pub fn position(&self) -> Position {
        self.position.clone().or_else(|| self.sfen.clone()).unwrap_or_else(Position::startpos)
    }
}

/// Arguments of `moves`.
#[derive(Args, Clone, Debug)]
pub struct MovesArgs {
    /// The position as SFEN, or `startpos`, optionally with `moves M...` (instead of --sfen).
    #[arg(value_name = "SFEN", conflicts_with_all = ["sfen", "stdin"], value_parser = sfen_flag)]
    pub position: Option<Position>,
    /// The position as SFEN, or `startpos`, optionally with `moves M...` (default: the start
    /// position).
    #[arg(long, conflicts_with = "stdin", value_parser = sfen_flag)]
    pub sfen: Option<Position>,
    /// Read SFENs (with moves or not) from stdin, one per line, and answer each with one line: its legal moves sorted
    /// bytewise and separated by spaces (empty when there are none), or `error: ...` for a bad line.
    #[arg(long)]
    pub stdin: bool,
}

/// `moves`: the legal moves of the position, or with `--stdin` of each line's.
pub fn moves(args: MovesArgs) -> CliResult {
    if !args.stdin {
        let pos = args.position.or(args.sfen).unwrap_or_else(Position::startpos);
        return print_lines(pos.sorted_legal_moves());
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match answer_lines(&mut out, false, moves_line)?.failed {
        0 => Ok(()),
        n => Err(format!("{n} input line(s) were not legal SFEN positions")),
    }
}

/// The answer of `moves --stdin` to line `number` (from 1): the sorted legal moves separated by
/// spaces, or the error line.
fn moves_line(number: usize, line: &str) -> Result<String, String> {
    let pos = parse_sfen(line).map_err(|e| format!("error: line {number}: {e}"))?;
    Ok(pos.sorted_legal_moves().join(" "))
}

/// `show`: the diagram of the position.
pub fn show(args: SfenArg) -> CliResult {
    print_lines([args.position().diagram()])
}

/// What a perft prints besides the count.
#[derive(Args, Clone, Copy, Debug)]
pub struct PerftPrint {
    /// Print the count below each legal move first, sorted by move.
    #[arg(long)]
    pub divide: bool,
    /// Also print the time taken and nodes per second on stderr.
    #[arg(long)]
    pub time: bool,
}

impl PerftPrint {
    /// Times a perft to `depth` and prints it: `divide` gives the per-move listing and the total,
    /// `count` the total; `rate` writes the time line for stderr from the nodes and seconds.
    pub fn run(
        &self,
        depth: u32,
        divide: impl FnOnce(u32) -> (String, u64),
        count: impl FnOnce(u32) -> u64,
        rate: impl FnOnce(u64, f64) -> String,
    ) -> CliResult {
        let start = Instant::now();
        let (out, nodes) = match self.divide {
            true => divide(depth),
            false => {
                let nodes = count(depth);
                (format!("nodes {nodes}"), nodes)
            }
        };
        let time = self.time.then(|| rate(nodes, start.elapsed().as_secs_f64()));
        print_lines([out])?;
        time.iter().for_each(|time| eprintln!("{time}"));
        Ok(())
    }
}

/// Arguments of `perft`.
#[derive(Args, Clone, Debug)]
pub struct PerftArgs {
    /// Depth in plies (instead of --depth).
    #[arg(value_name = "DEPTH", conflicts_with = "depth", required_unless_present = "depth")]
    pub depth_arg: Option<u32>,
    /// The position.
    #[command(flatten)]
    pub sfen: SfenArg,
    /// Depth in plies.
    #[arg(long)]
    pub depth: Option<u32>,
    /// What is printed besides the count.
    #[command(flatten)]
    pub print: PerftPrint,
    /// Count on all cores (rayon).
    #[arg(long)]
    pub parallel: bool,
}

/// `perft`: counts the leaves (on all cores with `--parallel`).
pub fn perft_command(args: PerftArgs) -> CliResult {
    let pos = args.sfen.position();
    let depth = args.depth_arg.or(args.depth).unwrap_or_default();
    args.print.run(
        depth,
        |depth| {
            let divide = PerftDivide::new(&pos, depth);
            (divide.to_string(), divide.nodes)
        },
        |depth| match args.parallel {
            true => perft_parallel(&pos, depth),
            false => perft(&mut pos.clone(), depth),
        },
        |nodes, secs| format!("time {secs:.3} s, {:.1} Mnodes/s", nodes as f64 / secs / 1e6),
    )
}
