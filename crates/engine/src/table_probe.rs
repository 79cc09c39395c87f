//! The endgame tables of `minishogi-tablebase` as an [`EndgameOracle`] for the search.

use crate::oracle::{EndgameOracle, TbValue};
use minishogi::Position;
use minishogi_tablebase::{Material, Tablebase, TablebaseError};
use std::collections::HashSet;
use std::path::Path;

/// Tables found in a directory, probed by the search.
///
/// The set of material sets with a file is read once when opening, so a probe for material
/// without a table costs a hash lookup and no lock or file access.
pub struct TablebaseOracle {
    tables: Tablebase,
    available: HashSet<Material>,
    max_pieces: u32,
}

impl TablebaseOracle {
    /// Opens the tables in `dir`.
    pub fn open(dir: &Path) -> Result<TablebaseOracle, TablebaseError> {
        let tables = Tablebase::open(dir)?;
        let available: HashSet<Material> =
            Material::all_up_to(10).into_iter().filter(|m| tables.path_of(m).exists()).collect();
        let max_pieces = available.iter().map(Material::piece_count).max().unwrap_or(0);
        Ok(TablebaseOracle { tables, available, max_pieces })
    }

    /// Number of material sets with a table.
    pub fn table_count(&self) -> usize {
        self.available.len()
    }
}

impl EndgameOracle for TablebaseOracle {
    fn probe(&self, pos: &Position) -> Option<TbValue> {
        if self.available.is_empty() {
            return None;
        }
        // Quick reject on the piece count before computing the material.
        let pieces = pos.occupied().count() - 2
            + minishogi::Color::ALL.iter().map(|&c| pos.hand(c).total()).sum::<u32>();
        if pieces > self.max_pieces {
            return None;
        }
        if !self.available.contains(&Material::of(pos)) {
            return None;
        }
        // A table that cannot be read is treated as absent: search on rather than trust it.
        let value = self.tables.value(pos).ok()??;
        if value.is_draw() {
            Some(TbValue::Draw)
        } else if value.is_win() {
            value.dtm().map(|d| TbValue::Win(u32::from(d)))
        } else if value.is_loss() {
            value.dtm().map(|d| TbValue::Loss(u32::from(d)))
        } else {
            None
        }
    }
}
