//! The memory check before a run of builds: what the largest table needs against what the
//! system has available.

use crate::build::{memory_needed, MemoryNeed};
use crate::error::TablebaseError;
use crate::material::Material;
use minishogi_retro::memory::available_memory;

/// The memory a run of builds needs against the memory the system has available.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryCheck {
    /// What the largest table of the run needs.
    pub need: MemoryNeed,
    /// Bytes available (`None` where the system does not say).
    pub available: Option<u64>,
}

impl MemoryCheck {
    /// The check for building the tables of `sets` one after the other (`None` for no set).
    pub fn of(sets: &[Material]) -> Option<MemoryCheck> {
        Some(MemoryCheck { need: memory_needed(sets)?, available: available_memory() })
    }

    /// An error when the system says less memory is available than the run needs.
    pub fn ensure_enough(&self) -> Result<(), TablebaseError> {
        match self.available {
            Some(available) if available < self.need.bytes => Err(TablebaseError::NotEnoughMemory {
                material: self.need.largest,
                needed: self.need.bytes,
                available,
            }),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::MemoryCheck;
    use crate::build::memory_needed;
    use crate::Material;

    #[test]
    fn too_little_memory_is_an_error_naming_the_largest_table() {
        let sets = [Material::parse("G").expect("a set"), Material::parse("RG").expect("a set")];
        let need = memory_needed(&sets).expect("two sets");
        let enough = MemoryCheck { need: need.clone(), available: Some(need.bytes) };
        assert!(enough.ensure_enough().is_ok());
        assert!(MemoryCheck { need: need.clone(), available: None }.ensure_enough().is_ok());
        let short = MemoryCheck { need, available: Some(1024) };
        let message = short.ensure_enough().expect_err("too little").to_string();
        assert!(
            message.starts_with("not enough memory for table RG: ") && message.ends_with("1.0 KiB available")
        );
    }
}
