//! What a table file holds, as `tb info` describes it: its header, sizes, counts by value, the
//! longest mate and defence, and the outcomes of its mate-only draws, each with an example
//! position.

use std::path::{Path, PathBuf};

use crate::draw_value::DrawValue;
use crate::error::TablebaseError;
use crate::material::Material;
use crate::material_table::{positions_covered, MaterialTable};
use minishogi_retro::{TableError, Value, ValueCounts};

/// How many mate-only draws of one case have one outcome, and the first of them as SFEN.
pub type OutcomeCount = (u64, Option<String>);

/// The description of one table file, read from its header and values.
#[derive(Clone, Debug)]
pub struct TableInfo {
    /// The file.
    pub path: PathBuf,
    /// Its material set.
    pub material: Material,
    /// The rule set named in the header.
    pub rule_set: String,
    /// Whether slots holding no legal position are stored as don't-care bytes.
    pub dont_care_illegal: bool,
    /// Index slots.
    pub index_size: u64,
    /// Legal positions stored (sente to move, one mirror image).
    pub legal: u64,
    /// File size in bytes.
    pub file_bytes: u64,
    /// Compressed blocks.
    pub blocks: u64,
    /// Values per block.
    pub block_size: u32,
    /// Size of the zstd dictionary in bytes.
    pub dictionary_bytes: usize,
    /// Positions of the set the table answers (both sides to move, both mirror images).
    pub covered: u64,
    /// Counts by value, from the header.
    pub counts: ValueCounts,
    /// The longest mate and the longest defence, each with the first position that has it.
    pub longest: [Option<(Value, String)>; 2],
    /// By case (first player to move, second player to move), by outcome (second player wins,
    /// first player wins, draw); `None` for a mate-only table.
    pub repetition: Option<[[OutcomeCount; 3]; 2]>,
}

impl TableInfo {
    /// Reads the description of `table`, the file at `path`.
    pub fn read(path: &Path, table: &MaterialTable) -> Result<TableInfo, TablebaseError> {
        let header = table.table.header();
        let counts = header.summary();
        let example = |v: Option<Value>| -> Result<Option<(Value, String)>, TablebaseError> {
            let Some(v) = v else { return Ok(None) };
            match table.first_position_with(v)? {
                Some(position) => Ok(Some((v, position.to_sfen()))),
                None => Err(TablebaseError::File(TableError::CorruptedHeader {
                    path: path.to_path_buf(),
                    detail: format!("header counts {v} but no legal position holds it"),
                })),
            }
        };
        let longest = [example(counts.longest_win)?, example(counts.longest_loss)?];
        Ok(TableInfo {
            path: path.to_path_buf(),
            material: table.material(),
            rule_set: header.rule_set.clone(),
            dont_care_illegal: header.dont_care_illegal(),
            index_size: header.index_size,
            legal: header.legal_positions(),
            file_bytes: table.table.file_bytes(),
            blocks: table.table.block_count(),
            block_size: header.block_size,
            dictionary_bytes: header.dictionary.len(),
            covered: positions_covered(&table.indexer),
            counts,
            longest,
            repetition: repetition_outcomes(table)?,
        })
    }
}

/// Counts and first examples of each outcome of the mate-only draws, for both cases.
fn repetition_outcomes(table: &MaterialTable) -> Result<Option<[[OutcomeCount; 3]; 2]>, TablebaseError> {
    let Some(rep) = table.repetition_values()? else { return Ok(None) };
    Ok(Some(std::array::from_fn(|case| {
        std::array::from_fn(|outcome| {
            let matching = |pair: &&[DrawValue; 2]| pair[case].outcome().map(|o| o as usize) == Some(outcome);
            let count = rep.entries().iter().filter(matching).count() as u64;
            let first = rep.entries().iter().position(|p| matching(&p));
            (
                count,
                first.and_then(|i| rep.slot(i)).and_then(|s| table.indexer.position(s)).map(|p| p.to_sfen()),
            )
        })
    })))
}

#[cfg(test)]
mod tests {
    use super::TableInfo;
    use crate::{build_table, table_file_name, Material, MaterialTable};

    #[test]
    fn the_description_of_a_built_table_has_its_counts_and_examples() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let gold = Material::parse("G").expect("a set");
        build_table(&gold, dir.path(), 3, &|_| {}).expect("the table builds");
        let path = dir.path().join(table_file_name(&gold));
        let table = MaterialTable::open_any(&path).expect("the table opens");
        let info = TableInfo::read(&path, &table).expect("the table reads");
        assert_eq!((info.rule_set.as_str(), info.dont_care_illegal), ("minishogi-dtm", true));
        assert_eq!((info.index_size, info.legal), (11_232, 9_990));
        assert_eq!((info.counts.wins, info.counts.losses, info.counts.draws), (5_768, 4_222, 0));
        let [mate, defence] = &info.longest;
        assert_eq!(mate.as_ref().map(|(v, _)| v.to_string()).as_deref(), Some("win in 35"));
        assert_eq!(defence.as_ref().map(|(v, _)| v.to_string()).as_deref(), Some("loss in 36"));
        let outcomes = info.repetition.expect("repetition values");
        assert_eq!(outcomes[0][0].0, 0, "no draw of G is lost by repetition");
    }
}
