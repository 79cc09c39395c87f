//! Every legal position a table stores, with its value, in slot order: what a check from
//! outside reads (`minishogi minjiku tb dump`, `tools/jocly_tables.cjs`).

use crate::error::{MinjikuTbError, WrongTableProblem};
use crate::file::{open, table_path};
use crate::index::Indexer;
use crate::material::Material;
use crate::tables::turned;
use minishogi_retro::Value;
use minjiku::Position;
use std::path::Path;

/// The legal positions of one set's table and their values (side to move), in slot order.
pub struct Entries {
    indexer: Indexer,
    values: Vec<u8>,
    /// The set was named with the colours the other way round from the table's.
    turn: bool,
    slot: u64,
}

/// Reads the table of `material` from `dir` (the canonical set's file; a set named the other way
/// round, `KvKQ`, gives the positions turned by 180° with the colours swapped).
pub fn entries(dir: &Path, material: &Material) -> Result<Entries, MinjikuTbError> {
    let (canonical, turn) = material.canonical();
    let path = table_path(dir, &canonical);
    let (stored, table) = open(&path)?;
    if stored != canonical {
        return Err(MinjikuTbError::WrongTable { path, problem: WrongTableProblem::OtherSet(stored) });
    }
    let values = table.values()?;
    Ok(Entries { indexer: Indexer::new(&canonical), values, turn, slot: 0 })
}

impl Iterator for Entries {
    type Item = (Position, Value);

    fn next(&mut self) -> Option<(Position, Value)> {
        while self.slot < self.indexer.size() {
            let slot = self.slot;
            self.slot += 1;
            let value = Value::from_byte(self.values[slot as usize]);
            if !value.is_legal() {
                continue;
            }
            let Some(pos) = self.indexer.decode(slot) else { continue };
            return Some((if self.turn { turned(&pos) } else { pos }, value));
        }
        None
    }
}
