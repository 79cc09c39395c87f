//! `tb rewrite`'s line for a file rewritten.

use super::units::human_bytes;
use super::Text;
use minishogi_tablebase::RewrittenTable;
use std::fmt;

/// `path: 10.2 KiB -> 8.1 KiB (8.372 -> 6.644 bits per stored position), 0.1 s`.
impl fmt::Display for Text<'_, RewrittenTable> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (table, r) = (self.0, &self.0.summary);
        let bits = |bytes: u64| bytes as f64 * 8.0 / r.written.legal_positions.max(1) as f64;
        write!(
            f,
            "{}: {} -> {} ({:.3} -> {:.3} bits per stored position), {:.1} s",
            table.path.display(),
            human_bytes(r.old_bytes),
            human_bytes(r.written.file_bytes),
            bits(r.old_bytes),
            bits(r.written.file_bytes),
            table.time.as_secs_f64()
        )
    }
}
