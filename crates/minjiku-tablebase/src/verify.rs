//! The forward verifier: every stored value re-derived from the rules crate's legal moves and the
//! values of the positions they lead to (in the table itself, or in the smaller tables for
//! captures, burns and promotions), independently of the generator's un-moves and counters.

use crate::error::MinjikuTbError;
use crate::file::{open, table_path};
use crate::index::Indexer;
use crate::material::Material;
use crate::moves::{backed_up, best_of, better};
use crate::retro::with_moves;
use crate::tables::{Tables, Values};
use minishogi_tablebase::{with_threads, Progress, Value};
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Slots per task.
const CHUNK: u64 = 1 << 14;

/// A verified table.
#[derive(Clone, Debug)]
pub struct VerifyReport {
    /// The set.
    pub material: Material,
    /// Slots checked.
    pub slots: u64,
    /// Slots holding legal positions.
    pub legal: u64,
}

/// Why verification failed.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// A table could not be read.
    #[error(transparent)]
    Table(#[from] MinjikuTbError),
    /// A stored value differs from what the moves give (the first such slot).
    #[error("{material}: slot {slot} ({fen}) stores {stored:?}, its moves give {expected:?}")]
    Mismatch {
        /// The set.
        material: String,
        /// The slot.
        slot: u64,
        /// Its position, or `illegal` for a slot without one.
        fen: String,
        /// The stored value.
        stored: Value,
        /// The value the moves give.
        expected: Value,
    },
}

/// Verifies the table file `path`; the tables of the sets its moves lead to are read from the
/// same directory. Deterministic: the first mismatch in slot order is reported, whatever the
/// thread count.
pub fn verify(
    path: &Path,
    threads: Option<usize>,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> Result<VerifyReport, VerifyError> {
    let (material, table) = open(path)?;
    let values = table.values().map_err(MinjikuTbError::from)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut tables = Tables::new();
    for next in material.successors() {
        let (_, t) = open(&table_path(dir, &next))?;
        tables.insert(next, Values::Memory(Arc::new(t.values().map_err(MinjikuTbError::from)?)));
    }
    with_threads(threads, || verify_values(&material, &values, &tables, progress))
        .map_err(|e| MinjikuTbError::Threads { threads: e.threads, message: e.message })?
}

/// Verifies `values` as the table of canonical `material`, with `smaller` holding every set one
/// move away.
pub fn verify_values(
    material: &Material,
    values: &[u8],
    smaller: &Tables,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> Result<VerifyReport, VerifyError> {
    let indexer = Indexer::new(material);
    let size = indexer.size();
    if values.len() as u64 != size {
        return Err(MinjikuTbError::WrongTable {
            path: material.name().into(),
            detail: format!("{} values for {size} slots", values.len()),
        }
        .into());
    }
    let done = AtomicU64::new(0);
    let results: Vec<Result<u64, VerifyError>> = (0..size.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let (start, end) = (c * CHUNK, ((c + 1) * CHUNK).min(size));
            let mut legal = 0;
            for slot in start..end {
                let stored = Value::from_byte(values[slot as usize]);
                let expected = match indexer.decode(slot) {
                    None => Value::ILLEGAL,
                    Some(pos) => {
                        legal += 1;
                        // A child the index encodes has this set's material (a capture, burn or
                        // promotion changes it, and `encode` refuses other material).
                        with_moves(&pos, |moves| -> Result<Value, VerifyError> {
                            let mut best: Option<Value> = None;
                            for &m in moves.iter() {
                                let child = pos.after(m);
                                let v = match indexer.encode(&child) {
                                    Some(s) => Value::from_byte(values[s as usize]),
                                    None => smaller.value(&child)?.unwrap_or(Value::ILLEGAL),
                                };
                                let v = backed_up(v);
                                if best.is_none_or(|b| better(v, b)) {
                                    best = Some(v);
                                }
                            }
                            Ok(best_of(best))
                        })?
                    }
                };
                if stored != expected {
                    let fen = indexer.decode(slot).map_or("illegal".to_string(), |p| p.to_fen());
                    return Err(VerifyError::Mismatch {
                        material: material.name(),
                        slot,
                        fen,
                        stored,
                        expected,
                    });
                }
            }
            let d = done.fetch_add(end - start, Ordering::Relaxed) + end - start;
            if let Some(report) = progress {
                report(Progress { phase: "verify", done: d, total: size });
            }
            Ok(legal)
        })
        .collect();
    let mut legal = 0;
    for r in results {
        legal += r?;
    }
    Ok(VerifyReport { material: material.clone(), slots: size, legal })
}
