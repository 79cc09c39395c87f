//! `minishogi nnue loop`: generations of self-play with the best evaluation, network training and
//! a fixed-node match against the best; resumable in its directory.

use super::epoch_bar::EpochBar;
use super::train_args::TrainingArgs;
use crate::commands::progress::{games_bar, PairLines};
use crate::commands::selfplay::{flag_error, OpeningArgs};
use crate::commands::shared_args::ThreadsArg;
use crate::commands::CliResult;
use clap::Args;
use minishogi_selfplay::nnue_loop::{
    best_line, run_loop, summary_table, LoopEvent, LoopStep, NnueLoopConfig,
};
use minishogi_selfplay::{load_weights, EMBEDDED};
use std::path::PathBuf;

/// Arguments of `minishogi nnue loop`.
#[derive(Args)]
pub struct NnueLoopArgs {
    /// Directory for every generation's dataset, networks, loss curve and match; a rerun skips
    /// what is already there.
    #[arg(long)]
    out_dir: PathBuf,
    /// Generations of self-play → train → match.
    #[arg(long, default_value_t = 3)]
    generations: usize,
    /// Self-play games per generation.
    #[arg(long, default_value_t = 20000)]
    games: usize,
    /// Nodes per move in self-play.
    #[arg(long, default_value_t = 1000)]
    nodes: u64,
    /// Train on the datasets of this many latest generations.
    #[arg(long, default_value_t = 3)]
    window: usize,
    /// Train every generation from random weights (default: from the best network's).
    #[arg(long)]
    cold_start: bool,
    /// Match games per generation (candidate against the best so far).
    #[arg(long, default_value_t = 400)]
    match_games: usize,
    /// Nodes per move in the matches.
    #[arg(long, default_value_t = 2000)]
    match_nodes: u64,
    /// The linear weights the loop starts from: a file, `initial` or `embedded` (default).
    #[arg(long)]
    linear: Option<String>,
    /// Seed of the whole run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    training: TrainingArgs,
    #[command(flatten)]
    opening: OpeningArgs,
    #[command(flatten)]
    threads: ThreadsArg,
}

/// Runs `minishogi nnue loop`.
pub fn nnue_loop(args: NnueLoopArgs) -> CliResult {
    let spec = args.linear.as_deref().unwrap_or(EMBEDDED);
    let weights = load_weights(spec).map_err(flag_error)?;
    let (selfplay, matches) = args.opening.loop_configs(args.games, args.nodes, args.match_games)?;
    let config = NnueLoopConfig {
        generations: args.generations,
        seed: args.seed,
        selfplay,
        train: args.training.config(args.seed)?,
        validation: args.training.validation,
        window: args.window,
        warm_start: !args.cold_start,
        matches,
        match_nodes: args.match_nodes,
        linear: (weights, spec.to_string()),
        dir: args.out_dir.clone(),
    };
    let games = games_bar(args.games as u64);
    let epochs = EpochBar::default();
    let pair_lines = PairLines::default();
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
                    games.set_length(args.games as u64);
                }
                pair_lines.reset();
            }
            LoopEvent::Game => games.inc(1),
            LoopEvent::Train(e) => epochs.show(e),
            LoopEvent::Pair(s) => pair_lines.show(s.pentanomial.pairs(), || s.status_line(total_games)),
            _ => {}
        }
    };
    let (best, rows) = args.threads.install(|| run_loop(&config, &report))?.map_err(flag_error)?;
    println!("{}", summary_table(&rows));
    println!("{}", best_line(&config, &best));
    Ok(())
}
