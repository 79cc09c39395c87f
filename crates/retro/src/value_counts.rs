//! What a table's counts per value byte say: wins, losses, draws, the longest mate and defence.

use crate::value::Value;

/// The positions of a table summed up by result, from the counts per value byte of its header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ValueCounts {
    /// Positions won by the side to move.
    pub wins: u64,
    /// Positions lost by the side to move.
    pub losses: u64,
    /// Drawn positions.
    pub draws: u64,
    /// The longest win stored, if any.
    pub longest_win: Option<Value>,
    /// The longest loss stored, if any.
    pub longest_loss: Option<Value>,
    /// Each win or loss value held by some position, by increasing distance, with its count.
    pub by_distance: Vec<(Value, u64)>,
}

impl ValueCounts {
    /// The summary of `counts` (positions per value byte).
    pub fn from_counts(counts: &[u64; 256]) -> ValueCounts {
        let mut summary =
            ValueCounts { draws: counts[Value::DRAW.to_byte() as usize], ..ValueCounts::default() };
        for byte in 1..=250u8 {
            let (v, n) = (Value::from_byte(byte), counts[byte as usize]);
            if n == 0 {
                continue;
            }
            if v.is_win() {
                summary.wins += n;
                summary.longest_win = Some(v);
            } else {
                summary.losses += n;
                summary.longest_loss = Some(v);
            }
            summary.by_distance.push((v, n));
        }
        summary
    }
}
