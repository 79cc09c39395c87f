//! A file being written under a temporary name next to its final path: it is synced and renamed
//! only when complete, and removed if anything fails first (the final path never names a partial
//! file).

use std::fs::{self, File};
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::error::TableError;

/// The temporary file of a file being written; dropping it unpersisted removes it.
pub(crate) struct PendingFile {
    path: PathBuf,
    tmp: PathBuf,
    out: Option<BufWriter<File>>,
    persisted: bool,
}

impl PendingFile {
    /// Creates the temporary file for `path` in the same directory.
    pub(crate) fn create(path: &Path) -> Result<PendingFile, TableError> {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let tmp = directory_of(path).join(format!(".{name}.tmp{}", std::process::id()));
        let file = File::create(&tmp).map_err(|e| TableError::io(path, e))?;
        let out = Some(BufWriter::with_capacity(1 << 20, file));
        Ok(PendingFile { path: path.to_path_buf(), tmp, out, persisted: false })
    }

    /// The final path.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `bytes` at the current position.
    pub(crate) fn write_all(&mut self, bytes: &[u8]) -> Result<(), TableError> {
        let result = match self.out.as_mut() {
            Some(out) => out.write_all(bytes),
            None => Err(std::io::Error::other("the file is closed")),
        };
        result.map_err(|e| TableError::io(&self.path, e))
    }

    /// Moves the write position to `offset` bytes from the start (past the end leaves a hole that
    /// later writes fill).
    pub(crate) fn seek(&mut self, offset: u64) -> Result<(), TableError> {
        let result = match self.out.as_mut() {
            Some(out) => out.seek(SeekFrom::Start(offset)).map(drop),
            None => Err(std::io::Error::other("the file is closed")),
        };
        result.map_err(|e| TableError::io(&self.path, e))
    }

    /// Flushes, syncs and renames the file to its final path, then syncs the directory.
    pub(crate) fn persist(mut self) -> Result<(), TableError> {
        let result = (|| -> std::io::Result<()> {
            let out = self.out.take().ok_or_else(|| std::io::Error::other("the file is closed"))?;
            let file = out.into_inner().map_err(|e| e.into_error())?;
            file.sync_all()?;
            drop(file);
            fs::rename(&self.tmp, &self.path)
        })();
        // On failure, `drop` removes the temporary file.
        result.map_err(|e| TableError::io(&self.path, e))?;
        self.persisted = true;
        // Make the rename itself durable; not every platform can open a directory, so errors are
        // ignored.
        if let Ok(d) = File::open(directory_of(&self.path)) {
            let _ = d.sync_all();
        }
        Ok(())
    }
}

impl Drop for PendingFile {
    fn drop(&mut self) {
        if !self.persisted {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

/// The directory `path` is in (`.` for a bare name).
fn directory_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}
