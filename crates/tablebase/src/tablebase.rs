//! A directory of tables, opened lazily per material set, and probes: value, best move, mating line.

use crate::build::{build_table, BuildSummary, MAX_BUILD_PIECES};
use crate::error::TablebaseError;
use crate::files::table_file_name;
use crate::material::Material;
use crate::material_table::{best_move, MaterialTable};
use minishogi::{Move, Position};
use minishogi_retro::Progress;
use minishogi_retro::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

/// What a probe says about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The material set.
    pub material: Material,
    /// The value from the side to move.
    pub value: Value,
    /// A move that keeps the distance: for a win the reply that loses fastest, for a loss the
    /// longest defence, for a draw a drawing move; `None` when there is no legal move.
    pub best: Option<Move>,
}

/// What [`Tablebase::probe_or_generate`] reports while it builds a missing table.
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

    /// The value of `position`, or `None` if its table is not in the directory.
    pub fn value(&self, position: &Position) -> Result<Option<Value>, TablebaseError> {
        match self.table(&Material::of(position))? {
            Some(t) => t.value(position).map(Some),
            None => Ok(None),
        }
    }

    /// Value and best move of `position`, or `None` if its table is not in the directory.
    pub fn probe(&self, position: &Position) -> Result<Option<Probe>, TablebaseError> {
        let material = Material::of(position);
        let Some(table) = self.table(&material)? else {
            return Ok(None);
        };
        let (value, best) = best_move(&table, position)?;
        Ok(Some(Probe { material, value, best }))
    }

    /// Value and best move of `position`; a missing table of at most `max_pieces` pieces is first
    /// generated into the directory (at the default compression level), reporting to `report`.
    /// A missing larger table is [`TablebaseError::MissingTable`], or
    /// [`TablebaseError::TooManyPieces`] beyond [`MAX_BUILD_PIECES`].
    pub fn probe_or_generate(
        &self,
        position: &Position,
        max_pieces: u32,
        report: &(dyn Fn(OnTheFly<'_>) + Sync),
    ) -> Result<Probe, TablebaseError> {
        if let Some(probe) = self.probe(position)? {
            return Ok(probe);
        }
        let material = Material::of(position);
        let pieces = material.piece_count();
        if pieces > MAX_BUILD_PIECES {
            return Err(TablebaseError::TooManyPieces { material, pieces, max: MAX_BUILD_PIECES });
        }
        let missing = || TablebaseError::MissingTable { material, dir: self.dir.clone() };
        if pieces > max_pieces {
            return Err(missing());
        }
        std::fs::create_dir_all(&self.dir).map_err(|e| TablebaseError::io(&self.dir, e))?;
        report(OnTheFly::Generating(&material));
        let level = minishogi_retro::WriteOptions::default().level;
        let summary = build_table(&material, &self.dir, level, &|p| report(OnTheFly::Progress(p)))?;
        report(OnTheFly::Generated(&summary));
        self.forget(&material);
        self.probe(position)?.ok_or_else(missing)
    }

    /// The line of best moves from `position`: for a win or loss, every move down to the mate
    /// (its length is the distance); for a draw, one drawing move. `None` if the table is missing.
    pub fn line(&self, position: &Position) -> Result<Option<Vec<Move>>, TablebaseError> {
        let Some(table) = self.table(&Material::of(position))? else {
            return Ok(None);
        };
        let mut line = Vec::new();
        let mut pos = position.clone();
        loop {
            let (value, best) = best_move(&table, &pos)?;
            let Some(m) = best else { break };
            line.push(m);
            if value.is_draw() {
                break;
            }
            pos.play(m);
        }
        Ok(Some(line))
    }
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebase").field("dir", &self.dir).finish()
    }
}
