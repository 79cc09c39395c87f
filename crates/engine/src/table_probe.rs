//! The endgame tables of `minishogi-tablebase` as an [`EndgameOracle`] for the search.

use crate::oracle::{EndgameOracle, TbValue};
use minishogi::{Color, Move, Position, RuleSet};
use minishogi_tablebase::{By, Material, Query, Tablebase, TablebaseError, Verdict, Wdl};
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

/// The search's view of a table verdict (`None` for a verdict that cannot occur).
fn tb_value(verdict: Verdict) -> Option<TbValue> {
    Some(match (verdict.result, verdict.by, verdict.plies) {
        (Wdl::Win, Some(By::Mate), Some(d)) => TbValue::Win(u32::from(d)),
        (Wdl::Loss, Some(By::Mate), Some(d)) => TbValue::Loss(u32::from(d)),
        (Wdl::Win, Some(By::Repetition | By::PerpetualCheck), _) => TbValue::RepetitionWin,
        (Wdl::Loss, Some(By::Repetition | By::PerpetualCheck), _) => TbValue::RepetitionLoss,
        (Wdl::Draw, Some(By::PerpetualCheck), _) => TbValue::PerpetualCheckDraw,
        (Wdl::Draw, None, _) => TbValue::Draw,
        _ => return None,
    })
}

impl EndgameOracle for TablebaseOracle {
    fn probe(&self, pos: &Position, first_player: Color, rules: RuleSet) -> Option<TbValue> {
        if self.available.is_empty() {
            return None;
        }
        // Quick reject on the piece count before computing the material.
        let pieces =
            pos.occupied().count() - 2 + Color::ALL.iter().map(|&c| pos.hand(c).total()).sum::<u32>();
        if pieces > self.max_pieces {
            return None;
        }
        let material = Material::of(pos);
        if !self.available.contains(&material) {
            return None;
        }
        // A table that cannot be read is treated as absent: search on rather than trust it.
        let query = Query::new(first_player, rules).verdict_only();
        tb_value(self.tables.probe(pos, query).ok()??.verdict)
    }

    fn best_move(&self, pos: &Position, first_player: Color, rules: RuleSet) -> Option<Move> {
        if !self.available.contains(&Material::of(pos)) {
            return None;
        }
        self.tables.probe(pos, Query::new(first_player, rules)).ok()??.best
    }
}
