//! Minishogi tables generated with the game-independent retrograde core: the mate-only values of
//! a material set, then the values of its mate-only draws under the standard repetition rule.

use minishogi_retro::{retrograde, with_threads, GenerateError, GenerateOptions, GenerateStats};

use crate::error::RepetitionAnalysisError;
use crate::index::Indexer;
use crate::material::Material;
use crate::repetition_analysis::{analyse, draw_set, DrawSet, RepetitionValues};
use crate::retro_rules::MinishogiRetro;

/// Computes the value byte ([`minishogi_retro::Value`] encoding) of every slot of `material`'s
/// index.
pub fn generate(material: &Material, options: &GenerateOptions<'_>) -> Result<Vec<u8>, GenerateError> {
    generate_with_stats(material, options).map(|(values, _)| values)
}

/// [`generate`], also returning statistics.
pub fn generate_with_stats(
    material: &Material,
    options: &GenerateOptions<'_>,
) -> Result<(Vec<u8>, GenerateStats), GenerateError> {
    let rules = MinishogiRetro::new(Indexer::new(material));
    retrograde(&rules, &material.name(), options)
}

/// The values under the standard repetition rule of the mate-only draws in `values` (the
/// [`generate`] result of `material`), for both cases.
pub fn repetition_values(
    material: &Material,
    values: &[u8],
    options: &GenerateOptions<'_>,
) -> Result<RepetitionValues, RepetitionAnalysisError> {
    let draws = draw_set(*material, values)?;
    repetition_values_of_draws(material, draws, options)
}

/// [`repetition_values`] of the mate-only `draws` of `material`'s table, numbered from its values
/// (which may be gone by now).
pub(crate) fn repetition_values_of_draws(
    material: &Material,
    draws: DrawSet,
    options: &GenerateOptions<'_>,
) -> Result<RepetitionValues, RepetitionAnalysisError> {
    let rules = MinishogiRetro::new(Indexer::new(material));
    with_threads(options.threads, || analyse(&rules, *material, draws, options.progress))?
}
