//! Counting the draws (value byte 0) in a run of value bytes, eight at a time.

/// The number of draw bytes (0) in `bytes`.
#[inline]
pub(crate) fn count_draws(bytes: &[u8]) -> u64 {
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut chunks = bytes.chunks_exact(8);
    let mut n = 0u64;
    for c in &mut chunks {
        let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        // High bit of each zero byte, exactly: (w & 0x7F..) + 0x7F.. sets the high bit of every
        // nonzero low part; or-ing w covers bytes with the high bit set.
        let low = (w & !HIGHS).wrapping_add(!HIGHS);
        n += u64::from((!(low | w) & HIGHS).count_ones());
    }
    n + chunks.remainder().iter().filter(|&&b| b == 0).count() as u64
}

#[cfg(test)]
mod tests {
    use super::count_draws;

    #[test]
    fn counts_zero_bytes_of_any_length_and_value() {
        let bytes: Vec<u8> = (0..300u32).map(|i| [0, 1, 0x80, 0x7F, 255, 0][(i * 7 % 6) as usize]).collect();
        for end in 0..bytes.len() {
            let expected = bytes[..end].iter().filter(|&&b| b == 0).count() as u64;
            assert_eq!(count_draws(&bytes[..end]), expected, "{end}");
        }
    }
}
