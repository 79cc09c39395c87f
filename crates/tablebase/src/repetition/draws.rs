//! The mate-only draws of a table: which slots they are, and a dense number for each.

use rayon::prelude::*;

use crate::value::Value;

/// Slots per word of the membership bitmap.
const WORD: u64 = 64;

/// The set of slots holding mate-only draws, numbered `0..len()` in slot order.
///
/// A bitmap with the count of draws before each word gives a slot's number in two reads (an eighth
/// of a byte plus half a byte per 64 slots, instead of a search).
pub(crate) struct DrawSet {
    bits: Vec<u64>,
    before: Vec<u32>,
    slots: Vec<u64>,
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
        let mut before = Vec::with_capacity(bits.len());
        let mut total: u64 = 0;
        for w in &bits {
            before.push(u32::try_from(total).map_err(|_| TooManyDraws)?);
            total += u64::from(w.count_ones());
        }
        // Node numbers (two per draw) must fit in a u32.
        if total >= 1 << 31 {
            return Err(TooManyDraws);
        }
        let slots = bits
            .par_iter()
            .enumerate()
            .flat_map_iter(|(i, &w)| BitIter(w).map(move |k| i as u64 * WORD + u64::from(k)))
            .collect();
        Ok(DrawSet { bits, before, slots })
    }

    /// Number of draws.
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// The slot of draw number `i`.
    #[inline]
    pub(crate) fn slot(&self, i: u32) -> u64 {
        self.slots[i as usize]
    }

    /// All draw slots in increasing order.
    pub(crate) fn slots(&self) -> &[u64] {
        &self.slots
    }

    /// The number of the draw in `slot`, or `None` if the slot is not a mate-only draw.
    #[inline]
    pub(crate) fn number(&self, slot: u64) -> Option<u32> {
        let (w, k) = ((slot / WORD) as usize, slot % WORD);
        let word = *self.bits.get(w)?;
        if word >> k & 1 == 0 {
            return None;
        }
        Some(self.before[w] + (word & ((1u64 << k) - 1)).count_ones())
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
        assert_eq!(set.slots(), &expected[..]);
        for (n, &s) in expected.iter().enumerate() {
            assert_eq!(set.number(s), Some(n as u32));
            assert_eq!(set.slot(n as u32), s);
        }
        assert_eq!(set.number(1), None);
        assert_eq!(set.number(5000), None);
    }
}
