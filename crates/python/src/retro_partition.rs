//! `TablePartition` and `build_table_from_values`: one king-pair partition of a table's
//! mate-only analysis, stepped round by round with messages and states as bytes (for a driver
//! holding the partitions in other processes, `minishogi.distributed.tables`), and the file
//! written from the gathered values, byte for byte `minishogi tb gen`'s.

use std::path::PathBuf;
use std::time::Duration;

use crate::convert::{table_error, value_error};
use minishogi_retro::partitioned::{PartitionError, Partitioning};
use minishogi_retro::{with_threads, GenerateStats, WriteOptions};
use minishogi_tablebase::build::{build_table_from_values as build_from_values, MateOnly};
use minishogi_tablebase::partitioned::{king_pair_bounds, king_pair_partitioning, TablePartition};
use minishogi_tablebase::{Material, TablebaseError};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyBytes, PyDict};

/// A partition error as a Python exception: the analysis itself failing is a `RuntimeError`, bad
/// input (partitioning, messages, states, steps out of order) a `ValueError`.
fn partition_error(e: PartitionError) -> PyErr {
    match e {
        PartitionError::Generate(_) => PyRuntimeError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

fn parse_material(name: &str) -> PyResult<Material> {
    Material::parse(name).map_err(|e| value_error(format!("bad material set '{name}': {e}")))
}

/// How the king pairs are split: a number of partitions, or their bounds in king pairs.
#[derive(FromPyObject)]
enum Parts {
    Count(usize),
    Bounds(Vec<u64>),
}

impl Parts {
    fn partitioning(&self, material: &Material) -> Result<Partitioning, PartitionError> {
        match self {
            Parts::Count(n) => king_pair_partitioning(material, *n),
            Parts::Bounds(pairs) => king_pair_bounds(material, pairs),
        }
    }
}

/// One partition of a table's mate-only analysis (runs of whole king pairs). A round at `level`
/// is `expand(level)` on every partition, the messages delivered to their destinations, then
/// `apply(level, messages)` on every partition; the analysis ends after a round in which no
/// partition expanded a slot, and `finish()` gives the partition's value bytes. The heavy calls
/// release the GIL.
#[pyclass(name = "TablePartition", module = "minishogi")]
pub struct PyTablePartition {
    inner: TablePartition,
    expanded: u64,
    sent: Vec<(u32, u64)>,
    seeds_ahead: bool,
}

impl PyTablePartition {
    fn wrap(inner: TablePartition) -> PyTablePartition {
        PyTablePartition { inner, expanded: 0, sent: Vec::new(), seeds_ahead: false }
    }
}

#[pymethods]
impl PyTablePartition {
    /// Partition `index` of `material`'s table split into `partitions` (a count, or king-pair
    /// bounds `[0, …, 234]`), after the initial pass, on `threads` threads (default: all).
    #[new]
    #[pyo3(signature = (material, partitions, index, threads=None))]
    fn new(
        py: Python<'_>,
        material: &str,
        partitions: Parts,
        index: usize,
        threads: Option<usize>,
    ) -> PyResult<PyTablePartition> {
        let material = parse_material(material)?;
        let partitioning = partitions.partitioning(&material).map_err(partition_error)?;
        let inner = py
            .allow_threads(|| TablePartition::new(&material, &partitioning, index, threads))
            .map_err(partition_error)?;
        Ok(PyTablePartition::wrap(inner))
    }

    /// The slot bounds (`partitions + 1` of them) of `material`'s table split into `partitions`
    /// (a count or king-pair bounds), without generating anything: a check of the arguments.
    #[staticmethod]
    fn bounds(material: &str, partitions: Parts) -> PyResult<Vec<u64>> {
        let material = parse_material(material)?;
        Ok(partitions.partitioning(&material).map_err(partition_error)?.bounds().to_vec())
    }

    /// A partition of `material` restored from `to_bytes()` (checked: checksum, set, sizes).
    #[staticmethod]
    #[pyo3(signature = (material, state, threads=None))]
    fn from_bytes(
        py: Python<'_>,
        material: &str,
        state: PyBackedBytes,
        threads: Option<usize>,
    ) -> PyResult<PyTablePartition> {
        let material = parse_material(material)?;
        let inner = py
            .allow_threads(|| TablePartition::from_bytes(&material, &state, threads))
            .map_err(partition_error)?;
        Ok(PyTablePartition::wrap(inner))
    }

    /// The round at `level`, first step: `[(destination, message bytes)]`, at most one message
    /// per destination partition (this one included), none to a partition with nothing to get.
    fn expand(&mut self, py: Python<'_>, level: u32) -> PyResult<Vec<(u32, Py<PyBytes>)>> {
        let inner = &mut self.inner;
        let out = py.allow_threads(|| inner.expand(level)).map_err(partition_error)?;
        self.expanded = out.expanded;
        self.sent = out.messages.iter().map(|(to, slots, _)| (*to, *slots)).collect();
        Ok(out.messages.into_iter().map(|(to, _, bytes)| (to, PyBytes::new(py, &bytes).unbind())).collect())
    }

    /// The round at `level`, second step: applies the messages addressed to this partition (in
    /// any order) and returns the slots newly resolved.
    fn apply(&mut self, py: Python<'_>, level: u32, messages: Vec<PyBackedBytes>) -> PyResult<u64> {
        let inner = &mut self.inner;
        let applied = py
            .allow_threads(|| {
                let slices: Vec<&[u8]> = messages.iter().map(|m| &m[..]).collect();
                inner.apply(level, &slices)
            })
            .map_err(partition_error)?;
        self.seeds_ahead = applied.seeds_ahead;
        Ok(applied.resolved)
    }

    /// The state between rounds (checksummed bytes), for `TablePartition.from_bytes`.
    fn to_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let inner = &self.inner;
        let state = py.allow_threads(|| inner.to_bytes()).map_err(partition_error)?;
        Ok(PyBytes::new(py, &state))
    }

    /// The value bytes of the partition's slots, once a round expanded nothing anywhere; the
    /// partition is then spent.
    fn finish<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let inner = &mut self.inner;
        let values = py.allow_threads(|| inner.finish()).map_err(partition_error)?;
        Ok(PyBytes::new(py, &values))
    }

    /// Slots at the level of the last `expand`.
    #[getter]
    fn expanded(&self) -> u64 {
        self.expanded
    }

    /// `{destination: slots listed}` of the last `expand`'s messages.
    #[getter]
    fn sent_slots(&self) -> std::collections::BTreeMap<u32, u64> {
        self.sent.iter().copied().collect()
    }

    /// True when moves leaving the set still resolve slots later (never for Minishogi: the
    /// analysis may not stop while any partition says so).
    #[getter]
    fn seeds_ahead(&self) -> bool {
        self.seeds_ahead
    }

    /// The partition's number, its first slot and its number of slots; `None` once finished.
    #[getter]
    fn span(&self) -> Option<(usize, u64, u64)> {
        self.inner.partition().map(|p| (p.index(), p.start(), p.len()))
    }

    /// The level `expand` waits for (`None` between expand and apply, after an error or finish).
    #[getter]
    fn next_level(&self) -> Option<u32> {
        self.inner.partition().and_then(|p| p.next_level())
    }

    /// Unresolved positions whose counters moved to the side table (0 unless mates outgrow the
    /// work byte, as in RRP).
    #[getter]
    fn side_table(&self) -> u64 {
        self.inner.partition().map_or(0, |p| p.side_table())
    }

    /// The set's name.
    #[getter]
    fn material(&self) -> String {
        self.inner.material().name()
    }

    fn __repr__(&self) -> String {
        match self.span() {
            Some((p, start, len)) => {
                format!("TablePartition('{}', {p}, slots {start}+{len})", self.material())
            }
            None => format!("TablePartition('{}', finished)", self.material()),
        }
    }
}

/// The values: one bytes object, or the partitions' value bytes in partition order.
#[derive(FromPyObject)]
pub enum Values {
    One(PyBackedBytes),
    Parts(Vec<PyBackedBytes>),
}

/// Writes the table of `material` into `dir` from its mate-only value bytes (the partitions'
/// `finish()` in order, or one bytes object) and the analysis's `longest` mate and `passes`
/// (rounds): the repetition analysis, compression at zstd `level` and the atomic write, on
/// `threads` threads. The file is the one `minishogi tb gen` writes. Returns a dict of the path,
/// bytes, legal positions and draws. The GIL is released.
#[pyfunction]
#[pyo3(signature = (material, values, dir, longest, passes, side_table=0, level=None, threads=None))]
#[allow(clippy::too_many_arguments)]
pub fn build_table_from_values<'py>(
    py: Python<'py>,
    material: &str,
    values: Values,
    dir: PathBuf,
    longest: u16,
    passes: u32,
    side_table: u64,
    level: Option<i32>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let material = parse_material(material)?;
    let level = level.unwrap_or(WriteOptions::default().level);
    let summary = py
        .allow_threads(|| {
            let values = match &values {
                Values::One(b) => b.to_vec(),
                Values::Parts(parts) => {
                    let mut all = Vec::with_capacity(parts.iter().map(|p| p.len()).sum());
                    parts.iter().for_each(|p| all.extend_from_slice(p));
                    all
                }
            };
            let stats = GenerateStats { longest, passes, side_table };
            let mate = MateOnly { values, stats, time: Duration::ZERO };
            with_threads(threads, || build_from_values(&material, mate, &dir, level, &|_| {}))
                .map_err(|e| TablebaseError::Generate(e.into()))?
        })
        .map_err(|e| table_error(&e))?;
    let d = PyDict::new(py);
    d.set_item("path", summary.written.path.clone())?;
    d.set_item("file_bytes", summary.written.file_bytes)?;
    d.set_item("legal_positions", summary.written.legal_positions)?;
    d.set_item("draws", summary.draws)?;
    Ok(d)
}
