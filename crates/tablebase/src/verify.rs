//! Verification of a table against the rules, independent of the generator's un-move code.
//!
//! For every slot: rebuild the pieces, let the rules crate decide whether they form a legal
//! position (and whether the slot is the canonical one for it); for a legal position, generate its
//! legal moves forward, look up each child's stored value and recompute the value: no legal move
//! is a loss in 0; a win in `1 + min` over children that are losses; a loss in `1 + max` when all
//! children are wins; a draw otherwise. The first slot that disagrees is reported with its SFEN.

pub(crate) mod children;

use std::sync::atomic::{AtomicU64, Ordering};

use minishogi::{Color, MoveList};
use rayon::prelude::*;

use crate::index::Indexer;
use crate::material::Material;
use crate::placement::Placement;
use crate::progress::Progress;
use crate::value::Value;
use children::child_slots;

/// Slots checked per task.
const CHUNK: u64 = 1 << 14;

/// What a successful verification counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VerifyReport {
    /// Index slots checked.
    pub slots: u64,
    /// Legal positions among them.
    pub positions: u64,
    /// Positions won by the side to move.
    pub wins: u64,
    /// Positions lost by the side to move.
    pub losses: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Longest distance to mate, in plies, with its slot.
    pub longest: Option<(u16, u64)>,
}

/// Why a table failed verification.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The value array does not have one byte per slot.
    #[error("material {material}: {found} values, but the index has {expected} slots")]
    WrongLength {
        /// The material set.
        material: String,
        /// Slots of the index.
        expected: u64,
        /// Values given.
        found: u64,
    },
    /// A stored value differs from the one the rules give.
    #[error("material {material}, slot {index}: stored {stored:?}, the rules give {expected:?} ({detail})")]
    Mismatch {
        /// The material set.
        material: String,
        /// The slot.
        index: u64,
        /// The position in SFEN (`-` if the slot holds none).
        sfen: String,
        /// The stored value.
        stored: Value,
        /// The recomputed value.
        expected: Value,
        /// What was seen.
        detail: String,
    },
}

/// Checks every value of `material`'s table; `progress` is called as slots are done (phase
/// `"verify"`).
pub fn verify(
    material: &Material,
    values: &[u8],
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> Result<VerifyReport, VerifyError> {
    let indexer = Indexer::new(material);
    let size = indexer.size();
    let name = material.name();
    if values.len() as u64 != size {
        return Err(VerifyError::WrongLength { material: name, expected: size, found: values.len() as u64 });
    }
    let done = AtomicU64::new(0);
    let chunks = size.div_ceil(CHUNK);
    let reports: Vec<Result<VerifyReport, VerifyError>> = (0..chunks)
        .into_par_iter()
        .map(|c| {
            let (start, end) = (c * CHUNK, ((c + 1) * CHUNK).min(size));
            let result = verify_range(&indexer, values, start, end, &name);
            let d = done.fetch_add(end - start, Ordering::Relaxed) + end - start;
            if let Some(report) = progress {
                report(Progress { phase: "verify", done: d, total: size });
            }
            result
        })
        .collect();
    let mut total = VerifyReport::default();
    for r in reports {
        let r = r?;
        total.slots += r.slots;
        total.positions += r.positions;
        total.wins += r.wins;
        total.losses += r.losses;
        total.draws += r.draws;
        // Chunks come in slot order, so ties keep the smallest slot.
        if let Some((d, i)) = r.longest {
            if !matches!(total.longest, Some((l, _)) if l >= d) {
                total.longest = Some((d, i));
            }
        }
    }
    Ok(total)
}

/// Verifies slots `start..end`.
fn verify_range(
    indexer: &Indexer,
    values: &[u8],
    start: u64,
    end: u64,
    name: &str,
) -> Result<VerifyReport, VerifyError> {
    let mut report = VerifyReport { slots: end - start, ..VerifyReport::default() };
    let mut moves = MoveList::new();
    let mut children: Vec<u64> = Vec::with_capacity(256);
    let mut result = Ok(());
    indexer.for_each_raw_placement(start, end, |index, raw| {
        if result.is_ok() {
            result = check_slot(indexer, values, index, raw, name, &mut report, &mut moves, &mut children);
        }
    });
    result.map(|()| report)
}

/// Checks one slot (`raw` is its placement), counting it into `report`.
#[allow(clippy::too_many_arguments)]
fn check_slot(
    indexer: &Indexer,
    values: &[u8],
    index: u64,
    raw: &Placement,
    name: &str,
    report: &mut VerifyReport,
    moves: &mut MoveList,
    children: &mut Vec<u64>,
) -> Result<(), VerifyError> {
    let stored = Value::from_byte(values[index as usize]);
    let mismatch = |expected: Value, sfen: String, detail: String| VerifyError::Mismatch {
        material: name.to_string(),
        index,
        sfen,
        stored,
        expected,
        detail,
    };
    // The rules crate decides legality; the slot must also be the canonical one for it.
    let placement = Some(*raw).filter(|p| p.is_disjoint());
    let position = placement
        // Only with both kings on the middle file can a slot be the non-canonical mirror image.
        .filter(|p| p.kings[0] % 5 != 2 || p.kings[1] % 5 != 2 || indexer.index_placement(p).0 == index)
        .and_then(|p| p.to_position(Color::Sente));
    let (Some(pos), Some(placement)) = (position, placement) else {
        if stored.is_legal() {
            return Err(mismatch(Value::ILLEGAL, "-".into(), "the slot holds no legal position".into()));
        }
        return Ok(());
    };
    if !stored.is_legal() {
        return Err(mismatch(stored, pos.to_sfen(), "the slot holds a legal position".into()));
    }
    report.positions += 1;
    pos.legal_moves(moves);
    let mut best_loss: Option<u16> = None;
    let mut longest_win = 0u16;
    let mut all_win = true;
    child_slots(indexer, &placement, moves, values, children);
    for (&m, &c) in moves.iter().zip(children.iter()) {
        let cv = Value::from_byte(values[c as usize]);
        if !cv.is_legal() {
            let detail = format!("move {m} leads to slot {c}, stored as not legal");
            return Err(mismatch(stored, pos.to_sfen(), detail));
        }
        match cv.dtm() {
            Some(d) if d % 2 == 0 => best_loss = Some(best_loss.map_or(d, |b| b.min(d))),
            Some(d) => longest_win = longest_win.max(d),
            None => all_win = false,
        }
    }
    let expected = if moves.is_empty() {
        Value::mate(0)
    } else if let Some(d) = best_loss {
        Value::mate(d + 1)
    } else if all_win {
        Value::mate(longest_win + 1)
    } else {
        Some(Value::DRAW)
    };
    let Some(expected) = expected else {
        return Err(mismatch(stored, pos.to_sfen(), "mate longer than the encoding holds".into()));
    };
    if expected != stored {
        let detail = format!("{} legal moves", moves.len());
        return Err(mismatch(expected, pos.to_sfen(), detail));
    }
    match stored.dtm() {
        Some(d) => {
            if d % 2 == 1 {
                report.wins += 1;
            } else {
                report.losses += 1;
            }
            if !matches!(report.longest, Some((l, _)) if l >= d) {
                report.longest = Some((d, index));
            }
        }
        None => report.draws += 1,
    }
    Ok(())
}
