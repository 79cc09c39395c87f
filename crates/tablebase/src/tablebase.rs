//! A directory of tables, opened lazily per material set, and probes: value, best move, mating line.

use crate::error::TablebaseError;
use crate::format::EXTENSION;
use crate::index::Indexer;
use crate::material::Material;
use crate::table::Table;
use crate::value::Value;
use minishogi::{Move, MoveList, Position};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

/// The file name of `material`'s table: `RG.mstb`, and `kings.mstb` for the empty set `-` (a name
/// starting with `-` would read as an option on a command line).
pub fn table_file_name(material: &Material) -> String {
    if material.piece_count() == 0 {
        format!("kings.{EXTENSION}")
    } else {
        format!("{}.{EXTENSION}", material.name())
    }
}

/// Number of legal positions of the set that the table answers for: each stored (canonical) position
/// stands for itself, its colour-flipped twin with the other side to move, and the mirror images of
/// both when they differ. Decodes every slot, in parallel.
pub fn positions_covered(indexer: &Indexer) -> u64 {
    use rayon::prelude::*;
    const CHUNK: u64 = 1 << 14;
    (0..indexer.size().div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let end = ((c + 1) * CHUNK).min(indexer.size());
            (c * CHUNK..end)
                .filter_map(|i| indexer.position(i))
                .map(|p| if p.mirrored() == p { 2 } else { 4 })
                .sum::<u64>()
        })
        .sum()
}

/// An open table with the indexer of its material.
#[derive(Debug)]
pub struct MaterialTable {
    /// The table file.
    pub table: Table,
    /// Its index scheme.
    pub indexer: Indexer,
}

impl MaterialTable {
    /// Opens `path` as the table of `material`, checking that the header's material, rule set and
    /// index parameters are those of this build.
    pub fn open(path: &Path, material: &Material) -> Result<MaterialTable, TablebaseError> {
        let table = Table::open(path)?;
        let indexer = Indexer::new(material);
        table.check_indexer(&indexer)?;
        Ok(MaterialTable { table, indexer })
    }

    /// The stored value of `position` (which must be of this material).
    pub fn value(&self, position: &Position) -> Result<Value, TablebaseError> {
        let index = self.indexer.index(position).ok_or_else(|| TablebaseError::WrongTable {
            path: self.table.path().to_path_buf(),
            detail: format!("position {} is not of material {}", position.to_sfen(), self.table.material()),
        })?;
        let value = self.table.get(index)?;
        if !value.is_legal() {
            return Err(self.inconsistent(position, "a legal position is stored as an illegal slot"));
        }
        Ok(value)
    }

    fn inconsistent(&self, position: &Position, detail: &str) -> TablebaseError {
        TablebaseError::Inconsistent {
            path: self.table.path().to_path_buf(),
            sfen: position.to_sfen(),
            detail: detail.to_string(),
        }
    }
}

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

/// The value of `position` and a move that keeps it, checking that the children agree with it.
pub fn best_move(
    table: &MaterialTable,
    position: &Position,
) -> Result<(Value, Option<Move>), TablebaseError> {
    let value = table.value(position)?;
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let mut best: Option<(Move, Value)> = None;
    for &m in moves.iter() {
        let child = table.value(&position.after(m))?;
        let better = match (value.dtm(), best) {
            (_, None) => true,
            // Win: the reply that loses fastest; loss: the reply that wins slowest; draw: any draw.
            (Some(d), Some((_, b))) if d % 2 == 1 => {
                child.is_loss() && (!b.is_loss() || child.dtm() < b.dtm())
            }
            (Some(_), Some((_, b))) => child.is_win() && (!b.is_win() || child.dtm() > b.dtm()),
            (None, Some((_, b))) => child.is_draw() && !b.is_draw(),
        };
        if better {
            best = Some((m, child));
        }
    }
    let consistent = match (value.dtm(), best) {
        (Some(0), None) => true,
        (Some(0), Some(_)) => false,
        (Some(d), Some((_, c))) => c.dtm() == Some(d - 1) && (d % 2 == 0 || c.is_loss()),
        (None, Some((_, c))) => c.is_draw(),
        _ => false,
    };
    if !consistent {
        let detail = match best {
            Some((m, c)) => format!("stored {value}, but the best move {m} leads to {c}"),
            None => format!("stored {value}, but there is no legal move"),
        };
        return Err(table.inconsistent(position, &detail));
    }
    Ok((value, best.map(|(m, _)| m)))
}
