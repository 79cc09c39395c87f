//! `analyse`: the exact result when the tables or the mate solver prove it, else the engine's
//! estimate. Parses, calls `minishogi_analysis`, prints.

use super::stdin_lines::SfensArg;
use super::CliResult;
use clap::Args;
use minishogi::Color;
use minishogi_analysis::{analyse_sfen, AnalysisLimits};
use minishogi_tablebase::Tablebase;
use std::collections::HashSet;
use std::time::Duration;

/// Arguments of `analyse`.
#[derive(Args)]
pub struct AnalyseArgs {
    #[command(flatten)]
    positions: SfensArg,
    /// Who moved first in the game: `sente` (an even game) or `gote` (a handicap game).
    #[arg(long, default_value = "sente")]
    first_player: Color,
    /// Table directory (read, not generated: see `tb gen`).
    #[arg(long, default_value = "tables")]
    dir: std::path::PathBuf,
    /// Milliseconds at most for the mate solver, per position.
    #[arg(long, value_name = "MS")]
    mate_time: Option<u64>,
    /// Milliseconds at most for the engine's search, per position.
    #[arg(long, value_name = "MS")]
    engine_time: Option<u64>,
    /// Depth of the engine's search (instead of its time unless --engine-time is given too).
    #[arg(long, value_name = "N")]
    engine_depth: Option<u32>,
}

/// Runs `analyse`.
pub fn analyse(args: AnalyseArgs) -> CliResult {
    let tables = Tablebase::open(&args.dir).map_err(|e| e.to_string())?;
    let ms = |ms: Option<u64>| ms.map(Duration::from_millis);
    let limits = AnalysisLimits::with(ms(args.mate_time), ms(args.engine_time), args.engine_depth);
    let mut warned = HashSet::new();
    args.positions.answer("analysed", |sfen| {
        let analysis =
            analyse_sfen(Some(&tables), sfen, args.first_player, &limits).map_err(|e| e.to_string())?;
        if let Some(warning) = analysis.warning.as_ref().filter(|_| warned.insert(analysis.material.clone()))
        {
            eprintln!("{warning}");
        }
        Ok(analysis)
    })
}
