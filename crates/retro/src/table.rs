//! One table file, memory-mapped: header and block table checked on open, each block's checksum
//! checked when it is decompressed, recent blocks kept in a small shared cache.

use crate::draw_count::count_draws;
use crate::error::{BlockProblem, TableError};
use crate::format::{decode_layout, BlockEntry, DrawLayout, GameId, Header};
use crate::map::MappedFile;
use crate::rules::RetroRules;
use crate::value::Value;
use rayon::prelude::*;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use xxhash_rust::xxh3::xxh3_64;
use zstd::bulk::Decompressor;

/// Blocks kept decompressed per table unless asked otherwise.
pub const DEFAULT_CACHE_BLOCKS: usize = 64;

const NO_BLOCK: u64 = u64::MAX;

/// An open table file. Reads take `&self` and may run from many threads at once.
pub struct Table {
    path: PathBuf,
    game: GameId,
    map: MappedFile,
    header: Header,
    blocks: Vec<BlockEntry>,
    cache: Box<[Mutex<Slot>]>,
    /// The draw section (version 3 tables of a game that stores entries for its draws).
    draw_section: Option<DrawLayout>,
    draw_cache: Box<[Mutex<Slot>]>,
    /// zstd contexts (with the dictionary loaded) reused across reads; one per concurrent reader.
    decoders: Mutex<Vec<Decompressor<'static>>>,
}

/// Restores the illegal marks of a run of values that starts at a slot (see [`Table::values_for`]).
type MarkIllegal<'a> = dyn Fn(u64, &mut [u8]) + Sync + 'a;

/// One cache entry: a decompressed block, or `NO_BLOCK`.
struct Slot {
    block: u64,
    data: Vec<u8>,
}

impl Table {
    /// Opens and checks `path`, a table of `game` (header, block tables, file length), with the
    /// default cache size.
    pub fn open(path: impl AsRef<Path>, game: &GameId) -> Result<Table, TableError> {
        Table::open_with_cache(path, game, DEFAULT_CACHE_BLOCKS)
    }

    /// Opens `path`, a table of `game`, keeping up to `cache_blocks` decompressed blocks (at least
    /// one). A file of another game (magic or rule set) is refused.
    pub fn open_with_cache(
        path: impl AsRef<Path>,
        game: &GameId,
        cache_blocks: usize,
    ) -> Result<Table, TableError> {
        let path = path.as_ref().to_path_buf();
        let file = File::open(&path).map_err(|e| TableError::io(&path, e))?;
        let len = file.metadata().map_err(|e| TableError::io(&path, e))?.len();
        if len < 16 {
            return Err(TableError::Truncated {
                path,
                detail: format!("{len} bytes, shorter than a table header"),
            });
        }
        let map = MappedFile::map(&file).map_err(|e| TableError::io(&path, e))?;
        let (header, header_len) = Header::decode(&path, &map, game)?;
        if header.rule_set != game.rule_set {
            let detail = format!("a table of rule set '{}', not '{}'", header.rule_set, game.rule_set);
            return Err(TableError::WrongTable { path, detail });
        }
        let layout = decode_layout(&path, &map, &header, header_len)?;
        let slots =
            |n: usize| (0..n).map(|_| Mutex::new(Slot { block: NO_BLOCK, data: Vec::new() })).collect();
        let table = Table {
            path,
            game: *game,
            map,
            header,
            blocks: layout.blocks,
            cache: slots(cache_blocks.max(1)),
            draw_section: layout.draw_section,
            draw_cache: slots((cache_blocks / 4).max(1)),
            decoders: Mutex::new(Vec::new()),
        };
        // Fails now, not on the first probe, if the dictionary is unusable.
        let decoder = table.decoder().map_err(|e| TableError::CorruptedHeader {
            path: table.path.clone(),
            detail: format!("unusable zstd dictionary: {e}"),
        })?;
        table.return_decoder(decoder);
        Ok(table)
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The checked header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Material set name stored in the header.
    pub fn material(&self) -> &str {
        &self.header.material
    }

    /// Number of index slots.
    pub fn index_size(&self) -> u64 {
        self.header.index_size
    }

    /// Size of the file in bytes.
    pub fn file_bytes(&self) -> u64 {
        self.map.len() as u64
    }

    /// Number of blocks.
    pub fn block_count(&self) -> u64 {
        self.blocks.len() as u64
    }

    /// The value stored at `index`. For a slot that holds a legal position this is its value; a
    /// slot that holds none stores [`Value::ILLEGAL`], or any byte when the header says illegal
    /// slots are don't-care ([`Header::dont_care_illegal`]): probes index legal positions only.
    pub fn get(&self, index: u64) -> Result<Value, TableError> {
        self.with_value_block(index, |data, offset| Value::from_byte(data[offset]))
    }

    /// Calls `f` with the decompressed block of slot `index` (from the cache) and the slot's offset
    /// in it.
    fn with_value_block<T>(&self, index: u64, f: impl FnOnce(&[u8], usize) -> T) -> Result<T, TableError> {
        if index >= self.header.index_size {
            return Err(TableError::IndexOutOfRange {
                path: self.path.clone(),
                index,
                size: self.header.index_size,
            });
        }
        let block_size = self.header.block_size as u64;
        let (block, offset) = (index / block_size, (index % block_size) as usize);
        let mut slot = lock(&self.cache[(block % self.cache.len() as u64) as usize]);
        if slot.block != block {
            // Invalidate first so a failed decompression never leaves stale data labelled valid.
            slot.block = NO_BLOCK;
            self.decompress_into(block, &mut slot.data)?;
            slot.block = block;
        }
        Ok(f(&slot.data, offset))
    }

    /// The game whose table this is.
    pub fn game(&self) -> &GameId {
        &self.game
    }

    /// True when the file has a draw section (see [`crate::format::DrawSection`]).
    pub fn has_draw_section(&self) -> bool {
        self.draw_section.is_some()
    }

    /// `decode` of the draw section entry of slot `index`, a legal position: `None` if the slot
    /// does not store the draw byte or the file has no draw section.
    pub fn draw_entry<T>(
        &self,
        index: u64,
        decode: impl FnOnce(&[u8]) -> T,
    ) -> Result<Option<T>, TableError> {
        let Some(layout) = &self.draw_section else { return Ok(None) };
        let block = index / u64::from(self.header.block_size);
        let draw = Value::DRAW.to_byte();
        let rank = self.with_value_block(index, |data, offset| {
            (data[offset] == draw).then(|| layout.draws_before[block as usize] + count_draws(&data[..offset]))
        })?;
        let Some(rank) = rank else { return Ok(None) };
        let section = self
            .header
            .draw_section
            .as_ref()
            .ok_or_else(|| self.corrupted_section(0, BlockProblem::NoDescription))?;
        let per = u64::from(section.entries_per_block);
        let (sblock, soffset) = (rank / per, (rank % per) as usize);
        let mut slot = lock(&self.draw_cache[(sblock % self.draw_cache.len() as u64) as usize]);
        if slot.block != sblock {
            slot.block = NO_BLOCK;
            self.decompress_section_block(layout, sblock, &mut slot.data)?;
            slot.block = sblock;
        }
        let len = self.entry_bytes();
        let at = len * soffset;
        let entry = slot
            .data
            .get(at..at + len)
            .ok_or_else(|| self.corrupted_section(sblock, BlockProblem::EntryOutOfRange))?;
        Ok(Some(decode(entry)))
    }

    /// Hands the pages of the mapped file read so far back to the system (a hint; the next read
    /// maps them again from the page cache): after [`Table::values`] they would otherwise stay
    /// resident beside the values they were decompressed into.
    pub fn release_pages(&self) {
        self.map.release_pages();
    }

    /// Every entry of the draw section in slot order, each `decode`d from its bytes (every block
    /// decompressed in parallel and checked, straight into the result); `None` for a table without
    /// a draw section.
    pub fn draw_entries<T: Send + Clone>(
        &self,
        empty: T,
        decode: impl Fn(&[u8]) -> T + Sync,
    ) -> Result<Option<Vec<T>>, TableError> {
        let (Some(layout), Some(section)) = (&self.draw_section, &self.header.draw_section) else {
            return Ok(None);
        };
        let len = usize::try_from(section.draws)
            .map_err(|_| self.corrupted_section(0, BlockProblem::TooManyDraws))?;
        let bytes = self.entry_bytes().max(1);
        let mut entries = vec![empty; len];
        let per = section.entries_per_block as usize;
        entries.par_chunks_mut(per.max(1)).enumerate().try_for_each_init(Vec::new, |data, (b, chunk)| {
            self.decompress_section_block(layout, b as u64, data)?;
            if data.len() != bytes * chunk.len() {
                return Err(self.corrupted_section(b as u64, BlockProblem::EntryCount));
            }
            for (entry, raw) in chunk.iter_mut().zip(data.chunks_exact(bytes)) {
                *entry = decode(raw);
            }
            Ok(())
        })?;
        Ok(Some(entries))
    }

    /// Bytes of one draw section entry.
    fn entry_bytes(&self) -> usize {
        self.game.draws.map_or(0, |d| d.entry_bytes)
    }

    /// A corrupted block of the draw section.
    pub fn corrupted_section(&self, block: u64, problem: BlockProblem) -> TableError {
        TableError::CorruptedDrawBlock { path: self.path.clone(), block, problem }
    }

    fn decompress_section_block(
        &self,
        layout: &DrawLayout,
        block: u64,
        data: &mut Vec<u8>,
    ) -> Result<(), TableError> {
        let bytes = self.entry_bytes();
        let expected = self.header.draw_section.as_ref().map_or(0, |r| bytes * r.block_len(block));
        let entry = layout
            .blocks
            .get(block as usize)
            .ok_or_else(|| self.corrupted_section(block, BlockProblem::Missing))?;
        self.decompress_entry(entry, expected, data).map_err(|problem| self.corrupted_section(block, problem))
    }

    /// Decompresses block `block` (uncached), checking its checksum and size: the stored bytes,
    /// don't-care ones included (see [`Table::get`]).
    pub fn block(&self, block: u64) -> Result<Vec<u8>, TableError> {
        let mut data = Vec::new();
        self.decompress_into(block, &mut data)?;
        Ok(data)
    }

    /// All values of a table whose stored bytes are its values ([`crate::format::TRANSFORM_NONE`]): one
    /// byte per slot, every block checked, decompressed in parallel; also checks the counts per
    /// value against the header. A file whose illegal slots store don't-care bytes needs the
    /// game's index to tell them: [`Table::values_for`].
    pub fn values(&self) -> Result<Vec<u8>, TableError> {
        if self.header.dont_care_illegal() {
            return Err(TableError::WrongTable {
                path: self.path.clone(),
                detail: "illegal slots store don't-care bytes: reading the values needs the index".into(),
            });
        }
        self.read_values(None)
    }

    /// All values, [`Value::ILLEGAL`] (255) in exactly the slots that hold no legal position, with
    /// `rules` (the index the table was written for, as [`Table::check_index`] checks) telling the
    /// illegal slots of a file that stores don't-care bytes in them; the counts per value then
    /// check that `rules` calls illegal the very slots the writer was given as 255. Every block
    /// checked, decompressed in parallel.
    pub fn values_for<R: RetroRules>(&self, rules: &R) -> Result<Vec<u8>, TableError> {
        if !self.header.dont_care_illegal() {
            return self.read_values(None);
        }
        if rules.size() != self.header.index_size {
            return Err(TableError::WrongIndexScheme { path: self.path.clone() });
        }
        let mark = |start: u64, chunk: &mut [u8]| {
            rules.decode_range(start, start + chunk.len() as u64, &mut |index, legal| {
                if legal.is_none() {
                    chunk[(index - start) as usize] = Value::ILLEGAL.to_byte();
                }
            });
        };
        self.read_values(Some(&mark))
    }

    /// The values, with `mark_illegal(start, values)` restoring the illegal marks of the slots
    /// from `start` on when the file stores don't-care bytes in them.
    fn read_values(&self, mark_illegal: Option<&MarkIllegal<'_>>) -> Result<Vec<u8>, TableError> {
        let mut values = vec![0u8; self.header.index_size as usize];
        let block_size = self.header.block_size as usize;
        values.par_chunks_mut(block_size.max(1)).enumerate().try_for_each(|(i, chunk)| {
            let data = self.block(i as u64)?;
            chunk.copy_from_slice(&data);
            if let Some(mark) = mark_illegal {
                mark((i * block_size) as u64, chunk);
            }
            Ok::<(), TableError>(())
        })?;
        let mut counts = [0u64; 256];
        for &v in &values {
            counts[v as usize] += 1;
        }
        if counts[..] != self.header.counts[..] {
            return Err(TableError::CorruptedHeader {
                path: self.path.clone(),
                detail: "counts per value in the header differ from the stored values".into(),
            });
        }
        Ok(values)
    }

    /// Checks that the table was written for `material` with an index of `index_size` slots
    /// described by `index_params`, under its game's rule set.
    pub fn check_index(
        &self,
        material: &str,
        index_params: &[u8],
        index_size: u64,
    ) -> Result<(), TableError> {
        let header = &self.header;
        let wrong = |detail: String| TableError::WrongTable { path: self.path.clone(), detail };
        if header.material != material {
            return Err(wrong(format!("holds material {}, expected {material}", header.material)));
        }
        if header.rule_set != self.game.rule_set {
            return Err(wrong(format!("rule set '{}', expected '{}'", header.rule_set, self.game.rule_set)));
        }
        if header.index_params != index_params || header.index_size != index_size {
            return Err(TableError::WrongIndexScheme { path: self.path.clone() });
        }
        Ok(())
    }

    fn decompress_into(&self, block: u64, data: &mut Vec<u8>) -> Result<(), TableError> {
        let corrupted =
            |problem: BlockProblem| TableError::CorruptedBlock { path: self.path.clone(), block, problem };
        let entry = self.blocks.get(block as usize).ok_or(corrupted(BlockProblem::Missing))?;
        self.decompress_entry(entry, self.header.block_len(block), data).map_err(corrupted)
    }

    /// Decompresses the block at `entry`, which must give `expected` bytes; the error says why not.
    fn decompress_entry(
        &self,
        entry: &BlockEntry,
        expected: usize,
        data: &mut Vec<u8>,
    ) -> Result<(), BlockProblem> {
        let bytes = &self.map[entry.start as usize..entry.end as usize];
        if xxh3_64(bytes) != entry.checksum {
            return Err(BlockProblem::Checksum);
        }
        data.clear();
        data.reserve(expected);
        let mut decoder = self.decoder().map_err(BlockProblem::Dictionary)?;
        let result = decoder.decompress_to_buffer(bytes, data);
        self.return_decoder(decoder);
        match result {
            Ok(n) if n == expected && data.len() == expected => Ok(()),
            Ok(found) => Err(BlockProblem::Size { found, expected }),
            Err(e) => Err(BlockProblem::Zstd(e)),
        }
    }

    fn decoder(&self) -> Result<Decompressor<'static>, std::io::Error> {
        if let Some(d) = lock(&self.decoders).pop() {
            return Ok(d);
        }
        Decompressor::with_dictionary(&self.header.dictionary)
    }

    fn return_decoder(&self, decoder: Decompressor<'static>) {
        lock(&self.decoders).push(decoder);
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("path", &self.path)
            .field("material", &self.header.material)
            .field("index_size", &self.header.index_size)
            .finish()
    }
}

/// Locks a mutex; a panic in another reader cannot leave a slot half-written as valid (see `get`),
/// so a poisoned lock is safe to reuse.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{expected, Piles, GAME};
    use crate::write::{compress_values, write_table, DrawEntries, WriteOptions};
    use std::ops::Range;

    fn plain() -> WriteOptions {
        WriteOptions { block_size: 16, dont_care_illegal: false, ..WriteOptions::default() }
    }

    /// Two bytes per draw: its slot, so that a wrong entry is seen.
    struct SlotEntries(Vec<u16>);

    impl DrawEntries for SlotEntries {
        fn len(&self) -> usize {
            self.0.len()
        }
        fn game_data(&self) -> Vec<u8> {
            vec![1, 2, 3, 4]
        }
        fn encode(&self, range: Range<usize>, out: &mut Vec<u8>) {
            out.extend(self.0[range].iter().flat_map(|s| s.to_le_bytes()));
        }
    }

    fn draws_of(values: &[u8]) -> SlotEntries {
        SlotEntries((0..values.len() as u16).filter(|&i| values[i as usize] == 0).collect())
    }

    fn with_draws(path: &Path, values: &[u8], options: &WriteOptions) {
        let draws = draws_of(values);
        compress_values(path, &GAME, "piles", b"p", values, true, options, &|_| {})
            .expect("compress")
            .write(path, Some(&draws))
            .expect("write");
    }

    #[test]
    fn round_trip_with_and_without_dont_care_bytes() {
        let dir = tempfile::tempdir().expect("tempdir");
        let values = expected(200);
        let path = dir.path().join("plain.tb");
        write_table(&path, &GAME, "piles", b"p", &values, &plain(), &|_| {}).expect("write");
        let table = Table::open(&path, &GAME).expect("open");
        assert_eq!(table.values().expect("values"), values);
        assert_eq!(table.values_for(&Piles(200)).expect("values"), values);
        assert_eq!(table.get(199).expect("get"), Value::from_byte(values[199]));
        assert!(matches!(table.get(203), Err(TableError::IndexOutOfRange { .. })));
        table.check_index("piles", b"p", 203).expect("its index");
        assert!(matches!(table.check_index("piles", b"q", 203), Err(TableError::WrongIndexScheme { .. })));
        assert!(matches!(table.check_index("other", b"p", 203), Err(TableError::WrongTable { .. })));

        let path = dir.path().join("dont-care.tb");
        let options = WriteOptions { dont_care_illegal: true, ..plain() };
        write_table(&path, &GAME, "piles", b"p", &values, &options, &|_| {}).expect("write");
        let table = Table::open(&path, &GAME).expect("open");
        assert!(table.header().dont_care_illegal());
        assert!(matches!(table.values(), Err(TableError::WrongTable { .. })));
        assert_eq!(table.values_for(&Piles(200)).expect("values"), values);
    }

    #[test]
    fn draw_section_entries_are_read_back() {
        let dir = tempfile::tempdir().expect("tempdir");
        let values = expected(100);
        let path = dir.path().join("draws.tb");
        let options = WriteOptions { repetition_block: 1, dont_care_illegal: true, ..plain() };
        with_draws(&path, &values, &options);
        let table = Table::open(&path, &GAME).expect("open");
        assert!(table.has_draw_section());
        let section = table.header().draw_section.clone().expect("a draw section");
        assert_eq!((section.draws, section.game_data), (2, vec![1, 2, 3, 4]));
        let slot = |raw: &[u8]| u16::from_le_bytes([raw[0], raw[1]]);
        assert_eq!(table.draw_entry(100, slot).expect("entry"), Some(100));
        assert_eq!(table.draw_entry(101, slot).expect("entry"), Some(101));
        assert_eq!(table.draw_entry(5, slot).expect("entry"), None);
        assert_eq!(table.draw_entries(0, slot).expect("entries"), Some(vec![100, 101]));
        // Entries for other slots than the draws are refused.
        let wrong = SlotEntries(vec![1]);
        let compressed =
            compress_values(&path, &GAME, "piles", b"p", &values, true, &options, &|_| {}).expect("compress");
        assert!(matches!(compressed.write(&path, Some(&wrong)), Err(TableError::InvalidInput { .. })));
        assert_eq!(
            Table::open(&path, &GAME).expect("still the old file").values_for(&Piles(100)).ok(),
            Some(values)
        );
    }

    /// Every cut and every flipped byte of a file is an error when it is opened or read, never
    /// wrong values and never a panic.
    #[test]
    fn truncated_or_corrupted_files_are_errors() {
        let dir = tempfile::tempdir().expect("tempdir");
        let values = expected(300);
        let path = dir.path().join("good.tb");
        with_draws(&path, &values, &WriteOptions { repetition_block: 1, ..plain() });
        let good = std::fs::read(&path).expect("read");
        let bad = dir.path().join("bad.tb");
        let read = |bytes: &[u8]| -> Result<(Vec<u8>, Option<Vec<u16>>), TableError> {
            std::fs::write(&bad, bytes).expect("write");
            let table = Table::open(&bad, &GAME)?;
            let values = table.values_for(&Piles(300))?;
            let entries = table.draw_entries(0, |raw| u16::from_le_bytes([raw[0], raw[1]]))?;
            Ok((values, entries))
        };
        assert_eq!(read(&good).expect("intact").0, values);
        for cut in 0..good.len() {
            let err = read(&good[..cut]).expect_err("a cut file is refused");
            assert!(matches!(err, TableError::Truncated { .. }), "cut at {cut}: {err}");
            assert!(err.to_string().contains("bad.tb"), "{err}");
        }
        for at in 0..good.len() {
            let mut bytes = good.clone();
            bytes[at] ^= 0x10;
            assert!(read(&bytes).is_err(), "flip at {at} of {} not detected", good.len());
        }
        let mut longer = good.clone();
        longer.push(0);
        assert!(matches!(read(&longer), Err(TableError::CorruptedHeader { .. })));
    }

    #[test]
    fn other_games_files_are_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let values = expected(50);
        let path = dir.path().join("piles.tb");
        write_table(&path, &GAME, "piles", b"p", &values, &plain(), &|_| {}).expect("write");
        let other = GameId { name: "other", magic: *b"OTHERTB1", ..GAME };
        let err = Table::open(&path, &other).expect_err("another game's file");
        assert_eq!(err.to_string(), format!("{}: not a other table file (bad magic bytes)", path.display()));
        let same_magic = GameId { rule_set: "other-dtm", ..GAME };
        assert!(matches!(Table::open(&path, &same_magic), Err(TableError::WrongTable { .. })));
        // Also when the file has a draw section the other game does not know.
        let drawn = dir.path().join("drawn.tb");
        with_draws(&drawn, &expected(50), &plain());
        let no_draws = GameId { rule_set: "other-dtm", draws: None, ..GAME };
        let err = Table::open(&drawn, &no_draws).expect_err("another game's file");
        assert!(err.to_string().contains("a table of rule set 'pile-dtm', not 'other-dtm'"), "{err}");
        assert_eq!(Table::open(&path, &GAME).expect("open").values().expect("values"), values);
    }
}
