//! Subcommands: one module per group with its clap arguments, and what the groups share
//! (argument groups, progress bars, answering stdin line by line).

mod analyse;
mod book_cmd;
mod engine;
mod flag_values;
mod match_cmd;
mod mate;
mod minjiku;
mod minjiku_tb;
mod nnue;
mod progress;
mod rules;
mod selfplay;
mod serve;
mod shared_args;
mod stdin_lines;
mod tb;

use clap::{Parser, Subcommand};

/// Errors reach `main` as one line of text for stderr.
pub type CliResult = Result<(), String>;

/// Minishogi (5×5 shogi) toolkit: rules, endgame tablebases, engine and tuning.
#[derive(Parser)]
#[command(name = "minishogi", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the legal moves of a position, one per line, sorted bytewise.
    Moves(rules::MovesArgs),
    /// Count the leaves of the legal-move tree.
    Perft(rules::PerftArgs),
    /// Show a position as a diagram with hands, side to move and check status.
    Show(rules::SfenArg),
    /// Play games against itself and write positions labelled with result and search score.
    Selfplay(selfplay::SelfplayArgs),
    /// Fit the evaluation weights to self-play datasets (Texel method).
    Tune(selfplay::TuneCmdArgs),
    /// Play paired games between two USI engines (--engine1, --engine2) or two weight sets; report Elo.
    Match(Box<match_cmd::MatchArgs>),
    /// Opening books: build one of positions that deep searches score near zero.
    Book(book_cmd::BookArgs),
    /// Training loop: self-play, tune, match against the best, keep the winner.
    Train(selfplay::TrainArgs),
    /// The evaluation network: train it from self-play datasets, quantise it.
    Nnue(nnue::NnueArgs),
    /// Endgame tablebases: generate, probe, verify and describe tables.
    Tb(tb::TbArgs),
    /// Prove a mate or its absence with the df-pn solver (tsume, or any moves within a bound).
    Mate(mate::MateArgs),
    /// The exact result when the tables or the mate solver prove it, else the engine's estimate.
    Analyse(analyse::AnalyseArgs),
    /// Minjiku Shogi (10×10, no drops): legal moves, perft and diagrams.
    Minjiku(minjiku::MinjikuArgs),
    /// Run the engine with the USI protocol on stdin/stdout.
    Usi(engine::UsiArgs),
    /// Search a fixed set of positions: total nodes (a signature of the search) and nodes/s.
    Bench(engine::BenchArgs),
    /// Serve the explorer: a JSON API of table values and the web page (see docs/server.md).
    Serve(serve::ServeArgs),
}

/// Parses the command line. A flag value that does not parse is a one-line error; clap's own
/// errors, `--help` and `--version` print and exit here.
pub fn parse() -> Result<Cli, String> {
    Cli::try_parse().map_err(|e| flag_values::one_line(&e).unwrap_or_else(|| e.exit()))
}

/// Runs one parsed command line.
pub fn run(cli: Cli) -> CliResult {
    match cli.command {
        Command::Moves(args) => rules::moves(args),
        Command::Perft(args) => rules::perft(args),
        Command::Show(args) => rules::show(args),
        Command::Selfplay(args) => selfplay::selfplay(args),
        Command::Tune(args) => selfplay::tune(args),
        Command::Match(args) => match_cmd::match_cmd(*args),
        Command::Train(args) => selfplay::train(args),
        Command::Book(args) => book_cmd::book(args),
        Command::Nnue(args) => nnue::nnue(args),
        Command::Tb(args) => tb::tb(args),
        Command::Mate(args) => mate::mate(args),
        Command::Analyse(args) => analyse::analyse(args),
        Command::Minjiku(args) => minjiku::minjiku(args),
        Command::Usi(args) => engine::usi(args),
        Command::Bench(args) => engine::bench(args),
        Command::Serve(args) => serve::serve(args),
    }
}
