//! `tb rewrite`'s line for a file rewritten.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::units::human_bytes;
use crate::error::TablebaseError;
use crate::material_table::{MaterialTable, RewriteSummary};
use minishogi_retro::Progress;
use minishogi_retro::FORMAT_VERSION;

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

/// `path: format version 1 -> 3, 10.2 KiB -> 8.1 KiB (8.372 -> 6.644 bits per stored position), 0.1 s`.
impl fmt::Display for RewrittenTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = &self.summary;
        let bits = |bytes: u64| bytes as f64 * 8.0 / r.written.legal_positions.max(1) as f64;
        write!(
            f,
            "{}: format version {} -> {FORMAT_VERSION}, {} -> {} ({:.3} -> {:.3} bits per stored position), {:.1} s",
            self.path.display(),
            r.old_version,
            human_bytes(r.old_bytes),
            human_bytes(r.written.file_bytes),
            bits(r.old_bytes),
            bits(r.written.file_bytes),
            self.time.as_secs_f64()
        )
    }
}
