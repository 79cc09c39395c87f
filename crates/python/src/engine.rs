//! `Engine` and `SearchResult`: the engine's alpha-beta search and static evaluation, set up
//! as the USI engine sets itself up (`EvalFile`, `WeightsFile`, `USI_Hash`, `Threads`,
//! `TablebaseDir`).

use crate::convert::{py_list, value_error};
use crate::moves::PyMove;
use crate::position::PyPosition;
use minishogi::{Game, Position, RuleSet};
use minishogi_engine::{EvalSpec, Limits, Score, SearchResult, Searcher, TablebaseOracle};
use pyo3::exceptions::{PyFileNotFoundError, PyOSError};
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The USI engine's default table size, in megabytes.
const DEFAULT_HASH_MB: usize = 16;

/// What a search found, from the side to move's view.
#[pyclass(name = "SearchResult", module = "minishogi", frozen, get_all)]
pub struct PySearchResult {
    /// The move to play, `None` when the side to move has no legal move.
    best: Option<PyMove>,
    /// The score in centipawns, `None` when the search found a mate.
    score_cp: Option<i32>,
    /// Mate in this many plies (negative: the side to move is mated), else `None`.
    score_mate: Option<i32>,
    /// The last completed iteration.
    depth: u32,
    /// The deepest ply reached.
    seldepth: u32,
    /// Nodes searched (all threads).
    nodes: u64,
    /// Wall time in milliseconds.
    time_ms: u64,
    /// The principal variation (starts with `best`).
    pv: Vec<PyMove>,
}

impl PySearchResult {
    fn new(r: SearchResult) -> PySearchResult {
        let (score_cp, score_mate) = match r.score {
            Score::Cp(cp) => (Some(cp), None),
            Score::Mate(n) => (None, Some(n)),
        };
        PySearchResult {
            best: r.best.map(PyMove),
            score_cp,
            score_mate,
            depth: r.depth,
            seldepth: r.seldepth,
            nodes: r.nodes,
            time_ms: r.time.as_millis() as u64,
            pv: r.pv.into_iter().map(PyMove).collect(),
        }
    }
}

#[pymethods]
impl PySearchResult {
    fn __repr__(&self) -> String {
        let best = self.best.map_or("None".to_string(), |m| format!("Move('{}')", m.0));
        let score = match (self.score_cp, self.score_mate) {
            (_, Some(n)) => format!("score_mate={n}"),
            (cp, None) => format!("score_cp={}", cp.unwrap_or(0)),
        };
        let pv: Vec<String> = self.pv.iter().map(|m| m.0.to_string()).collect();
        format!(
            "SearchResult(best={best}, {score}, depth={}, nodes={}, pv={})",
            self.depth,
            self.nodes,
            py_list(&pv)
        )
    }
}

/// A searcher with its evaluation, transposition table and optional endgame tables. Calls from
/// several Python threads take turns (one search at a time per engine).
#[pyclass(name = "Engine", module = "minishogi", frozen)]
pub struct PyEngine {
    searcher: Mutex<Searcher>,
    description: String,
}

/// A spec as the engine's spec parsers read it: a name or a path.
fn spec_text(spec: Option<PathBuf>, none: &str) -> String {
    spec.map_or(none.to_string(), |p| p.to_string_lossy().into_owned())
}

/// A missing file as `FileNotFoundError`, any other failure to read one as `ValueError`.
fn file_error(path: &str, e: impl std::fmt::Display) -> PyErr {
    if EvalSpec::parse(path).path().is_some_and(|p| !p.exists()) {
        PyFileNotFoundError::new_err(e.to_string())
    } else {
        value_error(e)
    }
}

/// The game to search: a `Position` with its history, or an SFEN (a game that starts there).
pub fn game_arg(obj: &Bound<'_, PyAny>) -> PyResult<Game> {
    if let Ok(p) = obj.downcast::<PyPosition>() {
        return Ok(p.borrow().game().clone());
    }
    let (pos, _) = crate::position::position_arg(obj)?;
    Ok(Game::new(pos, RuleSet::Standard))
}

#[pymethods]
impl PyEngine {
    /// An engine as `minishogi usi` starts: `network` is `"embedded"` (the shipped network, the
    /// default), a network file, or `None`/`"linear"` for the linear evaluation over `weights`
    /// (`"linear"`, the shipped ones, `"initial"` or a weights file). `tables` is a directory of endgame tables
    /// probed during search.
    #[new]
    #[pyo3(signature = (network=Some(PathBuf::from("embedded")), weights=None, hash_mb=DEFAULT_HASH_MB, threads=1, tables=None))]
    fn new(
        network: Option<PathBuf>,
        weights: Option<PathBuf>,
        hash_mb: usize,
        threads: usize,
        tables: Option<PathBuf>,
    ) -> PyResult<PyEngine> {
        if !(1..=65536).contains(&hash_mb) {
            return Err(value_error(format!("hash_mb must be 1..65536, got {hash_mb}")));
        }
        if !(1..=256).contains(&threads) {
            return Err(value_error(format!("threads must be 1..256, got {threads}")));
        }
        let weights_spec = spec_text(weights, "linear");
        let network_spec = spec_text(network, "linear");
        let w = EvalSpec::parse(&weights_spec).weights().map_err(|e| file_error(&weights_spec, e))?;
        let net = EvalSpec::parse(&network_spec).network().map_err(|e| file_error(&network_spec, e))?;
        let description = match &net {
            Some(n) => format!("network {network_spec}: {}", n.description()),
            None => format!("linear weights {weights_spec}"),
        };
        let mut searcher = Searcher::new(w, hash_mb);
        searcher.set_network(net);
        searcher.set_threads(threads);
        // No protocol to keep a reserve for: `time_ms` is the search's own.
        searcher.set_move_overhead(Duration::ZERO);
        if let Some(dir) = tables {
            if !dir.is_dir() {
                return Err(PyFileNotFoundError::new_err(format!("no table directory {}", dir.display())));
            }
            let oracle = TablebaseOracle::open(&dir).map_err(|e| PyOSError::new_err(e.to_string()))?;
            searcher.set_oracle(Some(Arc::new(oracle)));
        }
        Ok(PyEngine { searcher: Mutex::new(searcher), description })
    }

    /// Searches `pos` (a `Position`, whose history decides repetitions, or an SFEN) to `depth`
    /// plies, `nodes` nodes or `time_ms` milliseconds, whichever comes first; at least one must
    /// be given. With one thread, `depth` and `nodes` give the same result as
    /// `minishogi usi`'s `go depth`/`go nodes`. The GIL is released.
    #[pyo3(signature = (pos, nodes=None, depth=None, time_ms=None))]
    fn search(
        &self,
        py: Python<'_>,
        pos: &Bound<'_, PyAny>,
        nodes: Option<u64>,
        depth: Option<u32>,
        time_ms: Option<u64>,
    ) -> PyResult<PySearchResult> {
        if nodes.is_none() && depth.is_none() && time_ms.is_none() {
            return Err(value_error("search needs nodes, depth or time_ms"));
        }
        if depth.is_some_and(|d| !(1..=64).contains(&d)) {
            return Err(value_error(format!("depth must be 1..64, got {}", depth.unwrap_or(0))));
        }
        let game = game_arg(pos)?;
        let limits =
            Limits { nodes, depth, movetime: time_ms.map(Duration::from_millis), ..Limits::default() };
        let result = py.allow_threads(|| {
            let mut searcher = self.searcher.lock().unwrap_or_else(|e| e.into_inner());
            searcher.search(&game, &limits, &AtomicBool::new(false), &mut |_| {})
        });
        Ok(PySearchResult::new(result))
    }

    /// The static evaluation of `pos` (a `Position` or an SFEN) in centipawns from the side to
    /// move: the network's output, or the linear evaluation.
    fn evaluate(&self, py: Python<'_>, pos: &Bound<'_, PyAny>) -> PyResult<i32> {
        let pos: Position = game_arg(pos)?.position().clone();
        // Released: the engine may be searching in another thread.
        Ok(py.allow_threads(|| self.searcher.lock().unwrap_or_else(|e| e.into_inner()).evaluate(&pos)))
    }

    /// Empties the transposition table (before a new game, for results that do not depend on
    /// earlier searches).
    fn clear(&self, py: Python<'_>) {
        py.allow_threads(|| self.searcher.lock().unwrap_or_else(|e| e.into_inner()).clear());
    }

    /// What evaluates: the network and its description, or the linear weights.
    #[getter]
    fn evaluation(&self) -> String {
        self.description.clone()
    }

    fn __repr__(&self) -> String {
        format!("Engine({})", self.description)
    }
}
