//! A collection of tables, in memory or memory-mapped files, that answers the value of any
//! position whose set it holds (turning it round and mirroring it as the index needs).

use crate::error::MinjikuTbError;
use crate::index::Indexer;
use crate::material::Material;
use minishogi_retro::{Table, Value};
use minjiku::{Piece, Position, Square};
use std::collections::HashMap;
use std::sync::Arc;

/// Where a table's values are.
pub enum Values {
    /// Generated in this process: one byte per slot.
    Memory(Arc<Vec<u8>>),
    /// An open table file.
    File(Box<Table>),
}

/// The tables known, by canonical set.
#[derive(Default)]
pub struct Tables {
    tables: HashMap<Material, (Indexer, Values)>,
}

/// `pos` turned by 180° with the colours swapped (the same game seen from the other side).
pub fn turned(pos: &Position) -> Position {
    let turn = |sq: Square| Square::new(9 - sq.file(), 11 - sq.rank()).unwrap_or(sq);
    let pieces = pos.pieces().map(|(sq, p)| (turn(sq), Piece::new(!p.color, p.kind)));
    match Position::from_pieces(pieces, !pos.side_to_move()) {
        Ok(p) => p,
        Err(e) => unreachable!("the turned position of a legal one is legal: {e}"),
    }
}

impl Tables {
    /// No tables.
    pub fn new() -> Tables {
        Tables::default()
    }

    /// Adds the values of canonical `material`.
    pub fn insert(&mut self, material: Material, values: Values) {
        self.tables.insert(material.clone(), (Indexer::new(&material), values));
    }

    /// Drops the values of the canonical sets `materials` (those not held are ignored).
    pub fn remove_all(&mut self, materials: &[Material]) {
        for material in materials {
            self.tables.remove(material);
        }
    }

    /// True when the canonical set `material` is held.
    pub fn contains(&self, material: &Material) -> bool {
        self.tables.contains_key(material)
    }

    /// The index and values of canonical `material`, if held.
    pub(crate) fn get(&self, material: &Material) -> Option<(&Indexer, &Values)> {
        self.tables.get(material).map(|(indexer, values)| (indexer, values))
    }

    /// The sets held, sorted by name.
    pub fn materials(&self) -> Vec<Material> {
        let mut out: Vec<Material> = self.tables.keys().cloned().collect();
        out.sort_by_key(Material::name);
        out
    }

    /// The table of `pos`'s set, the position as that table stores it, and its slot; `None`
    /// when a piece stands on an extra square.
    pub fn locate(&self, pos: &Position) -> Result<Option<(&Indexer, &Values, u64)>, MinjikuTbError> {
        let (material, swap) = Material::of(pos).canonical();
        let (indexer, values) =
            self.tables.get(&material).ok_or_else(|| MinjikuTbError::Missing(material.clone()))?;
        let slot = if swap { indexer.encode(&turned(pos)) } else { indexer.encode(pos) };
        Ok(slot.map(|s| (indexer, values, s)))
    }

    /// The value of `pos` (from its side to move), `None` when a piece stands on an extra square.
    pub fn value(&self, pos: &Position) -> Result<Option<Value>, MinjikuTbError> {
        let Some((_, values, slot)) = self.locate(pos)? else { return Ok(None) };
        Ok(Some(match values {
            Values::Memory(v) => Value::from_byte(v[slot as usize]),
            Values::File(t) => t.get(slot)?,
        }))
    }
}
