//! `minishogi nnue`: train the evaluation network from self-play datasets, quantise it, and run
//! the loop self-play → train → match. One file per subcommand; each parses its flags, calls
//! `minishogi_selfplay::nnue_train` or `nnue_loop` and prints.

mod epoch_bar;
mod loop_cmd;
mod quantise;
mod train;
mod train_args;

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
    /// Self-play → train → match against the best → keep the winner, generation after
    /// generation (resumable).
    Loop(loop_cmd::NnueLoopArgs),
}

/// Runs `minishogi nnue`.
pub fn nnue(args: NnueArgs) -> super::CliResult {
    match args.command {
        NnueCommand::Train(a) => train::train(a),
        NnueCommand::Quantise(a) => quantise::quantise(a),
        NnueCommand::Loop(a) => loop_cmd::nnue_loop(a),
    }
}
