//! A directory of tables, opened lazily per material set (probed through [`crate::Query`]).

use crate::build::{build_table, BuildSummary, MAX_BUILD_PIECES};
use crate::error::TablebaseError;
use crate::files::table_file_name;
use crate::material::Material;
use crate::material_table::MaterialTable;
use minishogi_retro::Progress;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

/// What [`Tablebase::ensure_table`] reports while it builds a missing table.
#[derive(Clone, Copy, Debug)]
pub enum OnTheFly<'a> {
    /// The table of `material` is missing and is about to be generated into the directory.
    Generating(&'a Material),
    /// Progress of the generation.
    Progress(Progress<'a>),
    /// The table was written.
    Generated(&'a BuildSummary),
}

/// A directory of tables. Tables are opened on first use; probes take `&self` and can run from many
/// threads at once.
pub struct Tablebase {
    dir: PathBuf,
    /// Opened tables, and `None` for sets whose file is absent.
    tables: RwLock<HashMap<Material, Option<Arc<MaterialTable>>>>,
}

impl Tablebase {
    /// A tablebase over `dir`. A directory that does not exist yet holds no tables; a path that is
    /// not a directory is an error.
    pub fn open(dir: impl AsRef<Path>) -> Result<Tablebase, TablebaseError> {
        let dir = dir.as_ref().to_path_buf();
        if dir.exists() && !dir.is_dir() {
            return Err(TablebaseError::io(
                &dir,
                std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a directory"),
            ));
        }
        Ok(Tablebase { dir, tables: RwLock::new(HashMap::new()) })
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where the table of `material` lives (whether or not it exists).
    pub fn path_of(&self, material: &Material) -> PathBuf {
        self.dir.join(table_file_name(material))
    }

    /// The table of `material`, opened on first use; `None` if its file does not exist.
    pub fn table(&self, material: &Material) -> Result<Option<Arc<MaterialTable>>, TablebaseError> {
        if let Some(entry) = self.tables.read().unwrap_or_else(|e| e.into_inner()).get(material) {
            return Ok(entry.clone());
        }
        let mut tables = self.tables.write().unwrap_or_else(|e| e.into_inner());
        if let Some(entry) = tables.get(material) {
            return Ok(entry.clone());
        }
        let path = self.path_of(material);
        let entry = if path.exists() { Some(Arc::new(MaterialTable::open(&path, material)?)) } else { None };
        tables.insert(*material, entry.clone());
        Ok(entry)
    }

    /// Forgets what is known about `material` (e.g. after its table was generated), so the next
    /// probe looks at the directory again.
    pub fn forget(&self, material: &Material) {
        self.tables.write().unwrap_or_else(|e| e.into_inner()).remove(material);
    }

    /// Makes sure the table of `material` is in the directory: a missing table of at most
    /// `max_pieces` pieces is generated into it (at the default compression level), reporting to
    /// `report`. A missing larger table is [`TablebaseError::MissingTable`], or
    /// [`TablebaseError::TooManyPieces`] beyond [`MAX_BUILD_PIECES`].
    pub fn ensure_table(
        &self,
        material: &Material,
        max_pieces: u32,
        report: &(dyn Fn(OnTheFly<'_>) + Sync),
    ) -> Result<(), TablebaseError> {
        if self.table(material)?.is_some() {
            return Ok(());
        }
        let pieces = material.piece_count();
        if pieces > MAX_BUILD_PIECES {
            return Err(TablebaseError::TooManyPieces { material: *material, pieces, max: MAX_BUILD_PIECES });
        }
        let missing = || TablebaseError::MissingTable { material: *material, dir: self.dir.clone() };
        if pieces > max_pieces {
            return Err(missing());
        }
        std::fs::create_dir_all(&self.dir).map_err(|e| TablebaseError::io(&self.dir, e))?;
        report(OnTheFly::Generating(material));
        let level = minishogi_retro::WriteOptions::default().level;
        let summary = build_table(material, &self.dir, level, &|p| report(OnTheFly::Progress(p)))?;
        report(OnTheFly::Generated(&summary));
        self.forget(material);
        self.table(material)?.map(|_| ()).ok_or_else(missing)
    }
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebase").field("dir", &self.dir).finish()
    }
}
