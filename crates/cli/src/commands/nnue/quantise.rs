//! `minishogi nnue quantise`: a float network in, the engine's network out, with the error check.

use crate::commands::CliResult;
use clap::Args;
use minishogi_engine::nnue::Network;
use minishogi_selfplay::dataset::Dataset;
use minishogi_selfplay::nnue_train::{
    load_float, quantisation_error, quantise as quantise_net, quiet_positions, FloatNetwork,
};
use std::path::PathBuf;

/// Positions compared by the error check.
const CHECK_POSITIONS: usize = 20_000;

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
    let net = load_float(&args.float).map_err(|e| e.to_string())?;
    let datasets = args
        .data
        .iter()
        .map(|p| Dataset::load(p).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let description = format!("minishogi nnue quantise of {}", args.float.display());
    let quantised = quantise_net(&net, &description).ok_or("the float network has wrong layer sizes")?;
    report_error(&net, &quantised, &datasets)?;
    quantised.save(&args.out).map_err(|e| e.to_string())?;
    println!("wrote {}", args.out.display());
    Ok(())
}

/// Prints how far the quantised evaluation is from the float one on the datasets' quiet
/// positions.
pub fn report_error(float: &FloatNetwork, quantised: &Network, datasets: &[Dataset]) -> CliResult {
    let positions = quiet_positions(datasets, CHECK_POSITIONS).map_err(|e| e.to_string())?;
    let e = quantisation_error(float, quantised, &positions);
    println!(
        "quantised vs float on {} positions: max {:.1} cp, mean {:.2} cp",
        e.positions, e.max_cp, e.mean_cp
    );
    Ok(())
}
