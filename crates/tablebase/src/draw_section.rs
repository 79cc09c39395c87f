//! The repetition values as a table file's draw section stores them: per mate-only draw the two
//! [`DrawValue`]s (first player to move, then second player to move, u16 each), and in the
//! header the bases of the pair measures (2 × u32) and the entries per case and outcome (6 × u64:
//! first player to move, then second; each: second player wins, first player wins, draw).

use std::ops::Range;

use minishogi_retro::write::DrawEntries;
use minishogi_retro::{BlockProblem, Table, TableError};

use crate::draw_value::DrawValue;
use crate::repetition_analysis::RepetitionValues;

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

/// The header's part of the draw section description: bases and counts per case and outcome.
struct Description {
    first_base: u32,
    draw_base: u32,
    counts: [[u64; 3]; 2],
}

impl Description {
    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(56);
        out.extend_from_slice(&self.first_base.to_le_bytes());
        out.extend_from_slice(&self.draw_base.to_le_bytes());
        for count in self.counts.iter().flatten() {
            out.extend_from_slice(&count.to_le_bytes());
        }
        out
    }

    fn decode(bytes: &[u8]) -> Option<Description> {
        if bytes.len() != 56 {
            return None;
        }
        let u32_at = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let mut counts = [[0u64; 3]; 2];
        for (i, count) in counts.iter_mut().flatten().enumerate() {
            let mut b = [0u8; 8];
            b.copy_from_slice(&bytes[8 + 8 * i..16 + 8 * i]);
            *count = u64::from_le_bytes(b);
        }
        Some(Description { first_base: u32_at(0), draw_base: u32_at(4), counts })
    }
}

/// The entry pair stored as `raw` (four bytes).
pub(crate) fn decode_pair(raw: &[u8]) -> [DrawValue; 2] {
    [
        DrawValue::from_bits(u16::from_le_bytes([raw[0], raw[1]])),
        DrawValue::from_bits(u16::from_le_bytes([raw[2], raw[3]])),
    ]
}

/// The header's bases of the pair measures of `table` ((0, 0) without a draw section).
pub(crate) fn bases(table: &Table) -> (u32, u32) {
    let description = table.header().draw_section.as_ref().and_then(|s| Description::decode(&s.game_data));
    description.map_or((0, 0), |d| (d.first_base, d.draw_base))
}

/// Checks that the draw section description of `table`, if any, is one this build writes: its
/// counts per case add up to the draws.
pub(crate) fn check_description(table: &Table) -> Result<(), TableError> {
    let Some(section) = &table.header().draw_section else { return Ok(()) };
    let consistent = Description::decode(&section.game_data).is_some_and(|d| {
        d.counts
            .iter()
            .all(|case| case.iter().try_fold(0u64, |a, &c| a.checked_add(c)) == Some(section.draws))
    });
    if consistent {
        Ok(())
    } else {
        Err(TableError::CorruptedHeader {
            path: table.path().to_path_buf(),
            detail: "malformed repetition section description".into(),
        })
    }
}

/// All repetition entries of `table`, every block checked, with the counts per outcome checked
/// against the header; `None` for a mate-only table.
pub(crate) fn stored_entries(table: &Table) -> Result<Option<StoredEntries>, TableError> {
    let Some(section) = &table.header().draw_section else { return Ok(None) };
    let corrupted = |what: &'static str| table.corrupted_section(0, BlockProblem::Game(what));
    let description =
        Description::decode(&section.game_data).ok_or_else(|| corrupted("malformed description"))?;
    let Some(entries) = table.draw_entries([DrawValue::NONE; 2], decode_pair)? else { return Ok(None) };
    let mut counts = [[0u64; 3]; 2];
    for pair in &entries {
        for (case, v) in pair.iter().enumerate() {
            match v.outcome() {
                Some(o) => counts[case][o as usize] += 1,
                None => return Err(corrupted("an entry without an outcome")),
            }
        }
    }
    if counts != description.counts {
        return Err(corrupted("counts per outcome differ from the header"));
    }
    Ok(Some(StoredEntries { entries, first_base: description.first_base, draw_base: description.draw_base }))
}

/// The repetition values of a table as a draw section to write.
pub(crate) struct RepetitionEntries<'a>(pub(crate) &'a RepetitionValues);

impl DrawEntries for RepetitionEntries<'_> {
    fn len(&self) -> usize {
        self.0.len()
    }

    fn game_data(&self) -> Vec<u8> {
        let mut counts = [[0u64; 3]; 2];
        for pair in self.0.entries() {
            for (case, v) in pair.iter().enumerate() {
                if let Some(o) = v.outcome() {
                    counts[case][o as usize] += 1;
                }
            }
        }
        Description { first_base: self.0.first_base(), draw_base: self.0.draw_base(), counts }.encode()
    }

    fn encode(&self, range: Range<usize>, out: &mut Vec<u8>) {
        for pair in &self.0.entries()[range] {
            for v in pair {
                out.extend_from_slice(&v.to_bits().to_le_bytes());
            }
        }
    }
}
