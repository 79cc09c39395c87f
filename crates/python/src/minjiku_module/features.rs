//! Inputs for learning: the engine's feature vector of a position (what its linear evaluation
//! multiplies by the weights, `minjiku_engine::features::feature_vector`) as numpy arrays, and
//! the weights' names in the same order.

use super::position::position_arg;
use crate::features::array;
use minjiku_engine::features::feature_vector;
use minjiku_engine::Weights;
use numpy::PyArrayDyn;
use pyo3::prelude::*;

/// Features of one position, = the number of weights.
pub const FEATURES: usize = Weights::COUNT;

/// The name of every weight, in feature order (`material.Pawn`, `rank.Queen.4`, …, `tempo`,
/// `in_check`).
#[pyfunction]
pub fn weight_names() -> Vec<String> {
    Weights::names()
}

/// The features of `pos` (a `Position` or a FEN) from the side to move: `(FEATURES,)` float32,
/// each term counted for the side to move minus the opponent (`tempo` and `in_check` for the
/// side to move only), so that `Engine.evaluate(pos) == weights @ features(pos)`.
#[pyfunction]
pub fn features<'py>(py: Python<'py>, pos: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
    let pos = position_arg(pos)?;
    let values = py.allow_threads(|| feature_vector(&pos));
    array(py, vec![FEATURES], values)
}

/// `features` of many positions (`Position`s or FENs) as `(N, FEATURES)` float32, built with the
/// GIL released.
#[pyfunction]
pub fn features_batch<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
    let positions = positions.try_iter()?.map(|p| position_arg(&p?)).collect::<PyResult<Vec<_>>>()?;
    let values = py.allow_threads(|| {
        let mut values = Vec::with_capacity(positions.len() * FEATURES);
        positions.iter().for_each(|p| values.extend(feature_vector(p)));
        values
    });
    array(py, vec![positions.len(), FEATURES], values)
}
