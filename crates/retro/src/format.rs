//! The table file layout: header, block tables and their checksums (the page
//! `docs/tablebase/file-format.md` describes it).
//!
//! All integers are little-endian. A file is
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic: the game's ([`GameId::magic`]), e.g. `MSHOGITB` |
//! | 8 | 4 | format version ([`FORMAT_VERSION`], 3) |
//! | 12 | 4 | header length `H` (bytes, checksum included) |
//! | 16 | 8 | index size `N` (values stored) |
//! | 24 | 4 | values per block `B` |
//! | 28 | 4 | block count `C = ceil(N / B)` |
//! | 32 | 1 | value transform: 0 = the stored bytes are the values; 1 = slots holding no legal position store don't-care bytes |
//! | 33 | 1 | compression (1 = zstd) |
//! | 34 | 2 | reserved, zero |
//! | 36 | 4 | zstd dictionary length `D` (0 = none) |
//! | 40 | 2048 | counts per value: 256 × u64, entry 255 = slots holding no legal position (sum `N`) |
//! | 2088 | 2 + r | rule set name (u16 length, UTF-8) |
//! | … | 2 + m | material name (u16 length, UTF-8), e.g. `RG` |
//! | … | 2 + p | index parameters (u16 length, the game's description of its index) |
//! | … | 2 + s | draw section description (u16 length, 0 = no draw section) |
//! | … | D | zstd dictionary |
//! | H − 8 | 8 | XXH3-64 of bytes `0 .. H − 8` |
//! | H | 16 × C | per block: end offset of its data (u64, relative to the data start) and XXH3-64 of its compressed bytes |
//! | H + 16 C | 8 | XXH3-64 of the block table |
//! | H + 16 C + 8 | … | the blocks: each a zstd frame of `B` stored bytes (the last one may be shorter) |
//! | … | … | the draw section, if the header describes one (see [`DrawSection`]) |
//!
//! The file ends exactly where the last block ends, so truncation is seen on open; every byte is
//! covered by one of the checksums, so a flipped byte is seen on open (header, block tables) or
//! when its block is decompressed.

use crate::error::TableError;
use crate::value_counts::ValueCounts;
use std::path::Path;
use xxhash_rust::xxh3::xxh3_64;

/// The format version this build writes and the only one it reads (the format was never
/// published in another version).
pub const FORMAT_VERSION: u32 = 3;
/// Compression code for zstd frames.
pub const COMPRESSION_ZSTD: u8 = 1;
/// Value transform code: the stored bytes are the value bytes, 255 in every slot that holds no
/// legal position.
pub const TRANSFORM_NONE: u8 = 0;
/// Value transform code: a slot that holds no legal position stores
/// a don't-care byte chosen to compress well; readers tell those slots from the game's index
/// ([`crate::Table::values_for`] marks them 255 again). Every other slot stores its value byte.
pub const TRANSFORM_DONT_CARE: u8 = 1;

/// What identifies one game's table files: the magic they start with and the rule set their
/// headers name, so that each game's reader refuses the other games' files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameId {
    /// The game's name in messages (`not a minishogi table file`).
    pub name: &'static str,
    /// First eight bytes of every file this game writes.
    pub magic: [u8; 8],
    /// Rule set named in the headers of this game's tables.
    pub rule_set: &'static str,
    /// The shape of the game's draw sections (see [`DrawSection`]); `None` for a game whose
    /// tables hold values alone.
    pub draws: Option<DrawFormat>,
}

/// The shape of a game's draw sections: fixed sizes, so that a header announced before the
/// entries are known keeps its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawFormat {
    /// Bytes of one entry.
    pub entry_bytes: usize,
    /// Bytes of the game's part of the description ([`DrawSection::game_data`]).
    pub data_bytes: usize,
}

const FIXED_LEN: usize = 40 + 256 * 8;
/// Largest header a valid file has: fixed part, four length-prefixed fields, a dictionary of at
/// most 1 MiB.
const MAX_HEADER_LEN: usize = FIXED_LEN + 4 * (2 + 65535) + MAX_DICTIONARY + 8;
/// Largest zstd dictionary the format accepts.
pub const MAX_DICTIONARY: usize = 1 << 20;
/// Bytes per block table entry.
const ENTRY_LEN: usize = 16;

/// Everything a table file says about itself before its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The magic the file starts with ([`GameId::magic`]).
    pub magic: [u8; 8],
    /// Rule set whose values the table holds ([`GameId::rule_set`]).
    pub rule_set: String,
    /// Material set name (`RG`, `-`).
    pub material: String,
    /// Opaque description of the index scheme, compared with the game's indexer on open.
    pub index_params: Vec<u8>,
    /// Number of values (index slots).
    pub index_size: u64,
    /// Values per block.
    pub block_size: u32,
    /// Value transform code ([`TRANSFORM_NONE`] or [`TRANSFORM_DONT_CARE`]).
    pub transform: u8,
    /// Compression code: 1 for zstd, the only one.
    pub compression: u8,
    /// How many slots hold each value byte, counting the value (255 for a slot that holds no legal
    /// position), not the stored don't-care byte, under [`TRANSFORM_DONT_CARE`].
    pub counts: Box<[u64; 256]>,
    /// zstd dictionary shared by all blocks (empty for none).
    pub dictionary: Vec<u8>,
    /// The draw section's description (a game that stores more about its draws; `None` for a
    /// table of values alone).
    pub draw_section: Option<DrawSection>,
}

/// What the header says of the draw section: entries of the game's own, one
/// per slot holding the draw byte, such as Minishogi's values of those draws under the repetition
/// rule.
///
/// The section follows the value blocks: a directory with, for each value block, the number of
/// draws before it (u64, then the XXH3-64 of the directory), a block table as the values' one
/// (offsets relative to the start of the section's data) and the blocks, each a zstd frame of
/// `entries_per_block` entries of [`DrawFormat::entry_bytes`] bytes (the last may be shorter),
/// in slot order. The draws of a block are the slots whose stored byte is 0 (the writer never
/// stores 0 in an illegal slot of such a file).
///
/// In the header the description is `entries_per_block` (u32), `draws` (u64), then the game's
/// [`DrawSection::game_data`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawSection {
    /// Entries per block.
    pub entries_per_block: u32,
    /// Number of draws (entries).
    pub draws: u64,
    /// What the game says of its entries (Minishogi: the bases of its progress measures and the
    /// counts per outcome), checked by the game's reader.
    pub game_data: Vec<u8>,
}

impl DrawSection {
    /// Number of blocks.
    pub fn block_count(&self) -> u64 {
        self.draws.div_ceil(u64::from(self.entries_per_block.max(1)))
    }

    /// Number of entries of block `block`.
    pub fn block_len(&self, block: u64) -> usize {
        let start = block * u64::from(self.entries_per_block);
        (self.draws - start).min(u64::from(self.entries_per_block)) as usize
    }

    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(12 + self.game_data.len());
        out.extend_from_slice(&self.entries_per_block.to_le_bytes());
        out.extend_from_slice(&self.draws.to_le_bytes());
        out.extend_from_slice(&self.game_data);
        out
    }

    fn decode(bytes: &[u8]) -> Option<DrawSection> {
        if bytes.len() < 12 {
            return None;
        }
        let section = DrawSection {
            entries_per_block: u32_at(bytes, 0),
            draws: u64_at(bytes, 4),
            game_data: bytes[12..].to_vec(),
        };
        (section.entries_per_block > 0).then_some(section)
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

    /// Why the value transform is not one of the format's, if it is not.
    fn transform_problem(&self) -> Option<String> {
        match self.transform {
            TRANSFORM_NONE | TRANSFORM_DONT_CARE => None,
            t => Some(format!("unknown value transform {t}")),
        }
    }

    /// The header bytes, checksum included.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FIXED_LEN + 64 + self.dictionary.len());
        out.extend_from_slice(&self.magic);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
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
        let section = self.draw_section.as_ref().map(DrawSection::encode).unwrap_or_default();
        for field in [self.rule_set.as_bytes(), self.material.as_bytes(), &self.index_params, &section] {
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
    pub fn check_encodable(&self, path: &Path) -> Result<(), TableError> {
        let invalid = |detail: String| TableError::InvalidInput { path: path.to_path_buf(), detail };
        let section_len = self.draw_section.as_ref().map_or(0, |s| 12 + s.game_data.len());
        for (name, len) in [
            ("rule set name", self.rule_set.len()),
            ("material name", self.material.len()),
            ("index parameters", self.index_params.len()),
            ("draw section description", section_len),
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
        if let Some(problem) = self.transform_problem() {
            return Err(invalid(problem));
        }
        if let Some(r) = &self.draw_section {
            if r.entries_per_block == 0 || r.draws != self.counts[0] {
                return Err(invalid("a draw section needs one entry per draw".into()));
            }
        }
        Ok(())
    }

    /// Reads and checks the header at the start of `bytes` (the whole file), a table of `game`;
    /// returns it with its length.
    pub fn decode(path: &Path, bytes: &[u8], game: &GameId) -> Result<(Header, usize), TableError> {
        let truncated = |detail: String| TableError::Truncated { path: path.to_path_buf(), detail };
        let corrupted = |detail: String| TableError::CorruptedHeader { path: path.to_path_buf(), detail };
        if bytes.len() < 16 {
            return Err(truncated(format!("{} bytes, shorter than a table header", bytes.len())));
        }
        if bytes[0..8] != game.magic {
            return Err(TableError::BadMagic { path: path.to_path_buf(), game: game.name });
        }
        let mut magic = [0u8; 8];
        magic.copy_from_slice(&bytes[0..8]);
        let version = u32_at(bytes, 8);
        let header_len = u32_at(bytes, 12) as usize;
        let unsupported = || TableError::UnsupportedVersion {
            path: path.to_path_buf(),
            found: version,
            supported: FORMAT_VERSION,
        };
        let known = version == FORMAT_VERSION;
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
        let mut field = |name: &str| -> Result<Vec<u8>, TableError> {
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
        let raw_section = field("draw section description")?;
        let draw_section = if raw_section.is_empty() {
            None
        } else {
            let decoded = DrawSection::decode(&raw_section);
            Some(decoded.ok_or_else(|| corrupted("malformed draw section description".into()))?)
        };
        if at + dict_len != end {
            return Err(corrupted("header length does not match its fields".into()));
        }
        let dictionary = bytes[at..end].to_vec();
        let header = Header {
            magic,
            rule_set,
            material,
            index_params,
            index_size,
            block_size,
            transform,
            compression,
            counts,
            dictionary,
            draw_section,
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
        if let Some(problem) = header.transform_problem() {
            return Err(corrupted(problem));
        }
        if compression != COMPRESSION_ZSTD {
            return Err(corrupted(format!("unknown compression {compression}")));
        }
        if header.draw_section.as_ref().is_some_and(|s| s.draws != header.counts[0]) {
            return Err(corrupted("draw section entries differ from the draws counted".into()));
        }
        // The game's part of the description has the game's length; another game's file (told by
        // its rule set on open) may have another.
        let data_bytes = game.draws.map(|d| d.data_bytes);
        let own_rules = header.rule_set == game.rule_set;
        if own_rules && header.draw_section.as_ref().is_some_and(|s| Some(s.game_data.len()) != data_bytes) {
            return Err(corrupted("malformed draw section description".into()));
        }
        Ok((header, header_len))
    }
}

/// Where one block's compressed bytes are and what they hash to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct BlockEntry {
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
pub(crate) fn encode_block_table(blocks: &[(u64, u64)]) -> Vec<u8> {
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

/// The blocks of a file: the values' and, in a file with a draw section, the section's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// The value blocks.
    pub blocks: Vec<BlockEntry>,
    /// The draw section, if the header describes one.
    pub draw_section: Option<DrawLayout>,
}

/// Where the draw section's parts are (see [`DrawSection`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DrawLayout {
    /// Draws before each value block.
    pub draws_before: Vec<u64>,
    /// The draw section's blocks.
    pub blocks: Vec<BlockEntry>,
}

/// The draw section's directory and block table bytes (with checksums), for value blocks with
/// `draws_before` draws before each and section blocks of the given compressed sizes and
/// checksums.
pub(crate) fn encode_draw_tables(draws_before: &[u64], blocks: &[(u64, u64)]) -> Vec<u8> {
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
pub(crate) fn decode_layout(
    path: &Path,
    bytes: &[u8],
    header: &Header,
    header_len: usize,
) -> Result<Layout, TableError> {
    let (blocks, end) = decode_blocks(path, bytes, header_len, header.block_count() as usize, "block table")?;
    let (draw_section, expected) = match &header.draw_section {
        None => (None, end),
        Some(r) => {
            let dir_end = end as usize + 8 * blocks.len() + 8;
            if bytes.len() < dir_end {
                return Err(TableError::Truncated {
                    path: path.to_path_buf(),
                    detail: format!("{} bytes, shorter than its draw section directory", bytes.len()),
                });
            }
            let dir = &bytes[end as usize..dir_end - 8];
            if xxh3_64(dir) != u64_at(bytes, dir_end - 8) {
                return Err(TableError::CorruptedHeader {
                    path: path.to_path_buf(),
                    detail: "draw section directory checksum mismatch".into(),
                });
            }
            let draws_before: Vec<u64> = (0..blocks.len()).map(|i| u64_at(dir, 8 * i)).collect();
            let (section_blocks, section_end) =
                decode_blocks(path, bytes, dir_end, r.block_count() as usize, "draw section block table")?;
            (Some(DrawLayout { draws_before, blocks: section_blocks }), section_end)
        }
    };
    let actual = bytes.len() as u64;
    if actual < expected {
        return Err(TableError::Truncated {
            path: path.to_path_buf(),
            detail: format!("{actual} bytes, {expected} expected; the last blocks are cut off"),
        });
    }
    if actual > expected {
        return Err(TableError::CorruptedHeader {
            path: path.to_path_buf(),
            detail: format!("{actual} bytes, {expected} expected: trailing bytes after the last block"),
        });
    }
    Ok(Layout { blocks, draw_section })
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
) -> Result<(Vec<BlockEntry>, u64), TableError> {
    let header_len = at;
    let table_end = header_len + count * ENTRY_LEN + 8;
    if bytes.len() < table_end {
        return Err(TableError::Truncated {
            path: path.to_path_buf(),
            detail: format!("{} bytes, shorter than its block table ({table_end} bytes)", bytes.len()),
        });
    }
    let table = &bytes[header_len..table_end - 8];
    if xxh3_64(table) != u64_at(bytes, table_end - 8) {
        return Err(TableError::CorruptedHeader {
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
            .ok_or_else(|| TableError::CorruptedHeader {
                path: path.to_path_buf(),
                detail: format!("{what}: block {i} ends before it starts"),
            })?;
        entries.push(BlockEntry { start, end, checksum: u64_at(table, i * ENTRY_LEN + 8) });
        start = end;
    }
    if (bytes.len() as u64) < start {
        let actual = bytes.len() as u64;
        let block = entries.iter().position(|e| e.end > actual).unwrap_or(0);
        return Err(TableError::Truncated {
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

    const GAME: GameId = GameId {
        name: "test",
        magic: *b"TESTTB01",
        rule_set: "test-dtm",
        draws: Some(DrawFormat { entry_bytes: 4, data_bytes: 9 }),
    };

    fn header() -> Header {
        let mut counts = Box::new([0u64; 256]);
        counts[0] = 7;
        counts[255] = 3;
        Header {
            magic: GAME.magic,
            rule_set: GAME.rule_set.into(),
            material: "RG".into(),
            index_params: vec![1, 2, 3],
            index_size: 10,
            block_size: 4,
            transform: TRANSFORM_DONT_CARE,
            compression: COMPRESSION_ZSTD,
            counts,
            dictionary: vec![9; 5],
            draw_section: None,
        }
    }

    #[test]
    fn header_round_trip() {
        let h = header();
        let bytes = h.encode();
        let (back, len) = Header::decode(Path::new("x"), &bytes, &GAME).expect("decodes");
        assert_eq!(back, h);
        assert_eq!(len, bytes.len());
        assert_eq!(back.block_count(), 3);
        assert_eq!(back.block_len(2), 2);
        assert_eq!(back.legal_positions(), 7);
    }

    #[test]
    fn versions_and_transforms() {
        let decode = |bytes: &[u8]| Header::decode(Path::new("x"), bytes, &GAME);
        let mut h = header();
        h.transform = TRANSFORM_NONE;
        assert_eq!(decode(&h.encode()).expect("transform 0 reads").0, h);
        h.transform = 2;
        assert!(h.check_encodable(Path::new("x")).is_err());
        assert!(matches!(decode(&h.encode()), Err(TableError::CorruptedHeader { .. })));
        h.transform = TRANSFORM_NONE;
        // Any other version is refused, the versions before the current one too (never published).
        for version in [0, 1, 2, FORMAT_VERSION + 1] {
            let mut bytes = h.encode();
            bytes[8..12].copy_from_slice(&version.to_le_bytes());
            let len = bytes.len();
            let sum = xxh3_64(&bytes[..len - 8]);
            bytes[len - 8..].copy_from_slice(&sum.to_le_bytes());
            let err = decode(&bytes).expect_err("unknown version");
            assert!(matches!(err, TableError::UnsupportedVersion { .. }), "{err}");
            assert!(err.to_string().contains(&format!("table format version {version}")), "{err}");
        }
    }

    #[test]
    fn every_flipped_header_byte_is_detected() {
        let bytes = header().encode();
        for i in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[i] ^= 0x10;
            assert!(Header::decode(Path::new("x"), &bad, &GAME).is_err(), "flip at {i} not detected");
        }
    }

    #[test]
    fn truncated_header_is_reported_as_truncated() {
        let bytes = header().encode();
        for cut in [0, 10, 100, bytes.len() - 1] {
            let err = Header::decode(Path::new("t.mstb"), &bytes[..cut], &GAME).expect_err("truncated");
            assert!(matches!(err, TableError::Truncated { .. }), "cut {cut}: {err}");
            assert!(err.to_string().contains("t.mstb"));
        }
    }

    #[test]
    fn magics_tell_the_games_apart() {
        let h = header();
        let bytes = h.encode();
        let other = GameId { magic: *b"OTHERTB1", ..GAME };
        let err = Header::decode(Path::new("x"), &bytes, &other).expect_err("another game's magic");
        assert!(matches!(err, TableError::BadMagic { .. }), "{err}");
        assert!(err.to_string().contains("not a test table file"), "{err}");
    }

    #[test]
    fn draw_section_round_trip() {
        let mut h = header();
        h.draw_section = Some(DrawSection { entries_per_block: 3, draws: 7, game_data: vec![5; 9] });
        h.check_encodable(Path::new("x")).expect("encodable");
        let (back, _) = Header::decode(Path::new("x"), &h.encode(), &GAME).expect("decodes");
        assert_eq!(back, h);
        let section = back.draw_section.expect("a section");
        assert_eq!((section.block_count(), section.block_len(2)), (3, 1));
        // A count that is not the table's draws is refused.
        h.draw_section = Some(DrawSection { entries_per_block: 3, draws: 6, game_data: vec![5; 9] });
        assert!(h.check_encodable(Path::new("x")).is_err());
        let err = Header::decode(Path::new("x"), &h.encode(), &GAME).expect_err("wrong count");
        assert!(matches!(err, TableError::CorruptedHeader { .. }), "{err}");
    }
}
