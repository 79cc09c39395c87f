//! `SolveSplit` and `solve_subproblem`: the game solver split into independent subproblems (for
//! `minishogi.distributed.solve`), with results as plain dicts that a driver can cache as JSON.
//!
//! A result is `{"sfen", "attacker", "outcome": "win" | "no-win" | "open", "plies", "shortest",
//! "no_win_within", "nodes", "time_ms", "certificate"}` (the certificate's text for a win).

use crate::convert::{parse_color, parse_sfen, value_error};
use crate::position::position_arg;
use minishogi::{Color, Position};
use minishogi_solve::split::{solve_subproblem as solve_one, Outcome, Solved, Split};
use minishogi_solve::{position_key, Certificate, Limits, Solver};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::time::{Duration, Instant};

/// Nodes of a subproblem when neither `nodes` nor `time_ms` is given (as `minishogi solve`).
const DEFAULT_NODES: u64 = 10_000_000;

fn outcome_name(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Win { .. } => "win",
        Outcome::NoWin => "no-win",
        Outcome::Open { .. } => "open",
    }
}

/// `outcome`, `plies`, `shortest` and `no_win_within` of an outcome, into `d`.
fn put_outcome(d: &Bound<'_, PyDict>, outcome: &Outcome) -> PyResult<()> {
    d.set_item("outcome", outcome_name(outcome))?;
    let (plies, shortest, within) = match *outcome {
        Outcome::Win { plies, shortest } => (Some(plies), Some(shortest), None),
        Outcome::NoWin => (None, None, None),
        Outcome::Open { no_win_within } => (None, None, no_win_within),
    };
    d.set_item("plies", plies)?;
    d.set_item("shortest", shortest)?;
    d.set_item("no_win_within", within)
}

/// Solves one subproblem: whether `attacker` (`"sente"` or `"gote"`) wins from `pos` by force,
/// with the game solver of `minishogi solve` (both sides' wins searched) within `nodes` and
/// `time_ms` (10,000,000 nodes when neither is given) and a table of `memory_mb` MB. Returns the
/// result dict, with the certificate's text for a win. The GIL is released.
#[pyfunction]
// The table's default size is `minishogi solve`'s (written out so that the signature shows it).
#[pyo3(signature = (pos, attacker, nodes=None, time_ms=None, memory_mb=256))]
pub fn solve_subproblem<'py>(
    py: Python<'py>,
    pos: &Bound<'py, PyAny>,
    attacker: &str,
    nodes: Option<u64>,
    time_ms: Option<u64>,
    memory_mb: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let (pos, _) = position_arg(pos)?;
    let color = parse_color(attacker)?;
    if memory_mb == 0 {
        return Err(value_error("memory_mb must be at least 1"));
    }
    let limits = Limits {
        nodes: nodes.or(time_ms.is_none().then_some(DEFAULT_NODES)),
        time: time_ms.map(Duration::from_millis),
        stop: None,
    };
    let start = Instant::now();
    let solved = py
        .allow_threads(|| solve_one(&mut Solver::new(memory_mb), &pos, color, &limits))
        .map_err(value_error)?;
    let text = match &solved.certificate {
        Some(c) => {
            let mut out = Vec::new();
            c.write(&mut out).map_err(value_error)?;
            Some(String::from_utf8(out).map_err(value_error)?)
        }
        None => None,
    };
    let d = PyDict::new(py);
    d.set_item("sfen", position_key(&pos))?;
    d.set_item("attacker", color.name())?;
    put_outcome(&d, &solved.outcome)?;
    d.set_item("nodes", solved.nodes)?;
    d.set_item("time_ms", start.elapsed().as_millis() as u64)?;
    d.set_item("certificate", text)?;
    Ok(d)
}

/// The tree of the first `plies` plies from `pos` for a win of `attacker` (`"sente"` or
/// `"gote"`), whose frontier positions (`subproblems`) are solved apart, by
/// `solve_subproblem`, and whose results `combine` makes into the root's answer and
/// `certificate` into the root's certificate.
#[pyclass(name = "SolveSplit", module = "minishogi", frozen)]
pub struct PySolveSplit {
    split: Split,
}

impl PySolveSplit {
    /// The outcomes of `results` (a list with one dict or `None` per subproblem), each checked
    /// to be of its subproblem; with `certificates`, the certificates of wins too.
    fn read_results(&self, results: &Bound<'_, PyList>, certificates: bool) -> PyResult<Vec<Option<Solved>>> {
        let subproblems = self.split.subproblems();
        if results.len() != subproblems.len() {
            return Err(value_error(format!(
                "{} subproblem results expected, {} given",
                subproblems.len(),
                results.len()
            )));
        }
        let mut out = Vec::with_capacity(subproblems.len());
        for (i, item) in results.iter().enumerate() {
            if item.is_none() {
                out.push(None);
                continue;
            }
            let d = item
                .downcast::<PyDict>()
                .map_err(|_| value_error(format!("result {i}: expected a dict or None")))?;
            out.push(Some(read_result(d, i, &subproblems[i], self.split.attacker(), certificates)?));
        }
        Ok(out)
    }
}

/// The field `key` of result `i`, `None` when missing or `None`.
fn field<'py, T: FromPyObject<'py>>(d: &Bound<'py, PyDict>, i: usize, key: &str) -> PyResult<Option<T>> {
    match d.get_item(key)? {
        Some(v) if !v.is_none() => {
            v.extract().map(Some).map_err(|e| value_error(format!("result {i}: bad {key}: {e}")))
        }
        _ => Ok(None),
    }
}

fn read_result(
    d: &Bound<'_, PyDict>,
    i: usize,
    pos: &Position,
    attacker: Color,
    certificates: bool,
) -> PyResult<Solved> {
    let key = position_key(pos);
    if let Some(sfen) = field::<String>(d, i, "sfen")? {
        if position_key(&parse_sfen(&sfen)?) != key {
            return Err(value_error(format!("result {i} is of {sfen}, not of the subproblem {key}")));
        }
    }
    if let Some(side) = field::<String>(d, i, "attacker")? {
        if parse_color(&side)? != attacker {
            return Err(value_error(format!(
                "result {i} is for a win of {side}, not of {}",
                attacker.name()
            )));
        }
    }
    let name: String =
        field(d, i, "outcome")?.ok_or_else(|| value_error(format!("result {i} has no outcome")))?;
    let outcome = match name.as_str() {
        "win" => Outcome::Win {
            plies: field(d, i, "plies")?
                .ok_or_else(|| value_error(format!("result {i}: a win without plies")))?,
            shortest: field(d, i, "shortest")?.unwrap_or(false),
        },
        "no-win" => Outcome::NoWin,
        "open" => Outcome::Open { no_win_within: field(d, i, "no_win_within")? },
        other => {
            return Err(value_error(format!("result {i}: outcome {other:?} is not win, no-win or open")))
        }
    };
    let certificate = match (certificates, field::<String>(d, i, "certificate")?) {
        (true, Some(text)) => Some(
            Certificate::read(text.as_bytes())
                .map_err(|e| value_error(format!("result {i}: bad certificate: {e}")))?,
        ),
        _ => None,
    };
    let nodes = field(d, i, "nodes")?.unwrap_or(0);
    Ok(Solved { outcome, certificate, nodes })
}

#[pymethods]
impl PySolveSplit {
    /// The split of `pos` (a Position or an SFEN) for a win of `attacker` at `plies` plies.
    #[new]
    fn new(py: Python<'_>, pos: &Bound<'_, PyAny>, attacker: &str, plies: u32) -> PyResult<PySolveSplit> {
        let (pos, _) = position_arg(pos)?;
        let color = parse_color(attacker)?;
        let split = py.allow_threads(|| Split::new(&pos, color, plies)).map_err(value_error)?;
        Ok(PySolveSplit { split })
    }

    /// The root's SFEN.
    #[getter]
    fn root(&self) -> String {
        self.split.root().to_sfen()
    }

    /// The side whose win is split: `"sente"` or `"gote"`.
    #[getter]
    fn attacker(&self) -> &'static str {
        self.split.attacker().name()
    }

    /// The plies from the root to the frontier.
    #[getter]
    fn plies(&self) -> u32 {
        self.split.plies()
    }

    /// The nodes of the tree, frontier included.
    #[getter]
    fn tree_nodes(&self) -> usize {
        self.split.tree_nodes()
    }

    /// The nodes where a position of their own path came back (no win there).
    #[getter]
    fn repetitions(&self) -> usize {
        self.split.repetitions()
    }

    /// The frontier's positions (SFENs), each once: the subproblems.
    #[getter]
    fn subproblems(&self) -> Vec<String> {
        self.split.subproblems().iter().map(Position::to_sfen).collect()
    }

    /// The root's answer from `results` (one result dict or `None` per subproblem):
    /// `{"outcome", "plies", "shortest", "no_win_within", "open", "shorter"}`, where `open` lists
    /// the unsettled subproblems that could still change it, in the order to solve them, and
    /// `shorter`, once it is proved but not shown shortest, those not shown shortest (not yet
    /// proved, or proved without a bound below their win) that could still shorten it or show
    /// it shortest.
    fn combine<'py>(&self, py: Python<'py>, results: &Bound<'py, PyList>) -> PyResult<Bound<'py, PyDict>> {
        let solved = self.read_results(results, false)?;
        let combined = self.split.combine(&solved);
        let d = PyDict::new(py);
        put_outcome(&d, &combined.outcome)?;
        d.set_item("open", combined.open)?;
        d.set_item("shorter", combined.shorter)?;
        Ok(d)
    }

    /// The root's certificate assembled from `results` (every win the proof uses with its
    /// certificate) and checked: `{"value", "plies", "lines"}`, and the text as `"text"`, or
    /// written to `path` (zstd-compressed when it ends in `.zst`). A `ValueError` when the
    /// results do not prove the root or a certificate is bad. The GIL is released.
    #[pyo3(signature = (results, path=None))]
    fn certificate<'py>(
        &self,
        py: Python<'py>,
        results: &Bound<'py, PyList>,
        path: Option<std::path::PathBuf>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let solved = self.read_results(results, true)?;
        let certificate = py.allow_threads(|| self.split.certificate(&solved)).map_err(value_error)?;
        let d = PyDict::new(py);
        d.set_item("value", certificate.value.to_string())?;
        d.set_item("plies", certificate.plies)?;
        d.set_item("lines", certificate.lines.len())?;
        match path {
            Some(path) => py.allow_threads(|| certificate.save(&path)).map_err(value_error)?,
            None => {
                let mut out = Vec::new();
                certificate.write(&mut out).map_err(value_error)?;
                d.set_item("text", String::from_utf8(out).map_err(value_error)?)?;
            }
        }
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "SolveSplit(root='{}', attacker='{}', plies={}, subproblems={})",
            self.split.root().to_sfen(),
            self.split.attacker().name(),
            self.split.plies(),
            self.split.subproblems().len()
        )
    }
}
