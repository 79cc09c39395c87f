//! The tables of the sets that a set's exits (captures, burns, promotions) lead to, found from
//! the kinds on the board: the generator values every exit of every position, about 10⁸ look-ups
//! for a two-piece set, where [`Tables::value`] builds and hashes a [`Material`] each time.

use crate::index::Indexer;
use crate::material::{Material, MAX_PIECES};
use crate::tables::{Tables, Values};
use minishogi_retro::Value;
use minjiku::{Color, Kind, Position};

/// Each side's kinds besides the King, sorted, then `None`.
type Key = [[Option<Kind>; MAX_PIECES]; 2];

/// One set an exit may lead to, in one orientation.
struct Entry<'a> {
    key: Key,
    /// The position must be turned round to be looked up (its set is the table's swapped).
    turn: bool,
    indexer: &'a Indexer,
    values: &'a Values,
}

/// The tables of a set's successors ([`Material::successors`]) that `tables` holds.
pub(crate) struct ExitTables<'a> {
    entries: Vec<Entry<'a>>,
}

/// The key of a side's sorted kinds; `None` when there are more than [`MAX_PIECES`].
fn side_key(kinds: impl Iterator<Item = Kind>) -> Option<[Option<Kind>; MAX_PIECES]> {
    let mut out = [None; MAX_PIECES];
    let mut n = 0;
    for kind in kinds {
        *out.get_mut(n)? = Some(kind);
        n += 1;
    }
    out[..n].sort_unstable();
    Some(out)
}

fn material_key(material: &Material) -> Option<Key> {
    let side = |color| side_key(material.side(color).iter().copied());
    Some([side(Color::White)?, side(Color::Black)?])
}

impl<'a> ExitTables<'a> {
    /// The successors of `material` found in `tables`, both orientations of each.
    pub(crate) fn new(material: &Material, tables: &'a Tables) -> ExitTables<'a> {
        let mut entries = Vec::new();
        for next in material.successors() {
            let Some((indexer, values)) = tables.get(&next) else { continue };
            // A set equal to its swap is canonical: looked up as it is.
            for (set, turn) in [(next.clone(), false), (next.swapped(), true)] {
                if let Some(key) = material_key(&set).filter(|k| !entries.iter().any(|e: &Entry| e.key == *k))
                {
                    entries.push(Entry { key, turn, indexer, values });
                }
            }
        }
        ExitTables { entries }
    }

    /// The value of `pos` (from its side to move), `None` when its set is not among the
    /// successors held or its slot cannot be read.
    pub(crate) fn value(&self, pos: &Position) -> Option<Value> {
        let side = |color| {
            let occupied = pos.occupied(color);
            side_key(occupied.filter_map(|sq| pos.piece_at(sq)).map(|p| p.kind).filter(|&k| k != Kind::King))
        };
        let key = [side(Color::White)?, side(Color::Black)?];
        let entry = self.entries.iter().find(|e| e.key == key)?;
        let slot = if entry.turn { entry.indexer.encode_turned(pos)? } else { entry.indexer.encode(pos)? };
        match entry.values {
            Values::Memory(values) => values.get(usize::try_from(slot).ok()?).copied().map(Value::from_byte),
            Values::File(table) => table.get(slot).ok(),
        }
    }
}
