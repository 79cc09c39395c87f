//! The `minishogi` command line. It only wires: each subcommand's arguments and what it runs
//! live in the library crates (their `cli` modules, feature `clap`); here are the tree of
//! subcommands, the progress bars and the printing.

mod progress;
mod stdin_lines;

use clap::{Parser, Subcommand};
use minishogi::cli::{moves_failed, moves_line, FlagError, MovesArgs, PerftArgs, PerftReport, SfenArg};
use minishogi_arena::cli::{BookArgs, MatchArgs};
use minishogi_selfplay::cli::SelfplayArgs;
use minishogi_tablebase::cli::{GenArgs, ProbeArgs, RewriteArgs, TableFiles};
use minishogi_trainer::cli::{NnueLoopArgs, NnueQuantiseArgs, NnueTrainArgs, TrainArgs, TuneArgs};
use minjiku_tablebase::cli as minjiku_cli;
use progress::{bar, games_bar, EpochBar, PairLines, TableBars};
use std::io::Write;
use std::process::ExitCode;
use stdin_lines::{answer_lines, Positions};

/// Errors reach `main` as one line of text for stderr.
type CliResult = Result<(), String>;

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
    Mate(Positions<minishogi_mate::cli::MateArgs>),
    /// The exact result when the tables or the mate solver prove it, else the engine's estimate.
    Analyse(Positions<minishogi_analysis::cli::AnalyseArgs>),
    /// Minjiku Shogi (10×10, no drops): legal moves, perft and diagrams.
    #[command(subcommand)]
    Minjiku(MinjikuCommand),
    /// Run the engine with the USI protocol on stdin/stdout.
    Usi,
    /// Search a fixed set of positions: total nodes (a signature of the search) and nodes/s.
    Bench(minishogi_engine::cli::BenchArgs),
    /// Serve the explorer: a JSON API of table values and the web page (see docs/server.md).
    Serve(minishogi_server::cli::ServeArgs),
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
    Moves(minjiku_cli::FenArg),
    /// Count the leaves of the legal-move tree.
    Perft(minjiku_cli::PerftArgs),
    /// Show a position as a diagram with side to move and check status.
    Show(minjiku_cli::FenArg),
    /// Endgame tables: gen, probe, verify, info.
    #[command(subcommand)]
    Tb(MinjikuTbCommand),
}

#[derive(Subcommand)]
enum MinjikuTbCommand {
    /// Generate tables and every table they need (files already present are read, not rebuilt).
    Gen(minjiku_cli::GenArgs),
    /// Value and line of play of a position.
    Probe(Box<minjiku_cli::ProbeArgs>),
    /// Check table files: checksums, then every value against the rules' forward moves.
    Verify(TableFiles),
    /// Counts by value, longest mate, size of table files.
    Info(TableFiles),
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
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any other thread exists; SIG_DFL is a valid handler.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Prints `lines`, one per line.
fn print_lines(lines: impl IntoIterator<Item = String>) -> CliResult {
    let mut out = std::io::stdout().lock();
    lines.into_iter().try_for_each(|line| writeln!(out, "{line}")).map_err(|e| e.to_string())
}

fn print(line: &str) {
    println!("{line}");
}

fn print_perft(report: PerftReport) -> CliResult {
    print_lines([report.out])?;
    report.time.iter().for_each(|time| eprintln!("{time}"));
    Ok(())
}

/// Runs one command line.
fn run(command: Command) -> CliResult {
    match command {
        Command::Moves(MovesArgs { sfen: Some(pos), .. }) => print_lines(pos.sorted_legal_moves()),
        Command::Moves(_) => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            match answer_lines(&mut out, false, moves_line)?.failed {
                0 => Ok(()),
                n => Err(moves_failed(n)),
            }
        }
        Command::Perft(a) => print_perft(a.run()),
        Command::Show(a) => print_lines([a.sfen.diagram()]),
        Command::Selfplay(a) => {
            let bar = games_bar(a.games as u64);
            let report = a.run(&|| bar.inc(1));
            bar.finish();
            print_lines([report?])
        }
        Command::Tune(a) => a.run(&print),
        Command::Match(a) => match a.engine_match()? {
            None => a.run_in_process(&print),
            Some(mut m) => {
                let total = m.games();
                println!("{}", m.header());
                let bar = bar(total as u64, "{elapsed_precise} [{bar:30}] {msg}");
                // Without a terminal (a log file) the bar is hidden: print the running score now and then.
                let every = (total / 20).max(1) as u64;
                let score = m.run(|score| {
                    bar.set_position(score.tally.games());
                    bar.set_message(score.status_line(total));
                    if bar.is_hidden() && score.tally.games() % every == 0 {
                        println!("{}", score.status_line(total));
                    }
                });
                bar.finish_and_clear();
                print_lines([score?])
            }
        },
        Command::Book(BookCommand::Build(a)) => {
            let bar = bar(a.count as u64, "{elapsed_precise} [{bar:30}] {pos}/{len} kept  {msg}");
            let book = a.run(|p| {
                bar.set_position(p.kept as u64);
                bar.set_message(p.to_string());
            });
            bar.finish_and_clear();
            print_lines([book?])
        }
        Command::Train(a) => {
            let (games, pair_lines) = (games_bar(a.games as u64), PairLines::default());
            let match_games = a.match_games();
            let report = |event: minishogi_trainer::TrainEvent<'_>| {
                use minishogi_trainer::TrainEvent;
                if let TrainEvent::SelfplayDone(..) = event {
                    games.finish_and_clear();
                }
                event.line().iter().for_each(|line| println!("{line}"));
                match event {
                    TrainEvent::RoundStart(_) => games.reset(),
                    TrainEvent::Game => games.inc(1),
                    TrainEvent::Pair(s) => {
                        pair_lines.show(s.pentanomial.pairs(), || s.pairs_status_line(match_games))
                    }
                    TrainEvent::RoundDone(_) => pair_lines.reset(),
                    TrainEvent::SelfplayDone(..) | TrainEvent::Epoch(_) => {}
                }
            };
            print_lines([a.run(&report)?])
        }
        Command::Nnue(NnueCommand::Train(a)) => {
            let bar = EpochBar::default();
            let trained = a.run(&print, &|e| bar.show(e));
            bar.finish();
            print_lines([trained?])
        }
        Command::Nnue(NnueCommand::Quantise(a)) => print_lines([a.run()?]),
        Command::Nnue(NnueCommand::Loop(a)) => nnue_loop(&a),
        Command::Tb(command) => TableBars::run(|report| match command {
            TbCommand::Gen(a) => a.run(report),
            TbCommand::Probe(a) => {
                let mut prober = a.args.open()?;
                a.answer("probed", |sfen| prober.answer(sfen, &a.args, report))
            }
            TbCommand::Verify(a) => a.verify(report),
            TbCommand::Info(a) => a.info(report),
            TbCommand::Rewrite(a) => a.run(report),
        }),
        Command::Mate(a) => {
            let mut solver = minishogi_mate::Solver::default();
            a.answer("solved", |sfen| a.args.solve(&mut solver, sfen))
        }
        Command::Analyse(a) => {
            let mut analyser = a.args.open()?;
            a.answer("analysed", |sfen| analyser.analyse(sfen, |warning| eprintln!("{warning}")))
        }
        Command::Minjiku(MinjikuCommand::Moves(a)) => print_lines(a.fen.sorted_coord_moves()),
        Command::Minjiku(MinjikuCommand::Perft(a)) => print_perft(a.run()),
        Command::Minjiku(MinjikuCommand::Show(a)) => print_lines([a.fen.diagram()]),
        Command::Minjiku(MinjikuCommand::Tb(command)) => TableBars::run(|report| match command {
            MinjikuTbCommand::Gen(a) => a.run(report),
            MinjikuTbCommand::Probe(a) => print_lines([a.run()?]),
            MinjikuTbCommand::Verify(a) => minjiku_cli::verify_files(&a, report),
            MinjikuTbCommand::Info(a) => minjiku_cli::info_files(&a, report),
        }),
        Command::Usi => {
            let mut session = minishogi_usi::Usi::new(Box::new(std::io::stdout()));
            session.run(std::io::stdin().lock()).map_err(|e| format!("reading stdin: {e}"))
        }
        Command::Bench(a) => {
            let mut out = std::io::stdout().lock();
            // A closed stdout (e.g. piped into `head`) ends the report quietly instead of panicking.
            let mut lines_ok = true;
            let result = a.run(|sfen, nodes| {
                lines_ok = lines_ok && writeln!(out, "{nodes:>12}  {sfen}").is_ok();
            })?;
            let _ = writeln!(out, "{result}");
            Ok(())
        }
        Command::Serve(a) => a.run(),
    }
}

/// `nnue loop`: bars over each generation's games and each epoch's batches, the match's score
/// every few pairs.
fn nnue_loop(a: &NnueLoopArgs) -> CliResult {
    use minishogi_trainer::{LoopEvent, LoopStep};
    let config = a.config()?;
    let (games, epochs, pair_lines) = (games_bar(a.games as u64), EpochBar::default(), PairLines::default());
    let total_games = config.matches.games();
    let report = |event: LoopEvent<'_>| {
        match event {
            LoopEvent::SelfplayDone(..) => games.finish_and_clear(),
            LoopEvent::GenerationDone(_) => epochs.finish(),
            _ => {}
        }
        event.line(&config).iter().for_each(|line| println!("{line}"));
        match event {
            LoopEvent::StepStart(step) => {
                if step == LoopStep::Selfplay {
                    games.reset();
                }
                pair_lines.reset();
            }
            LoopEvent::Game => games.inc(1),
            LoopEvent::Train(e) => epochs.show(e),
            LoopEvent::Pair(s) => pair_lines.show(s.pentanomial.pairs(), || s.pairs_status_line(total_games)),
            _ => {}
        }
    };
    print_lines([a.run(&config, &report)?])
}
