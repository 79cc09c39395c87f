//! The memory check before `tb gen` builds tables.

use super::units::{human_bytes, thousands};
use super::Text;
use minishogi_tablebase::MemoryCheck;
use std::fmt;

/// `memory needed: 16.5 MiB (largest table G: 11,232 slots at one byte each); available: 3.1 GiB`.
impl fmt::Display for Text<'_, MemoryCheck> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let check = self.0;
        write!(
            f,
            "memory needed: {} (largest table {}: {} slots at one byte each); available: {}",
            human_bytes(check.need.bytes),
            check.need.largest.name(),
            thousands(check.need.slots),
            check.available.map_or("unknown".to_string(), human_bytes),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Text;
    use minishogi_tablebase::build::memory_needed;
    use minishogi_tablebase::{Material, MemoryCheck};

    #[test]
    fn the_line_says_what_is_needed_and_available() {
        let need = memory_needed(&[Material::parse("RG").expect("a set")]).expect("one set");
        let short = MemoryCheck { need, available: Some(1024) };
        let text = Text(&short).to_string();
        assert!(text.starts_with("memory needed: ") && text.contains("(largest table RG: "), "{text}");
        assert!(text.ends_with("available: 1.0 KiB"), "{text}");
    }
}
