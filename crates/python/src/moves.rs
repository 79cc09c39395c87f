//! `Move`: a move in USI notation.

use crate::convert::value_error;
use minishogi::Move;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;

/// One shared `Move` object per move (the packed form has 11 bits), so that `legal_moves()` and
/// `pop()` hand out references instead of allocating an object per move.
static INTERNED: GILOnceCell<Vec<Option<Py<PyMove>>>> = GILOnceCell::new();

/// The shared Python object of `m`.
pub fn move_object(py: Python<'_>, m: Move) -> PyResult<Py<PyMove>> {
    let table = INTERNED.get_or_try_init(py, || {
        (0..1u16 << 11)
            .map(|bits| Move::from_u16(bits).map(|m| Py::new(py, PyMove(m))).transpose())
            .collect::<PyResult<Vec<_>>>()
    })?;
    match &table[usize::from(m.to_u16())] {
        Some(object) => Ok(object.clone_ref(py)),
        None => Py::new(py, PyMove(m)),
    }
}

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
