//! Building named sets and everything they need, in dependency order, as files in a directory.

use crate::error::MinjikuTbError;
use crate::file::{open, table_path, write};
use crate::generate::generate;
use crate::material::Material;
use crate::tables::{Tables, Values};
use minishogi_retro::{GenerateOptions, Progress, ValueCounts};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// What a build is doing, for the caller to show.
#[derive(Clone, Copy, Debug)]
pub enum BuildEvent<'a> {
    /// A set's file is present and was read (its values are needed by a later set).
    Loaded(&'a Material, &'a Path),
    /// Generation of a set starts.
    Generating(&'a Material, u64),
    /// Progress of the set being generated.
    Progress(Progress<'a>),
    /// A set's file was written.
    Written(&'a TableSummary),
}

/// Options of [`build`].
#[derive(Clone, Copy, Default)]
pub struct BuildOptions<'a> {
    /// Worker threads; `None` uses rayon's global pool. The files do not depend on it.
    pub threads: Option<usize>,
    /// Regenerate the named sets even when their files exist (their dependencies are reused).
    pub force: bool,
    /// Called with what happens (from worker threads for [`BuildEvent::Progress`]).
    pub events: Option<&'a (dyn Fn(BuildEvent<'_>) + Sync)>,
}

/// One table built.
#[derive(Clone, Debug)]
pub struct TableSummary {
    /// The set.
    pub material: Material,
    /// Its file.
    pub path: PathBuf,
    /// Index slots.
    pub slots: u64,
    /// Wins, losses, draws, longest distances.
    pub counts: ValueCounts,
    /// Size of the file.
    pub file_bytes: u64,
    /// Wall time of generation and writing, seconds.
    pub seconds: f64,
}

/// The canonical sets of `targets` and all the sets they need, each after those it needs.
pub fn plan(targets: &[Material]) -> Vec<Material> {
    let mut order: Vec<Material> = Vec::new();
    for target in targets {
        for m in target.build_order() {
            if !order.contains(&m) {
                order.push(m);
            }
        }
    }
    order
}

/// One set of a build's plan ([`planned`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedSet {
    /// The set.
    pub material: Material,
    /// Its file is present and would be read, not built.
    pub present: bool,
    /// Index slots of its table.
    pub slots: u64,
}

/// What [`build`] would do with `targets` in `dir`: every set of the plan in build order, and
/// whether its file is present (with `force`, the targets count as absent).
pub fn planned(dir: &Path, targets: &[Material], force: bool) -> Vec<PlannedSet> {
    let targets: Vec<Material> = targets.iter().map(|m| m.canonical().0).collect();
    plan(&targets)
        .into_iter()
        .map(|material| PlannedSet {
            present: is_present(dir, &material, &targets, force),
            slots: crate::index::Indexer::new(&material).size(),
            material,
        })
        .collect()
}

/// True when `material`'s file is read rather than built.
fn is_present(dir: &Path, material: &Material, targets: &[Material], force: bool) -> bool {
    table_path(dir, material).exists() && !(force && targets.contains(material))
}

/// For each step of `order`, the sets that no later step needs, to be released after it: a set is
/// kept from its own step to the last step whose set one move can turn into it.
fn releases(order: &[Material]) -> Vec<Vec<Material>> {
    let mut last_use: HashMap<&Material, usize> = order.iter().enumerate().map(|(i, m)| (m, i)).collect();
    for (i, material) in order.iter().enumerate() {
        for next in material.successors() {
            if let Some(last) = last_use.get_mut(&next) {
                *last = (*last).max(i);
            }
        }
    }
    let mut out = vec![Vec::new(); order.len()];
    for (material, last) in last_use {
        out[last].push(material.clone());
    }
    out
}

/// Builds the tables of `targets` in `dir` with every set they need: a set whose file exists is
/// read (checked), the others are generated and written. Returns the tables written. A set's
/// values are held in memory only until the last set that needs them is built.
pub fn build(
    dir: &Path,
    targets: &[Material],
    options: &BuildOptions<'_>,
) -> Result<Vec<TableSummary>, MinjikuTbError> {
    let targets: Vec<Material> = targets.iter().map(|m| m.canonical().0).collect();
    let event = |e: BuildEvent<'_>| {
        if let Some(f) = options.events {
            f(e);
        }
    };
    let order = plan(&targets);
    let releases = releases(&order);
    let mut tables = Tables::new();
    let mut written = Vec::new();
    for (material, released) in order.into_iter().zip(releases) {
        let path = table_path(dir, &material);
        if is_present(dir, &material, &targets, options.force) {
            // Read even when no later set needs it: reading checks the file.
            let (_, table) = open(&path)?;
            let values = table.values()?;
            event(BuildEvent::Loaded(&material, &path));
            tables.insert(material, Values::Memory(Arc::new(values)));
            tables.remove_all(&released);
            continue;
        }
        let start = Instant::now();
        event(BuildEvent::Generating(&material, crate::index::Indexer::new(&material).size()));
        let progress = |p: Progress<'_>| event(BuildEvent::Progress(p));
        let generate_options = GenerateOptions { threads: options.threads, progress: Some(&progress) };
        let (values, _) = generate(&material, &tables, &generate_options)?;
        let summary = write(&path, &material, &values, &|_| {})?;
        let mut counts = [0u64; 256];
        values.iter().for_each(|&v| counts[v as usize] += 1);
        let table = TableSummary {
            material: material.clone(),
            path,
            slots: values.len() as u64,
            counts: ValueCounts::from_counts(&counts),
            file_bytes: summary.file_bytes,
            seconds: start.elapsed().as_secs_f64(),
        };
        event(BuildEvent::Written(&table));
        written.push(table);
        tables.insert(material, Values::Memory(Arc::new(values)));
        tables.remove_all(&released);
    }
    Ok(written)
}

/// The sets `tb gen` builds when none is named: every `K+X vs K`, and a few `K+X vs K+Y` (see
/// `docs/minjiku-tablebase.md`) when `with_pairs`.
pub fn default_sets(with_pairs: bool) -> Vec<Material> {
    let mut sets = Material::all_single();
    if with_pairs {
        sets.extend(DEFAULT_PAIRS.iter().filter_map(|name| Material::parse(name).ok()));
    }
    sets
}

/// The two-piece sets of the default build: pieces that never promote, so that each needs only
/// one-piece tables. Three `K+X vs K+Y` and one set with two pieces on one side, `K+S+SvK` (two
/// promoted Silvers, which move as Bishops: does the pair mate where one alone almost never does?).
pub const DEFAULT_PAIRS: &[&str] = &["KJvKA", "KFvKJ", "K+DvK+Y", "K+S+SvK"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_is_released_once_and_only_after_every_set_that_needs_it() {
        let targets: Vec<Material> = ["KJvKA", "KPvKA", "K+DvK+Y", "KLvKF"]
            .iter()
            .map(|n| Material::parse(n).expect("a set"))
            .collect();
        let order = plan(&targets);
        let releases = releases(&order);
        let released_at = |m: &Material| -> Vec<usize> {
            releases.iter().enumerate().filter(|(_, r)| r.contains(m)).map(|(i, _)| i).collect()
        };
        for (i, material) in order.iter().enumerate() {
            let at = released_at(material);
            assert_eq!(at.len(), 1, "{material} released at {at:?}");
            assert!(at[0] >= i, "{material} released before it is built");
            for next in material.successors() {
                let j = order.iter().position(|m| m == &next).expect("a needed set is in the plan");
                assert!(j < i, "{next} is built after {material}, which needs it");
                assert!(released_at(&next)[0] >= i, "{next} released before {material} is built");
            }
        }
        // Held at once: never the whole plan.
        let mut held = 0usize;
        let mut most = 0usize;
        for r in &releases {
            held += 1;
            most = most.max(held);
            held -= r.len();
        }
        assert_eq!(held, 0);
        assert!(most < order.len(), "all {} sets held at once", order.len());
    }

    #[test]
    fn default_pairs_need_only_one_piece_tables() {
        for name in DEFAULT_PAIRS {
            let set = Material::parse(name).expect("a set");
            assert_eq!(set.piece_count(), 2, "{name}");
            assert!(set.is_canonical(), "{name}");
            let order = set.build_order();
            assert_eq!(order.last(), Some(&set), "{name}");
            for needed in &order[..order.len() - 1] {
                assert!(needed.piece_count() <= 1, "{name} needs {needed}");
            }
        }
        let two = Material::parse("K+S+SvK").expect("a set");
        let names: Vec<String> = two.build_order().iter().map(Material::name).collect();
        assert_eq!(names, ["KvK", "K+SvK", "K+S+SvK"]);
    }
}
