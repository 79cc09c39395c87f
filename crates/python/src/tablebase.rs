//! `Tablebase`, `ProbeResult` and the `Wdl` and `By` enums: exact verdicts from the endgame
//! tables, built from the library's `Probe` field by field.

use crate::convert::{parse_color, parse_rules, parse_sfen, py_list, py_opt, table_error};
use crate::position::position_arg;
use minishogi::{Move, Position};
use minishogi_tablebase::{By, Material, Probe, Query, Tablebase, TablebaseError, Wdl};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;

/// Win, draw or loss for the side to move.
#[pyclass(name = "Wdl", module = "minishogi", frozen, eq, eq_int)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PyWdl {
    /// The side to move wins.
    #[pyo3(name = "WIN")]
    Win,
    /// Neither side wins.
    #[pyo3(name = "DRAW")]
    Draw,
    /// The side to move loses.
    #[pyo3(name = "LOSS")]
    Loss,
}

impl From<Wdl> for PyWdl {
    fn from(w: Wdl) -> PyWdl {
        match w {
            Wdl::Win => PyWdl::Win,
            Wdl::Draw => PyWdl::Draw,
            Wdl::Loss => PyWdl::Loss,
        }
    }
}

impl From<PyWdl> for Wdl {
    fn from(w: PyWdl) -> Wdl {
        match w {
            PyWdl::Win => Wdl::Win,
            PyWdl::Draw => Wdl::Draw,
            PyWdl::Loss => Wdl::Loss,
        }
    }
}

#[pymethods]
impl PyWdl {
    /// `"win"`, `"draw"` or `"loss"`, as `tb probe` prints it.
    #[getter]
    fn label(&self) -> &'static str {
        Wdl::from(*self).name()
    }

    fn __str__(&self) -> &'static str {
        self.label()
    }
}

/// How a game is decided.
#[pyclass(name = "By", module = "minishogi", frozen, eq, eq_int)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PyBy {
    /// Checkmate (or no legal move).
    #[pyo3(name = "MATE")]
    Mate,
    /// Fourfold repetition, which the first player loses.
    #[pyo3(name = "REPETITION")]
    Repetition,
    /// Fourfold repetition in which a side checked with every move (a draw if both did).
    #[pyo3(name = "PERPETUAL_CHECK")]
    PerpetualCheck,
}

impl From<By> for PyBy {
    fn from(b: By) -> PyBy {
        match b {
            By::Mate => PyBy::Mate,
            By::Repetition => PyBy::Repetition,
            By::PerpetualCheck => PyBy::PerpetualCheck,
        }
    }
}

impl From<PyBy> for By {
    fn from(b: PyBy) -> By {
        match b {
            PyBy::Mate => By::Mate,
            PyBy::Repetition => By::Repetition,
            PyBy::PerpetualCheck => By::PerpetualCheck,
        }
    }
}

#[pymethods]
impl PyBy {
    /// `"mate"`, `"repetition"` or `"perpetual-check"`, as `tb probe` prints it.
    #[getter]
    fn label(&self) -> &'static str {
        By::from(*self).name()
    }

    fn __str__(&self) -> &'static str {
        self.label()
    }
}

/// A table's answer about a position: the verdict, how and in how many plies, a best move and
/// the line to the end of the game.
#[pyclass(name = "ProbeResult", module = "minishogi", frozen, get_all)]
pub struct PyProbeResult {
    /// Win, draw or loss for the side to move.
    result: PyWdl,
    /// How (mate, repetition, perpetual check), or `None` (a draw under `draw300`, or from a
    /// table that predates repetition values).
    by: Option<PyBy>,
    /// Plies to mate, for a result by mate.
    plies: Option<u16>,
    /// A best move in USI, `None` when there is no legal move.
    best: Option<String>,
    /// The line of best moves to the end of the game.
    line: Vec<String>,
    /// The material set, e.g. `"RG"`.
    material: String,
    /// Who moved first in the game: `"sente"` or `"gote"`.
    first_player: String,
    /// The position probed.
    sfen: String,
    /// Whether the verdict is proved (not for a draw from a table that predates repetition values).
    exact: bool,
}

impl PyProbeResult {
    fn new(position: &Position, probe: &Probe, line: &[Move]) -> PyProbeResult {
        PyProbeResult {
            result: probe.verdict.result.into(),
            by: probe.verdict.by.map(PyBy::from),
            plies: probe.verdict.plies,
            best: probe.best.map(|m| m.to_string()),
            line: line.iter().map(Move::to_string).collect(),
            material: probe.material.name(),
            first_player: probe.first_player.name().to_string(),
            sfen: position.to_sfen(),
            exact: probe.is_exact(),
        }
    }
}

#[pymethods]
impl PyProbeResult {
    /// The keys and values of `minishogi tb probe --json`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("best", &self.best)?;
        d.set_item("by", self.by.map(|b| b.label()))?;
        d.set_item("first_player", &self.first_player)?;
        d.set_item("line", &self.line)?;
        d.set_item("material", &self.material)?;
        d.set_item("plies", self.plies)?;
        d.set_item("result", self.result.label())?;
        d.set_item("sfen", &self.sfen)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "ProbeResult(result=Wdl.{:?}, by={}, plies={}, best={}, line={})",
            self.result,
            self.by.map_or("None".to_string(), |b| format!("By.{b:?}")),
            py_opt(&self.plies),
            py_opt(&self.best),
            py_list(&self.line)
        )
    }
}

/// A directory of endgame tables (`*.mstb`), opened lazily; probes may run from many threads.
#[pyclass(name = "Tablebase", module = "minishogi", frozen)]
pub struct PyTablebase(Tablebase);

/// The answer for `pos`, with the line to the end of the game when `line` (it costs a probe of
/// every move's child at each ply of the line, most of a probe's time).
fn probe_one(
    tables: &Tablebase,
    pos: &Position,
    query: Query,
    line: bool,
) -> Result<PyProbeResult, TablebaseError> {
    let missing =
        || TablebaseError::MissingTable { material: Material::of(pos), dir: tables.dir().to_path_buf() };
    let probe = tables.probe(pos, query)?.ok_or_else(missing)?;
    let moves = if line { tables.line(pos, query)?.ok_or_else(missing)? } else { Vec::new() };
    Ok(PyProbeResult::new(pos, &probe, &moves))
}

#[pymethods]
impl PyTablebase {
    /// Opens the table directory `dir`.
    #[new]
    fn new(dir: std::path::PathBuf) -> PyResult<PyTablebase> {
        Tablebase::open(&dir).map(PyTablebase).map_err(|e| table_error(&e))
    }

    /// The exact verdict of a position (a `Position` or an SFEN) in a game that `first_player`
    /// began, a best move and, when `line`, the line to the end of the game (`line=False`
    /// leaves it empty and is several times faster); a missing table raises
    /// `FileNotFoundError` naming the `tb gen` command.
    #[pyo3(signature = (pos, first_player="sente", rules="standard", line=true))]
    fn probe(
        &self,
        py: Python<'_>,
        pos: &Bound<'_, PyAny>,
        first_player: &str,
        rules: &str,
        line: bool,
    ) -> PyResult<PyProbeResult> {
        let (pos, _) = position_arg(pos)?;
        let query = Query::new(parse_color(first_player)?, parse_rules(rules)?);
        py.allow_threads(|| probe_one(&self.0, &pos, query, line)).map_err(|e| table_error(&e))
    }

    /// `probe` of each SFEN, in parallel on every core, with the GIL released for the whole
    /// batch; the answers come back in the order of `sfens`.
    #[pyo3(signature = (sfens, first_player="sente", rules="standard", line=true))]
    fn probe_many(
        &self,
        py: Python<'_>,
        sfens: Vec<String>,
        first_player: &str,
        rules: &str,
        line: bool,
    ) -> PyResult<Vec<PyProbeResult>> {
        let query = Query::new(parse_color(first_player)?, parse_rules(rules)?);
        let positions = sfens.iter().map(|s| parse_sfen(s)).collect::<PyResult<Vec<_>>>()?;
        py.allow_threads(|| {
            positions.par_iter().map(|p| probe_one(&self.0, p, query, line)).collect::<Result<Vec<_>, _>>()
        })
        .map_err(|e| table_error(&e))
    }

    /// The table directory.
    #[getter]
    fn dir(&self) -> std::path::PathBuf {
        self.0.dir().to_path_buf()
    }

    fn __repr__(&self) -> String {
        format!("Tablebase('{}')", self.0.dir().display())
    }
}
