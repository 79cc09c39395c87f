//! One table opened for its material: values of positions, the best move, verification and
//! rewriting of its file.

use std::path::Path;

use minishogi::{Move, MoveList, Position};
use minishogi_retro::memory::release_free_memory;
use minishogi_retro::verify::DrawRanks;
use minishogi_retro::{BlockProblem, Progress, Table, Value, VerifyReport, WriteOptions, WriteSummary};

use crate::draw_section::{bases, check_description, decode_pair, stored_entries};
use crate::draw_value::DrawValue;
use crate::error::TablebaseError;
use crate::files::GAME;
use crate::index::Indexer;
use crate::material::Material;
use crate::repetition_analysis::{DrawSet, RepetitionValues};
use crate::retro_rules::MinishogiRetro;
use crate::verify::verify;
use crate::verify_repetition::{verify_with_repetition, Entries, RepetitionReport};
use crate::write::write_table_with_repetition;

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
        let table = Table::open(path, &GAME)?;
        let indexer = Indexer::new(material);
        table.check_index(&material.name(), &indexer.params(), indexer.size())?;
        check_description(&table)?;
        Ok(MaterialTable { table, indexer })
    }

    /// Opens `path` as the table of the material its header names, checking that the header's
    /// rule set and index parameters are those of this build.
    pub fn open_any(path: &Path) -> Result<MaterialTable, TablebaseError> {
        let table = Table::open(path, &GAME)?;
        let material = Material::parse(table.material()).map_err(|e| {
            TablebaseError::File(minishogi_retro::TableError::CorruptedHeader {
                path: path.to_path_buf(),
                detail: format!("material name '{}': {e}", table.material()),
            })
        })?;
        let indexer = Indexer::new(&material);
        table.check_index(&material.name(), &indexer.params(), indexer.size())?;
        check_description(&table)?;
        Ok(MaterialTable { table, indexer })
    }

    /// The material set.
    pub fn material(&self) -> Material {
        self.indexer.material()
    }

    /// True when the file holds the values of its mate-only draws under the repetition rule.
    pub fn has_repetition(&self) -> bool {
        self.table.has_draw_section()
    }

    /// All values, one byte per slot and [`Value::ILLEGAL`] (255) in exactly the slots that hold
    /// no legal position: every block checked, and the counts per value against the header.
    pub fn values(&self) -> Result<Vec<u8>, TablebaseError> {
        Ok(self.table.values_for(&MinishogiRetro::new(self.indexer.clone()))?)
    }

    /// Checks the file's checksums, then every value against the rules, then the repetition
    /// values of the mate-only draws (`progress` as in [`verify`]).
    pub fn verify(
        &self,
        progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
    ) -> Result<(VerifyReport, Option<RepetitionReport>), TablebaseError> {
        release_free_memory();
        let values = self.values()?;
        self.table.release_pages();
        let stored = match stored_entries(&self.table) {
            Ok(stored) => stored,
            // A wrong value also moves the draws: report it first, as a check of the values would.
            Err(e) => {
                verify(&self.material(), &values, progress)?;
                return Err(e.into());
            }
        };
        self.table.release_pages();
        let Some(stored) = stored else { return Ok((verify(&self.material(), &values, progress)?, None)) };
        // The draws are numbered from the values, not by a bitmap of their own (a seventh of the
        // values' memory less at the verifier's peak).
        let ranks = DrawRanks::new(&values);
        let entries = Entries {
            ranks: &ranks,
            entries: &stored.entries,
            first_base: stored.first_base,
            draw_base: stored.draw_base,
        };
        let (report, repetition) = verify_with_repetition(&self.material(), &values, &entries, progress)?;
        Ok((report, Some(repetition)))
    }

    /// The repetition values of the table (`None` for a mate-only table), every block checked.
    pub fn repetition_values(&self) -> Result<Option<RepetitionValues>, TablebaseError> {
        let values = self.values()?;
        self.repetition_values_of(&values)
    }

    /// The repetition values of the table, whose values are `values`.
    fn repetition_values_of(&self, values: &[u8]) -> Result<Option<RepetitionValues>, TablebaseError> {
        let Some(stored) = stored_entries(&self.table)? else { return Ok(None) };
        let draws =
            DrawSet::new(values).map_err(|_| self.table.corrupted_section(0, BlockProblem::TooManyDraws))?;
        if draws.len() != stored.entries.len() {
            return Err(self.table.corrupted_section(0, BlockProblem::DrawCount).into());
        }
        Ok(Some(RepetitionValues::from_draw_set(draws, stored.entries, stored.first_base, stored.draw_base)))
    }

    /// The repetition entries (first player to move, second player to move) of slot `index`, a
    /// legal position: `None` if it is not a mate-only draw or the file has no repetition values.
    pub(crate) fn draw_entries(&self, index: u64) -> Result<Option<[DrawValue; 2]>, TablebaseError> {
        Ok(self.table.draw_entry(index, decode_pair)?)
    }

    /// The bases of the pair measures of the repetition values ((0, 0) for a mate-only table).
    pub(crate) fn bases(&self) -> (u32, u32) {
        bases(&self.table)
    }

    /// The first legal position (in index order) whose stored value is `value`, if any (slots
    /// that hold no legal position may store any byte, so they are passed over).
    pub fn first_position_with(&self, value: Value) -> Result<Option<Position>, TablebaseError> {
        let block_size = u64::from(self.table.header().block_size);
        for block in 0..self.table.block_count() {
            let data = self.table.block(block)?;
            let start = block * block_size;
            let found = (start..)
                .zip(&data)
                .filter(|&(_, &b)| b == value.to_byte())
                .find_map(|(i, _)| self.indexer.position(i));
            if found.is_some() {
                return Ok(found);
            }
        }
        Ok(None)
    }

    /// Rewrites the file in place in this build's format at zstd `level`: values read back and
    /// checked against the header's counts first, then written under a temporary name and renamed
    /// over the old file. `progress` reports blocks compressed (phase `"compress"`).
    pub fn rewrite(
        self,
        level: i32,
        progress: &(dyn Fn(Progress<'_>) + Sync),
    ) -> Result<RewriteSummary, TablebaseError> {
        let values = self.values()?;
        let repetition = self.repetition_values_of(&values)?;
        let (path, old_bytes) = (self.table.path().to_path_buf(), self.table.file_bytes());
        let MaterialTable { table, indexer } = self;
        // The new file replaces this one by rename; let go of the old mapping first.
        drop(table);
        let options = WriteOptions { level, ..WriteOptions::default() };
        let written = write_compressed(&path, &indexer, &values, repetition.as_ref(), &options, progress)?;
        Ok(RewriteSummary { old_bytes, written })
    }

    /// The stored value of `position` (which must be of this material).
    pub fn value(&self, position: &Position) -> Result<Value, TablebaseError> {
        self.value_at(position, self.index_of(position)?)
    }

    /// The slot of `position` (which must be of this material).
    pub(crate) fn index_of(&self, position: &Position) -> Result<u64, TablebaseError> {
        self.indexer.index(position).ok_or_else(|| {
            TablebaseError::File(minishogi_retro::TableError::WrongTable {
                path: self.table.path().to_path_buf(),
                detail: format!(
                    "position {} is not of material {}",
                    position.to_sfen(),
                    self.table.material()
                ),
            })
        })
    }

    /// The stored value of `position`, whose slot is `index`.
    pub(crate) fn value_at(&self, position: &Position, index: u64) -> Result<Value, TablebaseError> {
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

/// What [`MaterialTable::rewrite`] did.
#[derive(Clone, Debug)]
pub struct RewriteSummary {
    /// Size of the old file in bytes.
    pub old_bytes: u64,
    /// The new file.
    pub written: WriteSummary,
}

/// Writes `values` (and the repetition values of its draws, if given) as `indexer`'s table to
/// `path`, reporting blocks compressed as phase `"compress"`.
pub(crate) fn write_compressed(
    path: &Path,
    indexer: &Indexer,
    values: &[u8],
    repetition: Option<&RepetitionValues>,
    options: &WriteOptions,
    progress: &(dyn Fn(Progress<'_>) + Sync),
) -> Result<WriteSummary, TablebaseError> {
    let total = values.len().div_ceil(options.block_size.max(1) as usize) as u64;
    let name = indexer.material().name();
    write_table_with_repetition(path, &name, &indexer.params(), values, repetition, options, &|done| {
        progress(Progress { phase: "compress", done, total })
    })
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
