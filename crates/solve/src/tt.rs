//! What the game solver's transposition table holds, for reports. The table itself is the
//! engine's (`minishogi_mate::dfpn::TranspositionTable`), kept under the game solver's policy:
//! a fixed number of bytes (the memory limit), garbage collection as it fills up.

use crate::search::SolveTable;

/// What the table holds, for reports.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Bytes held by the table.
    pub bytes: usize,
    /// Slots in use.
    pub used: usize,
    /// Garbage collections run.
    pub collections: u32,
    /// Entries freed by them.
    pub freed: u64,
}

impl TableStats {
    /// What `tt` holds now.
    pub(crate) fn of(tt: &SolveTable) -> TableStats {
        TableStats { bytes: tt.bytes(), used: tt.used(), collections: tt.collections(), freed: tt.freed() }
    }
}
