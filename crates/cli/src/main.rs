//! The `minishogi` command line: the tree of subcommands and the dispatch to them. Each group's
//! arguments and what it runs live in `commands/`, the flags several groups share in `flags`,
//! what the table commands print in `report`, the progress bars in `progress`, the reading of
//! positions from stdin in `stdin_lines`.

// The one unsafe call is the SIGPIPE reset below.
#![deny(unsafe_code)]

mod commands;
mod flags;
mod output;
mod progress;
mod report;
mod stdin_lines;

use clap::{Parser, Subcommand};
use commands::label::LabelArgs;
use commands::minjiku as minjiku_commands;
use commands::nnue::{NnueLoopArgs, NnueQuantiseArgs, NnueTrainArgs};
use commands::r#match::{BookArgs, MatchArgs};
use commands::rules::{MovesArgs, PerftArgs, SfenArg};
use commands::selfplay::SelfplayArgs;
use commands::tb::{GenArgs, ProbeArgs, Prober, RewriteArgs};
use commands::tune::{TrainArgs, TuneArgs};
use commands::{analyse, bench, mate, serve, solve};
use flags::{FlagError, TableFiles};
use output::CliResult;
use progress::TableBars;
use std::process::ExitCode;
use stdin_lines::Positions;

/// Minishogi (5×5 shogi) toolkit: rules, endgame tablebases, engine and tuning.
#[derive(Parser)]
#[command(name = "minishogi", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the legal moves of a position, one per line, sorted bytewise.
    Moves(MovesArgs),
    /// Count the leaves of the legal-move tree.
    Perft(PerftArgs),
    /// Show a position as a diagram with hands, side to move and check status.
    Show(SfenArg),
    /// Play games against itself and write positions labelled with result and search score.
    Selfplay(SelfplayArgs),
    /// Label the games of match records with search scores: a dataset as self-play writes.
    Label(LabelArgs),
    /// Fit the evaluation weights to self-play datasets (Texel method).
    Tune(TuneArgs),
    /// Play paired games between two USI engines (--engine1, --engine2) or two weight sets; report Elo.
    Match(Box<MatchArgs>),
    /// Opening books: build one of positions that deep searches score near zero.
    #[command(subcommand)]
    Book(BookCommand),
    /// Training loop: self-play, tune, match against the best, keep the winner.
    Train(Box<TrainArgs>),
    /// The evaluation network: train it from self-play datasets, quantise it.
    #[command(subcommand)]
    Nnue(NnueCommand),
    /// Endgame tablebases: generate, probe, verify and describe tables.
    #[command(subcommand)]
    Tb(TbCommand),
    /// Prove a mate or its absence with the df-pn solver (tsume, or any moves within a bound).
    Mate(Positions<mate::MateArgs>),
    /// Prove that the side to move wins or loses by force (any moves, no ply bound); write a proof.
    Solve(Box<solve::SolveArgs>),
    /// The exact result when the tables or the mate solver prove it, else the engine's estimate.
    Analyse(Positions<analyse::AnalyseArgs>),
    /// Minjiku Shogi (10×10, no drops): legal moves, perft, diagrams, tables and the engine.
    #[command(subcommand)]
    Minjiku(MinjikuCommand),
    /// Run the engine with the USI protocol on stdin/stdout.
    Usi,
    /// Search a fixed set of positions: total nodes (a signature of the search) and nodes/s.
    Bench(bench::BenchArgs),
    /// Serve the explorer: a JSON API of table values and the web page (see docs/server.md).
    Serve(serve::ServeArgs),
}

#[derive(Subcommand)]
enum BookCommand {
    /// Random openings screened by a quick search and kept when deep searches score them near zero.
    Build(BookArgs),
}

#[derive(Subcommand)]
enum NnueCommand {
    /// Train a network on self-play datasets; write the float and the quantised network.
    Train(NnueTrainArgs),
    /// Quantise a float network and report how far it evaluates from the float one.
    Quantise(NnueQuantiseArgs),
    /// Self-play → train → match against the best → keep the winner, generation after
    /// generation (resumable).
    Loop(Box<NnueLoopArgs>),
}

#[derive(Subcommand)]
enum TbCommand {
    /// Generate tables (skips those already present with a valid header).
    Gen(GenArgs),
    /// Value, best move and mating line of positions.
    Probe(Positions<ProbeArgs>),
    /// Check table files: checksums, then every value against the rules.
    Verify(TableFiles),
    /// Counts by value, longest mate, sizes of table files.
    Info(TableFiles),
    /// Rewrite table files in place in this build's file format (values unchanged; read back and
    /// checked against the header's counts first). Older tables become smaller.
    Rewrite(RewriteArgs),
}

#[derive(Subcommand)]
enum MinjikuCommand {
    /// Print the legal moves of a position in coordinates, one per line, sorted bytewise.
    Moves(minjiku_commands::FenArg),
    /// Count the leaves of the legal-move tree.
    Perft(minjiku_commands::PerftArgs),
    /// Show a position as a diagram with side to move and check status.
    Show(minjiku_commands::FenArg),
    /// Endgame tables: gen, probe, verify, info, dump.
    #[command(subcommand)]
    Tb(MinjikuTbCommand),
    /// Run the Minjiku engine with the CECP (XBoard) protocol on stdin/stdout.
    Xboard(commands::minjiku_engine::XboardArgs),
    /// Search fixed positions to a depth: total nodes (a signature of the search) and nodes/s.
    Bench(commands::minjiku_engine::BenchArgs),
    /// Search one position: the best move and the principal variation.
    Go(Box<commands::minjiku_engine::GoArgs>),
    /// The exact result when the tables hold the position, else the engine's estimate.
    Analyse(Box<commands::minjiku_analyse::MinjikuAnalyseArgs>),
    /// Self-play games with a node budget per move: a labelled text dataset (and game lines).
    Selfplay(Box<commands::minjiku_harness::SelfplayArgs>),
    /// Texel-tune the evaluation weights on self-play datasets.
    Tune(Box<commands::minjiku_harness::TuneArgs>),
    /// A match between two weight sets, same search, from random balanced openings.
    Match(Box<commands::minjiku_harness::MatchArgs>),
}

#[derive(Subcommand)]
enum MinjikuTbCommand {
    /// Generate tables and every table they need (files already present are read, not rebuilt).
    Gen(minjiku_commands::GenArgs),
    /// Value and line of play of a position.
    Probe(Box<minjiku_commands::ProbeArgs>),
    /// Check table files: checksums, then every value against the rules' forward moves.
    Verify(TableFiles),
    /// Counts by value, longest mate, size of table files.
    Info(TableFiles),
    /// Print every legal position of a table with its value (`FEN<TAB>win|loss|draw<TAB>plies`).
    Dump(minjiku_commands::DumpArgs),
}

fn main() -> ExitCode {
    restore_default_sigpipe();
    // A flag value that does not parse is a one-line error; clap's own errors, `--help` and
    // `--version` print and exit here.
    let parsed = Cli::try_parse().map_err(|e| FlagError::one_line(&e).unwrap_or_else(|| e.exit()));
    match parsed.and_then(|cli| run(cli.command)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("minishogi: {}", message.lines().next().unwrap_or("error"));
            ExitCode::FAILURE
        }
    }
}

/// Rust ignores SIGPIPE, so printing into a closed pipe (`minishogi tb info … | head`) would panic;
/// like other Unix tools, end quietly instead.
#[allow(unsafe_code)]
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any other thread exists; SIG_DFL is a valid handler.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Runs one command line.
fn run(command: Command) -> CliResult {
    use commands::{label, minjiku, nnue, r#match, rules, selfplay, tb, tune, usi};
    match command {
        Command::Moves(a) => rules::moves(a),
        Command::Perft(a) => rules::perft_command(a),
        Command::Show(a) => rules::show(a),
        Command::Selfplay(a) => selfplay::exec(&a),
        Command::Label(a) => label::exec(&a),
        Command::Tune(a) => tune::tune(&a),
        Command::Match(a) => r#match::exec(&a),
        Command::Book(BookCommand::Build(a)) => r#match::book(&a),
        Command::Train(a) => tune::train_command(&a),
        Command::Nnue(NnueCommand::Train(a)) => nnue::train(&a),
        Command::Nnue(NnueCommand::Quantise(a)) => nnue::quantise(&a),
        Command::Nnue(NnueCommand::Loop(a)) => nnue::run(&a),
        Command::Tb(command) => TableBars::run(|report| match command {
            TbCommand::Gen(a) => tb::generate(&a, report),
            TbCommand::Probe(a) => {
                let mut prober = Prober::open(&a.args)?;
                a.answer("probed", |sfen| prober.answer(sfen, &a.args, report))
            }
            TbCommand::Verify(a) => tb::verify(&a, report),
            TbCommand::Info(a) => tb::info(&a, report),
            TbCommand::Rewrite(a) => tb::rewrite(&a, report),
        }),
        Command::Mate(a) => mate::exec(&a),
        Command::Solve(a) => solve::exec(&a),
        Command::Analyse(a) => analyse::exec(&a),
        Command::Minjiku(MinjikuCommand::Moves(a)) => minjiku::moves(&a),
        Command::Minjiku(MinjikuCommand::Perft(a)) => minjiku::perft(&a),
        Command::Minjiku(MinjikuCommand::Show(a)) => minjiku::show(&a),
        Command::Minjiku(MinjikuCommand::Xboard(a)) => commands::minjiku_engine::xboard(&a),
        Command::Minjiku(MinjikuCommand::Bench(a)) => commands::minjiku_engine::bench_command(&a),
        Command::Minjiku(MinjikuCommand::Go(a)) => commands::minjiku_engine::go(&a),
        Command::Minjiku(MinjikuCommand::Analyse(a)) => commands::minjiku_analyse::exec(&a),
        Command::Minjiku(MinjikuCommand::Selfplay(a)) => commands::minjiku_harness::selfplay(&a),
        Command::Minjiku(MinjikuCommand::Tune(a)) => commands::minjiku_harness::tune(&a),
        Command::Minjiku(MinjikuCommand::Match(a)) => commands::minjiku_harness::match_command(&a),
        Command::Minjiku(MinjikuCommand::Tb(command)) => TableBars::run(|report| match command {
            MinjikuTbCommand::Gen(a) => minjiku::generate(&a, report),
            MinjikuTbCommand::Probe(a) => minjiku::probe(&a),
            MinjikuTbCommand::Verify(a) => minjiku::verify_files(&a, report),
            MinjikuTbCommand::Info(a) => minjiku::info_files(&a, report),
            MinjikuTbCommand::Dump(a) => minjiku::dump(&a),
        }),
        Command::Usi => usi::exec(),
        Command::Bench(a) => bench::exec(&a),
        Command::Serve(a) => serve::exec(&a),
    }
}
