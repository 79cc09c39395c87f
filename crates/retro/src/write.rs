//! Writing a table file: count values, fill the slots that hold no legal position with don't-care
//! bytes, compress blocks in parallel, write to a temporary name, sync, and rename only when
//! complete.

use crate::error::TableError;
use crate::format::{
    block_table_len, encode_block_table, encode_draw_tables, DrawSection, GameId, Header, COMPRESSION_ZSTD,
    TRANSFORM_DONT_CARE, TRANSFORM_NONE,
};
use crate::value::Value;
use rayon::prelude::*;
use std::ops::Range;
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
    /// Draw section entries per block: smaller blocks make a cold probe of a draw's entry cheaper
    /// (its value block and one section block are decompressed), larger ones compress better.
    pub repetition_block: u32,
    /// Largest zstd dictionary to train from the table's own blocks (0: none).
    pub dictionary_size: usize,
    /// Store the slots that hold no legal position (value byte 255 on input) as don't-care bytes
    /// chosen to compress well (value transform [`TRANSFORM_DONT_CARE`]); readers tell those slots
    /// from the game's index ([`crate::Table::values_for`]), so the caller must give 255 in
    /// exactly the slots that index calls illegal, and name the material and index parameters of
    /// that index (the counts per value check it on reading). Off: every byte is stored as it is
    /// (any bytes, any names).
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

/// The entries of a draw section (see [`DrawSection`]), as the game encodes them: one per slot
/// holding the draw byte, in slot order.
pub trait DrawEntries: Sync {
    /// Number of entries.
    fn len(&self) -> usize;

    /// True when there are none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The game's part of the section's description ([`DrawSection::game_data`]).
    fn game_data(&self) -> Vec<u8>;

    /// Appends the bytes of the entries `range` to `out`, [`DrawFormat::entry_bytes`](crate::format::DrawFormat::entry_bytes) each.
    fn encode(&self, range: Range<usize>, out: &mut Vec<u8>);
}

/// Writes `values` (one [`Value`] byte per index slot, 255 where the slot holds no legal position)
/// as `game`'s table of `material` to `path`; `index_params` describe the index (readers compare
/// them with theirs).
///
/// The file is written under a temporary name in the same directory, synced, and renamed to
/// `path` only when complete; on any error the temporary file is removed and nothing named `path`
/// is created. `progress` is called with the number of blocks compressed so far.
pub fn write_table(
    path: &Path,
    game: &GameId,
    material: &str,
    index_params: &[u8],
    values: &[u8],
    options: &WriteOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<WriteSummary, TableError> {
    compress_values(path, game, material, index_params, values, false, options, progress)?.write(path, None)
}

/// A table file whose value blocks are compressed and already written (to its temporary file,
/// after room for the header and block table), waiting for its draw section: a generator can
/// compress the values, drop them, and only then compute the entries of the draws, so that the
/// two never take memory at the same time.
pub struct CompressedValues {
    header: Header,
    /// Length of the header as encoded with its draw section (announced, then filled in).
    header_len: usize,
    /// Per value block: compressed length and checksum.
    entries: Vec<(u64, u64)>,
    /// Draws before each value block.
    draws_before: Vec<u64>,
    file: PendingFile,
    /// zstd level and entries per block of the draw section.
    level: i32,
    repetition_block: u32,
    entry_bytes: usize,
}

/// Value blocks compressed in parallel before they are written in order: a batch's compressed
/// blocks are all that is held at once.
const BATCH_BLOCKS: usize = 2048;

/// Compresses `values` into the blocks of `game`'s table of `material` (see [`write_table`]);
/// `with_draws` when the file will hold a draw section (the don't-care bytes then avoid the draw
/// byte, since readers count a block's draws by its zero bytes), which [`CompressedValues::write`]
/// then adds.
#[allow(clippy::too_many_arguments)]
pub fn compress_values(
    path: &Path,
    game: &GameId,
    material: &str,
    index_params: &[u8],
    values: &[u8],
    with_draws: bool,
    options: &WriteOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<CompressedValues, TableError> {
    let mut counts = Box::new([0u64; 256]);
    for &v in values {
        counts[v as usize] += 1;
    }
    let block_size = options.block_size.max(1);
    let repetition_block = options.repetition_block.max(1);
    let draw_format = match (with_draws, game.draws) {
        (false, _) => None,
        (true, Some(format)) => Some(format),
        (true, None) => {
            let detail = format!("{} tables have no draw section", game.name);
            return Err(TableError::InvalidInput { path: path.to_path_buf(), detail });
        }
    };
    let mut header = Header {
        magic: game.magic,
        rule_set: game.rule_set.to_string(),
        material: material.to_string(),
        index_params: index_params.to_vec(),
        index_size: values.len() as u64,
        block_size,
        transform: if options.dont_care_illegal { TRANSFORM_DONT_CARE } else { TRANSFORM_NONE },
        compression: COMPRESSION_ZSTD,
        counts,
        dictionary: Vec::new(),
        draw_section: None,
    };
    header.check_encodable(path)?;
    let fill = match (options.dont_care_illegal, with_draws) {
        (false, _) => Fill::None,
        (true, false) => Fill::Common,
        (true, true) => Fill::CommonNonDraw,
    };
    header.dictionary = train_dictionary(values, block_size as usize, fill, options.dictionary_size);
    if let Some(format) = draw_format {
        // Announced now so that the header's length is known; the game's data is filled in later.
        header.draw_section = Some(DrawSection {
            entries_per_block: repetition_block,
            draws: header.counts[Value::DRAW.to_byte() as usize],
            game_data: vec![0; format.data_bytes],
        });
    }
    let header_len = header.encode().len();
    let blocks = header.block_count();
    let mut file = PendingFile::create(path)?;
    file.seek(header_len as u64 + block_table_len(blocks))?;
    let entries =
        compress_blocks(&mut file, values, block_size as usize, fill, options, &header.dictionary, progress)?;
    let draws_before = if with_draws {
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
        entry_bytes: draw_format.map_or(0, |f| f.entry_bytes),
    })
}

impl CompressedValues {
    /// The header as it will be written (the draw section's game data still zero).
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The number of draws before each value block (empty unless compressed for a draw
    /// section), for the game to check that its entries are those of the same slots.
    pub fn draws_before(&self) -> &[u64] {
        &self.draws_before
    }

    /// Writes the table file with the draw section of `draws` (one entry per draw of the values
    /// compressed; announced to [`compress_values`] exactly when given), with the options given
    /// there.
    pub fn write(mut self, path: &Path, draws: Option<&dyn DrawEntries>) -> Result<WriteSummary, TableError> {
        let invalid = |detail: String| TableError::InvalidInput { path: path.to_path_buf(), detail };
        if self.header.draw_section.is_some() != draws.is_some() {
            let detail = "the values were compressed for a table with a draw section exactly when it has one";
            return Err(invalid(detail.into()));
        }
        if let (Some(d), Some(section)) = (draws, self.header.draw_section.as_mut()) {
            let game_data = d.game_data();
            if d.len() as u64 != section.draws || game_data.len() != section.game_data.len() {
                return Err(invalid(format!(
                    "draw section of {} entries, the table has {} draws",
                    d.len(),
                    section.draws
                )));
            }
            section.game_data = game_data;
        }
        let head = self.header.encode();
        if head.len() != self.header_len {
            return Err(invalid("the header's length changed after the blocks were placed".into()));
        }
        let table = encode_block_table(&self.entries);
        let mut file_bytes =
            head.len() as u64 + table.len() as u64 + self.entries.iter().map(|e| e.0).sum::<u64>();
        if let Some(d) = draws {
            let blocks = compress_draws(path, d, self.level, self.repetition_block, self.entry_bytes)?;
            let entries: Vec<(u64, u64)> = blocks.iter().map(|b| (b.len() as u64, xxh3_64(b))).collect();
            let tables = encode_draw_tables(&self.draws_before, &entries);
            file_bytes += tables.len() as u64 + entries.iter().map(|e| e.0).sum::<u64>();
            self.file.write_all(&tables)?;
            for block in &blocks {
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

/// The compressed blocks of the draw section of `draws`.
fn compress_draws(
    path: &Path,
    draws: &dyn DrawEntries,
    level: i32,
    entries_per_block: u32,
    entry_bytes: usize,
) -> Result<Vec<Vec<u8>>, TableError> {
    let failure = |e: std::io::Error| TableError::io(path, e);
    let per = entries_per_block as usize;
    (0..draws.len().div_ceil(per))
        .into_par_iter()
        .map_init(
            || (zstd::bulk::Compressor::new(level), Vec::new()),
            |(compressor, raw), b| {
                let compressor =
                    compressor.as_mut().map_err(|e| failure(std::io::Error::new(e.kind(), e.to_string())))?;
                let range = b * per..((b + 1) * per).min(draws.len());
                raw.clear();
                draws.encode(range.clone(), raw);
                if raw.len() != range.len() * entry_bytes {
                    let detail =
                        format!("draw entries of {} bytes, {entry_bytes} expected", raw.len() / range.len());
                    return Err(TableError::InvalidInput { path: path.to_path_buf(), detail });
                }
                let mut block = compressor.compress(raw).map_err(failure)?;
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
) -> Result<Vec<(u64, u64)>, TableError> {
    let done = std::sync::atomic::AtomicU64::new(0);
    let path = file.path().to_path_buf();
    let failure = |e: std::io::Error| TableError::io(&path, e);
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
            .collect::<Result<_, TableError>>()?;
        for block in &blocks {
            entries.push((block.len() as u64, xxh3_64(block)));
            file.write_all(block)?;
        }
    }
    Ok(entries)
}
