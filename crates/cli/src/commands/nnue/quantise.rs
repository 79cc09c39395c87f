//! `minishogi nnue quantise`: a float network in, the engine's network out, with the error check.

use crate::commands::CliResult;
use clap::Args;
use minishogi_selfplay::nnue_train::quantise_file;
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
    println!("{check}");
    println!("wrote {}", args.out.display());
    Ok(())
}
