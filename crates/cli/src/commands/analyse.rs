//! `analyse`: the exact result when the tables or the mate solver prove it, else the engine's
//! estimate. Parses, calls `minishogi_analysis`, prints.

use super::stdin_lines::answer_sfens;
use super::CliResult;
use clap::Args;
use minishogi::Color;
use minishogi_analysis::{analyse_sfen, AnalysisLimits};
use minishogi_tablebase::Tablebase;
use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `analyse`.
#[derive(Args)]
pub struct AnalyseArgs {
    /// The position as SFEN (or `startpos`); without it, SFENs are read from stdin, one per line.
    #[arg(long)]
    pub sfen: Option<String>,
    /// Who moved first in the game: `sente` (an even game) or `gote` (a handicap game).
    #[arg(long, default_value = "sente")]
    pub first_player: Color,
    /// Table directory (tables are read, not generated: see `tb gen`).
    #[arg(long, default_value = "tables")]
    pub dir: PathBuf,
    /// Milliseconds at most for the mate solver, per position.
    #[arg(long, value_name = "MS")]
    pub mate_time: Option<u64>,
    /// Milliseconds at most for the engine's search, per position.
    #[arg(long, value_name = "MS")]
    pub engine_time: Option<u64>,
    /// Depth of the engine's search (instead of its time unless --engine-time is given too).
    #[arg(long, value_name = "N")]
    pub engine_depth: Option<u32>,
    /// One JSON object per answer.
    #[arg(long)]
    pub json: bool,
}

/// Runs `analyse`.
pub fn analyse(args: AnalyseArgs) -> CliResult {
    let tables = Tablebase::open(&args.dir).map_err(|e| e.to_string())?;
    let limits = limits(&args);
    let mut warned = HashSet::new();
    let answer = |sfen: &str| -> Result<String, String> {
        let analysis =
            analyse_sfen(Some(&tables), sfen, args.first_player, &limits).map_err(|e| e.to_string())?;
        if let Some(warning) = analysis.warning.as_ref().filter(|_| warned.insert(analysis.material.clone()))
        {
            eprintln!("{warning}");
        }
        match args.json {
            true => serde_json::to_string(&analysis).map_err(|e| e.to_string()),
            false => Ok(analysis.to_string()),
        }
    };
    answer_sfens(args.sfen.as_deref(), args.json, "analysed", answer)
}

/// The default limits with the times and depth given on the command line.
fn limits(args: &AnalyseArgs) -> AnalysisLimits {
    let mut limits = AnalysisLimits::default();
    if let Some(ms) = args.mate_time {
        limits.mate_time = Some(Duration::from_millis(ms));
    }
    if args.engine_depth.is_some() {
        limits.engine_depth = args.engine_depth;
        limits.engine_time = None;
    }
    if let Some(ms) = args.engine_time {
        limits.engine_time = Some(Duration::from_millis(ms));
    }
    limits
}
