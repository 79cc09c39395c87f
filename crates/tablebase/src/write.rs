//! Writing Minishogi table files with the game-independent writer: the index checked when
//! illegal slots are to store don't-care bytes, the repetition values as the draw section.

use std::path::Path;

use minishogi_retro::write::{compress_values, CompressedValues};
use minishogi_retro::{Value, WriteOptions, WriteSummary};
use rayon::prelude::*;

use crate::draw_section::RepetitionEntries;
use crate::error::TablebaseError;
use crate::files::GAME;
use crate::index::Indexer;
use crate::material::Material;
use crate::repetition_analysis::RepetitionValues;

/// Writes `values` (one [`Value`] byte per index slot, 255 where the slot holds no legal
/// position) as the table of `material` to `path`.
///
/// With `options.dont_care_illegal` (the default) `material` must name a set and `index_params`
/// be its indexer's ([`Indexer::params`]), with 255 in exactly the slots that index calls illegal,
/// as [`crate::generate()`] gives them. The file is written under a temporary name in the same
/// directory, synced, and renamed to `path` only when complete; on any error the temporary file
/// is removed and nothing named `path` is created. `progress` is called with the number of blocks
/// compressed so far.
pub fn write_table(
    path: &Path,
    material: &str,
    index_params: &[u8],
    values: &[u8],
    options: &WriteOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<WriteSummary, TablebaseError> {
    write_table_with_repetition(path, material, index_params, values, None, options, progress)
}

/// [`write_table`] with the values under the repetition rule of the table's mate-only draws
/// (format version 3 with a draw section; `None` writes a mate-only table).
pub fn write_table_with_repetition(
    path: &Path,
    material: &str,
    index_params: &[u8],
    values: &[u8],
    repetition: Option<&RepetitionValues>,
    options: &WriteOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<WriteSummary, TablebaseError> {
    if let Some(r) = repetition {
        if !r.draws().matches(values) {
            let draws = values.par_iter().filter(|&&v| v == Value::DRAW.to_byte()).count();
            return Err(invalid(
                path,
                format!("repetition values for {} slots, the table has {draws} draws", r.len()),
            ));
        }
    }
    let compressed =
        compress_table(path, material, index_params, values, repetition.is_some(), options, progress)?;
    write_compressed_table(compressed, path, repetition)
}

/// Compresses the values of `material`'s table (see [`write_table_with_repetition`]);
/// `with_repetition` when the file will hold repetition values.
pub(crate) fn compress_table(
    path: &Path,
    material: &str,
    index_params: &[u8],
    values: &[u8],
    with_repetition: bool,
    options: &WriteOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<CompressedValues, TablebaseError> {
    if options.dont_care_illegal {
        check_index(path, material, index_params, values.len() as u64)?;
    }
    Ok(compress_values(path, &GAME, material, index_params, values, with_repetition, options, progress)?)
}

/// Writes the table of `compressed` values with `repetition` (which must be the values of exactly
/// the draws of the values compressed, announced to [`compress_table`]).
pub(crate) fn write_compressed_table(
    compressed: CompressedValues,
    path: &Path,
    repetition: Option<&RepetitionValues>,
) -> Result<WriteSummary, TablebaseError> {
    let Some(r) = repetition else { return Ok(compressed.write(path, None)?) };
    let header = compressed.header();
    let draws = header.counts[Value::DRAW.to_byte() as usize];
    let set = r.draws();
    let block_size = u64::from(header.block_size);
    let same_blocks = compressed
        .draws_before()
        .iter()
        .enumerate()
        .all(|(b, &before)| set.count_before(b as u64 * block_size) == before);
    if r.len() as u64 != draws || set.size() != header.index_size || !same_blocks {
        return Err(invalid(
            path,
            format!("repetition values for {} slots, the table has {draws} draws", r.len()),
        ));
    }
    if r.entries().iter().flatten().any(|v| v.outcome().is_none()) {
        return Err(invalid(path, "a mate-only draw without a repetition value".into()));
    }
    Ok(compressed.write(path, Some(&RepetitionEntries(r)))?)
}

fn invalid(path: &Path, detail: String) -> TablebaseError {
    TablebaseError::File(minishogi_retro::TableError::InvalidInput { path: path.to_path_buf(), detail })
}

/// Checks that readers can tell the illegal slots of a table of `material` written with
/// `index_params`: the name must be a set whose indexer this build has, with those parameters.
fn check_index(path: &Path, material: &str, index_params: &[u8], len: u64) -> Result<(), TablebaseError> {
    let set = Material::parse(material).map_err(|e| {
        invalid(
            path,
            format!("don't-care illegal slots need a material set's index, and '{material}' is none: {e}"),
        )
    })?;
    let indexer = Indexer::new(&set);
    if indexer.params() != index_params {
        return Err(invalid(
            path,
            format!(
                "don't-care illegal slots need the index of {material}, and the parameters given are not this build's"
            ),
        ));
    }
    if indexer.size() != len {
        return Err(invalid(
            path,
            format!("{len} values for the {} slots of the index of {material}", indexer.size()),
        ));
    }
    Ok(())
}
