//! Generating one set's values with the generic retrograde generator.

use crate::error::MinjikuTbError;
use crate::index::Indexer;
use crate::material::Material;
use crate::retro::MinjikuRetro;
use crate::tables::Tables;
use minishogi_tablebase::{retrograde, with_threads, GenerateStats, Progress};

/// Options of [`generate`].
#[derive(Clone, Copy, Default)]
pub struct GenerateOptions<'a> {
    /// Worker threads; `None` uses rayon's global pool. The values do not depend on it.
    pub threads: Option<usize>,
    /// Called from worker threads as slots are done.
    pub progress: Option<&'a (dyn Fn(Progress<'_>) + Sync)>,
}

/// The value byte of every slot of canonical `material` (255 where the slot holds no legal
/// position), with the moves that leave the set valued from `smaller`, which must hold every set
/// of [`Material::successors`].
pub fn generate(
    material: &Material,
    smaller: &Tables,
    options: &GenerateOptions<'_>,
) -> Result<(Vec<u8>, GenerateStats), MinjikuTbError> {
    if let Some(missing) = material.successors().into_iter().find(|m| !smaller.contains(m)) {
        return Err(MinjikuTbError::Missing(missing.name()));
    }
    let rules = MinjikuRetro::new(Indexer::new(material), smaller);
    let name = material.name();
    let result = with_threads(options.threads, || retrograde(&rules, &name, options.progress))
        .map_err(|e| MinjikuTbError::Threads { threads: e.threads, message: e.message })??;
    if rules.missed_a_table() {
        return Err(MinjikuTbError::Missing(format!("a set one move from {name}")));
    }
    Ok(result)
}
