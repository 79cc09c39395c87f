//! Generating one set's values with the generic retrograde generator.

use crate::error::MinjikuTbError;
use crate::index::Indexer;
use crate::material::Material;
use crate::retro::MinjikuRetro;
use crate::tables::Tables;
use minishogi_retro::{retrograde, GenerateOptions, GenerateStats};

/// The value byte of every slot of canonical `material` (255 where the slot holds no legal
/// position), with the moves that leave the set valued from `smaller`, which must hold every set
/// of [`Material::successors`].
pub fn generate(
    material: &Material,
    smaller: &Tables,
    options: &GenerateOptions<'_>,
) -> Result<(Vec<u8>, GenerateStats), MinjikuTbError> {
    if let Some(missing) = material.successors().into_iter().find(|m| !smaller.contains(m)) {
        return Err(MinjikuTbError::Missing(missing));
    }
    let rules = MinjikuRetro::new(Indexer::new(material), smaller);
    let name = material.name();
    let result = retrograde(&rules, &name, options)?;
    if rules.missed_a_table() {
        return Err(MinjikuTbError::MissingSuccessor(material.clone()));
    }
    Ok(result)
}
