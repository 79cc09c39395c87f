//! One table file, memory-mapped: header and block table checked on open, each block's checksum
//! checked when it is decompressed, recent blocks kept in a small shared cache.

use crate::draw_count::count_draws;
use crate::draw_value::DrawValue;
use crate::error::TablebaseError;
use crate::format::{decode_layout, BlockEntry, Header, RepetitionLayout, RULE_SET};
use crate::index::Indexer;
use crate::material::Material;
use crate::repetition::RepetitionValues;
use crate::value::Value;
use memmap2::Mmap;
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
    map: Mmap,
    header: Header,
    blocks: Vec<BlockEntry>,
    cache: Box<[Mutex<Slot>]>,
    /// The repetition section (version 3 tables with values under the repetition rule).
    repetition: Option<RepetitionLayout>,
    repetition_cache: Box<[Mutex<Slot>]>,
    /// zstd contexts (with the dictionary loaded) reused across reads; one per concurrent reader.
    decoders: Mutex<Vec<Decompressor<'static>>>,
}

/// One cache entry: a decompressed block, or `NO_BLOCK`.
struct Slot {
    block: u64,
    data: Vec<u8>,
}

impl Table {
    /// Opens and checks `path` (header, block table, file length) with the default cache size.
    pub fn open(path: impl AsRef<Path>) -> Result<Table, TablebaseError> {
        Table::open_with_cache(path, DEFAULT_CACHE_BLOCKS)
    }

    /// Opens `path` keeping up to `cache_blocks` decompressed blocks (at least one).
    pub fn open_with_cache(path: impl AsRef<Path>, cache_blocks: usize) -> Result<Table, TablebaseError> {
        Table::open_for_rules(path, RULE_SET, cache_blocks)
    }

    /// Opens `path`, a table of `rule_set` (another game's tables name theirs, e.g.
    /// `minjiku-dtm`): a file of any other rule set is refused with [`TablebaseError::WrongTable`].
    pub fn open_for_rules(
        path: impl AsRef<Path>,
        rule_set: &str,
        cache_blocks: usize,
    ) -> Result<Table, TablebaseError> {
        let path = path.as_ref().to_path_buf();
        let file = File::open(&path).map_err(|e| TablebaseError::io(&path, e))?;
        let len = file.metadata().map_err(|e| TablebaseError::io(&path, e))?.len();
        if len < 16 {
            return Err(TablebaseError::Truncated {
                path,
                detail: format!("{len} bytes, shorter than a table header"),
            });
        }
        // SAFETY: the map is read-only; tables are never modified in place (they are replaced by
        // rename), so the mapped bytes do not change under us.
        let map = unsafe { Mmap::map(&file) }.map_err(|e| TablebaseError::io(&path, e))?;
        let (header, header_len) = Header::decode(&path, &map)?;
        if header.rule_set != rule_set {
            let detail = format!("a table of rule set '{}', not '{rule_set}'", header.rule_set);
            return Err(TablebaseError::WrongTable { path, detail });
        }
        let layout = decode_layout(&path, &map, &header, header_len)?;
        let slots =
            |n: usize| (0..n).map(|_| Mutex::new(Slot { block: NO_BLOCK, data: Vec::new() })).collect();
        let table = Table {
            path,
            map,
            header,
            blocks: layout.blocks,
            cache: slots(cache_blocks.max(1)),
            repetition: layout.repetition,
            repetition_cache: slots((cache_blocks / 4).max(1)),
            decoders: Mutex::new(Vec::new()),
        };
        // Fails now, not on the first probe, if the dictionary is unusable.
        let decoder = table.decoder()?;
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
    pub fn get(&self, index: u64) -> Result<Value, TablebaseError> {
        self.with_value_block(index, |data, offset| Value::from_byte(data[offset]))
    }

    /// Calls `f` with the decompressed block of slot `index` (from the cache) and the slot's offset
    /// in it.
    fn with_value_block<T>(
        &self,
        index: u64,
        f: impl FnOnce(&[u8], usize) -> T,
    ) -> Result<T, TablebaseError> {
        if index >= self.header.index_size {
            return Err(TablebaseError::IndexOutOfRange {
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

    /// True when the file holds values under the repetition rule for its mate-only draws.
    pub fn has_repetition(&self) -> bool {
        self.repetition.is_some()
    }

    /// The repetition entries (first player to move, second player to move) of slot `index`, a
    /// legal position: `None` if it is not a mate-only draw or the file has no repetition values.
    pub fn draw_entries(&self, index: u64) -> Result<Option<[DrawValue; 2]>, TablebaseError> {
        let Some(layout) = &self.repetition else { return Ok(None) };
        let block = index / u64::from(self.header.block_size);
        let draw = crate::value::Value::DRAW.to_byte();
        let rank = self.with_value_block(index, |data, offset| {
            (data[offset] == draw).then(|| layout.draws_before[block as usize] + count_draws(&data[..offset]))
        })?;
        let Some(rank) = rank else { return Ok(None) };
        let rep =
            self.header.repetition.as_ref().ok_or_else(|| self.corrupted_repetition(0, "no description"))?;
        let per = u64::from(rep.entries_per_block);
        let (rblock, roffset) = (rank / per, (rank % per) as usize);
        let mut slot = lock(&self.repetition_cache[(rblock % self.repetition_cache.len() as u64) as usize]);
        if slot.block != rblock {
            slot.block = NO_BLOCK;
            self.decompress_repetition(layout, rblock, &mut slot.data)?;
            slot.block = rblock;
        }
        let at = 4 * roffset;
        let bits = |k: usize| u16::from_le_bytes([slot.data[at + k], slot.data[at + k + 1]]);
        Ok(Some([DrawValue::from_bits(bits(0)), DrawValue::from_bits(bits(2))]))
    }

    /// Hands the pages of the mapped file read so far back to the system (a hint; the next read
    /// maps them again from the page cache): after [`Table::values`] they would otherwise stay
    /// resident beside the values they were decompressed into.
    pub fn release_pages(&self) {
        #[cfg(unix)]
        // SAFETY: the mapping is shared and read-only, so MADV_DONTNEED only drops the process's
        // page-table entries: a later read faults the same file bytes back in, and no reader,
        // here or on another thread, can see different contents.
        unsafe {
            let _ = self.map.unchecked_advise(memmap2::UncheckedAdvice::DontNeed);
        }
    }

    /// All repetition values, given the table's `values` ([`Table::values`]); `None` for a table
    /// without them. Checks every block and the counts of the header.
    pub fn repetition_values(&self, values: &[u8]) -> Result<Option<RepetitionValues>, TablebaseError> {
        if self.repetition.is_none() {
            return Ok(None);
        }
        let draws = crate::repetition::DrawSet::new(values)
            .map_err(|_| self.corrupted_repetition(0, "more draws than entries can number"))?;
        let Some(stored) = self.repetition_entries(draws.len() as u64)? else { return Ok(None) };
        Ok(Some(RepetitionValues::from_draw_set(draws, stored.entries, stored.first_base, stored.draw_base)))
    }

    /// The repetition entries of the table's `draws` mate-only draws, in slot order, without
    /// numbering the draws (the verifier ranks them from the values); `None` for a table without
    /// them. Checks every block and the counts of the header.
    pub(crate) fn repetition_entries(&self, draws: u64) -> Result<Option<StoredEntries>, TablebaseError> {
        let (Some(layout), Some(rep)) = (&self.repetition, &self.header.repetition) else { return Ok(None) };
        if draws != rep.draws {
            return Err(self.corrupted_repetition(0, "entry count differs from the table's draws"));
        }
        let len = usize::try_from(draws)
            .map_err(|_| self.corrupted_repetition(0, "more draws than entries can number"))?;
        // Each block straight into its entries: no second copy of the section.
        let mut entries = vec![[DrawValue::NONE; 2]; len];
        let per = rep.entries_per_block as usize;
        entries.par_chunks_mut(per.max(1)).enumerate().try_for_each_init(Vec::new, |data, (b, chunk)| {
            self.decompress_repetition(layout, b as u64, data)?;
            if data.len() != 4 * chunk.len() {
                return Err(self.corrupted_repetition(b as u64, "block length differs from its entries"));
            }
            for (entry, e) in chunk.iter_mut().zip(data.chunks_exact(4)) {
                *entry = [
                    DrawValue::from_bits(u16::from_le_bytes([e[0], e[1]])),
                    DrawValue::from_bits(u16::from_le_bytes([e[2], e[3]])),
                ];
            }
            Ok(())
        })?;
        let mut counts = [[0u64; 3]; 2];
        for pair in &entries {
            for (case, v) in pair.iter().enumerate() {
                match v.outcome() {
                    Some(o) => counts[case][o as usize] += 1,
                    None => return Err(self.corrupted_repetition(0, "an entry without an outcome")),
                }
            }
        }
        if counts != rep.counts {
            return Err(self.corrupted_repetition(0, "counts per outcome differ from the header"));
        }
        Ok(Some(StoredEntries { entries, first_base: rep.first_base, draw_base: rep.draw_base }))
    }

    fn corrupted_repetition(&self, block: u64, detail: &str) -> TablebaseError {
        TablebaseError::CorruptedBlock {
            path: self.path.clone(),
            block,
            detail: format!("repetition section: {detail}"),
        }
    }

    fn decompress_repetition(
        &self,
        layout: &RepetitionLayout,
        block: u64,
        data: &mut Vec<u8>,
    ) -> Result<(), TablebaseError> {
        let expected = self.header.repetition.as_ref().map_or(0, |r| 4 * r.block_len(block));
        let entry = layout
            .blocks
            .get(block as usize)
            .ok_or_else(|| self.corrupted_repetition(block, "no such block"))?;
        self.decompress_entry(entry, expected, data)
            .map_err(|detail| self.corrupted_repetition(block, &detail))
    }

    /// Decompresses block `block` (uncached), checking its checksum and size: the stored bytes,
    /// don't-care ones included (see [`Table::get`]).
    pub fn block(&self, block: u64) -> Result<Vec<u8>, TablebaseError> {
        let mut data = Vec::new();
        self.decompress_into(block, &mut data)?;
        Ok(data)
    }

    /// All values, one byte per slot and [`Value::ILLEGAL`] (255) in exactly the slots that hold no
    /// legal position: every block checked, decompressed in parallel; also checks the counts per
    /// value against the header. When illegal slots are don't-care, the index of the header's
    /// material (which must be this build's, as [`Table::check_indexer`] checks) tells them apart, and the
    /// counts check that it calls illegal the very slots the writer was given as 255.
    pub fn values(&self) -> Result<Vec<u8>, TablebaseError> {
        let indexer = if self.header.dont_care_illegal() { Some(self.indexer()?) } else { None };
        let mut values = vec![0u8; self.header.index_size as usize];
        let block_size = self.header.block_size as usize;
        values.par_chunks_mut(block_size.max(1)).enumerate().try_for_each(|(i, chunk)| {
            let data = self.block(i as u64)?;
            chunk.copy_from_slice(&data);
            if let Some(indexer) = &indexer {
                let start = (i * block_size) as u64;
                indexer.for_each_placement(start, start + chunk.len() as u64, |index, legal| {
                    if legal.is_none() {
                        chunk[(index - start) as usize] = Value::ILLEGAL.to_byte();
                    }
                });
            }
            Ok::<(), TablebaseError>(())
        })?;
        let mut counts = [0u64; 256];
        for &v in &values {
            counts[v as usize] += 1;
        }
        if counts[..] != self.header.counts[..] {
            return Err(TablebaseError::CorruptedHeader {
                path: self.path.clone(),
                detail: "counts per value in the header differ from the stored values".into(),
            });
        }
        Ok(values)
    }

    /// The indexer of the header's material, checked against the header.
    pub(crate) fn indexer(&self) -> Result<Indexer, TablebaseError> {
        let material =
            Material::parse(&self.header.material).map_err(|e| TablebaseError::CorruptedHeader {
                path: self.path.clone(),
                detail: format!("material name '{}': {e}", self.header.material),
            })?;
        let indexer = Indexer::new(&material);
        self.check_indexer(&indexer)?;
        Ok(indexer)
    }

    /// Checks that the table was written for `indexer`'s material and index scheme and this
    /// build's rule set.
    pub fn check_indexer(&self, indexer: &Indexer) -> Result<(), TablebaseError> {
        let header = &self.header;
        let wrong = |detail: String| TablebaseError::WrongTable { path: self.path.clone(), detail };
        let name = indexer.material().name();
        if header.material != name {
            return Err(wrong(format!("holds material {}, expected {name}", header.material)));
        }
        if header.rule_set != RULE_SET {
            return Err(wrong(format!("rule set '{}', expected '{RULE_SET}'", header.rule_set)));
        }
        if header.index_params != indexer.params() || header.index_size != indexer.size() {
            return Err(TablebaseError::WrongIndexScheme { path: self.path.clone() });
        }
        Ok(())
    }

    fn decompress_into(&self, block: u64, data: &mut Vec<u8>) -> Result<(), TablebaseError> {
        let corrupted =
            |detail: String| TablebaseError::CorruptedBlock { path: self.path.clone(), block, detail };
        let entry = self.blocks.get(block as usize).ok_or_else(|| corrupted("no such block".into()))?;
        self.decompress_entry(entry, self.header.block_len(block), data).map_err(corrupted)
    }

    /// Decompresses the block at `entry`, which must give `expected` bytes; the error says why not.
    fn decompress_entry(
        &self,
        entry: &BlockEntry,
        expected: usize,
        data: &mut Vec<u8>,
    ) -> Result<(), String> {
        let bytes = &self.map[entry.start as usize..entry.end as usize];
        if xxh3_64(bytes) != entry.checksum {
            return Err("checksum mismatch".into());
        }
        data.clear();
        data.reserve(expected);
        let mut decoder = self.decoder().map_err(|e| e.to_string())?;
        let result = decoder.decompress_to_buffer(bytes, data);
        self.return_decoder(decoder);
        match result {
            Ok(n) if n == expected && data.len() == expected => Ok(()),
            Ok(n) => Err(format!("decompresses to {n} bytes, {expected} expected")),
            Err(e) => Err(format!("zstd: {e}")),
        }
    }

    fn decoder(&self) -> Result<Decompressor<'static>, TablebaseError> {
        if let Some(d) = lock(&self.decoders).pop() {
            return Ok(d);
        }
        Decompressor::with_dictionary(&self.header.dictionary).map_err(|e| TablebaseError::CorruptedHeader {
            path: self.path.clone(),
            detail: format!("unusable zstd dictionary: {e}"),
        })
    }

    fn return_decoder(&self, decoder: Decompressor<'static>) {
        lock(&self.decoders).push(decoder);
    }
}

/// The repetition entries of a table as stored: one pair (first player to move, second player to
/// move) per mate-only draw in slot order, and the bases of the pair measures.
pub(crate) struct StoredEntries {
    /// The pairs.
    pub(crate) entries: Vec<[DrawValue; 2]>,
    /// Base of the first player's measures.
    pub(crate) first_base: u32,
    /// Base of the draws' measures.
    pub(crate) draw_base: u32,
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
