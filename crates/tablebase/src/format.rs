//! The table file layout: header, block table and their checksums (the page
//! `docs/tablebase/file-format.md` describes it).
//!
//! All integers are little-endian. A file is
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `MSHOGITB` |
//! | 8 | 4 | format version (2; version 1 is read too) |
//! | 12 | 4 | header length `H` (bytes, checksum included) |
//! | 16 | 8 | index size `N` (values stored) |
//! | 24 | 4 | values per block `B` |
//! | 28 | 4 | block count `C = ceil(N / B)` |
//! | 32 | 1 | value transform: 0 = the stored bytes are the values; 1 = slots holding no legal position store don't-care bytes (version 2 only) |
//! | 33 | 1 | compression (1 = zstd) |
//! | 34 | 2 | reserved, zero |
//! | 36 | 4 | zstd dictionary length `D` (0 = none) |
//! | 40 | 2048 | counts per value: 256 × u64, entry 255 = slots holding no legal position (sum `N`) |
//! | 2088 | 2 + r | rule set name (u16 length, UTF-8) |
//! | … | 2 + m | material name (u16 length, UTF-8), e.g. `RG` |
//! | … | 2 + p | index parameters (u16 length, bytes from `Indexer::params`) |
//! | … | D | zstd dictionary |
//! | H − 8 | 8 | XXH3-64 of bytes `0 .. H − 8` |
//! | H | 16 × C | per block: end offset of its data (u64, relative to the data start) and XXH3-64 of its compressed bytes |
//! | H + 16 C | 8 | XXH3-64 of the block table |
//! | H + 16 C + 8 | … | the blocks: each a zstd frame of `B` stored bytes (the last one may be shorter) |
//!
//! The file ends exactly where the last block ends, so truncation is seen on open; every byte is
//! covered by one of the checksums, so a flipped byte is seen on open (header, block table) or when
//! its block is decompressed.
//!
//! Version 1 has the same layout and only transform 0, so this build reads it as it is.

use crate::error::TablebaseError;
use crate::material::Material;
use crate::value_counts::ValueCounts;
use std::path::Path;
use xxhash_rust::xxh3::xxh3_64;

/// First eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"MSHOGITB";
/// The format version this build writes; it also reads every version from 1 up to this one.
pub const FORMAT_VERSION: u32 = 3;
/// The oldest format version this build reads.
pub const OLDEST_FORMAT_VERSION: u32 = 1;
/// Rule set of tables whose values come from mate-only retrograde analysis (SPEC §3).
pub const RULE_SET: &str = "minishogi-dtm";
/// Compression code for zstd frames.
pub const COMPRESSION_ZSTD: u8 = 1;
/// Value transform code: the stored bytes are the value bytes, 255 in every slot that holds no
/// legal position.
pub const TRANSFORM_NONE: u8 = 0;
/// Value transform code (format version 2): a slot that holds no legal position stores a
/// don't-care byte chosen to compress well; readers tell those slots from the index of the
/// table's material ([`crate::Table::values`] marks them 255 again). Every other slot stores its
/// value byte.
pub const TRANSFORM_DONT_CARE: u8 = 1;
/// File name extension of table files.
pub const EXTENSION: &str = "mstb";

/// The file name of `material`'s table: `RG.mstb`, and `kings.mstb` for the empty set `-` (a name
/// starting with `-` would read as an option on a command line).
pub fn table_file_name(material: &Material) -> String {
    if material.piece_count() == 0 {
        format!("kings.{EXTENSION}")
    } else {
        format!("{}.{EXTENSION}", material.name())
    }
}

const FIXED_LEN: usize = 40 + 256 * 8;
/// Largest header a valid file has: fixed part, three names, a dictionary of at most 1 MiB.
const MAX_HEADER_LEN: usize = FIXED_LEN + 3 * (2 + 65535) + MAX_DICTIONARY + 8;
/// Largest zstd dictionary the format accepts.
pub const MAX_DICTIONARY: usize = 1 << 20;
/// Bytes per block table entry.
const ENTRY_LEN: usize = 16;

/// Everything a table file says about itself before its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Format version ([`FORMAT_VERSION`] when written by this build; 1 for older files).
    pub version: u32,
    /// Rule set whose values the table holds, [`RULE_SET`].
    pub rule_set: String,
    /// Material set name (`RG`, `-`).
    pub material: String,
    /// Opaque description of the index scheme, compared with the indexer's on open.
    pub index_params: Vec<u8>,
    /// Number of values (index slots).
    pub index_size: u64,
    /// Values per block.
    pub block_size: u32,
    /// Value transform code ([`TRANSFORM_NONE`] or [`TRANSFORM_DONT_CARE`]).
    pub transform: u8,
    /// Compression code ([`COMPRESSION_ZSTD`]).
    pub compression: u8,
    /// How many slots hold each value byte, counting the value (255 for a slot that holds no legal
    /// position), not the stored don't-care byte, under [`TRANSFORM_DONT_CARE`].
    pub counts: Box<[u64; 256]>,
    /// zstd dictionary shared by all blocks (empty for none).
    pub dictionary: Vec<u8>,
    /// The repetition section's description (version 3 files with values under the repetition
    /// rule; `None` for mate-only tables).
    pub repetition: Option<RepetitionHeader>,
}

/// What the header says of the repetition section (format version 3).
///
/// The section follows the value blocks: a directory with, for each value block, the number of
/// mate-only draws before it (u64, then the XXH3-64 of the directory), a block table as the values'
/// one (offsets relative to the start of the section's data) and the blocks, each a zstd frame of
/// `entries_per_block` entries (the last may be shorter). An entry is the two [`crate::DrawValue`]s
/// of one mate-only draw (first player to move, then second player to move, u16 each), in slot
/// order; the draws of a block are the slots whose stored byte is 0 (illegal slots never store 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepetitionHeader {
    /// Entries per repetition block.
    pub entries_per_block: u32,
    /// Number of mate-only draws (entries).
    pub draws: u64,
    /// Base of the first player's pair measures.
    pub first_base: u32,
    /// Base of the draws' pair measures.
    pub draw_base: u32,
    /// Entries per case (first player to move, second player to move) and outcome (second player
    /// wins, first player wins, draw).
    pub counts: [[u64; 3]; 2],
}

/// Bytes of an encoded [`RepetitionHeader`].
const REPETITION_HEADER_LEN: usize = 4 + 8 + 4 + 4 + 6 * 8;

impl RepetitionHeader {
    /// Number of repetition blocks.
    pub fn block_count(&self) -> u64 {
        self.draws.div_ceil(u64::from(self.entries_per_block.max(1)))
    }

    /// Number of entries of repetition block `block`.
    pub fn block_len(&self, block: u64) -> usize {
        let start = block * u64::from(self.entries_per_block);
        (self.draws - start).min(u64::from(self.entries_per_block)) as usize
    }

    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(REPETITION_HEADER_LEN);
        out.extend_from_slice(&self.entries_per_block.to_le_bytes());
        out.extend_from_slice(&self.draws.to_le_bytes());
        out.extend_from_slice(&self.first_base.to_le_bytes());
        out.extend_from_slice(&self.draw_base.to_le_bytes());
        for count in self.counts.iter().flatten() {
            out.extend_from_slice(&count.to_le_bytes());
        }
        out
    }

    fn decode(bytes: &[u8]) -> Option<RepetitionHeader> {
        if bytes.len() != REPETITION_HEADER_LEN {
            return None;
        }
        let mut counts = [[0u64; 3]; 2];
        for (i, count) in counts.iter_mut().flatten().enumerate() {
            *count = u64_at(bytes, 20 + 8 * i);
        }
        let header = RepetitionHeader {
            entries_per_block: u32_at(bytes, 0),
            draws: u64_at(bytes, 4),
            first_base: u32_at(bytes, 12),
            draw_base: u32_at(bytes, 16),
            counts,
        };
        let consistent = header.entries_per_block > 0
            && counts
                .iter()
                .all(|case| case.iter().try_fold(0u64, |a, &c| a.checked_add(c)) == Some(header.draws));
        consistent.then_some(header)
    }
}

impl Header {
    /// Number of blocks.
    pub fn block_count(&self) -> u64 {
        self.index_size.div_ceil(self.block_size as u64)
    }

    /// Number of values of block `block` (all are `block_size` but the last).
    pub fn block_len(&self, block: u64) -> usize {
        let start = block * self.block_size as u64;
        (self.index_size - start).min(self.block_size as u64) as usize
    }

    /// Number of slots that hold legal positions.
    pub fn legal_positions(&self) -> u64 {
        self.index_size - self.counts[255]
    }

    /// Wins, losses, draws and the longest distances, from the counts per value.
    pub fn summary(&self) -> ValueCounts {
        ValueCounts::from_counts(&self.counts)
    }

    /// True when slots holding no legal position store don't-care bytes ([`TRANSFORM_DONT_CARE`]).
    pub fn dont_care_illegal(&self) -> bool {
        self.transform == TRANSFORM_DONT_CARE
    }

    /// Why this version and transform cannot go together, if they cannot.
    fn version_problem(&self) -> Option<String> {
        match (self.version, self.transform) {
            (OLDEST_FORMAT_VERSION..=FORMAT_VERSION, TRANSFORM_NONE) => None,
            (2..=FORMAT_VERSION, TRANSFORM_DONT_CARE) => None,
            (OLDEST_FORMAT_VERSION..=FORMAT_VERSION, t) => {
                Some(format!("unknown value transform {t} for format version {}", self.version))
            }
            (v, _) => Some(format!("format version {v} is not one this build writes")),
        }
    }

    /// The header bytes, checksum included.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FIXED_LEN + 64 + self.dictionary.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&self.version.to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes()); // header length, patched below
        out.extend_from_slice(&self.index_size.to_le_bytes());
        out.extend_from_slice(&self.block_size.to_le_bytes());
        out.extend_from_slice(&(self.block_count() as u32).to_le_bytes());
        out.push(self.transform);
        out.push(self.compression);
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(&(self.dictionary.len() as u32).to_le_bytes());
        for count in self.counts.iter() {
            out.extend_from_slice(&count.to_le_bytes());
        }
        let repetition = self.repetition.as_ref().map(RepetitionHeader::encode).unwrap_or_default();
        let mut fields = vec![self.rule_set.as_bytes(), self.material.as_bytes(), &self.index_params];
        if self.version >= 3 {
            fields.push(&repetition);
        }
        for field in fields {
            out.extend_from_slice(&(field.len() as u16).to_le_bytes());
            out.extend_from_slice(field);
        }
        out.extend_from_slice(&self.dictionary);
        let len = out.len() as u32 + 8;
        out[12..16].copy_from_slice(&len.to_le_bytes());
        let sum = xxh3_64(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Checks that the header fields fit the format (lengths, block count) before writing.
    pub fn check_encodable(&self, path: &Path) -> Result<(), TablebaseError> {
        let invalid = |detail: String| TablebaseError::InvalidInput { path: path.to_path_buf(), detail };
        for (name, len) in [
            ("rule set name", self.rule_set.len()),
            ("material name", self.material.len()),
            ("index parameters", self.index_params.len()),
        ] {
            if len > u16::MAX as usize {
                return Err(invalid(format!("{name} is {len} bytes, at most 65535 fit")));
            }
        }
        if self.dictionary.len() > MAX_DICTIONARY {
            return Err(invalid(format!(
                "dictionary of {} bytes, at most {MAX_DICTIONARY}",
                self.dictionary.len()
            )));
        }
        if self.block_size == 0 {
            return Err(invalid("block size 0".into()));
        }
        if self.block_count() > u32::MAX as u64 {
            return Err(invalid(format!("{} blocks, at most {} fit", self.block_count(), u32::MAX)));
        }
        if self.counts.iter().sum::<u64>() != self.index_size {
            return Err(invalid("value counts do not add up to the index size".into()));
        }
        if let Some(problem) = self.version_problem() {
            return Err(invalid(problem));
        }
        if let Some(r) = &self.repetition {
            if self.version < 3 || r.entries_per_block == 0 || r.draws != self.counts[0] {
                return Err(invalid("repetition values need format version 3, one entry per draw".into()));
            }
        }
        Ok(())
    }

    /// Reads and checks the header at the start of `bytes` (the whole file); returns it with its length.
    pub fn decode(path: &Path, bytes: &[u8]) -> Result<(Header, usize), TablebaseError> {
        let truncated = |detail: String| TablebaseError::Truncated { path: path.to_path_buf(), detail };
        let corrupted = |detail: String| TablebaseError::CorruptedHeader { path: path.to_path_buf(), detail };
        if bytes.len() < 16 {
            return Err(truncated(format!("{} bytes, shorter than a table header", bytes.len())));
        }
        if bytes[0..8] != MAGIC {
            return Err(TablebaseError::BadMagic { path: path.to_path_buf() });
        }
        let version = u32_at(bytes, 8);
        let header_len = u32_at(bytes, 12) as usize;
        let unsupported = || TablebaseError::UnsupportedVersion {
            path: path.to_path_buf(),
            found: version,
            oldest: OLDEST_FORMAT_VERSION,
            newest: FORMAT_VERSION,
        };
        let known = (OLDEST_FORMAT_VERSION..=FORMAT_VERSION).contains(&version);
        if header_len < FIXED_LEN + 6 + 8 {
            // A damaged length field: say so rather than guess; the version is read before it.
            if !known {
                return Err(unsupported());
            }
            return Err(corrupted(format!("header length {header_len} is too small")));
        }
        if header_len > MAX_HEADER_LEN {
            return Err(corrupted(format!("header length {header_len} is too large")));
        }
        if bytes.len() < header_len {
            return Err(truncated(format!(
                "{} bytes, shorter than its {header_len}-byte header",
                bytes.len()
            )));
        }
        let stored = u64_at(bytes, header_len - 8);
        if xxh3_64(&bytes[..header_len - 8]) != stored {
            return Err(corrupted("header checksum mismatch".into()));
        }
        if !known {
            return Err(unsupported());
        }
        let index_size = u64_at(bytes, 16);
        let block_size = u32_at(bytes, 24);
        let block_count = u32_at(bytes, 28) as u64;
        let transform = bytes[32];
        let compression = bytes[33];
        let dict_len = u32_at(bytes, 36) as usize;
        let mut counts = Box::new([0u64; 256]);
        for (i, count) in counts.iter_mut().enumerate() {
            *count = u64_at(bytes, 40 + 8 * i);
        }
        let end = header_len - 8;
        let mut at = FIXED_LEN;
        let mut field = |name: &str| -> Result<Vec<u8>, TablebaseError> {
            if at + 2 > end {
                return Err(corrupted(format!("{name} runs past the header end")));
            }
            let len = u16::from_le_bytes([bytes[at], bytes[at + 1]]) as usize;
            at += 2;
            if at + len > end {
                return Err(corrupted(format!("{name} runs past the header end")));
            }
            let value = bytes[at..at + len].to_vec();
            at += len;
            Ok(value)
        };
        let text = |name: &str, raw: Vec<u8>| {
            String::from_utf8(raw).map_err(|_| corrupted(format!("{name} is not UTF-8")))
        };
        let rule_set = text("rule set name", field("rule set name")?)?;
        let material = text("material name", field("material name")?)?;
        let index_params = field("index parameters")?;
        let repetition = if version >= 3 {
            let raw = field("repetition section description")?;
            if raw.is_empty() {
                None
            } else {
                let decoded = RepetitionHeader::decode(&raw);
                Some(decoded.ok_or_else(|| corrupted("malformed repetition section description".into()))?)
            }
        } else {
            None
        };
        if at + dict_len != end {
            return Err(corrupted("header length does not match its fields".into()));
        }
        let dictionary = bytes[at..end].to_vec();
        let header = Header {
            version,
            rule_set,
            material,
            index_params,
            index_size,
            block_size,
            transform,
            compression,
            counts,
            dictionary,
            repetition,
        };
        if block_size == 0 {
            return Err(corrupted("block size 0".into()));
        }
        if header.block_count() != block_count {
            return Err(corrupted(format!(
                "{block_count} blocks stored, {} needed for {index_size} values",
                header.block_count()
            )));
        }
        if header.counts.iter().try_fold(0u64, |a, &c| a.checked_add(c)) != Some(index_size) {
            return Err(corrupted("value counts do not add up to the index size".into()));
        }
        if let Some(problem) = header.version_problem() {
            return Err(corrupted(problem));
        }
        if compression != COMPRESSION_ZSTD {
            return Err(corrupted(format!("unknown compression {compression}")));
        }
        Ok((header, header_len))
    }
}

/// Where one block's compressed bytes are and what they hash to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BlockEntry {
    /// Start of the compressed bytes in the file.
    pub start: u64,
    /// End (exclusive) of the compressed bytes in the file.
    pub end: u64,
    /// XXH3-64 of the compressed bytes.
    pub checksum: u64,
}

/// Bytes of the block table of `blocks` blocks, as [`encode_block_table`] writes it.
pub(crate) fn block_table_len(blocks: u64) -> u64 {
    blocks * ENTRY_LEN as u64 + 8
}

/// The block table bytes (with checksum) for blocks of the given compressed sizes and checksums.
pub fn encode_block_table(blocks: &[(u64, u64)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(blocks.len() * ENTRY_LEN + 8);
    let mut end = 0u64;
    for &(len, checksum) in blocks {
        end += len;
        out.extend_from_slice(&end.to_le_bytes());
        out.extend_from_slice(&checksum.to_le_bytes());
    }
    let sum = xxh3_64(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The blocks of a file: the values' and, in a version 3 file with repetition values, the
/// repetition section's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The value blocks.
    pub blocks: Vec<BlockEntry>,
    /// The repetition section, if the header describes one.
    pub repetition: Option<RepetitionLayout>,
}

/// Where the repetition section's parts are (see [`RepetitionHeader`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepetitionLayout {
    /// Mate-only draws before each value block.
    pub draws_before: Vec<u64>,
    /// The repetition blocks.
    pub blocks: Vec<BlockEntry>,
}

/// The repetition section's directory and block table bytes (with checksums), for value blocks
/// with `draws_before` draws before each and repetition blocks of the given compressed sizes and
/// checksums.
pub fn encode_repetition_tables(draws_before: &[u64], blocks: &[(u64, u64)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(draws_before.len() * 8 + 8);
    for d in draws_before {
        out.extend_from_slice(&d.to_le_bytes());
    }
    let sum = xxh3_64(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out.extend_from_slice(&encode_block_table(blocks));
    out
}

/// Reads and checks the block tables that follow a header of `header_len` bytes, and checks that
/// the file ends exactly after the last block.
pub fn decode_layout(
    path: &Path,
    bytes: &[u8],
    header: &Header,
    header_len: usize,
) -> Result<Layout, TablebaseError> {
    let (blocks, end) = decode_blocks(path, bytes, header_len, header.block_count() as usize, "block table")?;
    let (repetition, expected) = match &header.repetition {
        None => (None, end),
        Some(r) => {
            let dir_end = end as usize + 8 * blocks.len() + 8;
            if bytes.len() < dir_end {
                return Err(TablebaseError::Truncated {
                    path: path.to_path_buf(),
                    detail: format!("{} bytes, shorter than its repetition directory", bytes.len()),
                });
            }
            let dir = &bytes[end as usize..dir_end - 8];
            if xxh3_64(dir) != u64_at(bytes, dir_end - 8) {
                return Err(TablebaseError::CorruptedHeader {
                    path: path.to_path_buf(),
                    detail: "repetition directory checksum mismatch".into(),
                });
            }
            let draws_before: Vec<u64> = (0..blocks.len()).map(|i| u64_at(dir, 8 * i)).collect();
            let (rep_blocks, rep_end) =
                decode_blocks(path, bytes, dir_end, r.block_count() as usize, "repetition block table")?;
            (Some(RepetitionLayout { draws_before, blocks: rep_blocks }), rep_end)
        }
    };
    let actual = bytes.len() as u64;
    if actual < expected {
        return Err(TablebaseError::Truncated {
            path: path.to_path_buf(),
            detail: format!("{actual} bytes, {expected} expected; the last blocks are cut off"),
        });
    }
    if actual > expected {
        return Err(TablebaseError::CorruptedHeader {
            path: path.to_path_buf(),
            detail: format!("{actual} bytes, {expected} expected: trailing bytes after the last block"),
        });
    }
    Ok(Layout { blocks, repetition })
}

/// Reads the block table of `count` blocks at `at` (with its checksum) and the blocks' places,
/// which start right after it; returns them with the end of the last block. The blocks must lie
/// inside `bytes` as far as the table says (checked by the caller against the file's end).
fn decode_blocks(
    path: &Path,
    bytes: &[u8],
    at: usize,
    count: usize,
    what: &str,
) -> Result<(Vec<BlockEntry>, u64), TablebaseError> {
    let header_len = at;
    let table_end = header_len + count * ENTRY_LEN + 8;
    if bytes.len() < table_end {
        return Err(TablebaseError::Truncated {
            path: path.to_path_buf(),
            detail: format!("{} bytes, shorter than its block table ({table_end} bytes)", bytes.len()),
        });
    }
    let table = &bytes[header_len..table_end - 8];
    if xxh3_64(table) != u64_at(bytes, table_end - 8) {
        return Err(TablebaseError::CorruptedHeader {
            path: path.to_path_buf(),
            detail: format!("{what} checksum mismatch"),
        });
    }
    let data_start = table_end as u64;
    let mut entries = Vec::with_capacity(count);
    let mut start = data_start;
    for i in 0..count {
        let end = u64_at(table, i * ENTRY_LEN)
            .checked_add(data_start)
            .filter(|&end| end >= start)
            .ok_or_else(|| TablebaseError::CorruptedHeader {
                path: path.to_path_buf(),
                detail: format!("{what}: block {i} ends before it starts"),
            })?;
        entries.push(BlockEntry { start, end, checksum: u64_at(table, i * ENTRY_LEN + 8) });
        start = end;
    }
    if (bytes.len() as u64) < start {
        let actual = bytes.len() as u64;
        let block = entries.iter().position(|e| e.end > actual).unwrap_or(0);
        return Err(TablebaseError::Truncated {
            path: path.to_path_buf(),
            detail: format!("{actual} bytes, {start} expected; {what}: block {block} and later are cut off"),
        });
    }
    Ok((entries, start))
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut b = [0u8; 4];
    b.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(b)
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        let mut counts = Box::new([0u64; 256]);
        counts[0] = 7;
        counts[255] = 3;
        Header {
            version: FORMAT_VERSION,
            rule_set: RULE_SET.into(),
            material: "RG".into(),
            index_params: vec![1, 2, 3],
            index_size: 10,
            block_size: 4,
            transform: TRANSFORM_DONT_CARE,
            compression: COMPRESSION_ZSTD,
            counts,
            dictionary: vec![9; 5],
            repetition: None,
        }
    }

    #[test]
    fn header_round_trip() {
        let h = header();
        let bytes = h.encode();
        let (back, len) = Header::decode(Path::new("x"), &bytes).expect("decodes");
        assert_eq!(back, h);
        assert_eq!(len, bytes.len());
        assert_eq!(back.block_count(), 3);
        assert_eq!(back.block_len(2), 2);
        assert_eq!(back.legal_positions(), 7);
    }

    #[test]
    fn versions_and_transforms() {
        let decode = |h: &Header| Header::decode(Path::new("x"), &h.encode());
        let mut h = header();
        h.version = 1;
        // Version 1 knows only the plain transform.
        assert!(h.check_encodable(Path::new("x")).is_err());
        assert!(matches!(decode(&h), Err(TablebaseError::CorruptedHeader { .. })));
        h.transform = TRANSFORM_NONE;
        assert_eq!(decode(&h).expect("version 1 reads").0, h);
        h.transform = 2;
        assert!(decode(&h).is_err());
        h.transform = TRANSFORM_NONE;
        for version in [0, FORMAT_VERSION + 1] {
            h.version = version;
            let err = decode(&h).expect_err("unknown version");
            assert!(matches!(err, TablebaseError::UnsupportedVersion { .. }), "{err}");
            // The command that fixes it is the CLI's to add (see its `report::describe`).
            assert!(err.to_string().contains(&format!("table format version {version}")), "{err}");
        }
    }

    #[test]
    fn every_flipped_header_byte_is_detected() {
        let bytes = header().encode();
        for i in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[i] ^= 0x10;
            assert!(Header::decode(Path::new("x"), &bad).is_err(), "flip at {i} not detected");
        }
    }

    #[test]
    fn truncated_header_is_reported_as_truncated() {
        let bytes = header().encode();
        for cut in [0, 10, 100, bytes.len() - 1] {
            let err = Header::decode(Path::new("t.mstb"), &bytes[..cut]).expect_err("truncated");
            assert!(matches!(err, TablebaseError::Truncated { .. }), "cut {cut}: {err}");
            assert!(err.to_string().contains("t.mstb"));
        }
    }
}
