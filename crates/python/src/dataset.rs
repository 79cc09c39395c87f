//! `Dataset`: a self-play dataset file, its games and its labelled positions as numpy batches
//! (built in Rust with the GIL released; each column moves into numpy without a copy).

use crate::features::{array, policy_of, Inputs};
use minishogi::game::EndReason;
use minishogi_arena::Rng;
use minishogi_arena::Termination;
use minishogi_engine::codec::CodecError;
use minishogi_selfplay::dataset::LabelledPosition;
use minishogi_selfplay::{Dataset, Error};
use pyo3::exceptions::{PyFileNotFoundError, PyIndexError, PyOSError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::io::ErrorKind;
use std::path::PathBuf;

/// A dataset error as a Python exception: a missing file is `FileNotFoundError`, another I/O
/// failure `OSError`, a damaged or inconsistent file `ValueError`.
pub fn dataset_error(e: &Error) -> PyErr {
    let io = match e {
        Error::Codec(CodecError::Io { source, .. }) | Error::Io { source, .. } => Some(source.kind()),
        _ => None,
    };
    match io {
        Some(ErrorKind::NotFound) => PyFileNotFoundError::new_err(e.to_string()),
        Some(_) => PyOSError::new_err(e.to_string()),
        None => crate::convert::value_error(e),
    }
}

/// The games of a self-play dataset and its labelled (searched) positions, replayed once when
/// opened. `len()` is the number of labelled positions; `batch` and `batches` give them as numpy
/// arrays.
#[pyclass(name = "Dataset", module = "minishogi", frozen)]
pub struct PyDataset {
    data: Dataset,
    positions: Vec<LabelledPosition>,
}

impl PyDataset {
    /// Replays the games of `data` (without the GIL: call inside `allow_threads`).
    pub fn replay(data: Dataset) -> PyResult<PyDataset> {
        let mut positions = Vec::with_capacity(data.labelled_count());
        data.for_each_position(|p| positions.push(p.clone())).map_err(crate::convert::value_error)?;
        Ok(PyDataset { data, positions })
    }

    /// The columns of the positions at `order`, as a dict of numpy arrays.
    fn columns<'py>(&self, py: Python<'py>, order: &[usize]) -> PyResult<Bound<'py, PyDict>> {
        let columns = py.allow_threads(|| Columns::of(&self.positions, order));
        columns.into_dict(py)
    }
}

/// The labels of a batch, column by column.
struct Columns {
    inputs: Inputs,
    score: Vec<i16>,
    result: Vec<f32>,
    moves: Vec<u16>,
    policy: Vec<i32>,
    ply: Vec<u32>,
    game: Vec<u32>,
}

impl Columns {
    fn of(positions: &[LabelledPosition], order: &[usize]) -> Columns {
        let n = order.len();
        let mut c = Columns {
            inputs: Inputs::with_capacity(n),
            score: Vec::with_capacity(n),
            result: Vec::with_capacity(n),
            moves: Vec::with_capacity(n),
            policy: Vec::with_capacity(n),
            ply: Vec::with_capacity(n),
            game: Vec::with_capacity(n),
        };
        for p in order.iter().map(|&i| &positions[i]) {
            c.inputs.push(&p.position);
            c.score.push(p.score);
            c.result.push(p.result);
            c.moves.push(p.best.to_u16());
            c.policy.push(policy_of(p.best, p.position.side_to_move()));
            c.ply.push(p.ply);
            c.game.push(p.game);
        }
        c
    }

    fn into_dict(self, py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let d = PyDict::new(py);
        let n = self.score.len();
        d.set_item("score", array(py, vec![n], self.score)?)?;
        d.set_item("result", array(py, vec![n], self.result)?)?;
        d.set_item("move", array(py, vec![n], self.moves)?)?;
        d.set_item("policy", array(py, vec![n], self.policy)?)?;
        d.set_item("ply", array(py, vec![n], self.ply)?)?;
        d.set_item("game", array(py, vec![n], self.game)?)?;
        self.inputs.into_dict(&d, false)?;
        Ok(d)
    }
}

/// How a game ended, as the Python API names it.
fn termination_name(t: &Termination) -> &'static str {
    match t {
        Termination::Rules(EndReason::Checkmate) => "checkmate",
        Termination::Rules(EndReason::NoLegalMove) => "no_legal_moves",
        Termination::Rules(EndReason::Repetition) => "repetition",
        Termination::Rules(EndReason::PerpetualCheck) => "perpetual_check",
        Termination::Rules(EndReason::MoveLimit) => "move_limit",
        Termination::PlyCap => "ply_cap",
        // A dataset holds no other ending (`Dataset::save` refuses them).
        Termination::Resignation => "resignation",
        Termination::TimeLoss { .. } => "time_loss",
        Termination::IllegalMove { .. } => "illegal_move",
        Termination::EngineFailure(_) => "engine_failure",
    }
}

#[pymethods]
impl PyDataset {
    /// Reads a dataset file written by `minishogi selfplay` (or `selfplay(out=...)`):
    /// `FileNotFoundError` if missing, `ValueError` if truncated, corrupted or inconsistent.
    #[new]
    fn new(py: Python<'_>, path: PathBuf) -> PyResult<PyDataset> {
        py.allow_threads(|| PyDataset::replay(Dataset::load(&path).map_err(|e| dataset_error(&e))?))
    }

    /// The number of labelled positions.
    fn __len__(&self) -> usize {
        self.positions.len()
    }

    /// What produced the dataset: `generator`, `seed`, `nodes`, `weights`, `ply_cap`.
    #[getter]
    fn meta<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let m = &self.data.meta;
        let d = PyDict::new(py);
        d.set_item("generator", &m.generator)?;
        d.set_item("seed", m.seed)?;
        d.set_item("nodes", m.nodes)?;
        d.set_item("weights", &m.weights)?;
        d.set_item("ply_cap", m.ply_cap)?;
        Ok(d)
    }

    /// The games, each a dict: `start` (SFEN), `moves` (USI), `scores` (per move, for the side
    /// that made it; `None` for the unsearched opening moves), `opening_plies`, `winner`
    /// (`"sente"`, `"gote"` or `None`), `termination` (`"checkmate"`, `"no_legal_moves"`,
    /// `"repetition"`, `"perpetual_check"`, `"move_limit"` or `"ply_cap"`), `rules`.
    #[getter]
    fn games<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.data
            .games
            .iter()
            .map(|g| {
                let d = PyDict::new(py);
                d.set_item("start", &g.start)?;
                let moves: Vec<String> = g
                    .moves
                    .iter()
                    .map(|&b| minishogi::Move::from_u16(b).map_or(format!("?{b}"), |m| m.to_string()))
                    .collect();
                d.set_item("moves", moves)?;
                let scores: Vec<Option<i16>> = g
                    .scores
                    .iter()
                    .map(|&s| (s != minishogi_selfplay::dataset::NO_SCORE).then_some(s))
                    .collect();
                d.set_item("scores", scores)?;
                d.set_item("opening_plies", g.opening_plies)?;
                d.set_item("winner", g.winner_color().map(minishogi::Color::name))?;
                d.set_item("termination", termination_name(&g.termination))?;
                d.set_item("rules", &g.rules)?;
                Ok(d)
            })
            .collect()
    }

    /// The labelled positions `start .. start + n` (fewer at the end) as a dict of numpy arrays:
    /// `planes` (n, 31, 5, 5) float32 and `indices` (n, 2, 12) int32 as `features_batch` gives
    /// them, `score` (n,) int16 (the search score for the side to move, centipawns; mates
    /// ±(30000 − plies)), `result` (n,) float32 (the game's result for the side to move: 1 win,
    /// 0.5 draw, 0 loss), `move` (n,) uint16 (the move played, packed), `policy` (n,) int32 (its
    /// policy index), `ply` and `game` (n,) uint32.
    fn batch<'py>(&self, py: Python<'py>, start: usize, n: usize) -> PyResult<Bound<'py, PyDict>> {
        if start > self.positions.len() {
            return Err(PyIndexError::new_err(format!(
                "start {start} is beyond the {} positions",
                self.positions.len()
            )));
        }
        let end = start.saturating_add(n).min(self.positions.len());
        self.columns(py, &(start..end).collect::<Vec<_>>())
    }

    /// Every labelled position once, in batches of `batch_size` (the last one smaller unless
    /// `drop_last`), in file order or shuffled reproducibly from `seed`.
    #[pyo3(signature = (batch_size, shuffle=false, seed=0, drop_last=false))]
    fn batches(
        slf: Bound<'_, PyDataset>,
        batch_size: usize,
        shuffle: bool,
        seed: u64,
        drop_last: bool,
    ) -> PyResult<PyBatches> {
        if batch_size == 0 {
            return Err(crate::convert::value_error("batch_size must be at least 1"));
        }
        let mut order: Vec<usize> = (0..slf.get().positions.len()).collect();
        if shuffle {
            Rng::new(seed).shuffle(&mut order);
        }
        if drop_last {
            order.truncate(order.len() / batch_size * batch_size);
        }
        Ok(PyBatches {
            dataset: slf.unbind(),
            order,
            batch_size,
            next: std::sync::atomic::AtomicUsize::new(0),
        })
    }

    /// Writes the dataset to `path` in the file format of `minishogi selfplay`.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        py.allow_threads(|| self.data.save(&path)).map_err(|e| dataset_error(&e))
    }

    fn __repr__(&self) -> String {
        format!("Dataset({} games, {} positions)", self.data.games.len(), self.positions.len())
    }
}

/// An iterator over a dataset's batches (see `Dataset.batches`).
#[pyclass(name = "Batches", module = "minishogi", frozen)]
pub struct PyBatches {
    dataset: Py<PyDataset>,
    order: Vec<usize>,
    batch_size: usize,
    next: std::sync::atomic::AtomicUsize,
}

#[pymethods]
impl PyBatches {
    fn __iter__(slf: Bound<'_, PyBatches>) -> Bound<'_, PyBatches> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        use std::sync::atomic::Ordering;
        let start = self.next.fetch_add(self.batch_size, Ordering::Relaxed).min(self.order.len());
        let end = start.saturating_add(self.batch_size).min(self.order.len());
        if start == end {
            return Ok(None);
        }
        self.dataset.get().columns(py, &self.order[start..end]).map(Some)
    }

    /// The number of batches.
    fn __len__(&self) -> usize {
        self.order.len().div_ceil(self.batch_size)
    }
}
