//! Table files: the format of `minishogi-retro` with Minjiku's magic `MINJIKTB` and rule set
//! `minjiku-dtm` (so that each game's reader refuses the other's files), extension `mjtb`,
//! illegal slots stored as they are.

use crate::error::{MinjikuTbError, WrongTableProblem};
use crate::index::Indexer;
use crate::material::Material;
use minishogi_retro::{write_table, GameId, Table, WriteOptions, WriteSummary};
use std::path::{Path, PathBuf};

/// The rule set named in every Minjiku table's header: Minjiku rules, mate-only values.
pub const RULE_SET: &str = "minjiku-dtm";

/// How Minjiku table files identify themselves.
pub const GAME: GameId = GameId { name: "minjiku", magic: *b"MINJIKTB", rule_set: RULE_SET, draws: None };
/// File name extension of Minjiku tables.
pub const EXTENSION: &str = "mjtb";

/// The file of canonical `material` in `dir`: `KQvK.mjtb`, `KpDvK.mjtb` (see
/// [`Material::file_stem`]).
pub fn table_path(dir: &Path, material: &Material) -> PathBuf {
    dir.join(format!("{}.{EXTENSION}", material.file_stem()))
}

/// Writes `values` as the table of canonical `material` to `path` (atomically: a temporary file
/// renamed when complete); `progress` gets the blocks compressed so far.
pub fn write(
    path: &Path,
    material: &Material,
    values: &[u8],
    progress: &(dyn Fn(u64) + Sync),
) -> Result<WriteSummary, MinjikuTbError> {
    let indexer = Indexer::new(material);
    let options = WriteOptions { dont_care_illegal: false, ..WriteOptions::default() };
    Ok(write_table(path, &GAME, &material.name(), &indexer.params(), values, &options, progress)?)
}

/// Opens a Minjiku table file and checks that its header names a set whose index this build
/// knows; returns the set and the table.
pub fn open(path: &Path) -> Result<(Material, Table), MinjikuTbError> {
    let table = Table::open(path, &GAME)?;
    let wrong = |problem: WrongTableProblem| MinjikuTbError::WrongTable { path: path.to_path_buf(), problem };
    let material = Material::parse(table.material()).map_err(|e| wrong(e.into()))?;
    if !material.is_canonical() {
        return Err(wrong(WrongTableProblem::NotCanonical(material)));
    }
    let indexer = Indexer::new(&material);
    if table.header().index_params != indexer.params() || table.index_size() != indexer.size() {
        return Err(wrong(WrongTableProblem::Index(material)));
    }
    Ok((material, table))
}
