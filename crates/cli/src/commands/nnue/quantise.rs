//! `minishogi nnue quantise`: a float network in, the engine's network out, with the error check.

use crate::commands::CliResult;
use clap::Args;
use minishogi_selfplay::nnue_train::{quantise_file, QuantisationError};
use std::path::PathBuf;

/// Arguments of `minishogi nnue quantise`.
#[derive(Args)]
pub struct NnueQuantiseArgs {
    /// The float network written by `minishogi nnue train`.
    #[arg(long)]
    float: PathBuf,
    /// The quantised network to write.
    #[arg(long)]
    out: PathBuf,
    /// Datasets whose quiet positions the error check evaluates.
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
}

/// Runs `minishogi nnue quantise`.
pub fn quantise(args: NnueQuantiseArgs) -> CliResult {
    let description = format!("minishogi nnue quantise of {}", args.float.display());
    let check = quantise_file(&args.float, &args.out, &args.data, &description).map_err(|e| e.to_string())?;
    print_check(&check);
    println!("wrote {}", args.out.display());
    Ok(())
}

/// Prints how far the quantised evaluation is from the float one.
pub fn print_check(e: &QuantisationError) {
    println!(
        "quantised vs float on {} positions: max {:.1} cp, mean {:.2} cp",
        e.positions, e.max_cp, e.mean_cp
    );
}
