//! What the `minjiku tb` commands print: one line per table built, verified or described, and
//! probe answers.

use super::Text;
use minishogi_retro::{Value, ValueCounts};
use minjiku_tablebase::{ProbeLine, TableInfo, TableSummary, VerifyReport};
use std::fmt;

fn counts_line(f: &mut fmt::Formatter<'_>, c: &ValueCounts) -> fmt::Result {
    let longest = |v: Option<Value>| v.and_then(|v| v.dtm()).map_or("-".into(), |d| d.to_string());
    write!(f, "wins {} losses {} draws {} longest mate {}", c.wins, c.losses, c.draws, longest(c.longest_win))
}

impl fmt::Display for Text<'_, TableInfo> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let info = self.0;
        write!(f, "{}: {} slots, {} bytes, ", info.material, info.slots, info.file_bytes)?;
        counts_line(f, &info.counts)
    }
}

impl fmt::Display for Text<'_, TableSummary> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let table = self.0;
        write!(f, "{}: {} slots, {} bytes, ", table.material, table.slots, table.file_bytes)?;
        counts_line(f, &table.counts)?;
        write!(f, " ({:.1} s)", table.seconds)
    }
}

impl fmt::Display for Text<'_, VerifyReport> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.0;
        write!(f, "{}: ok, {} slots, {} legal positions checked", r.material, r.slots, r.legal)
    }
}

impl fmt::Display for Text<'_, ProbeLine> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.0;
        write!(f, "{}", line.value)?;
        if !line.moves.is_empty() {
            write!(f, ": {}", line.moves.join(" "))?;
        }
        Ok(())
    }
}
