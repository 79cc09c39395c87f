//! What the commands print: one line per table built, verified or described, and probe answers.

use crate::build::TableSummary;
use crate::error::MinjikuTbError;
use crate::file::open;
use crate::material::Material;
use crate::probe::ProbeLine;
use crate::verify::VerifyReport;
use minishogi_tablebase::ValueCounts;
use std::fmt;
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

fn counts_line(f: &mut fmt::Formatter<'_>, c: &ValueCounts) -> fmt::Result {
    let longest = |v: Option<minishogi_tablebase::Value>| v.and_then(|v| v.dtm()).map_or("-".into(), |d| d.to_string());
    write!(
        f,
        "wins {} losses {} draws {} longest mate {}",
        c.wins,
        c.losses,
        c.draws,
        longest(c.longest_win)
    )
}

impl fmt::Display for TableInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} slots, {} bytes, ", self.material, self.slots, self.file_bytes)?;
        counts_line(f, &self.counts)
    }
}

impl fmt::Display for TableSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} slots, {} bytes, ", self.material, self.slots, self.file_bytes)?;
        counts_line(f, &self.counts)?;
        write!(f, " ({:.1} s)", self.seconds)
    }
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ok, {} slots, {} legal positions checked", self.material, self.slots, self.legal)
    }
}

impl fmt::Display for ProbeLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.value)?;
        if !self.moves.is_empty() {
            write!(f, ": {}", self.moves.join(" "))?;
        }
        Ok(())
    }
}
