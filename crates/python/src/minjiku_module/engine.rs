//! `Engine` and `SearchResult`: the Minjiku engine's search and static evaluation, with the
//! weights `minishogi minjiku go --weights` takes, or any weight vector from Python.

use super::errors::table_error;
use super::moves::PyMove;
use super::position::{game_arg, position_arg};
use crate::convert::py_list;
use crate::features::array;
use minjiku_engine::score::{DECISIVE, MATE};
use minjiku_engine::{Info, Limits, Searcher, Weights, WeightsError};
use minjiku_tablebase::MinjikuTablebase;
use numpy::PyArrayDyn;
use pyo3::exceptions::{PyFileNotFoundError, PyValueError};
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The table size of `minishogi minjiku xboard`, in megabytes.
const DEFAULT_HASH_MB: usize = 16;
/// Mate scores lie within this many plies of [`MATE`] (the search's deepest line is far shorter).
const MATE_PLIES: i32 = 1_000;

/// What a search found, from the side to move's view.
#[pyclass(name = "SearchResult", module = "minishogi.minjiku", frozen, get_all)]
pub struct PySearchResult {
    /// The move to play, `None` when the side to move has no legal move.
    best: Option<PyMove>,
    /// The engine's score: centipawns, or a mate (`±(100000 − plies)`) or a win by the
    /// repetition rule (`±(50000 − plies)`), as `minishogi minjiku go` prints it.
    score: i32,
    /// The score in centipawns, `None` when the search found a mate or a win by rule.
    score_cp: Option<i32>,
    /// Mate in this many plies (negative: the side to move is mated), else `None`.
    score_mate: Option<i32>,
    /// The last completed iteration.
    depth: u32,
    /// The deepest ply reached in the last completed iteration.
    seldepth: u32,
    /// Nodes searched.
    nodes: u64,
    /// Wall time in milliseconds.
    time_ms: u64,
    /// The principal variation (starts with `best`).
    pv: Vec<PyMove>,
}

#[pymethods]
impl PySearchResult {
    fn __repr__(&self) -> String {
        let best = self.best.as_ref().map_or("None".to_string(), |m| format!("Move('{}')", m.coord()));
        let pv: Vec<String> = self.pv.iter().map(|m| m.coord().to_string()).collect();
        format!(
            "SearchResult(best={best}, score={}, depth={}, nodes={}, pv={})",
            self.score,
            self.depth,
            self.nodes,
            py_list(&pv)
        )
    }
}

/// Centipawns, or the plies to a mate (negative when mated); neither for a win by rule.
fn split_score(score: i32) -> (Option<i32>, Option<i32>) {
    if score.abs() >= MATE - MATE_PLIES {
        (None, Some(score.signum() * (MATE - score.abs())))
    } else if score.abs() >= DECISIVE {
        (None, None)
    } else {
        (Some(score), None)
    }
}

/// A weights error as `FileNotFoundError` (a missing file) or `ValueError`.
fn weights_error(e: WeightsError) -> PyErr {
    match &e {
        WeightsError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound => {
            PyFileNotFoundError::new_err(e.to_string())
        }
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// The weights an argument names: `None` or `"tuned"` (the shipped weights), `"initial"` (the
/// hand-set ones), a JSON weights file, or a sequence of `FEATURES` numbers in feature order.
fn weights_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<(Weights, String)> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else { return Ok((Weights::builtin(), "tuned".into())) };
    if let Ok(spec) = obj.extract::<String>() {
        return Ok((Weights::from_spec(&spec).map_err(weights_error)?, spec));
    }
    if let Ok(path) = obj.extract::<PathBuf>() {
        return Ok((Weights::load(&path).map_err(weights_error)?, path.display().to_string()));
    }
    let values: Vec<f64> = obj.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(
            "weights must be 'tuned', 'initial', a weights file or a sequence of numbers",
        )
    })?;
    Ok((Weights::from_vec(&values).map_err(weights_error)?, format!("a vector of {}", values.len())))
}

/// The Minjiku engine: a searcher with its weights and transposition table. Calls from several
/// Python threads take turns (one search at a time per engine).
#[pyclass(name = "Engine", module = "minishogi.minjiku", frozen)]
pub struct PyEngine {
    searcher: Mutex<Searcher>,
    description: String,
}

impl PyEngine {
    fn searcher(&self) -> std::sync::MutexGuard<'_, Searcher> {
        self.searcher.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[pymethods]
impl PyEngine {
    /// An engine over `weights`: `None`/`"tuned"` (the shipped weights, as `minishogi minjiku
    /// go`), `"initial"` (the hand-set ones), a JSON weights file (as `--weights`), or `FEATURES`
    /// numbers in the order of `weight_names()` (each rounded to an integer). `tables` is a
    /// directory of Minjiku endgame tables probed in search (as `--tables`). A missing file or
    /// directory raises `FileNotFoundError`, a bad file or vector `ValueError`, a bad table
    /// `TableError`.
    #[new]
    #[pyo3(signature = (weights=None, hash_mb=DEFAULT_HASH_MB, tables=None))]
    fn new(
        weights: Option<&Bound<'_, PyAny>>,
        hash_mb: usize,
        tables: Option<PathBuf>,
    ) -> PyResult<PyEngine> {
        if !(1..=65536).contains(&hash_mb) {
            return Err(PyValueError::new_err(format!("hash_mb must be 1..65536, got {hash_mb}")));
        }
        let (weights, description) = weights_arg(weights)?;
        let mut searcher = Searcher::new(weights, hash_mb);
        if let Some(dir) = tables {
            if !dir.is_dir() {
                return Err(PyFileNotFoundError::new_err(format!("no table directory {}", dir.display())));
            }
            let opened = MinjikuTablebase::open(&dir).map_err(|e| table_error(e, &dir))?;
            searcher.set_tables(Some(Arc::new(opened)));
        }
        Ok(PyEngine { searcher: Mutex::new(searcher), description })
    }

    /// The table sets the engine probes (`["KGvK", "KvK", …]`), sorted; empty without tables.
    #[getter]
    fn table_sets(&self) -> Vec<String> {
        self.searcher().table_sets()
    }

    /// Searches `pos` (a `Position`, whose history decides repetitions, or a FEN) to `depth`
    /// plies, `nodes` nodes or `movetime` milliseconds, whichever comes first; at least one must
    /// be given. From a fresh engine with `hash_mb=64`, `depth` gives what `minishogi minjiku go
    /// --depth` prints. The GIL is released.
    #[pyo3(signature = (pos, nodes=None, depth=None, movetime=None))]
    fn search(
        &self,
        py: Python<'_>,
        pos: &Bound<'_, PyAny>,
        nodes: Option<u64>,
        depth: Option<u32>,
        movetime: Option<u64>,
    ) -> PyResult<PySearchResult> {
        if nodes.is_none() && depth.is_none() && movetime.is_none() {
            return Err(PyValueError::new_err("search needs nodes, depth or movetime"));
        }
        if let Some(d) = depth.filter(|d| !(1..=64).contains(d)) {
            return Err(PyValueError::new_err(format!("depth must be 1..64, got {d}")));
        }
        if nodes == Some(0) {
            return Err(PyValueError::new_err("nodes must be at least 1"));
        }
        let game = game_arg(pos)?;
        let limits =
            Limits { nodes, depth, movetime: movetime.map(Duration::from_millis), ..Limits::default() };
        let (result, seldepth) = py.allow_threads(|| {
            let mut seldepth = 0;
            let mut last = |info: &Info| seldepth = info.seldepth;
            let result = self.searcher().search(&game, &limits, &AtomicBool::new(false), &mut last);
            (result, seldepth)
        });
        let (score_cp, score_mate) = split_score(result.score);
        let root = game.position();
        Ok(PySearchResult {
            best: result.best.map(|m| PyMove::new(root, m)),
            score: result.score,
            score_cp,
            score_mate,
            depth: result.depth,
            seldepth,
            nodes: result.nodes,
            time_ms: result.time.as_millis() as u64,
            pv: PyMove::line(root, &result.pv),
        })
    }

    /// The static evaluation of `pos` (a `Position` or a FEN) in centipawns from the side to
    /// move: the dot product of `weights` and `features(pos)`.
    fn evaluate(&self, py: Python<'_>, pos: &Bound<'_, PyAny>) -> PyResult<i32> {
        let pos = position_arg(pos)?;
        // Released: the engine may be searching in another thread.
        Ok(py.allow_threads(|| self.searcher().evaluate(&pos)))
    }

    /// The weights in use, `FEATURES` float64 values in the order of `weight_names()`.
    #[getter]
    fn weights<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArrayDyn<f64>>> {
        let values = self.searcher().weights().to_vec();
        array(py, vec![values.len()], values)
    }

    /// Empties the transposition table and the move-ordering history (before a new game, for
    /// results that do not depend on earlier searches).
    fn clear(&self, py: Python<'_>) {
        py.allow_threads(|| self.searcher().clear());
    }

    /// Where the weights came from.
    #[getter]
    fn evaluation(&self) -> String {
        format!("linear weights {}", self.description)
    }

    fn __repr__(&self) -> String {
        format!("Engine(linear weights {})", self.description)
    }
}
