//! Writing a table file: count values, fill the slots that hold no legal position with don't-care
//! bytes, compress blocks in parallel, write to a temporary name, sync, and rename only when
//! complete.

use crate::error::TablebaseError;
use crate::format::{
    block_table_len, encode_block_table, encode_repetition_tables, Header, RepetitionHeader,
    COMPRESSION_ZSTD, FORMAT_VERSION, RULE_SET, TRANSFORM_DONT_CARE, TRANSFORM_NONE,
};
use crate::index::Indexer;
use crate::material::Material;
use crate::repetition::RepetitionValues;
use crate::value::Value;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use xxhash_rust::xxh3::xxh3_64;

mod pending_file;

use pending_file::PendingFile;

/// How values are cut into blocks and compressed.
#[derive(Clone, Debug)]
pub struct WriteOptions {
    /// Values per block: larger compresses better, smaller decompresses faster on a cold probe.
    pub block_size: u32,
    /// zstd compression level of the blocks (1-22): higher is smaller and slower to write, reading
    /// speed is about the same.
    pub level: i32,
    /// Repetition entries per block: smaller blocks make a cold probe of a mate-only draw cheaper
    /// (its value block and one repetition block are decompressed), larger ones compress better.
    pub repetition_block: u32,
    /// Largest zstd dictionary to train from the table's own blocks (0: none).
    pub dictionary_size: usize,
    /// Store the slots that hold no legal position (value byte 255 on input) as don't-care bytes
    /// chosen to compress well (value transform [`TRANSFORM_DONT_CARE`]); readers tell those slots
    /// from the index. Needs `material` to name a set and `index_params` to be its indexer's
    /// ([`Indexer::params`]), and 255 in exactly the slots that index calls illegal, as
    /// [`crate::generate()`] gives them ([`crate::Table::values`] checks the counts). Off: every
    /// byte is stored as it is (any bytes, any names).
    pub dont_care_illegal: bool,
}

impl Default for WriteOptions {
    /// Blocks of 4096 values, zstd level 13, no dictionary, don't-care illegal slots (chosen by
    /// measurement: see the README, "Sizes").
    fn default() -> WriteOptions {
        WriteOptions {
            block_size: 4096,
            level: 13,
            repetition_block: 512,
            dictionary_size: 0,
            dont_care_illegal: true,
        }
    }
}

/// What was written.
#[derive(Clone, Debug)]
pub struct WriteSummary {
    /// The table file.
    pub path: PathBuf,
    /// Its size in bytes.
    pub file_bytes: u64,
    /// Index slots.
    pub index_size: u64,
    /// Slots holding legal positions.
    pub legal_positions: u64,
    /// Blocks.
    pub blocks: u64,
}

impl WriteSummary {
    /// Stored bits per legal position (whole file).
    pub fn bits_per_position(&self) -> f64 {
        self.file_bytes as f64 * 8.0 / self.legal_positions.max(1) as f64
    }
}

/// Writes `values` (one [`crate::Value`] byte per index slot, 255 where the slot holds no legal
/// position) as the table of `material` to `path`.
///
/// The file is written under a temporary name in the same directory, synced, and renamed to
/// `path` only when complete; on any error the temporary file is removed and nothing named `path`
/// is created. `progress` is called with the number of blocks compressed so far.
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

/// [`write_table`] for another game's rules: the header names `rule_set` (e.g. `minjiku-dtm`),
/// so that this crate's reader refuses the file and the other game's reader accepts it (see
/// [`crate::Table::open_for_rules`]). The slots holding no legal position must store their bytes
/// as they are (`options.dont_care_illegal` off: only Minishogi's index tells them apart).
pub fn write_table_for_rules(
    path: &Path,
    rule_set: &str,
    material: &str,
    index_params: &[u8],
    values: &[u8],
    options: &WriteOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<WriteSummary, TablebaseError> {
    if options.dont_care_illegal {
        let detail = "don't-care illegal slots need Minishogi's index".to_string();
        return Err(TablebaseError::InvalidInput { path: path.to_path_buf(), detail });
    }
    let compressed =
        compress_values_for(path, rule_set, material, index_params, values, false, options, progress)?;
    compressed.write(path, None)
}

/// [`write_table`] with the values under the repetition rule of the table's mate-only draws
/// (format version 3 with a repetition section; `None` writes a mate-only table).
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
            return Err(TablebaseError::InvalidInput {
                path: path.to_path_buf(),
                detail: format!("repetition values for {} slots, the table has {draws} draws", r.len()),
            });
        }
    }
    let compressed =
        compress_values(path, material, index_params, values, repetition.is_some(), options, progress)?;
    compressed.write(path, repetition)
}

/// A table file whose value blocks are compressed and already written (to its temporary file,
/// after room for the header and block table), with what the file's repetition section needs of
/// the values: the generator compresses them before the repetition analysis and drops them, so
/// that the analysis holds neither a byte per slot nor the compressed blocks besides its own
/// arrays.
pub(crate) struct CompressedValues {
    header: Header,
    /// Length of the header as encoded with its repetition section (announced, then filled in).
    header_len: usize,
    /// Per value block: compressed length and checksum.
    entries: Vec<(u64, u64)>,
    /// Mate-only draws before each value block.
    draws_before: Vec<u64>,
    file: PendingFile,
    /// zstd level and entries per block of the repetition section.
    level: i32,
    repetition_block: u32,
}

/// Value blocks compressed in parallel before they are written in order: a batch's compressed
/// blocks are all that is held at once.
const BATCH_BLOCKS: usize = 2048;

/// Compresses `values` into a table's blocks (see [`write_table_with_repetition`]);
/// `with_repetition` when the file will hold repetition values (the don't-care bytes then avoid
/// the draw byte, since readers count a block's draws by its zero bytes).
pub(crate) fn compress_values(
    path: &Path,
    material: &str,
    index_params: &[u8],
    values: &[u8],
    with_repetition: bool,
    options: &WriteOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<CompressedValues, TablebaseError> {
    compress_values_for(path, RULE_SET, material, index_params, values, with_repetition, options, progress)
}

/// [`compress_values`] for a table of `rule_set`.
#[allow(clippy::too_many_arguments)]
fn compress_values_for(
    path: &Path,
    rule_set: &str,
    material: &str,
    index_params: &[u8],
    values: &[u8],
    with_repetition: bool,
    options: &WriteOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<CompressedValues, TablebaseError> {
    let mut counts = Box::new([0u64; 256]);
    for &v in values {
        counts[v as usize] += 1;
    }
    let block_size = options.block_size.max(1);
    let repetition_block = options.repetition_block.max(1);
    if options.dont_care_illegal {
        check_index(path, material, index_params, values.len() as u64)?;
    }
    let mut header = Header {
        version: FORMAT_VERSION,
        rule_set: rule_set.to_string(),
        material: material.to_string(),
        index_params: index_params.to_vec(),
        index_size: values.len() as u64,
        block_size,
        transform: if options.dont_care_illegal { TRANSFORM_DONT_CARE } else { TRANSFORM_NONE },
        compression: COMPRESSION_ZSTD,
        counts,
        dictionary: Vec::new(),
        repetition: None,
    };
    header.check_encodable(path)?;
    let fill = match (options.dont_care_illegal, with_repetition) {
        (false, _) => Fill::None,
        (true, false) => Fill::Common,
        (true, true) => Fill::CommonNonDraw,
    };
    header.dictionary = train_dictionary(values, block_size as usize, fill, options.dictionary_size);
    if with_repetition {
        // Announced now so that the header's length is known; the outcomes are filled in later.
        header.repetition = Some(RepetitionHeader {
            entries_per_block: repetition_block,
            draws: header.counts[Value::DRAW.to_byte() as usize],
            first_base: 0,
            draw_base: 0,
            counts: [[0; 3]; 2],
        });
    }
    let header_len = header.encode().len();
    let blocks = header.block_count();
    let mut file = PendingFile::create(path)?;
    file.seek(header_len as u64 + block_table_len(blocks))?;
    let entries =
        compress_blocks(&mut file, values, block_size as usize, fill, options, &header.dictionary, progress)?;
    let draws_before = if with_repetition {
        values
            .par_chunks(block_size as usize)
            .map(|c| c.iter().filter(|&&v| v == Value::DRAW.to_byte()).count() as u64)
            .collect::<Vec<u64>>()
            .into_iter()
            .scan(0u64, |before, n| {
                let here = *before;
                *before += n;
                Some(here)
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(CompressedValues {
        header,
        header_len,
        entries,
        draws_before,
        file,
        level: options.level,
        repetition_block,
    })
}

impl CompressedValues {
    /// Writes the table file with `repetition` (which must be the values of exactly the draws of
    /// the values compressed, and was announced to [`compress_values`]), with the options given there.
    pub(crate) fn write(
        mut self,
        path: &Path,
        repetition: Option<&RepetitionValues>,
    ) -> Result<WriteSummary, TablebaseError> {
        let invalid = |detail: String| TablebaseError::InvalidInput { path: path.to_path_buf(), detail };
        if self.header.repetition.is_some() != repetition.is_some() {
            let detail =
                "the values were compressed for a table with repetition values exactly when it has them";
            return Err(invalid(detail.into()));
        }
        if let Some(r) = repetition {
            self.check_repetition(r).map_err(invalid)?;
            self.header.repetition = Some(repetition_header(r, self.repetition_block));
        }
        let head = self.header.encode();
        if head.len() != self.header_len {
            return Err(invalid("the header's length changed after the blocks were placed".into()));
        }
        let table = encode_block_table(&self.entries);
        let mut file_bytes =
            head.len() as u64 + table.len() as u64 + self.entries.iter().map(|e| e.0).sum::<u64>();
        if let Some(r) = repetition {
            let rep_blocks = compress_repetition(path, r, self.level, self.repetition_block)?;
            let rep_entries: Vec<(u64, u64)> =
                rep_blocks.iter().map(|b| (b.len() as u64, xxh3_64(b))).collect();
            let rep_tables = encode_repetition_tables(&self.draws_before, &rep_entries);
            file_bytes += rep_tables.len() as u64 + rep_entries.iter().map(|e| e.0).sum::<u64>();
            self.file.write_all(&rep_tables)?;
            for block in &rep_blocks {
                self.file.write_all(block)?;
            }
        }
        self.file.seek(0)?;
        self.file.write_all(&head)?;
        self.file.write_all(&table)?;
        self.file.persist()?;
        Ok(WriteSummary {
            path: path.to_path_buf(),
            file_bytes,
            index_size: self.header.index_size,
            legal_positions: self.header.legal_positions(),
            blocks: self.header.block_count(),
        })
    }

    /// Checks that `repetition` gives an outcome for exactly the draws of the compressed values:
    /// as many in every value block.
    fn check_repetition(&self, repetition: &RepetitionValues) -> Result<(), String> {
        let draws = self.header.counts[Value::DRAW.to_byte() as usize];
        let set = repetition.draws();
        let block_size = u64::from(self.header.block_size);
        let same_blocks = self
            .draws_before
            .iter()
            .enumerate()
            .all(|(b, &before)| set.count_before(b as u64 * block_size) == before);
        if repetition.len() as u64 != draws || set.size() != self.header.index_size || !same_blocks {
            return Err(format!(
                "repetition values for {} slots, the table has {draws} draws",
                repetition.len()
            ));
        }
        if repetition.entries().iter().flatten().any(|v| v.outcome().is_none()) {
            return Err("a mate-only draw without a repetition value".into());
        }
        Ok(())
    }
}

/// Checks that readers can tell the illegal slots of a table of `material` written with
/// `index_params`: the name must be a set whose indexer this build has, with those parameters.
fn check_index(path: &Path, material: &str, index_params: &[u8], len: u64) -> Result<(), TablebaseError> {
    let invalid = |detail: String| TablebaseError::InvalidInput { path: path.to_path_buf(), detail };
    let set = Material::parse(material).map_err(|e| {
        invalid(format!(
            "don't-care illegal slots need a material set's index, and '{material}' is none: {e}"
        ))
    })?;
    let indexer = Indexer::new(&set);
    if indexer.params() != index_params {
        return Err(invalid(format!(
            "don't-care illegal slots need the index of {material}, and the parameters given are not this build's"
        )));
    }
    if indexer.size() != len {
        return Err(invalid(format!(
            "{len} values for the {} slots of the index of {material}",
            indexer.size()
        )));
    }
    Ok(())
}

/// What the slots that hold no legal position store.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Fill {
    /// 255, as given.
    None,
    /// The block's most frequent value.
    Common,
    /// The block's most frequent value other than the draw.
    CommonNonDraw,
}

/// The header's description of `repetition`.
fn repetition_header(repetition: &RepetitionValues, entries_per_block: u32) -> RepetitionHeader {
    let mut counts = [[0u64; 3]; 2];
    for pair in repetition.entries() {
        for (case, v) in pair.iter().enumerate() {
            if let Some(o) = v.outcome() {
                counts[case][o as usize] += 1;
            }
        }
    }
    RepetitionHeader {
        entries_per_block,
        draws: repetition.len() as u64,
        first_base: repetition.first_base(),
        draw_base: repetition.draw_base(),
        counts,
    }
}

/// The compressed repetition blocks of `repetition`.
fn compress_repetition(
    path: &Path,
    repetition: &RepetitionValues,
    level: i32,
    entries_per_block: u32,
) -> Result<Vec<Vec<u8>>, TablebaseError> {
    let failure = |e: std::io::Error| TablebaseError::io(path, e);
    repetition
        .entries()
        .par_chunks(entries_per_block as usize)
        .map_init(
            || zstd::bulk::Compressor::new(level),
            |compressor, chunk| {
                let compressor =
                    compressor.as_mut().map_err(|e| failure(std::io::Error::new(e.kind(), e.to_string())))?;
                let raw: Vec<u8> = chunk
                    .iter()
                    .flat_map(|p| [p[0].to_bits(), p[1].to_bits()])
                    .flat_map(u16::to_le_bytes)
                    .collect();
                let mut block = compressor.compress(&raw).map_err(failure)?;
                block.shrink_to_fit();
                Ok(block)
            },
        )
        .collect()
}

/// The bytes stored for one block: its values, with every 255 (no legal position) replaced by the
/// value the block's legal slots hold most often (ties: the smaller byte; 0 if none is legal)
/// when `fill`. Of the fills measured (the previous or next legal value, 0, the block's most
/// frequent value, copies that lengthen matches), the most frequent value compressed best.
fn stored_block(values: &[u8], fill: Fill, out: &mut Vec<u8>) {
    out.clear();
    out.extend_from_slice(values);
    if fill == Fill::None {
        return;
    }
    let illegal = Value::ILLEGAL.to_byte();
    let mut counts = [0u32; 256];
    for &v in values {
        counts[v as usize] += 1;
    }
    counts[illegal as usize] = 0;
    if fill == Fill::CommonNonDraw {
        // Any byte but the draw's: 1 (loss in 0) when the block holds nothing else.
        counts[Value::DRAW.to_byte() as usize] = 0;
        counts[1] = counts[1].max(1);
    }
    // `max_by_key` keeps the last maximum: scanning from the top, the smallest byte wins ties
    // (and 0 when no slot is legal).
    let common = (0..=255u8).rev().max_by_key(|&v| counts[v as usize]).unwrap_or(0);
    for v in out.iter_mut().filter(|v| **v == illegal) {
        *v = common;
    }
}

/// A dictionary trained on evenly spaced blocks (as stored); empty when not asked for or when
/// training fails (e.g. too little data), which is deterministic for the same values.
fn train_dictionary(values: &[u8], block_size: usize, fill: Fill, max_size: usize) -> Vec<u8> {
    let blocks = values.len() / block_size;
    if max_size == 0 || blocks < 8 {
        return Vec::new();
    }
    // Samples of a quarter block from up to 512 evenly spaced blocks: enough to learn the patterns.
    let take = blocks.min(512);
    let sample_len = (block_size / 4).max(64).min(block_size);
    let mut data = Vec::with_capacity(take * sample_len);
    let mut sizes = Vec::with_capacity(take);
    let mut block = Vec::with_capacity(block_size);
    for i in 0..take {
        let start = (i * blocks / take) * block_size;
        stored_block(&values[start..start + block_size], fill, &mut block);
        data.extend_from_slice(&block[..sample_len]);
        sizes.push(sample_len);
    }
    zstd::dict::from_continuous(&data, &sizes, max_size).unwrap_or_default()
}

/// Compresses the blocks of `values` and writes them to `file` in order; returns each block's
/// compressed length and checksum.
fn compress_blocks(
    file: &mut PendingFile,
    values: &[u8],
    block_size: usize,
    fill: Fill,
    options: &WriteOptions,
    dictionary: &[u8],
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<(u64, u64)>, TablebaseError> {
    let done = std::sync::atomic::AtomicU64::new(0);
    let path = file.path().to_path_buf();
    let failure = |e: std::io::Error| TablebaseError::io(&path, e);
    // A dictionary digested once: loading it raw into every context costs more than compressing
    // a block.
    let level = options.level;
    let prepared = (!dictionary.is_empty()).then(|| zstd::dict::EncoderDictionary::copy(dictionary, level));
    let mut entries = Vec::with_capacity(values.len().div_ceil(block_size));
    for batch in values.chunks(block_size * BATCH_BLOCKS) {
        let blocks: Vec<Vec<u8>> = batch
            .par_chunks(block_size)
            .map_init(
                || {
                    let compressor = match &prepared {
                        Some(d) => zstd::bulk::Compressor::with_prepared_dictionary(d),
                        None => zstd::bulk::Compressor::new(level),
                    };
                    (compressor, Vec::with_capacity(block_size))
                },
                |(compressor, stored), chunk| {
                    let compressor = compressor
                        .as_mut()
                        .map_err(|e| failure(std::io::Error::new(e.kind(), e.to_string())))?;
                    stored_block(chunk, fill, stored);
                    let block = compressor.compress(stored).map_err(failure)?;
                    let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    progress(n);
                    Ok(block)
                },
            )
            .collect::<Result<_, TablebaseError>>()?;
        for block in &blocks {
            entries.push((block.len() as u64, xxh3_64(block)));
            file.write_all(block)?;
        }
    }
    Ok(entries)
}
