//! The Python module `minishogi._minishogi` (re-exported by the package `minishogi`): thin
//! bindings over the `minishogi` rules, the `minishogi-tablebase` prober and the
//! `minishogi-mate` solver. Nothing is implemented twice: every method calls the library, and
//! errors carry the library's messages as Python exceptions. Long calls release the GIL.

use minishogi::{Color, EndReason, Game, Move, MoveList, Position, RuleSet};
use minishogi_mate::{Answer, Limits, Mode, Solver};
use minishogi_tablebase::{Material, ProbeAnswer, Tablebase, TablebaseError};
use pyo3::exceptions::{PyFileNotFoundError, PyIndexError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::fmt::Display;
use std::time::Duration;

/// Nodes searched by `mate` when neither `nodes` nor `time_ms` is given (as the CLI's `mate`).
const DEFAULT_MATE_NODES: u64 = 1_000_000;

/// `x` as Python prints it: the value, or `None`.
fn py_opt(x: &Option<impl std::fmt::Debug>) -> String {
    x.as_ref().map_or("None".to_string(), |v| format!("{v:?}").replace('"', "'"))
}

/// A list of strings as Python prints it.
fn py_list(xs: &[String]) -> String {
    format!("[{}]", xs.iter().map(|x| format!("'{x}'")).collect::<Vec<_>>().join(", "))
}

fn value_error(e: impl Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn parse_color(name: &str) -> PyResult<Color> {
    name.parse::<Color>().map_err(value_error)
}

fn parse_rules(name: &str) -> PyResult<RuleSet> {
    name.parse::<RuleSet>().map_err(value_error)
}

/// A table error as a Python exception, with the command that fixes a missing table (the text
/// the CLI prints).
fn table_error(e: &TablebaseError) -> PyErr {
    match e {
        TablebaseError::MissingTable { material, dir } => PyFileNotFoundError::new_err(format!(
            "{e}: run 'minishogi tb gen {material} --dir {}'",
            dir.display()
        )),
        TablebaseError::File(_) => PyOSError::new_err(e.to_string()),
        _ => value_error(e),
    }
}

/// The position of an argument that is a `Position` or an SFEN string, and its SFEN as given.
fn position_arg(obj: &Bound<'_, PyAny>) -> PyResult<(Position, String)> {
    if let Ok(p) = obj.downcast::<PyPosition>() {
        let pos = p.borrow().game.position().clone();
        let sfen = pos.to_sfen();
        return Ok((pos, sfen));
    }
    let sfen: String = obj.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err("expected a Position or an SFEN string")
    })?;
    let pos = Position::from_sfen(&sfen).map_err(|e| value_error(format!("bad SFEN '{sfen}': {e}")))?;
    Ok((pos, sfen))
}

/// A move in USI notation (`1e1b`, `2e3d+`, `G*1b`).
#[pyclass(name = "Move", module = "minishogi", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMove(Move);

#[pymethods]
impl PyMove {
    /// Parses a USI move (not checked against any position).
    #[new]
    fn new(usi: &str) -> PyResult<PyMove> {
        Move::parse_usi(usi).map(PyMove).ok_or_else(|| value_error(format!("bad USI move '{usi}'")))
    }

    /// The move in USI notation.
    #[getter]
    fn usi(&self) -> String {
        self.0.to_string()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.0)
    }
}

/// How a game ended: the winner (`"sente"`, `"gote"` or `None` for a draw) and the reason.
#[pyclass(name = "Outcome", module = "minishogi", frozen, get_all, eq)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyOutcome {
    /// `"sente"`, `"gote"`, or `None` for a draw.
    winner: Option<&'static str>,
    /// `"checkmate"`, `"no_legal_moves"`, `"repetition"`, `"perpetual_check"` or `"move_limit"`.
    reason: &'static str,
}

#[pymethods]
impl PyOutcome {
    fn __repr__(&self) -> String {
        let winner = self.winner.map_or("None".to_string(), |w| format!("'{w}'"));
        format!("Outcome(winner={winner}, reason='{}')", self.reason)
    }
}

fn reason_name(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Checkmate => "checkmate",
        EndReason::NoLegalMove => "no_legal_moves",
        EndReason::Repetition => "repetition",
        EndReason::PerpetualCheck => "perpetual_check",
        EndReason::MoveLimit => "move_limit",
    }
}

/// A position with the moves that led to it (a `minishogi::Game`), so that `result()` knows the
/// repetition rule and `pop()` can take moves back.
#[pyclass(name = "Position", module = "minishogi")]
#[derive(Clone)]
pub struct PyPosition {
    game: Game,
}

#[pymethods]
impl PyPosition {
    /// The start position, or `sfen` when given. `first_player` is who moved first in the game
    /// (`"sente"` in an even game, `"gote"` in a handicap game; by default the side to move of the
    /// start); `rules` is `"standard"` or `"draw300"`.
    #[new]
    #[pyo3(signature = (sfen=None, first_player=None, rules="standard"))]
    fn new(sfen: Option<&str>, first_player: Option<&str>, rules: &str) -> PyResult<PyPosition> {
        let start = match sfen {
            None => Position::startpos(),
            Some(s) => Position::from_sfen(s).map_err(|e| value_error(format!("bad SFEN '{s}': {e}")))?,
        };
        let first_player = match first_player {
            Some(name) => parse_color(name)?,
            None => start.side_to_move(),
        };
        Ok(PyPosition { game: Game::with_first_player(start, parse_rules(rules)?, first_player) })
    }

    /// The start position of Minishogi.
    #[staticmethod]
    fn startpos() -> PyPosition {
        PyPosition { game: Game::new(Position::startpos(), RuleSet::Standard) }
    }

    /// The position of an SFEN; a bad SFEN raises `ValueError` saying what is wrong.
    #[staticmethod]
    #[pyo3(signature = (sfen, first_player=None, rules="standard"))]
    fn from_sfen(sfen: &str, first_player: Option<&str>, rules: &str) -> PyResult<PyPosition> {
        PyPosition::new(Some(sfen), first_player, rules)
    }

    /// The current position as SFEN.
    fn sfen(&self) -> String {
        self.game.position().to_sfen()
    }

    /// `"sente"` or `"gote"`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        self.game.position().side_to_move().name()
    }

    /// The moves played since the start, oldest first.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        self.game.moves().iter().map(|&m| PyMove(m)).collect()
    }

    /// The legal moves, in generation order.
    fn legal_moves(&self) -> Vec<PyMove> {
        let mut list = MoveList::new();
        self.game.position().legal_moves(&mut list);
        list.as_slice().iter().map(|&m| PyMove(m)).collect()
    }

    /// Plays a move (a USI string or a `Move`); an illegal move, or any move after the game
    /// ended, raises `ValueError`.
    fn push(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(m) = mv.downcast::<PyMove>() {
            return self.game.play(m.get().0).map_err(value_error);
        }
        let usi: String = mv.extract()?;
        self.game.play_usi(&usi).map(|_| ()).map_err(value_error)
    }

    /// Takes the last move back and returns it; `IndexError` at the start.
    fn pop(&mut self) -> PyResult<PyMove> {
        self.game.undo().map(PyMove).ok_or_else(|| PyIndexError::new_err("pop from the start position"))
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.game.position().in_check()
    }

    /// How the game has ended (mate, no legal move, repetition, perpetual check, or the move
    /// limit under `draw300`), or `None` while it goes on.
    fn result(&self) -> Option<PyOutcome> {
        self.game.outcome().map(|o| PyOutcome { winner: o.winner.map(Color::name), reason: reason_name(o.reason) })
    }

    /// The number of leaf positions `depth` plies down (the GIL is released meanwhile;
    /// `parallel=True` uses every core).
    #[pyo3(signature = (depth, parallel=false))]
    fn perft(&self, py: Python<'_>, depth: u32, parallel: bool) -> u64 {
        let mut pos = self.game.position().clone();
        py.allow_threads(move || match parallel {
            true => minishogi::perft_parallel(&pos, depth),
            false => minishogi::perft(&mut pos, depth),
        })
    }

    /// A copy (with its history).
    fn copy(&self) -> PyPosition {
        self.clone()
    }

    /// The board as text.
    fn __str__(&self) -> String {
        self.game.position().diagram()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.sfen())
    }
}

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

fn probe_one(tables: &Tablebase, pos: &Position, first: Color, rules: RuleSet) -> Result<ProbeAnswer, TablebaseError> {
    tables.answer(pos, first, rules)?.ok_or_else(|| TablebaseError::MissingTable {
        material: Material::of(pos).name(),
        dir: tables.dir().to_path_buf(),
    })
}

#[pymethods]
impl PyTablebase {
    /// Opens the table directory `dir`.
    #[new]
    fn new(dir: std::path::PathBuf) -> PyResult<PyTablebase> {
        Tablebase::open(&dir).map(PyTablebase).map_err(|e| table_error(&e))
    }

    /// The exact verdict of a position (a `Position` or an SFEN) in a game that `first_player`
    /// began; a missing table raises `FileNotFoundError` naming the `tb gen` command.
    #[pyo3(signature = (pos, first_player="sente", rules="standard"))]
    fn probe(&self, py: Python<'_>, pos: &Bound<'_, PyAny>, first_player: &str, rules: &str) -> PyResult<PyProbeResult> {
        let (pos, _) = position_arg(pos)?;
        let (first, rules) = (parse_color(first_player)?, parse_rules(rules)?);
        let answer = py.allow_threads(|| probe_one(&self.0, &pos, first, rules)).map_err(|e| table_error(&e))?;
        PyProbeResult::from_answer(&answer)
    }

    /// `probe` of each SFEN, with the GIL released for the whole batch.
    #[pyo3(signature = (sfens, first_player="sente", rules="standard"))]
    fn probe_many(&self, py: Python<'_>, sfens: Vec<String>, first_player: &str, rules: &str) -> PyResult<Vec<PyProbeResult>> {
        let (first, rules) = (parse_color(first_player)?, parse_rules(rules)?);
        let positions = sfens
            .iter()
            .map(|s| Position::from_sfen(s).map_err(|e| value_error(format!("bad SFEN '{s}': {e}"))))
            .collect::<PyResult<Vec<_>>>()?;
        let answers = py
            .allow_threads(|| positions.iter().map(|p| probe_one(&self.0, p, first, rules)).collect::<Result<Vec<_>, _>>())
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
        format!("MateResult(result='{}', plies={}, line={})", self.result, py_opt(&self.plies), py_list(&self.line))
    }
}

/// Proves a mate or its absence with the df-pn solver: tsume (every attacking move a check) by
/// default, or with `any_move=True` any forced mate of at most `max_plies`. The budget is
/// `nodes` and `time_ms` (1,000,000 nodes when neither is given). The GIL is released.
#[pyfunction]
#[pyo3(signature = (pos, nodes=None, time_ms=None, any_move=false, max_plies=None))]
fn mate(
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

/// The native module.
#[pymodule]
fn _minishogi(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPosition>()?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyOutcome>()?;
    m.add_class::<PyTablebase>()?;
    m.add_class::<PyProbeResult>()?;
    m.add_class::<PyMateResult>()?;
    m.add_function(wrap_pyfunction!(mate, m)?)?;
    m.add("STARTPOS_SFEN", minishogi::STARTPOS_SFEN)?;
    Ok(())
}
