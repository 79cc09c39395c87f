//! `tb info`'s description of a table file: its header, sizes, counts by value, the longest
//! mate and defence, and the outcomes of its mate-only draws, each with an example position.

use std::fmt;
use std::path::{Path, PathBuf};

use super::units::{human_bytes, thousands};
use crate::draw_value::DrawValue;
use crate::error::TablebaseError;
use crate::material::Material;
use crate::material_table::{positions_covered, MaterialTable};
use minishogi_retro::Value;
use minishogi_retro::ValueCounts;

/// How many mate-only draws of one case have one outcome, and the first of them as SFEN.
type OutcomeCount = (u64, Option<String>);

/// The description of one table file, read from its header and values.
#[derive(Clone, Debug)]
pub struct TableInfo {
    path: PathBuf,
    material: Material,
    rule_set: String,
    version: u32,
    dont_care_illegal: bool,
    index_size: u64,
    legal: u64,
    file_bytes: u64,
    blocks: u64,
    block_size: u32,
    dictionary_bytes: usize,
    covered: u64,
    counts: ValueCounts,
    /// The longest mate and the longest defence, each with the first position that has it.
    longest: [Option<(Value, String)>; 2],
    /// By case (first player to move, second player to move), by outcome (second player wins,
    /// first player wins, draw); `None` for a mate-only table.
    repetition: Option<[[OutcomeCount; 3]; 2]>,
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
                None => Err(TablebaseError::File(minishogi_retro::TableError::CorruptedHeader {
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
            version: header.version,
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

impl fmt::Display for TableInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stored = if self.dont_care_illegal {
            "slots holding no legal position stored as don't-care bytes"
        } else {
            "every slot stored"
        };
        let name = self.material.name();
        writeln!(
            f,
            "{}: material {name}, rule set {}, format version {} ({stored})",
            self.path.display(),
            self.rule_set,
            self.version
        )?;
        writeln!(
            f,
            "  index size {} slots, legal positions {} ({:.1}% of the index)",
            thousands(self.index_size),
            thousands(self.legal),
            100.0 * self.legal as f64 / self.index_size.max(1) as f64
        )?;
        writeln!(
            f,
            "  file {} in {} blocks of {} values (dictionary {} bytes)",
            human_bytes(self.file_bytes),
            self.blocks,
            self.block_size,
            self.dictionary_bytes,
        )?;
        let bits = self.file_bytes as f64 * 8.0;
        writeln!(
            f,
            "  bits per legal position: {:.3} per stored position (sente to move, one mirror image); \
             {:.3} per position of the set ({} positions: both sides to move, both mirror images)",
            bits / self.legal.max(1) as f64,
            bits / self.covered.max(1) as f64,
            thousands(self.covered)
        )?;
        let c = &self.counts;
        writeln!(
            f,
            "  wins {}, losses {}, draws {}",
            thousands(c.wins),
            thousands(c.losses),
            thousands(c.draws)
        )?;
        let by_distance: Vec<String> =
            c.by_distance.iter().map(|(v, n)| format!("{}:{n}", v.dtm().unwrap_or(0))).collect();
        write!(
            f,
            "  counts by distance (plies:positions; odd = win, even = loss): {}",
            by_distance.join(" ")
        )?;
        for (what, longest) in ["longest mate", "longest defence"].iter().zip(&self.longest) {
            match longest {
                Some((v, sfen)) => write!(f, "\n  {what}: {v}, e.g. {sfen}")?,
                None => write!(f, "\n  {what}: none")?,
            }
        }
        let Some(outcomes) = &self.repetition else {
            return write!(
                f,
                "\n  no repetition values: a mate-only table ('minishogi tb gen {name} --force' rebuilds it)"
            );
        };
        let names = [
            ["lost by repetition", "won by perpetual check", "drawn by perpetual check"],
            ["won by repetition", "lost by perpetual check", "drawn by perpetual check"],
        ];
        for (case, (mover, first)) in [("first", "sente"), ("second", "gote")].into_iter().enumerate() {
            write!(f, "\n  mate-only draws with the {mover} player to move (first player {first} in the example SFENs):")?;
            for (name, (count, example)) in names[case].iter().zip(&outcomes[case]) {
                write!(f, "\n    {name}: {}", thousands(*count))?;
                if let Some(sfen) = example {
                    write!(f, ", e.g. {sfen}")?;
                }
            }
        }
        Ok(())
    }
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
        let text = TableInfo::read(&path, &table).expect("the table reads").to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].ends_with(": material G, rule set minishogi-dtm, format version 3 (slots holding no legal position stored as don't-care bytes)"), "{text}");
        assert_eq!(lines[1], "  index size 11,232 slots, legal positions 9,990 (88.9% of the index)");
        assert_eq!(lines[4], "  wins 5,768, losses 4,222, draws 0");
        assert!(lines[6].starts_with("  longest mate: win in 35, e.g. "), "{text}");
        assert!(lines[7].starts_with("  longest defence: loss in 36, e.g. "), "{text}");
        assert_eq!(
            lines[8],
            "  mate-only draws with the first player to move (first player sente in the example SFENs):"
        );
        assert_eq!(lines[9], "    lost by repetition: 0");
        assert_eq!(lines.len(), 16, "{text}");
    }
}
