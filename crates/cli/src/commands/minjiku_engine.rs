//! `minjiku xboard|bench|go`: the Minjiku engine from the shell (the protocol loop and the search
//! are `minjiku_engine`'s; this file only wires and prints).

use super::minjiku::FenArg;
use crate::output::{print_lines, CliResult};
use clap::Args;
use minjiku::Game;
use minjiku_engine::cecp::Cecp;
use minjiku_engine::{bench, Info, Limits, Searcher, Weights};
use minjiku_tablebase::MinjikuTablebase;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The weights flag shared by the engine commands.
#[derive(Args, Clone, Debug)]
pub struct WeightsArg {
    /// Evaluation weights: `tuned` (the built-in ones), `initial` (the hand-set ones) or a JSON
    /// weights file.
    #[arg(long, default_value = "tuned")]
    pub weights: String,
}

impl WeightsArg {
    fn load(&self) -> Result<Weights, String> {
        Weights::from_spec(&self.weights).map_err(|e| e.to_string())
    }
}

/// The endgame tables flag shared by the engine commands.
#[derive(Args, Clone, Debug)]
pub struct TablesArg {
    /// A directory of Minjiku tables (`minjiku tb gen`) to probe at two pieces or fewer besides
    /// the Kings; the sets it lacks are searched as usual.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
}

impl TablesArg {
    /// The tables of the directory, opened (every file checked), or `None` without the flag.
    pub fn open(&self) -> Result<Option<Arc<MinjikuTablebase>>, String> {
        let Some(dir) = &self.tables else { return Ok(None) };
        let tables = MinjikuTablebase::open(dir).map_err(|e| format!("--tables {}: {e}", dir.display()))?;
        Ok(Some(Arc::new(tables)))
    }
}

/// Arguments of `minjiku xboard`.
#[derive(Args, Clone, Debug)]
pub struct XboardArgs {
    /// The weights.
    #[command(flatten)]
    pub weights: WeightsArg,
    /// The endgame tables (also `egtpath minjiku DIR` over the protocol).
    #[command(flatten)]
    pub tables: TablesArg,
}

/// `minjiku xboard`: runs the CECP loop on stdin and stdout until `quit` or the end of stdin.
pub fn xboard(a: &XboardArgs) -> CliResult {
    let mut session = Cecp::new(Box::new(std::io::stdout()), a.weights.load()?);
    session.set_tables(a.tables.open()?);
    session.run(std::io::BufReader::new(std::io::stdin())).map_err(|e| format!("writing stdout: {e}"))
}

/// Arguments of `minjiku bench`.
#[derive(Args, Clone, Debug)]
pub struct BenchArgs {
    /// Search depth per position.
    #[arg(long, default_value_t = 7)]
    pub depth: u32,
}

/// `minjiku bench`: the benchmark positions searched to a depth: total nodes (the signature)
/// and nodes per second.
pub fn bench_command(a: &BenchArgs) -> CliResult {
    if !(1..=64).contains(&a.depth) {
        return Err(format!("--depth must be 1..64, got {}", a.depth));
    }
    print_lines([bench(a.depth).to_string()])
}

/// Arguments of `minjiku go`.
#[derive(Args, Clone, Debug)]
pub struct GoArgs {
    /// The position.
    #[command(flatten)]
    pub fen: FenArg,
    /// Search to this depth.
    #[arg(long, conflicts_with = "movetime")]
    pub depth: Option<u32>,
    /// Search for this many milliseconds (default 1000 when no depth is given).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// The weights.
    #[command(flatten)]
    pub weights: WeightsArg,
    /// The endgame tables.
    #[command(flatten)]
    pub tables: TablesArg,
}

/// `minjiku go`: searches a position; one `info` line per completed depth, then the best move.
pub fn go(a: &GoArgs) -> CliResult {
    let limits = match (a.depth, a.movetime) {
        (Some(d), _) if !(1..=64).contains(&d) => return Err(format!("--depth must be 1..64, got {d}")),
        (Some(d), _) => Limits::depth(d),
        (None, t) => Limits::movetime(Duration::from_millis(t.unwrap_or(1000))),
    };
    let pos = a.fen.fen.clone();
    let game = Game::new(pos.clone());
    let mut searcher = Searcher::new(a.weights.load()?, 64);
    searcher.set_tables(a.tables.open()?);
    let mut report = |info: &Info| {
        let mut line_pos = pos.clone();
        let pv: Vec<String> = info
            .pv
            .iter()
            .map(|&m| {
                let text = line_pos.move_to_coord(m);
                line_pos.play(m);
                text
            })
            .collect();
        println!(
            "info depth {} seldepth {} score {} nodes {} time {} pv {}",
            info.depth,
            info.seldepth,
            info.score,
            info.nodes,
            info.time.as_millis(),
            pv.join(" ")
        );
    };
    let result = searcher.search(&game, &limits, &AtomicBool::new(false), &mut report);
    let best = match result.best {
        Some(m) => pos.move_to_coord(m),
        None => "none".to_string(),
    };
    print_lines([format!(
        "bestmove {best} score {} depth {} nodes {} nps {}",
        result.score,
        result.depth,
        result.nodes,
        result.nps()
    )])
}
