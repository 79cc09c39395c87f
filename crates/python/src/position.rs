//! `Position` (a game: the position with the moves that led to it) and `Outcome`.

use crate::convert::{parse_color, parse_line, parse_rules, parse_sfen, value_error};
use crate::legal_cache::LegalCache;
use crate::moves::{move_object, PyMove};
use crate::records::game_record;
use crate::svg::board_svg;
use minishogi::game::EndReason;
use minishogi::{Color, Game, Handicap, Move, Position, RuleSet};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;

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
    legal: LegalCache,
}

impl PyPosition {
    /// A `Position` over `game`.
    pub fn of_game(game: Game) -> PyPosition {
        PyPosition { game, legal: LegalCache::default() }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The game: the start, the moves and the rules.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

#[pymethods]
impl PyPosition {
    /// The start position, or `sfen` when given, followed by the moves played from it if it has
    /// any (`"startpos moves 5d5c 1b1c"`: the game keeps them, for `moves` and the repetition
    /// rule). `first_player` is who moved first in the game (`"sente"` in an even game, `"gote"`
    /// in a handicap game; by default the side to move of the start); `rules` is `"standard"` or
    /// `"draw300"`.
    #[new]
    #[pyo3(signature = (sfen=None, first_player=None, rules="standard"))]
    fn new(sfen: Option<&str>, first_player: Option<&str>, rules: &str) -> PyResult<PyPosition> {
        let (start, moves) = match sfen {
            None => (Position::startpos(), Vec::new()),
            Some(s) => {
                let line = parse_line(s)?;
                (line.start, line.moves)
            }
        };
        let first_player = match first_player {
            Some(name) => parse_color(name)?,
            None => start.side_to_move(),
        };
        let mut game = Game::with_first_player(start, parse_rules(rules)?, first_player);
        for (i, m) in moves.into_iter().enumerate() {
            game.play_legal(m).map_err(|e| value_error(format!("move {}: {e}", i + 1)))?;
        }
        Ok(PyPosition::of_game(game))
    }

    /// The start position of Minishogi.
    #[staticmethod]
    fn startpos() -> PyPosition {
        PyPosition::of_game(Game::new(Position::startpos(), RuleSet::Standard))
    }

    /// A handicap start (`bishop`, `rook`, `two-piece`, `three-piece`, `four-piece`,
    /// `naked-king`; see `HANDICAPS`), gote to move and gote the game's first player (the
    /// handicap giver, who loses a plain repetition). An unknown name raises `ValueError`.
    #[staticmethod]
    #[pyo3(signature = (name, rules="standard"))]
    fn handicap(name: &str, rules: &str) -> PyResult<PyPosition> {
        let handicap: Handicap = name.parse().map_err(value_error)?;
        Ok(PyPosition::of_game(handicap.game(parse_rules(rules)?)))
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
    fn moves(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        self.game.moves().iter().map(|&m| move_object(py, m)).collect()
    }

    /// The legal moves, in generation order.
    fn legal_moves(&mut self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        self.legal
            .moves(self.game.position(), self.game.moves().len())
            .iter()
            .map(|&m| move_object(py, m))
            .collect()
    }

    /// Plays a move (a USI string or a `Move`); an illegal move, or any move after the game
    /// ended, raises `ValueError`.
    fn push(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(m) = mv.downcast::<PyMove>() {
            let m = m.get().0;
            // A move of the last `legal_moves()` list needs no second move generation.
            let played = match self.legal.knows_legal(self.game.moves().len(), m) {
                Some(true) => self.game.play_legal(m),
                _ => self.game.play(m),
            };
            return played.map_err(value_error);
        }
        let usi: String = mv.extract()?;
        self.game.play_usi(&usi).map(|_| ()).map_err(value_error)
    }

    /// Takes the last move back and returns it; `IndexError` at the start.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        let m = self.game.undo().ok_or_else(|| PyIndexError::new_err("pop from the start position"))?;
        self.legal.popped_to(self.game.moves().len());
        move_object(py, m)
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.game.position().in_check()
    }

    /// How the game has ended (mate, no legal move, repetition, perpetual check, or the move
    /// limit under `draw300`), or `None` while it goes on.
    fn result(&self) -> Option<PyOutcome> {
        self.game
            .outcome()
            .map(|o| PyOutcome { winner: o.winner.map(Color::name), reason: reason_name(o.reason) })
    }

    /// The number of leaf positions `depth` plies down (the GIL is released meanwhile;
    /// `parallel=True` uses every core).
    #[pyo3(signature = (depth, parallel=false))]
    fn perft(&self, py: Python<'_>, depth: u32, parallel: bool) -> u64 {
        let mut pos = self.game.position().clone();
        py.allow_threads(move || match parallel {
            true => minishogi::perft::perft_parallel(&pos, depth),
            false => minishogi::perft::perft(&mut pos, depth),
        })
    }

    /// The game from its start through its moves as a KIF record (UTF-8 text), with the result
    /// if it has ended; `times` gives the seconds each move took (default: all zero).
    #[pyo3(signature = (sente="sente", gote="gote", times=None))]
    fn kif(&self, sente: &str, gote: &str, times: Option<Vec<f64>>) -> PyResult<String> {
        Ok(minishogi_arena::records::record_kif(&game_record(&self.game, sente, gote, times)?))
    }

    /// The game as a CSA (version 2.2) record, as `kif` does.
    #[pyo3(signature = (sente="sente", gote="gote", times=None))]
    fn csa(&self, sente: &str, gote: &str, times: Option<Vec<f64>>) -> PyResult<String> {
        Ok(minishogi_arena::records::record_csa(&game_record(&self.game, sente, gote, times)?))
    }

    /// The board as an SVG document. It shades the last move played, or `move` (a `Move` or USI
    /// string) when given; `highlight=False` shades nothing.
    #[pyo3(signature = (highlight=true, r#move=None))]
    fn svg(&self, highlight: bool, r#move: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let shaded = match (highlight, r#move) {
            (false, _) => None,
            (true, Some(obj)) => Some(move_arg(obj)?),
            (true, None) => self.game.moves().last().copied(),
        };
        Ok(board_svg(self.game.position(), shaded))
    }

    /// The SVG that notebooks (Jupyter, IPython) display.
    fn _repr_svg_(&self) -> String {
        board_svg(self.game.position(), self.game.moves().last().copied())
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

/// A move given as a `Move` or a USI string (not checked against any position).
fn move_arg(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = obj.downcast::<PyMove>() {
        return Ok(m.get().0);
    }
    let usi: String = obj
        .extract()
        .map_err(|_| pyo3::exceptions::PyTypeError::new_err("expected a Move or a USI string"))?;
    Move::parse_usi(&usi).ok_or_else(|| value_error(format!("bad USI move '{usi}'")))
}

/// The position of an argument that is a `Position` or an SFEN string, and its SFEN as given.
pub fn position_arg(obj: &Bound<'_, PyAny>) -> PyResult<(Position, String)> {
    if let Ok(p) = obj.downcast::<PyPosition>() {
        let pos = p.borrow().position().clone();
        let sfen = pos.to_sfen();
        return Ok((pos, sfen));
    }
    let sfen: String = obj
        .extract()
        .map_err(|_| pyo3::exceptions::PyTypeError::new_err("expected a Position or an SFEN string"))?;
    let pos = parse_sfen(&sfen)?;
    Ok((pos, sfen))
}
