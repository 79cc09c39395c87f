//! The submodule `minishogi._minishogi.minjiku`, which the package re-exports as
//! `minishogi.minjiku`: Minjiku Shogi's rules (`minjiku`), endgame tables (`minjiku-tablebase`),
//! engine and its features for learning (`minjiku-engine`), in the style of the Minishogi
//! bindings. The classes' module is `minishogi.minjiku`.

mod engine;
mod errors;
mod features;
mod moves;
mod position;
mod tablebase;

use pyo3::prelude::*;

/// Adds the submodule `minjiku` to `parent`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "minjiku")?;
    m.add_class::<position::PyPosition>()?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<position::PyOutcome>()?;
    m.add_class::<tablebase::PyTablebase>()?;
    m.add_class::<tablebase::PyProbeResult>()?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<engine::PySearchResult>()?;
    m.add_function(wrap_pyfunction!(features::features, &m)?)?;
    m.add_function(wrap_pyfunction!(features::features_batch, &m)?)?;
    m.add_function(wrap_pyfunction!(features::weight_names, &m)?)?;
    m.add("FEATURES", features::FEATURES)?;
    m.add("STARTPOS_FEN", minjiku::fen::STARTPOS_FEN)?;
    m.add("FenError", py.get_type::<errors::FenError>())?;
    m.add("IllegalMoveError", py.get_type::<errors::IllegalMoveError>())?;
    m.add("TableError", py.get_type::<errors::TableError>())?;
    parent.add_submodule(&m)
}
