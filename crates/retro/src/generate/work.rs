//! The generator's work array: one byte per slot, read and updated through 64-bit atomic words so
//! that a pass can scan eight slots with one load while other threads update single slots.

#![allow(unsafe_code)]

use std::sync::atomic::{AtomicU64, Ordering};

use crate::value::Value;

/// Work byte of an illegal slot: its final value byte, so that illegal slots need no rewrite.
pub(super) const ILLEGAL: u8 = Value::ILLEGAL.to_byte();

/// `0x01` in every byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte of a word.
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// One byte per slot, stored in the bytes of atomic words (slot `i` is byte `i % 8`, little-endian
/// order, of word `i / 8`).
pub(super) struct Work<'a> {
    words: &'a [AtomicU64],
    len: u64,
}

impl<'a> Work<'a> {
    /// The work view of `bytes`, which must be 8-aligned with a length that is a multiple of 8
    /// (`None` otherwise); `len` slots are used.
    pub(super) fn new(bytes: &'a mut [u8], len: u64) -> Option<Work<'a>> {
        if !bytes.as_ptr().cast::<u64>().is_aligned()
            || !bytes.len().is_multiple_of(8)
            || (bytes.len() as u64) < len
        {
            return None;
        }
        // SAFETY: the pointer comes from the exclusive borrow of `bytes`, which it keeps for `'a`
        // (no other access while the view lives, and writes through it are allowed); it is
        // 8-aligned and the length a multiple of 8; AtomicU64 has the size and alignment of u64
        // and every bit pattern is valid.
        let words = unsafe {
            std::slice::from_raw_parts(bytes.as_mut_ptr().cast::<AtomicU64>().cast_const(), bytes.len() / 8)
        };
        Some(Work { words, len })
    }

    /// Number of slots.
    pub(super) fn len(&self) -> u64 {
        self.len
    }

    /// The byte of slot `i`.
    #[inline]
    pub(super) fn get(&self, i: u64) -> u8 {
        (self.words[(i / 8) as usize].load(Ordering::Relaxed) >> ((i % 8) * 8)) as u8
    }

    /// Hints the processor to bring slot `i` into the cache (updates of a pass hit slots all over
    /// the table; asking early overlaps the memory accesses).
    #[inline]
    pub(super) fn prefetch(&self, i: u64) {
        crate::memory::prefetch(&self.words[(i / 8) as usize]);
    }

    /// Replaces the byte of slot `i` by `f(byte)` when that is `Some`, atomically; returns the old
    /// byte, `Ok` if it was replaced.
    #[inline]
    pub(super) fn update(&self, i: u64, mut f: impl FnMut(u8) -> Option<u8>) -> Result<u8, u8> {
        let shift = (i % 8) * 8;
        self.words[(i / 8) as usize]
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |w| {
                f((w >> shift) as u8).map(|b| (w & !(0xFF << shift)) | (u64::from(b) << shift))
            })
            .map(|w| (w >> shift) as u8)
            .map_err(|w| (w >> shift) as u8)
    }

    /// Stores the bytes of slots `start..start + bytes.len()`; `start` must be a multiple of 8
    /// and no other thread may write these slots meanwhile.
    pub(super) fn fill(&self, start: u64, bytes: &[u8]) {
        debug_assert!(start.is_multiple_of(8));
        for (k, group) in bytes.chunks(8).enumerate() {
            let word = &self.words[(start / 8) as usize + k];
            let mut w = word.load(Ordering::Relaxed);
            for (j, &b) in group.iter().enumerate() {
                w = (w & !(0xFF << (j * 8))) | (u64::from(b) << (j * 8));
            }
            word.store(w, Ordering::Relaxed);
        }
    }

    /// Calls `f(slot)` for each slot of `start..end` not holding `byte`, in order (`start` a
    /// multiple of 8); words holding only `byte` are skipped with one test.
    #[inline]
    pub(super) fn scan_other(&self, start: u64, end: u64, byte: u8, mut f: impl FnMut(u64)) {
        let pattern = u64::from(byte) * ONES;
        for w in start / 8..end.div_ceil(8) {
            let word = self.words[w as usize].load(Ordering::Relaxed);
            if word == pattern {
                continue;
            }
            for k in 0..8 {
                let slot = w * 8 + k;
                if slot < end && (word >> (k * 8)) as u8 != byte {
                    f(slot);
                }
            }
        }
    }

    /// Replaces the byte `b` of each slot of `start..end` by `f(b)` (`start` a multiple of 8; no
    /// other thread may write these slots meanwhile).
    pub(super) fn rewrite(&self, start: u64, end: u64, mut f: impl FnMut(u8) -> u8) {
        debug_assert!(start.is_multiple_of(8));
        for w in start / 8..end.div_ceil(8) {
            let word = &self.words[w as usize];
            let mut bytes = word.load(Ordering::Relaxed).to_le_bytes();
            for (k, b) in bytes.iter_mut().enumerate() {
                if w * 8 + (k as u64) < end {
                    *b = f(*b);
                }
            }
            word.store(u64::from_le_bytes(bytes), Ordering::Relaxed);
        }
    }

    /// Calls `f(slot)` for each slot of `start..end` holding `byte`, in order (`start` a multiple
    /// of 8). Eight slots are tested per load.
    #[inline]
    pub(super) fn scan(&self, start: u64, end: u64, byte: u8, mut f: impl FnMut(u64)) {
        let pattern = u64::from(byte) * ONES;
        for w in start / 8..end.div_ceil(8) {
            let word = self.words[w as usize].load(Ordering::Relaxed);
            let x = word ^ pattern;
            // High bit set in every byte of `x` that is zero (and possibly in bytes above one).
            let mut hits = x.wrapping_sub(ONES) & !x & HIGHS;
            while hits != 0 {
                let k = u64::from(hits.trailing_zeros() / 8);
                hits &= hits - 1;
                let slot = w * 8 + k;
                if slot < end && (word >> (k * 8)) as u8 == byte {
                    f(slot);
                }
            }
        }
    }
}

/// The bytes of `words` (for an allocator that does not align byte arrays to 8: work on words,
/// viewed as bytes).
pub(super) fn bytes_of_words(words: &mut [u64]) -> &mut [u8] {
    // SAFETY: u64 words viewed as their bytes (alignment 1, any value valid), through the
    // exclusive borrow of `words`, which the result keeps.
    unsafe { std::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<u8>(), words.len() * 8) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scan_finds_exactly_the_matching_slots() {
        // Patterns that make the zero-byte trick report false candidates (a borrow into the next
        // byte) next to true ones.
        // Words, so that the bytes are 8-aligned whatever the allocator (Miri's included).
        let mut words = vec![0u64; 64];
        let bytes = bytes_of_words(&mut words);
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = [7u8, 8, 6, 7, 0, 255, 1, 7][i * 7 % 8];
        }
        let expected: Vec<u64> = (0..500u64).filter(|&i| bytes[i as usize] == 7 && i >= 16).collect();
        let work = Work::new(bytes, 512).expect("aligned");
        let mut found = Vec::new();
        work.scan(16, 500, 7, |i| found.push(i));
        assert_eq!(found, expected);
    }

    #[test]
    fn scan_other_and_rewrite_touch_exactly_their_slots() {
        let mut words = vec![u64::MAX; 4];
        let work = Work::new(bytes_of_words(&mut words), 30).expect("aligned");
        for i in [3, 9, 17, 29] {
            assert!(work.update(i, |_| Some(i as u8)).is_ok());
        }
        let mut found = Vec::new();
        work.scan_other(8, 30, 255, |i| found.push(i));
        assert_eq!(found, [9, 17, 29]);
        work.rewrite(8, 20, |b| b.wrapping_add(1));
        assert_eq!((0..30).map(|i| work.get(i)).filter(|&b| b == 0).count(), 10);
        assert_eq!((work.get(9), work.get(17), work.get(29), work.get(3)), (10, 18, 29, 3));
        assert_eq!((work.get(7), work.get(20)), (255, 255));
    }

    #[test]
    fn update_changes_one_byte_only() {
        let mut words = vec![u64::from_le_bytes([9; 8]); 8];
        let work = Work::new(bytes_of_words(&mut words), 64).expect("aligned");
        assert_eq!(work.update(13, |b| Some(b + 1)), Ok(9));
        assert_eq!(work.update(13, |_| None), Err(10));
        assert_eq!((0..64).map(|i| work.get(i)).filter(|&b| b != 9).count(), 1);
        assert_eq!(work.get(13), 10);
    }

    #[test]
    fn fill_writes_through_the_view() {
        let mut words = vec![0u64; 4];
        let work = Work::new(bytes_of_words(&mut words), 30).expect("aligned");
        work.fill(8, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        assert_eq!((0..30).map(|i| work.get(i)).filter(|&b| b != 0).count(), 10);
        assert_eq!(words[1], u64::from_le_bytes([1, 2, 3, 4, 5, 6, 7, 8]));
        assert_eq!(words[2] & 0xFFFF, 0x0A09);
    }

    #[test]
    fn unaligned_or_short_bytes_are_refused() {
        let mut words = vec![0u64; 4];
        let bytes = bytes_of_words(&mut words);
        assert!(Work::new(&mut bytes[1..9], 8).is_none());
        assert!(Work::new(&mut bytes[..16], 17).is_none());
    }
}
