//! `Tablebase` and `ProbeResult`: exact verdicts from the endgame tables.

use crate::convert::{parse_color, parse_rules, parse_sfen, py_list, py_opt, table_error, value_error};
use crate::position::position_arg;
use minishogi::{Color, Move, Position, RuleSet};
use minishogi_tablebase::{Material, ProbeAnswer, Tablebase, TablebaseError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;

/// A table probe, as `minishogi tb probe --json` prints it.
#[pyclass(name = "ProbeResult", module = "minishogi", frozen, get_all)]
pub struct PyProbeResult {
    /// `"win"`, `"draw"` or `"loss"` for the side to move.
    result: String,
    /// How: `"mate"`, `"repetition"`, …, or `None`.
    by: Option<String>,
    /// Plies to mate, for a result by mate.
    plies: Option<u32>,
    /// A best move in USI, `None` when there is no legal move.
    best: Option<String>,
    /// The line of best moves to the end of the game.
    line: Vec<String>,
    /// The material set, e.g. `"RG"`.
    material: String,
    /// Who moved first in the game.
    first_player: String,
    /// The position probed.
    sfen: String,
}

impl PyProbeResult {
    /// Built from the JSON the CLI prints, so the two cannot disagree.
    fn from_answer(answer: &ProbeAnswer) -> PyResult<PyProbeResult> {
        let json = serde_json::to_value(answer).map_err(value_error)?;
        let text = |key: &str| json[key].as_str().map(str::to_string);
        Ok(PyProbeResult {
            result: text("result").unwrap_or_default(),
            by: text("by"),
            plies: json["plies"].as_u64().map(|p| p as u32),
            best: text("best"),
            line: answer.line.iter().map(Move::to_string).collect(),
            material: text("material").unwrap_or_default(),
            first_player: text("first_player").unwrap_or_default(),
            sfen: text("sfen").unwrap_or_default(),
        })
    }
}

#[pymethods]
impl PyProbeResult {
    /// The keys and values of `minishogi tb probe --json`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("best", &self.best)?;
        d.set_item("by", &self.by)?;
        d.set_item("first_player", &self.first_player)?;
        d.set_item("line", &self.line)?;
        d.set_item("material", &self.material)?;
        d.set_item("plies", self.plies)?;
        d.set_item("result", &self.result)?;
        d.set_item("sfen", &self.sfen)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "ProbeResult(result='{}', by={}, plies={}, best={}, line={})",
            self.result,
            py_opt(&self.by),
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
    first: Color,
    rules: RuleSet,
    line: bool,
) -> Result<ProbeAnswer, TablebaseError> {
    let missing =
        || TablebaseError::MissingTable { material: Material::of(pos), dir: tables.dir().to_path_buf() };
    if line {
        return tables.answer(pos, first, rules)?.ok_or_else(missing);
    }
    let probe = tables.exact_probe(pos, first, rules)?.ok_or_else(missing)?;
    Ok(ProbeAnswer { position: pos.clone(), probe, line: Vec::new() })
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
        let (first, rules) = (parse_color(first_player)?, parse_rules(rules)?);
        let answer =
            py.allow_threads(|| probe_one(&self.0, &pos, first, rules, line)).map_err(|e| table_error(&e))?;
        PyProbeResult::from_answer(&answer)
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
        let (first, rules) = (parse_color(first_player)?, parse_rules(rules)?);
        let positions = sfens.iter().map(|s| parse_sfen(s)).collect::<PyResult<Vec<_>>>()?;
        let answers = py
            .allow_threads(|| {
                positions
                    .par_iter()
                    .map(|p| probe_one(&self.0, p, first, rules, line))
                    .collect::<Result<Vec<_>, _>>()
            })
            .map_err(|e| table_error(&e))?;
        answers.iter().map(PyProbeResult::from_answer).collect()
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
