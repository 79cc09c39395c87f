//! `tb info`'s description of a table file: its header, sizes, counts by value, the longest
//! mate and defence, and the outcomes of its mate-only draws, each with an example position.

use super::units::{human_bytes, thousands};
use super::Text;
use minishogi_retro::format::FORMAT_VERSION;
use minishogi_tablebase::TableInfo;
use std::fmt;

impl fmt::Display for Text<'_, TableInfo> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let info = self.0;
        let stored = if info.dont_care_illegal {
            "slots holding no legal position stored as don't-care bytes"
        } else {
            "every slot stored"
        };
        let name = info.material.name();
        writeln!(
            f,
            "{}: material {name}, rule set {}, format version {FORMAT_VERSION} ({stored})",
            info.path.display(),
            info.rule_set,
        )?;
        writeln!(
            f,
            "  index size {} slots, legal positions {} ({:.1}% of the index)",
            thousands(info.index_size),
            thousands(info.legal),
            100.0 * info.legal as f64 / info.index_size.max(1) as f64
        )?;
        writeln!(
            f,
            "  file {} in {} blocks of {} values (dictionary {} bytes)",
            human_bytes(info.file_bytes),
            info.blocks,
            info.block_size,
            info.dictionary_bytes,
        )?;
        let bits = info.file_bytes as f64 * 8.0;
        writeln!(
            f,
            "  bits per legal position: {:.3} per stored position (sente to move, one mirror image); \
             {:.3} per position of the set ({} positions: both sides to move, both mirror images)",
            bits / info.legal.max(1) as f64,
            bits / info.covered.max(1) as f64,
            thousands(info.covered)
        )?;
        let c = &info.counts;
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
        for (what, longest) in ["longest mate", "longest defence"].iter().zip(&info.longest) {
            match longest {
                Some((v, sfen)) => write!(f, "\n  {what}: {v}, e.g. {sfen}")?,
                None => write!(f, "\n  {what}: none")?,
            }
        }
        let Some(outcomes) = &info.repetition else {
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
    use super::Text;
    use minishogi_tablebase::{build_table, table_file_name, Material, MaterialTable, TableInfo};

    #[test]
    fn the_description_of_a_built_table_has_its_counts_and_examples() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let gold = Material::parse("G").expect("a set");
        build_table(&gold, dir.path(), 3, &|_| {}).expect("the table builds");
        let path = dir.path().join(table_file_name(&gold));
        let table = MaterialTable::open_any(&path).expect("the table opens");
        let info = TableInfo::read(&path, &table).expect("the table reads");
        let text = Text(&info).to_string();
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
