//! `mate` and `MateResult`: the df-pn mate solver.

use crate::convert::{py_list, py_opt, value_error};
use crate::position::position_arg;
use minishogi_mate::{Answer, Limits, Mode, Solver};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::time::Duration;

/// Nodes searched by `mate` when neither `nodes` nor `time_ms` is given (as the CLI's `mate`).
const DEFAULT_MATE_NODES: u64 = 1_000_000;
/// What the mate solver proved, as `minishogi mate --json` prints it.
#[pyclass(name = "MateResult", module = "minishogi", frozen, get_all)]
pub struct PyMateResult {
    /// `"mate"`, `"nomate"` or `"unknown"` (the budget ran out).
    result: &'static str,
    /// The length of the mate in plies (`None` unless `"mate"`).
    plies: Option<u32>,
    /// The mating line in USI.
    line: Vec<String>,
    /// Whether the mate is proved shortest (`None` unless `"mate"`).
    shortest: Option<bool>,
    /// Nodes searched.
    nodes: u64,
    /// Wall time in milliseconds.
    time_ms: u64,
    /// The position as given.
    sfen: String,
}

#[pymethods]
impl PyMateResult {
    /// The keys and values of `minishogi mate --json`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("line", &self.line)?;
        d.set_item("nodes", self.nodes)?;
        d.set_item("plies", self.plies)?;
        d.set_item("result", self.result)?;
        d.set_item("sfen", &self.sfen)?;
        d.set_item("shortest", self.shortest)?;
        d.set_item("time_ms", self.time_ms)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "MateResult(result='{}', plies={}, line={})",
            self.result,
            py_opt(&self.plies),
            py_list(&self.line)
        )
    }
}

/// Proves a mate or its absence with the df-pn solver: tsume (every attacking move a check) by
/// default, or with `any_move=True` any forced mate of at most `max_plies`. The budget is
/// `nodes` and `time_ms` (1,000,000 nodes when neither is given). The GIL is released.
#[pyfunction]
#[pyo3(signature = (pos, nodes=None, time_ms=None, any_move=false, max_plies=None))]
pub fn mate(
    py: Python<'_>,
    pos: &Bound<'_, PyAny>,
    nodes: Option<u64>,
    time_ms: Option<u64>,
    any_move: bool,
    max_plies: Option<u32>,
) -> PyResult<PyMateResult> {
    let (pos, sfen) = position_arg(pos)?;
    let mode = match (any_move, max_plies) {
        (false, None) => Mode::Tsume,
        (true, Some(max_plies)) => Mode::AnyMove { max_plies },
        (true, None) => return Err(value_error("any_move=True needs max_plies")),
        (false, Some(_)) => return Err(value_error("max_plies needs any_move=True")),
    };
    let limits = Limits {
        nodes: nodes.or(time_ms.is_none().then_some(DEFAULT_MATE_NODES)),
        time: time_ms.map(Duration::from_millis),
        stop: None,
    };
    let a: Answer = py.allow_threads(|| Answer::new(&sfen, &Solver::default().solve(&pos, mode, &limits)));
    Ok(PyMateResult {
        result: a.result,
        plies: a.plies,
        line: a.line,
        shortest: a.shortest,
        nodes: a.nodes,
        time_ms: a.time_ms,
        sfen: a.sfen,
    })
}
