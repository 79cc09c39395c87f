//! The forward verifier: every stored value re-derived from the rules crate's legal moves and the
//! values of the positions they lead to (in the table itself, or in the smaller tables for
//! captures, burns and promotions), independently of the generator's un-moves and counters.

use crate::error::MinjikuTbError;
use crate::file::{open, table_path};
use crate::index::Indexer;
use crate::material::Material;
use crate::retro::with_moves;
use crate::tables::{Tables, Values};
use minishogi_retro::{verify_values as verify_slots, Child, Progress, Value, VerifyFailure, VerifyRules};
use minjiku::Position;
use std::path::Path;
use std::sync::Arc;

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
        material: Material,
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
    check(&material, &values, &tables, threads, progress)
}

/// Verifies `values` as the table of canonical `material` on the current thread pool, with
/// `smaller` holding every set one move away.
pub fn verify_values(
    material: &Material,
    values: &[u8],
    smaller: &Tables,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> Result<VerifyReport, VerifyError> {
    check(material, values, smaller, None, progress)
}

/// Minjiku's rules as the verifier asks them, over one set's index.
struct MinjikuVerify<'a> {
    indexer: Indexer,
    smaller: &'a Tables,
}

impl VerifyRules for MinjikuVerify<'_> {
    type Pos = Position;
    type Scratch = ();
    type Error = MinjikuTbError;

    fn size(&self) -> u64 {
        self.indexer.size()
    }

    fn scratch(&self) {}

    fn positions(&self, start: u64, end: u64, f: &mut dyn FnMut(u64, Option<Position>)) {
        (start..end).for_each(|slot| f(slot, self.indexer.decode(slot)));
    }

    fn children(&self, pos: &Position, _: &mut (), children: &mut Vec<Child>) -> Result<(), MinjikuTbError> {
        with_moves(pos, false, |moves| {
            for &m in moves.iter() {
                let child = pos.after(m);
                // A child the index encodes has this set's material (a capture, burn or promotion
                // changes it, and `encode` refuses other material).
                children.push(match self.indexer.encode(&child) {
                    Some(s) => Child::Slot(s),
                    None => Child::Outside(self.smaller.value(&child)?.unwrap_or(Value::ILLEGAL)),
                });
            }
            Ok(())
        })
    }

    fn describe(&self, pos: &Position) -> String {
        pos.to_fen()
    }

    fn describe_move(&self, pos: &Position, _: &(), i: usize) -> String {
        with_moves(pos, false, |moves| {
            moves.iter().nth(i).map_or_else(|| format!("{i}"), |&m| pos.move_to_coord(m))
        })
    }
}

/// Verifies `values` as the table of `material` on `threads` workers.
fn check(
    material: &Material,
    values: &[u8],
    smaller: &Tables,
    threads: Option<usize>,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> Result<VerifyReport, VerifyError> {
    let rules = MinjikuVerify { indexer: Indexer::new(material), smaller };
    match verify_slots(&rules, values, threads, progress) {
        Ok(report) => {
            Ok(VerifyReport { material: material.clone(), slots: report.slots, legal: report.positions })
        }
        Err(VerifyFailure::WrongLength { slots, values }) => {
            Err(MinjikuTbError::WrongLength { material: material.clone(), values, slots }.into())
        }
        Err(VerifyFailure::Mismatch(m)) => Err(VerifyError::Mismatch {
            material: material.clone(),
            slot: m.slot,
            fen: m.position.unwrap_or_else(|| "illegal".into()),
            stored: m.stored,
            expected: m.expected,
        }),
        Err(VerifyFailure::Rules(e)) => Err(e.into()),
        Err(VerifyFailure::Threads(e)) => Err(MinjikuTbError::Threads(e).into()),
    }
}
