//! `bench`: the fixed positions searched to a depth, their total nodes and the speed.

use crate::output::CliResult;
use clap::Args;
use minishogi_engine::bench::bench_with;
use minishogi_engine::{EvalSpec, Searcher};
use std::io::Write;

/// Arguments of `minishogi bench`.
#[derive(Args, Clone, Debug)]
pub struct BenchArgs {
    /// Search depth per position.
    #[arg(long, default_value_t = 10)]
    pub depth: u32,
    /// Linear weights: a file, `initial` (default) or `linear` (the shipped ones). The hand-set initial weights keep the
    /// node count a signature of the search alone, that does not move when new tuned weights
    /// are shipped.
    #[arg(long, default_value = "initial")]
    pub weights: String,
    /// Evaluate with a network instead of the weights (the node count then differs): a file,
    /// or `embedded` for the shipped network.
    #[arg(long)]
    pub eval_file: Option<String>,
    /// Print the nodes of each position.
    #[arg(long)]
    pub verbose: bool,
}

/// `bench`: searches the benchmark positions; with `--verbose` prints each position's nodes.
pub fn exec(args: &BenchArgs) -> CliResult {
    let weights = EvalSpec::parse(&args.weights).weights().map_err(|e| e.to_string())?;
    if !(1..=64).contains(&args.depth) {
        return Err(format!("--depth must be 1..64, got {}", args.depth));
    }
    let mut searcher = Searcher::new(weights, 16);
    if let Some(spec) = &args.eval_file {
        searcher.set_network(EvalSpec::parse(spec).network().map_err(|e| e.to_string())?);
    }
    let mut out = std::io::stdout().lock();
    // A closed stdout (e.g. piped into `head`) ends the report quietly instead of panicking.
    let mut lines_ok = true;
    let result = bench_with(searcher, args.depth, |sfen, nodes| {
        if args.verbose {
            lines_ok = lines_ok && writeln!(out, "{nodes:>12}  {sfen}").is_ok();
        }
    });
    let _ = writeln!(out, "{result}");
    Ok(())
}
