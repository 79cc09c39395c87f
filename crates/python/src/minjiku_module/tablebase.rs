//! `Tablebase` and `ProbeResult`: the Minjiku endgame tables (`*.mjtb`), probed for the value,
//! the distance to mate, a best move and the line that keeps to the table's values.

use super::errors::{table_error, TableError};
use super::position::position_arg;
use crate::convert::{py_list, py_opt};
use crate::tablebase::PyWdl;
use minishogi_retro::Value;
use minjiku::Position;
use minjiku_tablebase::{Material, MinjikuTablebase, MinjikuTbError};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::path::PathBuf;

/// A table's answer about a position: the value for the side to move, the plies to mate, a best
/// move and the line to the end.
#[pyclass(name = "ProbeResult", module = "minishogi.minjiku", frozen)]
pub struct PyProbeResult {
    /// Win, draw or loss for the side to move (`minishogi.Wdl`).
    #[pyo3(get)]
    result: PyWdl,
    /// Plies to mate for a win or a loss, `None` for a draw.
    #[pyo3(get)]
    plies: Option<u16>,
    /// A move that keeps the value (the first in move order), `None` when there is no legal move.
    #[pyo3(get)]
    best: Option<String>,
    /// The line that keeps to the table's values: the quickest mate for a win, the longest
    /// defence for a loss (empty for a draw, or when not asked for).
    #[pyo3(get)]
    line: Vec<String>,
    /// The material set as the tables name it, e.g. `"KGvK"`.
    #[pyo3(get)]
    material: String,
    /// The position probed.
    #[pyo3(get)]
    fen: String,
    /// The table's value, for the text.
    value: Value,
}

impl PyProbeResult {
    /// `value` as `minishogi.Wdl`.
    fn wdl(value: Value) -> PyWdl {
        if value.is_win() {
            PyWdl::Win
        } else if value.is_loss() {
            PyWdl::Loss
        } else {
            PyWdl::Draw
        }
    }
}

#[pymethods]
impl PyProbeResult {
    /// What `minishogi minjiku tb probe` prints: `win in 17: d5d9 …`, `draw`, `loss in 0`.
    fn __str__(&self) -> String {
        let mut text = self.value.to_string();
        if !self.line.is_empty() {
            text.push_str(&format!(": {}", self.line.join(" ")));
        }
        text
    }

    fn __repr__(&self) -> String {
        format!(
            "ProbeResult(result=Wdl.{:?}, plies={}, best={}, line={})",
            self.result,
            py_opt(&self.plies),
            py_opt(&self.best),
            py_list(&self.line)
        )
    }
}

/// The answer for `pos`, `None` outside every table (a piece on an extra square, or more pieces
/// than a table holds).
fn probe(tables: &PyTablebase, pos: &Position, line: bool) -> PyResult<Option<PyProbeResult>> {
    let tb = &tables.tables;
    let failed = |e: MinjikuTbError| table_error(e, &tables.dir);
    let material = Material::of(pos);
    // The crate's own limit on a set's size, read through its name parser.
    if Material::parse(&material.name()).is_err() {
        return Ok(None);
    }
    let Some(value) = tb.value(pos).map_err(failed)? else { return Ok(None) };
    if !value.is_legal() {
        let fen = pos.to_fen();
        return Err(TableError::new_err(format!(
            "the {} table marks the legal position {fen} illegal",
            material.name()
        )));
    }
    let values = tb.move_values(pos).map_err(failed)?;
    let best = values.into_iter().find(|&(_, v)| v == value).map(|(m, _)| pos.move_to_coord(m));
    let moves = match line {
        true => tb.line(pos).map_err(failed)?.map(|l| l.moves).unwrap_or_default(),
        false => Vec::new(),
    };
    Ok(Some(PyProbeResult {
        result: PyProbeResult::wdl(value),
        plies: value.dtm(),
        best,
        line: moves,
        material: material.name(),
        fen: pos.to_fen(),
        value,
    }))
}

/// A directory of Minjiku endgame tables (`*.mjtb`), each file checked when opened; probes may
/// run from many threads.
#[pyclass(name = "Tablebase", module = "minishogi.minjiku", frozen)]
pub struct PyTablebase {
    tables: MinjikuTablebase,
    dir: PathBuf,
}

#[pymethods]
impl PyTablebase {
    /// Opens the table directory `dir` (`minishogi minjiku tb gen --dir`): `FileNotFoundError`
    /// if it does not exist, `TableError` for a damaged or foreign table file.
    #[new]
    fn new(dir: PathBuf) -> PyResult<PyTablebase> {
        let tables = MinjikuTablebase::open(&dir).map_err(|e| table_error(e, &dir))?;
        Ok(PyTablebase { tables, dir })
    }

    /// The table's answer for `pos` (a `Position` or a FEN): the value, the plies to mate, a best
    /// move and, when `line`, the line to the end (`line=False` leaves it empty and is faster).
    /// `None` when no table covers the position (a piece on an extra square, or more than two
    /// pieces besides the Kings); a set whose table is not in the directory raises
    /// `FileNotFoundError` naming the `minishogi minjiku tb gen` command. The GIL is released.
    #[pyo3(signature = (pos, line=true))]
    fn probe(&self, py: Python<'_>, pos: &Bound<'_, PyAny>, line: bool) -> PyResult<Option<PyProbeResult>> {
        let pos = position_arg(pos)?;
        py.allow_threads(|| probe(self, &pos, line))
    }

    /// `probe` of each position (`Position`s or FENs), in parallel on every core with the GIL
    /// released for the whole batch; the answers come back in the order given.
    #[pyo3(signature = (positions, line=true))]
    fn probe_many(
        &self,
        py: Python<'_>,
        positions: &Bound<'_, PyAny>,
        line: bool,
    ) -> PyResult<Vec<Option<PyProbeResult>>> {
        let positions = positions.try_iter()?.map(|p| position_arg(&p?)).collect::<PyResult<Vec<_>>>()?;
        py.allow_threads(|| positions.par_iter().map(|p| probe(self, p, line)).collect())
    }

    /// The sets whose tables the directory holds, by name (`["K+GvK", "KGvK", "KvK"]`).
    #[getter]
    fn materials(&self) -> Vec<String> {
        self.tables.tables().materials().iter().map(Material::name).collect()
    }

    /// The table directory.
    #[getter]
    fn dir(&self) -> PathBuf {
        self.dir.clone()
    }

    fn __repr__(&self) -> String {
        format!("Tablebase('{}')", self.dir.display())
    }
}
