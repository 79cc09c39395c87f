//! The Python module `minishogi._minishogi` (re-exported by the package `minishogi`): thin
//! bindings over the `minishogi` rules, the `minishogi-tablebase` prober and the
//! `minishogi-mate` solver, with KIF/CSA records by `minishogi-arena`'s writers and an SVG
//! board. Nothing is implemented twice: every method calls the library, and errors carry the
//! library's messages as Python exceptions. Long calls release the GIL.

mod convert;
mod legal_cache;
mod mate;
mod moves;
mod position;
mod records;
mod svg;
mod tablebase;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _minishogi(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<position::PyPosition>()?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<position::PyOutcome>()?;
    m.add_class::<tablebase::PyTablebase>()?;
    m.add_class::<tablebase::PyProbeResult>()?;
    m.add_class::<mate::PyMateResult>()?;
    m.add_function(wrap_pyfunction!(mate::mate, m)?)?;
    m.add("STARTPOS_SFEN", minishogi::STARTPOS_SFEN)?;
    let handicaps = pyo3::types::PyDict::new(m.py());
    for h in minishogi::Handicap::all() {
        handicaps.set_item(h.name(), h.sfen())?;
    }
    m.add("HANDICAPS", handicaps)?;
    Ok(())
}
