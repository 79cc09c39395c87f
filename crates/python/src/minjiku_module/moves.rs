//! `Move`: a Minjiku move with its coordinate notation.

use minjiku::{Move, Position};
use pyo3::prelude::*;

/// A move in the rules crate's coordinate notation (`h2a9+`, `c7c7xd7`, `b10b4*a3*c3`). The
/// burnt squares depend on the position, so a `Move` keeps the text written in the position it
/// was made for.
#[pyclass(name = "Move", module = "minishogi.minjiku", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMove {
    /// The move.
    pub m: Move,
    /// Its notation in the position it belongs to.
    coord: String,
}

impl PyMove {
    /// `m`, a legal move of `pos`, with its notation there.
    pub fn new(pos: &Position, m: Move) -> PyMove {
        PyMove { m, coord: pos.move_to_coord(m) }
    }

    /// The moves of `line` played from `pos`, each written in the position before it.
    pub fn line(pos: &Position, line: &[Move]) -> Vec<PyMove> {
        let mut at = pos.clone();
        line.iter()
            .map(|&m| {
                let written = PyMove::new(&at, m);
                at.play(m);
                written
            })
            .collect()
    }
}

#[pymethods]
impl PyMove {
    /// The move in coordinate notation, burnt squares included.
    #[getter]
    pub fn coord(&self) -> &str {
        &self.coord
    }

    /// The square the piece leaves (or stays on, for a rifle capture), e.g. `"h2"`.
    #[getter(from_square)]
    fn origin(&self) -> String {
        self.m.from().to_string()
    }

    /// The square the piece ends on (the from square, for a rifle capture).
    #[getter(to_square)]
    fn destination(&self) -> String {
        self.m.to().to_string()
    }

    /// Whether the moving piece promotes.
    #[getter]
    fn promotion(&self) -> bool {
        self.m.is_promotion()
    }

    /// The square of the piece a rifle capture removes, else `None`.
    #[getter]
    fn rifle_victim(&self) -> Option<String> {
        self.m.rifle_victim().map(|sq| sq.to_string())
    }

    /// The squares of the enemy pieces a Fire Dragon's move burns, in index order.
    #[getter]
    fn burned(&self) -> Vec<String> {
        self.coord.split('*').skip(1).map(str::to_string).collect()
    }

    fn __str__(&self) -> &str {
        &self.coord
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.coord)
    }
}
