//! The mate-only draws of a table: which slots they are, and a dense number for each.

use rayon::prelude::*;

use minishogi_retro::Value;

/// Slots per word of the membership bitmap.
const WORD: u64 = 64;

/// Words per counted group: the draws before each group of 8 words (512 slots) are kept.
const GROUP: usize = 8;

/// Draws between two select hints.
const HINT: u64 = 256;

/// The set of slots holding mate-only draws, numbered `0..len()` in slot order.
///
/// A bitmap with the count of draws before each group of 512 slots gives a slot's number in a
/// few reads, and a hint every 256 draws (the group it lies in) gives a number's slot: 0.133
/// bytes per slot in all, where a list of the draw slots took 8 bytes per draw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct DrawSet {
    bits: Vec<u64>,
    before: Vec<u32>,
    hints: Vec<u32>,
    len: u32,
    size: u64,
}

/// Why the draws cannot be numbered.
#[derive(Debug)]
pub(crate) struct TooManyDraws;

impl DrawSet {
    /// The draws of `values` (one [`Value`] byte per slot).
    pub(crate) fn new(values: &[u8]) -> Result<DrawSet, TooManyDraws> {
        let draw = Value::DRAW.to_byte();
        let bits: Vec<u64> = values
            .par_chunks(WORD as usize)
            .map(|chunk| chunk.iter().enumerate().fold(0u64, |w, (k, &v)| w | (u64::from(v == draw) << k)))
            .collect();
        DrawSet::from_bits(bits, values.len() as u64)
    }

    /// The set whose bitmap is `bits` over `size` slots.
    fn from_bits(bits: Vec<u64>, size: u64) -> Result<DrawSet, TooManyDraws> {
        let mut before = Vec::with_capacity(bits.len().div_ceil(GROUP));
        let mut hints = Vec::new();
        let mut total: u64 = 0;
        for (g, group) in bits.chunks(GROUP).enumerate() {
            before.push(u32::try_from(total).map_err(|_| TooManyDraws)?);
            let count: u64 = group.iter().map(|w| u64::from(w.count_ones())).sum();
            // Every hinted number that falls in this group.
            while (hints.len() as u64) * HINT < total + count {
                hints.push(g as u32);
            }
            total += count;
        }
        // Node numbers (two per draw) must fit in a u32.
        if total >= 1 << 31 {
            return Err(TooManyDraws);
        }
        Ok(DrawSet { bits, before, hints, len: total as u32, size })
    }

    /// Number of draws.
    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }

    /// Slots of the index the set lies in.
    pub(crate) fn size(&self) -> u64 {
        self.size
    }

    /// The slot of draw number `i` (`i < len()`).
    #[inline]
    pub(crate) fn slot(&self, i: u32) -> u64 {
        let mut g = self.hints[(u64::from(i) / HINT) as usize] as usize;
        while g + 1 < self.before.len() && self.before[g + 1] <= i {
            g += 1;
        }
        let mut left = i - self.before[g];
        for w in g * GROUP..((g + 1) * GROUP).min(self.bits.len()) {
            let word = self.bits[w];
            let ones = word.count_ones();
            if left < ones {
                let mut rest = word;
                for _ in 0..left {
                    rest &= rest - 1;
                }
                return w as u64 * WORD + u64::from(rest.trailing_zeros());
            }
            left -= ones;
        }
        u64::MAX
    }

    /// All draw slots in increasing order.
    pub(crate) fn slots(&self) -> impl Iterator<Item = u64> + '_ {
        self.bits
            .iter()
            .enumerate()
            .flat_map(|(w, &word)| BitIter(word).map(move |k| w as u64 * WORD + u64::from(k)))
    }

    /// The draw slots of bitmap words `words` (64 slots each), in increasing order.
    pub(crate) fn slots_in_words(&self, words: std::ops::Range<usize>) -> impl Iterator<Item = u64> + '_ {
        let start = words.start;
        self.bits[words]
            .iter()
            .enumerate()
            .flat_map(move |(w, &word)| BitIter(word).map(move |k| (start + w) as u64 * WORD + u64::from(k)))
    }

    /// Words of the bitmap.
    pub(crate) fn words(&self) -> usize {
        self.bits.len()
    }

    /// True when the set holds exactly the mate-only draws of `values`.
    pub(crate) fn matches(&self, values: &[u8]) -> bool {
        let draw = Value::DRAW.to_byte();
        values.len() as u64 == self.size
            && values.par_chunks(WORD as usize).zip(self.bits.par_iter()).all(|(chunk, &word)| {
                chunk.iter().enumerate().fold(0u64, |w, (k, &v)| w | (u64::from(v == draw) << k)) == word
            })
    }

    /// The number of draws in the slots before `slot`.
    pub(crate) fn count_before(&self, slot: u64) -> u64 {
        if slot >= self.size {
            return u64::from(self.len);
        }
        let (w, k) = ((slot / WORD) as usize, slot % WORD);
        let g = w / GROUP;
        let within: u32 = self.bits[g * GROUP..w].iter().map(|x| x.count_ones()).sum();
        u64::from(self.before[g] + within + (self.bits[w] & ((1u64 << k) - 1)).count_ones())
    }

    /// The number of the draw in `slot`, or `None` if the slot is not a mate-only draw.
    #[inline]
    pub(crate) fn number(&self, slot: u64) -> Option<u32> {
        let (w, k) = ((slot / WORD) as usize, slot % WORD);
        let word = *self.bits.get(w)?;
        if word >> k & 1 == 0 {
            return None;
        }
        let g = w / GROUP;
        let within: u32 = self.bits[g * GROUP..w].iter().map(|x| x.count_ones()).sum();
        Some(self.before[g] + within + (word & ((1u64 << k) - 1)).count_ones())
    }
}

/// The positions of the set bits of a word, lowest first.
pub(crate) struct BitIter(pub u64);

impl Iterator for BitIter {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let k = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_draws_in_slot_order() {
        let values: Vec<u8> = (0..1000u32).map(|i| if i % 7 == 0 || i % 64 == 63 { 0 } else { 5 }).collect();
        let set = DrawSet::new(&values).expect("numbered");
        let expected: Vec<u64> = (0..1000).filter(|&i| values[i as usize] == 0).collect();
        assert_eq!(set.slots().collect::<Vec<_>>(), expected);
        assert_eq!(set.len(), expected.len());
        assert!(set.matches(&values));
        for (n, &s) in expected.iter().enumerate() {
            assert_eq!(set.number(s), Some(n as u32));
            assert_eq!(set.slot(n as u32), s);
        }
        assert_eq!(set.number(1), None);
        assert_eq!(set.number(5000), None);
        let mut other = values.clone();
        other[3] = 0;
        assert!(!set.matches(&other));
    }

    /// Sparse and dense stretches, so that hints and groups of every kind are crossed.
    #[test]
    fn slots_and_numbers_agree_over_sparse_and_dense_stretches() {
        let values: Vec<u8> = (0..200_000u32)
            .map(|i| {
                if (i < 50_000 && i % 3 == 0) || i % 4099 == 0 || (i > 150_000 && i % 2 == 1) {
                    0
                } else {
                    7
                }
            })
            .collect();
        let set = DrawSet::new(&values).expect("numbered");
        for (n, s) in set.slots().enumerate() {
            assert_eq!(set.slot(n as u32), s);
            assert_eq!(set.number(s), Some(n as u32));
        }
    }
}
