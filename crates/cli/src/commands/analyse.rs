//! `analyse`: its arguments besides the positions, and the analysis of one SFEN.

use crate::output::CliResult;
use crate::stdin_lines::Positions;
use clap::Args;
use minishogi::Color;
use minishogi_analysis::{analyse_sfen, Analysis, AnalysisLimits};
use minishogi_tablebase::Tablebase;
use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `analyse` besides the positions.
#[derive(Args, Clone, Debug)]
pub struct AnalyseArgs {
    /// Who moved first in the game: `sente` (an even game) or `gote` (a handicap game).
    #[arg(long, default_value = "sente")]
    pub first_player: Color,
    /// Table directory (read, not generated: see `tb gen`).
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
}

/// The tables and budget of a run of analyses, and the sets already warned about.
struct Analyser {
    tables: Tablebase,
    limits: AnalysisLimits,
    first_player: Color,
    warned: HashSet<String>,
}

impl Analyser {
    /// Opens the tables.
    fn open(args: &AnalyseArgs) -> Result<Analyser, String> {
        let tables = Tablebase::open(&args.dir).map_err(|e| e.to_string())?;
        let ms = |ms: Option<u64>| ms.map(Duration::from_millis);
        let limits = AnalysisLimits::with(ms(args.mate_time), ms(args.engine_time), args.engine_depth);
        Ok(Analyser { tables, limits, first_player: args.first_player, warned: HashSet::new() })
    }

    /// Analyses one SFEN; a warning about its table (once per set) goes to `warn`.
    fn analyse(&mut self, sfen: &str, warn: impl FnOnce(&str)) -> Result<Analysis, String> {
        let analysis = analyse_sfen(Some(&self.tables), sfen, self.first_player, &self.limits)
            .map_err(|e| e.to_string())?;
        if let Some(warning) =
            analysis.warning.as_ref().filter(|_| self.warned.insert(analysis.material.clone()))
        {
            warn(warning);
        }
        Ok(analysis)
    }
}

/// `analyse`: the exact result or the engine's estimate of each position.
pub fn exec(a: &Positions<AnalyseArgs>) -> CliResult {
    let mut analyser = Analyser::open(&a.args)?;
    a.answer("analysed", |sfen| analyser.analyse(sfen, |warning| eprintln!("{warning}")))
}
