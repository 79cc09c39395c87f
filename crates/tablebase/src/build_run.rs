//! A run of builds: the tables of a list of sets generated and written one after the other into
//! a directory, each verified after writing if asked.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use minishogi_retro::memory::{map_large_allocations, peak_memory, release_free_memory};
use minishogi_retro::{Progress, VerifyReport};

use crate::build::{build_table, BuildSummary};
use crate::error::TablebaseError;
use crate::files::table_file_name;
use crate::material::Material;
use crate::material_table::MaterialTable;
use crate::verify_repetition::RepetitionReport;

/// A table file whose checksums and values passed verification.
#[derive(Clone, Debug)]
pub struct VerifiedTable {
    /// The file.
    pub path: PathBuf,
    /// What the check of the values counted.
    pub report: VerifyReport,
    /// What the check of the repetition values counted (`None` for a mate-only table).
    pub repetition: Option<RepetitionReport>,
    /// Time taken.
    pub time: Duration,
}

impl VerifiedTable {
    /// Verifies `table`, the file at `path`: its checksums, then every value against the rules
    /// (see [`MaterialTable::verify`]).
    pub fn check(
        path: &Path,
        table: &MaterialTable,
        progress: &(dyn Fn(Progress<'_>) + Sync),
    ) -> Result<VerifiedTable, TablebaseError> {
        let start = Instant::now();
        let (report, repetition) = table.verify(Some(progress))?;
        Ok(VerifiedTable { path: path.to_path_buf(), report, repetition, time: start.elapsed() })
    }
}

/// What [`build_tables`] reports as it goes, for each set in turn.
#[derive(Clone, Copy, Debug)]
pub enum BuildEvent<'a> {
    /// Work on the table of this set starts.
    Start(&'a Material),
    /// Progress of the table's generation, writing or verification.
    Progress(Progress<'a>),
    /// The table is written.
    Built(&'a BuildSummary),
    /// The table passed verification.
    Verified(&'a VerifiedTable),
    /// Work on the table is over.
    Done(&'a Material),
}

/// What a run of builds did in all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildRun {
    /// Tables built.
    pub tables: usize,
    /// Time taken.
    pub time: Duration,
    /// Peak resident memory of the process, in bytes, where the system says.
    pub peak_memory: Option<u64>,
}

/// Builds the tables of `sets` into `dir` at zstd `level` on the current thread pool, verifying
/// each after writing with `verify`, and reports each step to `events`.
pub fn build_tables(
    sets: &[Material],
    dir: &Path,
    level: i32,
    verify: bool,
    events: &(dyn Fn(BuildEvent<'_>) + Sync),
) -> Result<BuildRun, TablebaseError> {
    let start = Instant::now();
    map_large_allocations();
    let progress = |p: Progress<'_>| events(BuildEvent::Progress(p));
    for material in sets {
        events(BuildEvent::Start(material));
        events(BuildEvent::Built(&build_table(material, dir, level, &progress)?));
        if verify {
            let path = dir.join(table_file_name(material));
            let table = MaterialTable::open_any(&path)?;
            events(BuildEvent::Verified(&VerifiedTable::check(&path, &table, &progress)?));
        }
        // The next table, often larger, starts from the memory this one held.
        release_free_memory();
        events(BuildEvent::Done(material));
    }
    Ok(BuildRun { tables: sets.len(), time: start.elapsed(), peak_memory: peak_memory() })
}

#[cfg(test)]
mod tests {
    use super::{build_tables, BuildEvent};
    use crate::Material;
    use std::sync::Mutex;

    #[test]
    fn each_table_is_started_built_verified_and_done_in_turn() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let sets = [Material::parse("-").expect("a set"), Material::parse("P").expect("a set")];
        let seen = Mutex::new(Vec::new());
        let events = |event: BuildEvent<'_>| {
            let step = match event {
                BuildEvent::Start(m) => format!("start {m}"),
                BuildEvent::Progress(_) => return,
                BuildEvent::Built(s) => format!("built {}", s.material),
                BuildEvent::Verified(v) => format!("verified {}", v.report.positions),
                BuildEvent::Done(m) => format!("done {m}"),
            };
            seen.lock().expect("not poisoned").push(step);
        };
        let run = build_tables(&sets, dir.path(), 3, true, &events).expect("the tables build");
        assert_eq!(run.tables, 2);
        let seen = seen.into_inner().expect("not poisoned");
        let expected = [
            "start -",
            "built -",
            "verified 234",
            "done -",
            "start P",
            "built P",
            "verified 18243",
            "done P",
        ];
        assert_eq!(seen, expected);
    }
}
