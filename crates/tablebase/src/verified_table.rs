//! A table file that passed verification, with what the checks counted.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::error::TablebaseError;
use crate::material_table::MaterialTable;
use crate::progress::Progress;
use crate::verify::VerifyReport;
use crate::verify_repetition::RepetitionReport;

/// A table file whose checksums and values passed verification.
#[derive(Clone, Debug)]
pub struct VerifiedTable {
    /// The file.
    pub path: PathBuf,
    /// What the check of the values counted.
    pub report: VerifyReport,
    /// What the check of the repetition values counted (`None` for a mate-only table).
    pub repetition: Option<RepetitionReport>,
    /// Time taken.
    pub time: Duration,
}

impl VerifiedTable {
    /// Verifies `table`, the file at `path`: its checksums, then every value against the rules
    /// (see [`MaterialTable::verify`]).
    pub fn check(
        path: &Path,
        table: &MaterialTable,
        progress: &(dyn Fn(Progress<'_>) + Sync),
    ) -> Result<VerifiedTable, TablebaseError> {
        let start = Instant::now();
        let (report, repetition) = table.verify(Some(progress))?;
        Ok(VerifiedTable { path: path.to_path_buf(), report, repetition, time: start.elapsed() })
    }
}
