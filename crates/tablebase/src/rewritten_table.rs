//! A table file rewritten in this build's format.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::error::TablebaseError;
use crate::material_table::{MaterialTable, RewriteSummary};
use minishogi_retro::Progress;

/// A table file rewritten in this build's format.
#[derive(Clone, Debug)]
pub struct RewrittenTable {
    /// The file.
    pub path: PathBuf,
    /// The old and the new file.
    pub summary: RewriteSummary,
    /// Time taken.
    pub time: Duration,
}

impl RewrittenTable {
    /// Rewrites `table`, the file at `path`, at zstd `level` (see [`MaterialTable::rewrite`]).
    pub fn rewrite(
        path: &Path,
        table: MaterialTable,
        level: i32,
        progress: &(dyn Fn(Progress<'_>) + Sync),
    ) -> Result<RewrittenTable, TablebaseError> {
        let start = Instant::now();
        let summary = table.rewrite(level, progress)?;
        Ok(RewrittenTable { path: path.to_path_buf(), summary, time: start.elapsed() })
    }
}
