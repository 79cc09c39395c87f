//! The Python module `minishogi._minishogi` (re-exported by the package `minishogi`): thin
//! bindings over the `minishogi` rules, the `minishogi-tablebase` prober and partitioned generator, the `minishogi-mate`
//! solver, the `minishogi-solve` game solver split into subproblems, the `minishogi-engine` search and network inputs, the `minishogi-selfplay` harness
//! and datasets (as numpy arrays), with KIF/CSA records by `minishogi-arena`'s writers and an
//! SVG board; and Minjiku Shogi's rules, tables and engine in the submodule `minjiku`
//! (`minjiku_*` crates). Nothing is implemented twice: every method calls the library, and errors carry the
//! library's messages as Python exceptions. Long calls release the GIL.

mod convert;
mod dataset;
mod engine;
mod features;
mod legal_cache;
mod mate;
mod merge;
mod minjiku_module;
mod moves;
mod position;
mod records;
mod retro_partition;
mod selfplay;
mod solve;
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
    m.add_class::<tablebase::PyWdl>()?;
    m.add_class::<tablebase::PyBy>()?;
    m.add_class::<mate::PyMateResult>()?;
    m.add_function(wrap_pyfunction!(mate::mate, m)?)?;
    m.add("STARTPOS_SFEN", minishogi::position::STARTPOS_SFEN)?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<engine::PySearchResult>()?;
    m.add_function(wrap_pyfunction!(features::features, m)?)?;
    m.add_function(wrap_pyfunction!(features::features_batch, m)?)?;
    m.add_function(wrap_pyfunction!(features::policy_index, m)?)?;
    m.add_function(wrap_pyfunction!(features::policy_move, m)?)?;
    m.add("PLANES", features::PLANES)?;
    m.add("POLICY_SIZE", features::POLICY_SIZE)?;
    m.add("FEATURES", minishogi_engine::nnue::FEATURES)?;
    m.add("MAX_ACTIVE", minishogi_engine::nnue::MAX_ACTIVE)?;
    m.add_class::<dataset::PyDataset>()?;
    m.add_class::<dataset::PyBatches>()?;
    m.add_function(wrap_pyfunction!(selfplay::selfplay, m)?)?;
    m.add_function(wrap_pyfunction!(merge::merge_datasets, m)?)?;
    m.add_class::<retro_partition::PyTablePartition>()?;
    m.add_function(wrap_pyfunction!(retro_partition::build_table_from_values, m)?)?;
    m.add_class::<solve::PySolveSplit>()?;
    m.add_function(wrap_pyfunction!(solve::solve_subproblem, m)?)?;
    let handicaps = pyo3::types::PyDict::new(m.py());
    for h in minishogi::Handicap::all() {
        handicaps.set_item(h.name(), h.sfen())?;
    }
    m.add("HANDICAPS", handicaps)?;
    minjiku_module::register(m)?;
    Ok(())
}
