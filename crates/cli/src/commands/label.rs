//! `label`: the games of match records (`match --records`) searched position by position and
//! written as a dataset, so that games against another engine train the network as self-play does.

use crate::commands::selfplay::{flag_error, player};
use crate::flags::Threads;
use crate::output::CliResult;
use crate::progress::games_bar;
use clap::Args;
use minishogi::RuleSet;
use minishogi_arena::records::{read_records, RecordedGame};
use minishogi_selfplay::dataset::summary;
use minishogi_selfplay::{label_games, LabelConfig};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `minishogi label`.
#[derive(Args, Clone, Debug)]
pub struct LabelArgs {
    /// A records file of `minishogi match --records` (repeatable; the games are taken in order).
    #[arg(long, required = true)]
    pub records: Vec<PathBuf>,
    /// Nodes searched in each position after the opening.
    #[arg(long, default_value_t = LabelConfig::default().nodes)]
    pub nodes: u64,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
    /// Weights that label: a file, `initial` or `linear` (default, the shipped ones).
    #[arg(long, conflicts_with = "network")]
    pub weights: Option<String>,
    /// A network that labels instead of the weights: `embedded` (the shipped one) or a file.
    #[arg(long)]
    pub network: Option<String>,
    /// The labeller's name the dataset records (default: the weights' spec, or `network SPEC`).
    #[arg(long)]
    pub name: Option<String>,
    /// Rule set the games were played under: standard or draw300.
    #[arg(long, default_value = "standard")]
    pub rules: RuleSet,
    /// The dataset to write.
    #[arg(long)]
    pub out: PathBuf,
}

/// `label`: reads the records, labels their games (a bar over them), writes the dataset; prints
/// its summary, the games left out and the speed.
pub fn exec(args: &LabelArgs) -> CliResult {
    if args.nodes == 0 {
        return Err("--nodes must be at least 1".into());
    }
    let (evaluation, default_name) = player(args.network.as_deref(), args.weights.as_deref())?;
    let mut games: Vec<RecordedGame> = Vec::new();
    for path in &args.records {
        games.extend(read_records(path, args.rules).map_err(flag_error)?);
    }
    let config = LabelConfig { nodes: args.nodes, ..LabelConfig::default() };
    let name = args.name.clone().unwrap_or(default_name);
    let bar = games_bar(games.len() as u64);
    let clock = Instant::now();
    let labelled = args.threads.install(|| label_games(&games, &config, &evaluation, &name, &|| bar.inc(1)));
    bar.finish();
    let labelled = labelled?;
    let secs = clock.elapsed().as_secs_f64();
    labelled.dataset.save(&args.out).map_err(flag_error)?;
    let positions = labelled.dataset.labelled_count() as f64;
    crate::output::print_lines([format!(
        "{}\n{} games left out (not ended by the rules: time losses, illegal moves, crashes, resignations)\n\
         {secs:.1} s, {:.0} positions/s; wrote {}",
        summary(&labelled.dataset),
        labelled.skipped,
        positions / secs.max(1e-9),
        args.out.display()
    )])
}
