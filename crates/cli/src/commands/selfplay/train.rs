//! `minishogi train`: rounds of self-play, tuning and a match against the best weights so far.

use super::args::{flag_error, OpeningArgs, TuneArgs};
use crate::commands::progress::{games_bar, PairLines};
use crate::commands::shared_args::ThreadsArg;
use crate::commands::CliResult;
use clap::Args;
use minishogi_selfplay::load_weights;
use minishogi_selfplay::train_loop::{summary_table, train as run_training, TrainConfig, TrainEvent};
use std::path::PathBuf;

/// Arguments of `minishogi train`.
#[derive(Args)]
pub struct TrainArgs {
    /// Rounds of self-play → tune → match.
    #[arg(long, default_value_t = 4)]
    rounds: usize,
    /// Self-play games per round.
    #[arg(long, default_value_t = 2000)]
    games: usize,
    /// Nodes per move in self-play.
    #[arg(long, default_value_t = 2000)]
    nodes: u64,
    /// Match games per round (candidate against the best so far).
    #[arg(long, default_value_t = 400)]
    match_games: usize,
    /// Nodes per move in the matches.
    #[arg(long, default_value_t = 2000)]
    match_nodes: u64,
    /// Tune on the datasets of this many latest rounds.
    #[arg(long, default_value_t = 3)]
    window: usize,
    /// Starting weights: a file, `initial` (default) or `embedded`.
    #[arg(long, default_value = "initial")]
    init: String,
    /// Directory for datasets, candidates, loss curves and summary.md.
    #[arg(long)]
    dir: PathBuf,
    /// Also write the final best weights here.
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Seed of the whole run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    tune: TuneArgs,
    #[command(flatten)]
    opening: OpeningArgs,
}

/// Runs `minishogi train`.
pub fn train(args: TrainArgs) -> CliResult {
    let init = load_weights(&args.init).map_err(flag_error)?;
    let (selfplay, matches) = args.opening.loop_configs(args.games, args.nodes, args.match_games)?;
    let config = TrainConfig {
        rounds: args.rounds,
        seed: args.seed,
        selfplay,
        tune: args.tune.config(args.seed)?,
        matches,
        match_nodes: args.match_nodes,
        window: args.window,
        dir: args.dir.clone(),
    };
    let bar = games_bar(args.games as u64);
    let pair_lines = PairLines::default();
    let report = |event: TrainEvent<'_>| {
        if let TrainEvent::SelfplayDone(..) = event {
            bar.finish_and_clear();
        }
        event.line().iter().for_each(|line| println!("{line}"));
        match event {
            TrainEvent::RoundStart(_) => {
                bar.reset();
                bar.set_length(args.games as u64);
            }
            TrainEvent::Game => bar.inc(1),
            TrainEvent::Pair(s) => {
                pair_lines.show(s.pentanomial.pairs(), || s.status_line(config.matches.games()))
            }
            TrainEvent::RoundDone(_) => pair_lines.reset(),
            TrainEvent::SelfplayDone(..) | TrainEvent::Epoch(_) => {}
        }
    };
    let (best, rows) = args.threads.install(|| run_training(&config, init, &report))?.map_err(flag_error)?;
    println!("{}", summary_table(&rows));
    if let Some(out) = &args.out {
        best.save(out).map_err(|e| format!("{}: {e}", out.display()))?;
        println!("best weights written to {}", out.display());
    }
    Ok(())
}
