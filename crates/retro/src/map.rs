//! A table file mapped into memory, read-only: the crate's only use of `mmap`.

#![allow(unsafe_code)]

use memmap2::Mmap;
use std::fs::File;
use std::ops::Deref;

/// The bytes of an open file, mapped read-only.
pub(crate) struct MappedFile(Mmap);

impl MappedFile {
    /// Maps all of `file`.
    pub(crate) fn map(file: &File) -> std::io::Result<MappedFile> {
        // SAFETY: the map is read-only; tables are never modified in place (writers replace them
        // by rename, see `write::pending_file`), so the mapped bytes do not change under us.
        unsafe { Mmap::map(file) }.map(MappedFile)
    }

    /// Hands the pages read so far back to the system (a hint; the next read maps them again from
    /// the page cache).
    pub(crate) fn release_pages(&self) {
        #[cfg(unix)]
        // SAFETY: the mapping is shared and read-only, so MADV_DONTNEED only drops the process's
        // page-table entries: a later read faults the same file bytes back in, and no reader,
        // here or on another thread, can see different contents.
        unsafe {
            let _ = self.0.unchecked_advise(memmap2::UncheckedAdvice::DontNeed);
        }
    }
}

impl Deref for MappedFile {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.0
    }
}
