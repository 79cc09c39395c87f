//! `Position` (a Minjiku game: the position with the moves that led to it) and `Outcome`.

use super::errors::{line_error, move_error, position_error, IllegalMoveError};
use super::moves::PyMove;
use minjiku::fen::{parse_piece, piece_symbol};
use minjiku::game::EndReason;
use minjiku::{Color, Game, Move, Position, PositionWithMoves, Square};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::collections::BTreeMap;

/// How a game ended: the winner (`"white"`, `"black"` or `None` for a draw) and the reason.
#[pyclass(name = "Outcome", module = "minishogi.minjiku", frozen, get_all, eq)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyOutcome {
    /// `"white"`, `"black"`, or `None` for a draw.
    winner: Option<&'static str>,
    /// `"checkmate"`, `"no_legal_moves"`, `"repetition"` or `"perpetual_check"`.
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
    }
}

/// A side named `"white"` or `"black"`.
fn parse_color(name: &str) -> PyResult<Color> {
    match name {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "side must be 'white' or 'black', got '{name}'"
        ))),
    }
}

/// A square named as in the notation (`a1` … `j10`, `e0`, `f0`, `e11`, `f11`).
fn parse_square(name: &str) -> PyResult<Square> {
    name.parse().map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("{e}")))
}

/// A Minjiku game: the position with the moves that led to it (a `minjiku::Game`), so that
/// `result()` applies the repetition rule and `pop()` takes moves back.
#[pyclass(name = "Position", module = "minishogi.minjiku")]
#[derive(Clone)]
pub struct PyPosition {
    game: Game,
}

impl PyPosition {
    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The legal move written `text`, or one that is illegal here as the exception.
    fn parse_move(&self, text: &str) -> PyResult<Move> {
        let pos = self.game.position();
        pos.parse_move(text).map_err(|e| move_error(e, &pos.to_fen()))
    }
}

/// The game of a FEN with the moves that may follow it (`startpos moves h2a9+`).
pub fn parse_game(text: &str) -> PyResult<Game> {
    let line = PositionWithMoves::parse(text).map_err(|e| line_error(text, e))?;
    let mut game = Game::new(line.start);
    for (i, m) in line.moves.into_iter().enumerate() {
        // Each move is legal; a move after the game ended (a fourth repetition) is not.
        let fen = game.position().to_fen();
        game.play(m).map_err(|e| {
            IllegalMoveError::new_err(format!("move {}: {e}: the game has ended ({fen})", i + 1))
        })?;
    }
    Ok(game)
}

/// The game of an argument that is a `Position` (with its history) or a FEN (a game that starts
/// there, after the moves that may follow it).
pub fn game_arg(obj: &Bound<'_, PyAny>) -> PyResult<Game> {
    if let Ok(p) = obj.downcast::<PyPosition>() {
        return Ok(p.borrow().game.clone());
    }
    let text: String =
        obj.extract().map_err(|_| PyTypeError::new_err("expected a minjiku.Position or a FEN string"))?;
    parse_game(&text)
}

/// The current position of an argument that is a `Position` or a FEN.
pub fn position_arg(obj: &Bound<'_, PyAny>) -> PyResult<Position> {
    if let Ok(p) = obj.downcast::<PyPosition>() {
        return Ok(p.borrow().position().clone());
    }
    Ok(game_arg(obj)?.position().clone())
}

#[pymethods]
impl PyPosition {
    /// The start position, or `fen` when given: a position in the crate's notation or
    /// `startpos`, followed by the moves played from it if it has any (`"startpos moves h2a9+
    /// e9e2"`: the game keeps them, for `moves`, `pop` and the repetition rule). A bad FEN raises
    /// `FenError`, a bad move `IllegalMoveError` naming it by its index.
    #[new]
    #[pyo3(signature = (fen=None))]
    fn new(fen: Option<&str>) -> PyResult<PyPosition> {
        let game = match fen {
            None => Game::new(Position::startpos()),
            Some(text) => parse_game(text)?,
        };
        Ok(PyPosition { game })
    }

    /// The start position.
    #[staticmethod]
    fn startpos() -> PyPosition {
        PyPosition { game: Game::new(Position::startpos()) }
    }

    /// The position of a FEN (as `Position(fen)`).
    #[staticmethod]
    fn from_fen(fen: &str) -> PyResult<PyPosition> {
        PyPosition::new(Some(fen))
    }

    /// The position with `pieces` (square → symbol, e.g. `{"e5": "K", "e7": "k", "d8": "+D"}`)
    /// and `side` to move; `FenError` if it is not legal (a King missing, too many pieces, the
    /// side not to move in check), `ValueError` for a bad square or symbol.
    #[staticmethod]
    #[pyo3(signature = (pieces, side="white"))]
    fn from_pieces(pieces: BTreeMap<String, String>, side: &str) -> PyResult<PyPosition> {
        let side = parse_color(side)?;
        let placed = pieces
            .iter()
            .map(|(sq, symbol)| {
                let piece = parse_piece(symbol).ok_or_else(|| {
                    pyo3::exceptions::PyValueError::new_err(format!("'{symbol}' is not a piece"))
                })?;
                Ok((parse_square(sq)?, piece))
            })
            .collect::<PyResult<Vec<_>>>()?;
        let pos = Position::from_pieces(placed, side).map_err(position_error)?;
        Ok(PyPosition { game: Game::new(pos) })
    }

    /// The current position in the crate's notation.
    fn fen(&self) -> String {
        self.game.position().to_fen()
    }

    /// The position the game started from, in the crate's notation.
    fn start_fen(&self) -> String {
        self.game.start().to_fen()
    }

    /// `"white"` or `"black"`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        self.game.position().side_to_move().name()
    }

    /// The moves played since the start, oldest first.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        PyMove::line(self.game.start(), self.game.moves())
    }

    /// The legal moves, in generation order.
    fn legal_moves(&self) -> Vec<PyMove> {
        let pos = self.game.position();
        pos.legal_move_list().iter().map(|&m| PyMove::new(pos, m)).collect()
    }

    /// Plays a move (coordinate notation or a `Move`); an illegal move, or any move after the
    /// game ended, raises `IllegalMoveError`.
    fn push(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = match mv.downcast::<PyMove>() {
            Ok(m) => m.get().m,
            Err(_) => {
                let text: String = mv
                    .extract()
                    .map_err(|_| PyTypeError::new_err("expected a minjiku.Move or a move string"))?;
                self.parse_move(&text)?
            }
        };
        let fen = self.game.position().to_fen();
        self.game.play(m).map_err(|e| match self.game.outcome() {
            Some(_) => IllegalMoveError::new_err(format!("{e}: the game has ended ({fen})")),
            None => move_error(e, &fen),
        })
    }

    /// Takes the last move back and returns it; `IndexError` at the start.
    fn pop(&mut self) -> PyResult<PyMove> {
        let m = self.game.undo().ok_or_else(|| PyIndexError::new_err("pop from the start position"))?;
        Ok(PyMove::new(self.game.position(), m))
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.game.position().is_check()
    }

    /// How the game has ended (mate, no legal move, repetition, perpetual check), or `None`
    /// while it goes on.
    fn result(&self) -> Option<PyOutcome> {
        self.game
            .outcome()
            .map(|o| PyOutcome { winner: o.winner.map(Color::name), reason: reason_name(o.reason) })
    }

    /// The number of leaf positions `depth` plies down (the GIL is released meanwhile;
    /// `parallel=True` spreads the root moves over every core).
    #[pyo3(signature = (depth, parallel=false))]
    fn perft(&self, py: Python<'_>, depth: u32, parallel: bool) -> u64 {
        let pos = self.game.position().clone();
        py.allow_threads(move || match parallel {
            true => minjiku::perft::perft_parallel(&pos, depth),
            false => minjiku::perft::perft(&pos, depth),
        })
    }

    /// The piece on `square` as its symbol (`"K"`, `"+d"`, `"L*"`), or `None` (an empty or a
    /// vanished square); `ValueError` for a name that is no square.
    fn piece_at(&self, square: &str) -> PyResult<Option<String>> {
        Ok(self.game.position().piece_at(parse_square(square)?).map(piece_symbol))
    }

    /// Every piece, square → symbol, in square index order (rank 0 first, file a first).
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (sq, p) in self.game.position().pieces() {
            d.set_item(sq.to_string(), piece_symbol(p))?;
        }
        Ok(d)
    }

    /// Whether `square` exists now: a board square, or an extra square still occupied.
    fn exists(&self, square: &str) -> PyResult<bool> {
        Ok(self.game.position().exists(parse_square(square)?))
    }

    /// The Zobrist hash of the board and side to move (what the repetition rule compares).
    #[getter]
    fn zobrist(&self) -> u64 {
        self.game.position().hash()
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
        format!("Position('{}')", self.fen())
    }
}
