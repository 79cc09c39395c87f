//! `usi` and `bench`: the engine from the shell.

use super::CliResult;
use clap::Args;
use minishogi_engine::nnue::network_from_spec;
use minishogi_engine::{bench_with, Searcher, Usi, Weights};
use std::io::Write;

/// Arguments of `minishogi usi`.
#[derive(Args)]
pub struct UsiArgs {}

/// Arguments of `minishogi bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Search depth per position.
    #[arg(long, default_value_t = 10)]
    depth: u32,
    /// Weights: a file, `initial` (default) or `embedded`. The hand-set initial weights keep the
    /// node count a signature of the search alone, that does not move when new tuned weights
    /// are shipped.
    #[arg(long, default_value = "initial")]
    weights: String,
    /// Evaluate with a network instead of the weights (the node count then differs): a file,
    /// or `embedded` for the shipped network.
    #[arg(long)]
    eval_file: Option<String>,
    /// Print the nodes of each position.
    #[arg(long)]
    verbose: bool,
}

/// Runs the USI loop on stdin and stdout.
pub fn usi(_args: UsiArgs) -> CliResult {
    let mut session = Usi::new(Box::new(std::io::stdout()));
    session.run(std::io::stdin().lock()).map_err(|e| format!("reading stdin: {e}"))
}

/// Searches the benchmark positions and prints total nodes and nodes per second.
pub fn bench(args: BenchArgs) -> CliResult {
    let weights = Weights::from_spec(&args.weights).map_err(|e| e.to_string())?;
    if !(1..=64).contains(&args.depth) {
        return Err(format!("--depth must be 1..64, got {}", args.depth));
    }
    let verbose = args.verbose;
    let mut out = std::io::stdout().lock();
    // A closed stdout (e.g. piped into `head`) ends the report quietly instead of panicking.
    let mut lines_ok = true;
    let mut searcher = Searcher::new(weights, 16);
    if let Some(spec) = &args.eval_file {
        searcher.set_network(network_from_spec(spec).map_err(|e| e.to_string())?);
    }
    let result = bench_with(searcher, args.depth, |sfen, nodes| {
        if verbose && lines_ok {
            lines_ok = writeln!(out, "{nodes:>12}  {sfen}").is_ok();
        }
    });
    let _ = writeln!(out, "{result}");
    Ok(())
}
