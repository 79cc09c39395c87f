//! `minishogi book build`: a balanced opening book (the arena crate), written as an openings file.

use super::flag_values;
use super::progress::bar;
use super::CliResult;
use clap::{Args, Subcommand};
use minishogi::RuleSet;
use minishogi_arena::{build_book_file, BookSettings, EngineSpec, Scorer, TimeControl};
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `minishogi book`.
#[derive(Args)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Subcommand)]
enum BookCommand {
    /// Random openings screened by a quick search and kept when deep searches score them near zero.
    Build(BuildArgs),
}

/// Arguments of `minishogi book build`.
#[derive(Args)]
struct BuildArgs {
    /// The book to write (an openings file for `minishogi match --openings`).
    #[arg(long)]
    out: PathBuf,
    /// Openings to keep.
    #[arg(long, default_value_t = 80)]
    count: usize,
    /// Plies of each opening.
    #[arg(long, default_value_t = 4)]
    plies: usize,
    /// The scoring engine's command line (default: this program's `usi`).
    #[arg(long)]
    engine: Option<String>,
    /// `NAME=VALUE` option for the scoring engine (repeatable).
    #[arg(long = "option")]
    options: Vec<String>,
    /// The scoring engine's deep search: depth=D or nodes=N.
    #[arg(long, default_value = "depth=8", value_parser = flag_values::fixed_limit)]
    limit: TimeControl,
    /// A second scoring engine (e.g. Fairy-Stockfish); openings must be level for both.
    #[arg(long)]
    engine2: Option<String>,
    /// `NAME=VALUE` option for the second engine (repeatable).
    #[arg(long = "option2", requires = "engine2")]
    options2: Vec<String>,
    /// The second engine's deep search.
    #[arg(long, default_value = "depth=10", requires = "engine2", value_parser = flag_values::fixed_limit)]
    limit2: TimeControl,
    /// Largest |score| (centipawns) a deep search may give a kept opening.
    #[arg(long, default_value_t = 60)]
    max_score: i32,
    /// The quick search after every ply (by the first engine).
    #[arg(long, default_value = "nodes=2000", value_parser = flag_values::fixed_limit)]
    screen: TimeControl,
    /// Largest |score| of the quick search after each ply.
    #[arg(long, default_value_t = 200)]
    screen_max: i32,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Give up after this many candidates.
    #[arg(long, default_value_t = 20_000)]
    max_candidates: usize,
}

fn default_engine() -> Result<String, String> {
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot find this program to run its engine: {e}"))?;
    Ok(format!("'{}' usi", exe.display()))
}

/// Runs `minishogi book`.
pub fn book(args: BookArgs) -> CliResult {
    let BookCommand::Build(args) = args.command;
    let first = args.engine.clone().map_or_else(default_engine, Ok)?;
    let spec =
        |command: &str, options: &[String]| EngineSpec::new(command, options).map_err(|e| e.to_string());
    let mut scorers = vec![Scorer { spec: spec(&first, &args.options)?, limit: args.limit }];
    if let Some(command) = &args.engine2 {
        scorers.push(Scorer { spec: spec(command, &args.options2)?, limit: args.limit2 });
    }
    let settings = BookSettings {
        count: args.count,
        plies: args.plies,
        max_score: args.max_score,
        screen: args.screen,
        screen_max: args.screen_max,
        scorers,
        seed: args.seed,
        max_candidates: args.max_candidates,
        rules: RuleSet::Standard,
        timeout: Duration::from_secs(120),
    };
    let bar = bar(args.count as u64, "{elapsed_precise} [{bar:30}] {pos}/{len} kept  {msg}");
    let book = build_book_file(&settings, &args.out, |p| {
        bar.set_position(p.kept as u64);
        bar.set_message(p.to_string());
    });
    bar.finish_and_clear();
    let book = book.map_err(|e| e.to_string())?;
    println!("{book}");
    if book.openings < args.count {
        println!("fewer than --count {}: raise --max-candidates or --max-score", args.count);
    }
    Ok(())
}
