//! The messages partitions exchange in a round: the predecessor slots of one partition's
//! expanded positions that lie in another (or the same) partition, as plain bytes.
//!
//! A message lists slots as offsets within its destination partition, sorted and without
//! repeats, each as a LEB128 varint of the gap to the previous one (the first: its offset). A
//! decrement carries the summed weight of its slot's moves: the gap is shifted left by one and
//! the low bit says that a weight byte follows (no byte: weight 1, the common case). Win
//! messages carry no weights (marking a win is idempotent).
//!
//! [`Message::to_bytes`] frames a message for shipping between processes:
//!
//! | bytes | field |
//! |---|---|
//! | 4 | magic `RTM1` |
//! | 1 | kind: 0 = win, 1 = decrement |
//! | 4 | level (the distance of the expanded positions) |
//! | 4 | source partition |
//! | 4 | destination partition |
//! | 8 | number of slots |
//! | 8 | payload length |
//! | … | payload |
//!
//! Integers little-endian. [`Message::from_bytes`] checks the frame and the payload's varints.

use super::error::PartitionError;

/// Bytes of a framed message before its payload.
pub const HEADER_BYTES: usize = 33;
const MAGIC: &[u8; 4] = b"RTM1";

/// What a message asks of its slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// The slots (predecessors of losses in `level`) are wins in `level + 1` unless resolved.
    Win,
    /// Each slot (a predecessor of wins in `level`) loses its weight of moves; a slot left with
    /// none is a loss in `level + 1`.
    Decrement,
}

impl MessageKind {
    /// The kind of the messages of a round expanding positions at distance `level` (losses at even
    /// distances, wins at odd ones).
    pub fn of_level(level: u32) -> MessageKind {
        if level.is_multiple_of(2) {
            MessageKind::Win
        } else {
            MessageKind::Decrement
        }
    }
}

/// The slots one partition sends another in one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// What the receiver does with the slots.
    pub kind: MessageKind,
    /// The distance of the positions expanded.
    pub level: u32,
    /// Source partition.
    pub from: u32,
    /// Destination partition.
    pub to: u32,
    /// Number of slots listed.
    pub count: u64,
    payload: Vec<u8>,
}

impl Message {
    /// The message from `from` to `to` of `(offset, weight)` pairs (sorted by offset first if
    /// they are not), where pairs of one offset are merged (wins: once; decrements: their weights
    /// summed, at most 255). Decrements of weight 0 are left out, and so are decrements of offsets
    /// of 2⁶³ or more (beyond any partition, whose slots are bytes in memory).
    pub fn encode(kind: MessageKind, level: u32, from: u32, to: u32, targets: &[(u64, u8)]) -> Message {
        Message::encode_from(kind, level, from, to, 0, targets)
    }

    /// [`Message::encode`] of slots `base` or more (the destination's first slot), listed as
    /// offsets from `base`; slots below `base` are left out.
    pub(super) fn encode_from(
        kind: MessageKind,
        level: u32,
        from: u32,
        to: u32,
        base: u64,
        targets: &[(u64, u8)],
    ) -> Message {
        if targets.windows(2).any(|w| w[0].0 > w[1].0) {
            let mut sorted = targets.to_vec();
            sorted.sort_unstable_by_key(|t| t.0);
            return Message::encode_from(kind, level, from, to, base, &sorted);
        }
        let targets = &targets[targets.partition_point(|t| t.0 < base)..];
        let mut payload = Vec::with_capacity(targets.len() * 2);
        let mut count = 0;
        let mut previous: Option<u64> = None;
        let mut k = 0;
        while k < targets.len() {
            let slot = targets[k].0;
            let offset = slot - base;
            let mut weight = 0u8;
            while k < targets.len() && targets[k].0 == slot {
                weight = weight.saturating_add(targets[k].1);
                k += 1;
            }
            if kind == MessageKind::Decrement && (weight == 0 || offset >> 63 != 0) {
                continue;
            }
            let gap = previous.map_or(offset, |p| offset - p - 1);
            previous = Some(offset);
            count += 1;
            match kind {
                MessageKind::Win => put_varint(&mut payload, gap),
                MessageKind::Decrement => {
                    put_varint(&mut payload, gap << 1 | u64::from(weight != 1));
                    if weight != 1 {
                        payload.push(weight);
                    }
                }
            }
        }
        Message { kind, level, from, to, count, payload }
    }

    /// The `(offset, weight)` pairs listed, in order (weight 1 for wins); an error names a payload
    /// that does not hold `count` well-formed slots.
    pub fn targets(&self) -> Targets<'_> {
        Targets { message: self, at: 0, left: self.count, next: 0 }
    }

    /// The payload's length in bytes.
    pub fn payload_len(&self) -> usize {
        self.payload.len()
    }

    /// The length of [`Message::to_bytes`].
    pub fn framed_len(&self) -> usize {
        HEADER_BYTES + self.payload.len()
    }

    /// The message framed as bytes (see the module documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.framed_len());
        out.extend_from_slice(MAGIC);
        out.push(match self.kind {
            MessageKind::Win => 0,
            MessageKind::Decrement => 1,
        });
        out.extend_from_slice(&self.level.to_le_bytes());
        out.extend_from_slice(&self.from.to_le_bytes());
        out.extend_from_slice(&self.to.to_le_bytes());
        out.extend_from_slice(&self.count.to_le_bytes());
        out.extend_from_slice(&(self.payload.len() as u64).to_le_bytes());
        out.extend_from_slice(&self.payload);
        out
    }

    /// The message framed in `bytes` by [`Message::to_bytes`]; the payload is checked to hold
    /// exactly `count` well-formed slots.
    pub fn from_bytes(bytes: &[u8]) -> Result<Message, PartitionError> {
        let bad = |detail: &str| PartitionError::Message { partition: u32::MAX, detail: detail.to_string() };
        if bytes.len() < HEADER_BYTES || &bytes[..4] != MAGIC {
            return Err(bad("not a framed message (short or wrong magic)"));
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap_or_default());
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or_default());
        let kind = match bytes[4] {
            0 => MessageKind::Win,
            1 => MessageKind::Decrement,
            _ => return Err(bad("unknown message kind")),
        };
        let (level, from, to, count, len) = (u32_at(5), u32_at(9), u32_at(13), u64_at(17), u64_at(25));
        if kind != MessageKind::of_level(level) {
            return Err(bad("message kind does not match its level"));
        }
        if len != (bytes.len() - HEADER_BYTES) as u64 {
            return Err(bad("payload length differs from the frame's"));
        }
        let message = Message { kind, level, from, to, count, payload: bytes[HEADER_BYTES..].to_vec() };
        let mut targets = message.targets();
        for t in &mut targets {
            t?;
        }
        if targets.at != message.payload.len() {
            return Err(bad("bytes after the last slot"));
        }
        Ok(message)
    }
}

/// The slots of a [`Message`], decoded as they are read.
pub struct Targets<'a> {
    message: &'a Message,
    at: usize,
    left: u64,
    next: u64,
}

impl Iterator for Targets<'_> {
    type Item = Result<(u64, u8), PartitionError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let bad = |detail: &str| {
            Some(Err(PartitionError::Message { partition: self.message.to, detail: detail.to_string() }))
        };
        let payload = &self.message.payload;
        let Some(raw) = get_varint(payload, &mut self.at) else {
            self.left = 0;
            return bad("truncated or overlong slot number");
        };
        let (gap, weight) = match self.message.kind {
            MessageKind::Win => (raw, 1),
            MessageKind::Decrement if raw & 1 == 0 => (raw >> 1, 1),
            MessageKind::Decrement => match payload.get(self.at) {
                Some(&w) if w > 1 => {
                    self.at += 1;
                    (raw >> 1, w)
                }
                _ => {
                    self.left = 0;
                    return bad("missing or non-canonical weight");
                }
            },
        };
        let Some(offset) = self.next.checked_add(gap) else {
            self.left = 0;
            return bad("slot offset overflows");
        };
        self.next = offset.wrapping_add(1);
        Some(Ok((offset, weight)))
    }
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// The varint at `bytes[*at..]`, advancing `at`; `None` when truncated or longer than 64 bits.
fn get_varint(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let b = *bytes.get(*at)?;
        *at += 1;
        let part = u64::from(b & 0x7F);
        if shift == 63 && part > 1 {
            return None;
        }
        v |= part << shift;
        if b & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(m: &Message) -> Vec<(u64, u8)> {
        m.targets().collect::<Result<_, _>>().expect("decodes")
    }

    #[test]
    fn decrements_merge_repeats_and_round_trip() {
        let big = (1 << 63) - 1;
        let targets = [(0, 1), (0, 2), (5, 1), (6, 0), (200, 1), (1 << 40, 1), (big, 7), (u64::MAX - 1, 7)];
        let m = Message::encode(MessageKind::Decrement, 3, 1, 2, &targets);
        let expected = vec![(0, 3), (5, 1), (200, 1), (1 << 40, 1), (big, 7)];
        assert_eq!(decoded(&m), expected);
        assert_eq!(m.count, 5);
        let wins = Message::encode(MessageKind::Win, 2, 1, 2, &[(0, 1), (u64::MAX, 1)]);
        assert_eq!(decoded(&wins), vec![(0, 1), (u64::MAX, 1)]);
        let back = Message::from_bytes(&m.to_bytes()).expect("round trip");
        assert_eq!(back, m);
        assert_eq!(m.to_bytes().len(), m.framed_len());
    }

    #[test]
    fn wins_list_each_slot_once_compactly() {
        let targets: Vec<(u64, u8)> = (0..1000).map(|i| (i / 2 * 3, 0)).collect();
        let m = Message::encode(MessageKind::Win, 4, 0, 0, &targets);
        assert_eq!(m.count, 500);
        assert_eq!(m.payload_len(), 500, "gaps of 2 take one byte each");
        assert_eq!(decoded(&m), (0..500).map(|i| (i * 3, 1)).collect::<Vec<_>>());
    }

    #[test]
    fn damaged_frames_are_refused() {
        let m = Message::encode(MessageKind::Decrement, 1, 0, 1, &[(3, 1), (900, 4)]);
        let bytes = m.to_bytes();
        assert!(Message::from_bytes(&bytes[..bytes.len() - 1]).is_err(), "truncated");
        assert!(Message::from_bytes(&[bytes.as_slice(), &[0]].concat()).is_err(), "trailing byte");
        let mut wrong_kind = bytes.clone();
        wrong_kind[4] = 0;
        assert!(Message::from_bytes(&wrong_kind).is_err(), "a win at an odd level");
        let mut more = bytes.clone();
        more[17] += 1;
        assert!(Message::from_bytes(&more).is_err(), "count beyond the payload");
        let mut weight_one = bytes.clone();
        let last = weight_one.len() - 1;
        weight_one[last] = 1;
        assert!(Message::from_bytes(&weight_one).is_err(), "non-canonical weight");
        assert!(Message::from_bytes(b"RTM0").is_err());
    }

    #[test]
    fn unsorted_slots_are_sorted_first() {
        let m = Message::encode(MessageKind::Win, 0, 0, 0, &[(9, 1), (2, 1), (9, 1), (4, 1)]);
        assert_eq!(decoded(&m), vec![(2, 1), (4, 1), (9, 1)]);
    }
}
