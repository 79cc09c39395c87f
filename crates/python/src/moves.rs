//! `Move`: a move in USI notation.

use crate::convert::value_error;
use minishogi::Move;
use pyo3::prelude::*;

/// A move in USI notation (`1e1b`, `2e3d+`, `G*1b`).
#[pyclass(name = "Move", module = "minishogi", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMove(pub Move);

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
