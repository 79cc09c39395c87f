//! `minjiku tb gen --from-games FILE`: the table sets a file of games reaches, counted, and built
//! most frequent first.

use crate::progress::{Report, Reporter};
use minjiku::{Position, PositionWithMoves};
use minjiku_tablebase::Material;
use std::collections::HashMap;
use std::path::Path;

/// Most pieces besides the Kings a table set has (`minjiku_tablebase`'s limit).
const MAX_PIECES: usize = 2;

/// A set the games reach: how many games and how many of their positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reached {
    /// The canonical set.
    pub material: Material,
    /// Games with at least one position in the set.
    pub games: u64,
    /// Positions in the set, over all games.
    pub positions: u64,
}

/// The canonical set of `pos` when a table could hold it: at most two pieces besides the Kings,
/// every piece on the 100 board squares (a piece on an extra square is outside the tables).
fn table_set(pos: &Position) -> Option<Material> {
    let mut pieces = 0;
    for (sq, _) in pos.pieces() {
        pieces += 1;
        if pieces > MAX_PIECES + 2 || sq.rank() == 0 || sq.rank() == 11 {
            return None;
        }
    }
    Some(Material::of(pos).canonical().0)
}

/// The sets the games of `text` reach (one game a line: `startpos moves …` or `FEN moves …`;
/// blank lines and lines starting with `#` skipped), most games first, then most positions,
/// then by name. A line that does not read is an error naming `file` and the line.
pub fn reached_sets(file: &Path, text: &str) -> Result<(u64, Vec<Reached>), String> {
    let mut counts: HashMap<Material, (u64, u64)> = HashMap::new();
    let mut games = 0;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let game =
            PositionWithMoves::parse(line).map_err(|e| format!("{}:{}: {e}", file.display(), number + 1))?;
        games += 1;
        let mut pos = game.start;
        let mut seen: Vec<Material> = Vec::new();
        let mut visit = |pos: &Position| {
            if let Some(set) = table_set(pos) {
                let entry = counts.entry(set.clone()).or_default();
                entry.1 += 1;
                if !seen.contains(&set) {
                    entry.0 += 1;
                    seen.push(set);
                }
            }
        };
        visit(&pos);
        for m in game.moves {
            pos.play(m);
            visit(&pos);
        }
    }
    let mut sets: Vec<Reached> = counts
        .into_iter()
        .map(|(material, (games, positions))| Reached { material, games, positions })
        .collect();
    sets.sort_by(|a, b| {
        (b.games, b.positions)
            .cmp(&(a.games, a.positions))
            .then_with(|| a.material.name().cmp(&b.material.name()))
    });
    Ok((games, sets))
}

/// Reads the games of `file` and reports what they reach: one line per set, the first `limit`
/// of them (all without a limit) marked to be built. Returns those sets in build order.
pub fn plan_from_games(
    file: &Path,
    limit: Option<usize>,
    report: Reporter<'_>,
) -> Result<Vec<Material>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let (games, sets) = reached_sets(file, &text)?;
    let chosen = limit.unwrap_or(sets.len()).min(sets.len());
    report(Report::Out(format!(
        "{games} games reach {} table sets (at most {MAX_PIECES} pieces besides the kings); building {chosen}, most frequent first",
        sets.len()
    )));
    for (i, set) in sets.iter().enumerate() {
        let mark = if i < chosen { "build" } else { "skip" };
        report(Report::Out(format!(
            "{:>4}. {}: {} games, {} positions ({mark})",
            i + 1,
            set.material,
            set.games,
            set.positions
        )));
    }
    Ok(sets.into_iter().take(chosen).map(|s| s.material).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_games_once_and_orders_by_frequency() {
        // Two games into the Gold against the bare King, one into the promoted Gold, and a
        // full board (not a table set).
        let kgk = "2/10/10/10/10/10/10/10/10/4g5/K1k7/2 w";
        let text = format!(
            "# games\n{kgk} moves a1a2 c1d2\n\n{kgk}\nstartpos\n2/10/10/10/10/10/10/10/10/4+g5/K1k7/2 b\n"
        );
        let (games, sets) = reached_sets(Path::new("g.txt"), &text).expect("the games read");
        assert_eq!(games, 4);
        let names: Vec<(String, u64, u64)> =
            sets.iter().map(|s| (s.material.name(), s.games, s.positions)).collect();
        assert_eq!(names, [("KGvK".to_string(), 2, 4), ("K+GvK".to_string(), 1, 1)]);
    }

    #[test]
    fn a_bad_line_names_file_and_line() {
        let error =
            reached_sets(Path::new("g.txt"), "startpos\nstartpos moves zz\n").expect_err("a bad move");
        assert!(error.starts_with("g.txt:2: "), "{error}");
    }
}
