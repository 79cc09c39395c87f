//! `minishogi nnue`: train the evaluation network from self-play datasets and quantise it. One
//! file per subcommand; each parses its flags, calls `minishogi_selfplay::nnue_train` and prints.

mod quantise;
mod train;

use clap::{Args, Subcommand};

/// Arguments of `minishogi nnue`.
#[derive(Args)]
pub struct NnueArgs {
    #[command(subcommand)]
    command: NnueCommand,
}

#[derive(Subcommand)]
enum NnueCommand {
    /// Train a network on self-play datasets; write the float and the quantised network.
    Train(train::NnueTrainArgs),
    /// Quantise a float network and report how far it evaluates from the float one.
    Quantise(quantise::NnueQuantiseArgs),
}

/// Runs `minishogi nnue`.
pub fn nnue(args: NnueArgs) -> super::CliResult {
    match args.command {
        NnueCommand::Train(a) => train::train(a),
        NnueCommand::Quantise(a) => quantise::quantise(a),
    }
}
