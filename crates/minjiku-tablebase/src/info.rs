//! What a table file says of itself, and a table's values summed by side.

use crate::error::MinjikuTbError;
use crate::file::open;
use crate::material::Material;
use minishogi_retro::ValueCounts;
use std::path::{Path, PathBuf};

/// What a table file says of itself.
#[derive(Clone, Debug)]
pub struct TableInfo {
    /// The file.
    pub path: PathBuf,
    /// The set.
    pub material: Material,
    /// Index slots.
    pub slots: u64,
    /// Wins, losses, draws, longest distances (from the header's counts).
    pub counts: ValueCounts,
    /// File size.
    pub file_bytes: u64,
}

/// Reads the header of the table file `path`.
pub fn info(path: &Path) -> Result<TableInfo, MinjikuTbError> {
    let (material, table) = open(path)?;
    Ok(TableInfo {
        path: path.to_path_buf(),
        material,
        slots: table.index_size(),
        counts: table.header().summary(),
        file_bytes: table.file_bytes(),
    })
}

/// What a table says of the first-named side (White in the table, the side with the pieces in
/// `K+X vs K`): its wins with it to move, and the opponent's losses with the opponent to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideSummary {
    /// Legal positions with White to move.
    pub white_to_move: u64,
    /// Of those, won by White.
    pub white_wins: u64,
    /// Legal positions with Black to move.
    pub black_to_move: u64,
    /// Of those, lost by Black.
    pub black_losses: u64,
    /// The longest win of White with White to move (plies), if any.
    pub longest_win: Option<u16>,
}

/// Sums `values` (a whole table, White to move in the first half of the slots) by side.
pub fn side_summary(values: &[u8]) -> SideSummary {
    let half = values.len() / 2;
    let mut s = SideSummary::default();
    for (slot, &byte) in values.iter().enumerate() {
        let v = minishogi_retro::Value::from_byte(byte);
        if !v.is_legal() {
            continue;
        }
        if slot < half {
            s.white_to_move += 1;
            if v.is_win() {
                s.white_wins += 1;
                s.longest_win = s.longest_win.max(v.dtm());
            }
        } else {
            s.black_to_move += 1;
            s.black_losses += u64::from(v.is_loss());
        }
    }
    s
}
