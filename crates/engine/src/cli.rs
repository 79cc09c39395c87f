//! The `bench` command of the `minishogi` program (feature `clap`): its arguments and the run.

use crate::{bench_with, network_from_spec, BenchResult, Searcher, Weights};
use clap::Args;

/// Arguments of `minishogi bench`.
#[derive(Args, Clone, Debug)]
pub struct BenchArgs {
    /// Search depth per position.
    #[arg(long, default_value_t = 10)]
    pub depth: u32,
    /// Weights: a file, `initial` (default) or `embedded`. The hand-set initial weights keep the
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

impl BenchArgs {
    /// Searches the benchmark positions; with `--verbose`, `each` hears each position's SFEN and
    /// nodes.
    pub fn run(&self, mut each: impl FnMut(&str, u64)) -> Result<BenchResult, String> {
        let weights = Weights::from_spec(&self.weights).map_err(|e| e.to_string())?;
        if !(1..=64).contains(&self.depth) {
            return Err(format!("--depth must be 1..64, got {}", self.depth));
        }
        let mut searcher = Searcher::new(weights, 16);
        if let Some(spec) = &self.eval_file {
            searcher.set_network(network_from_spec(spec).map_err(|e| e.to_string())?);
        }
        let verbose = self.verbose;
        Ok(bench_with(searcher, self.depth, |sfen, nodes| {
            if verbose {
                each(sfen, nodes)
            }
        }))
    }
}
