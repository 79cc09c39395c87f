//! Verification of a table against the rules, independent of the generator's un-move code.
//!
//! For every slot: rebuild the pieces, let the rules crate decide whether they form a legal
//! position (and whether the slot is the canonical one for it); for a legal position, generate its
//! legal moves forward, look up each child's stored value and recompute the value: no legal move
//! is a loss in 0; a win in `1 + min` over children that are losses; a loss in `1 + max` when all
//! children are wins; a draw otherwise. The first slot that disagrees is reported with its SFEN.

pub(crate) mod children;
pub(crate) mod draw_ranks;

use std::sync::atomic::{AtomicU64, Ordering};

use minishogi::{Color, MoveList};
use rayon::prelude::*;

use crate::index::Indexer;
use crate::material::Material;
use crate::placement::Placement;
use crate::progress::Progress;
use crate::value::Value;
use crate::verify_repetition::{check_draw_moves, DrawMoves, Entries, RepetitionError, RepetitionReport};
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
    match verify_with_repetition(material, values, None, progress) {
        Ok((report, _)) => Ok(report),
        Err(CheckError::Values(e)) => Err(e),
        // Without entries no repetition value is checked.
        Err(CheckError::Repetition(_)) => unreachable!("no repetition entries were given"),
    }
}

/// The first failure of [`verify_with_repetition`]: a wrong value if any slot has one, else a
/// wrong repetition entry (the order of a check of the values followed by one of the entries).
#[derive(Debug)]
pub(crate) enum CheckError {
    /// A value differs from the rules'.
    Values(VerifyError),
    /// A repetition entry fails its local check.
    Repetition(RepetitionError),
}

/// [`verify`], which also checks the repetition `entries` (if given) of each mate-only draw
/// from the moves and children its value check found: one pass, one move generation per draw.
pub(crate) fn verify_with_repetition(
    material: &Material,
    values: &[u8],
    entries: Option<&Entries<'_>>,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> Result<(VerifyReport, RepetitionReport), CheckError> {
    let indexer = Indexer::new(material);
    let size = indexer.size();
    let name = material.name();
    if values.len() as u64 != size {
        let found = values.len() as u64;
        return Err(CheckError::Values(VerifyError::WrongLength { material: name, expected: size, found }));
    }
    let done = AtomicU64::new(0);
    let chunks = size.div_ceil(CHUNK);
    let ranges: Vec<RangeCheck> = (0..chunks)
        .into_par_iter()
        .map(|c| {
            let (start, end) = (c * CHUNK, ((c + 1) * CHUNK).min(size));
            let result = verify_range(&indexer, values, entries, start, end, &name);
            let d = done.fetch_add(end - start, Ordering::Relaxed) + end - start;
            if let Some(report) = progress {
                report(Progress { phase: "verify", done: d, total: size });
            }
            result
        })
        .collect();
    let mut total = VerifyReport::default();
    let mut repetition = RepetitionReport::default();
    let mut first_repetition_error = None;
    for r in ranges {
        if let Some(e) = r.values_error {
            return Err(CheckError::Values(e));
        }
        if first_repetition_error.is_none() {
            first_repetition_error = r.repetition_error;
        }
        let r_report = r.report;
        total.slots += r_report.slots;
        total.positions += r_report.positions;
        total.wins += r_report.wins;
        total.losses += r_report.losses;
        total.draws += r_report.draws;
        // Chunks come in slot order, so ties keep the smallest slot.
        if let Some((d, i)) = r_report.longest {
            if !matches!(total.longest, Some((l, _)) if l >= d) {
                total.longest = Some((d, i));
            }
        }
        repetition.add(&r.repetition);
    }
    match first_repetition_error {
        Some(e) => Err(CheckError::Repetition(e)),
        None => Ok((total, repetition)),
    }
}

/// What the check of one range of slots found: its counts, and its first failure of each kind.
struct RangeCheck {
    report: VerifyReport,
    repetition: RepetitionReport,
    values_error: Option<VerifyError>,
    repetition_error: Option<RepetitionError>,
}

/// Verifies slots `start..end` (and the repetition entries of their draws, if given).
fn verify_range(
    indexer: &Indexer,
    values: &[u8],
    entries: Option<&Entries<'_>>,
    start: u64,
    end: u64,
    name: &str,
) -> RangeCheck {
    let mut check = RangeCheck {
        report: VerifyReport { slots: end - start, ..VerifyReport::default() },
        repetition: RepetitionReport::default(),
        values_error: None,
        repetition_error: None,
    };
    let mut moves = MoveList::new();
    let mut children: Vec<u64> = Vec::with_capacity(256);
    let mut scratch = Vec::with_capacity(256);
    indexer.for_each_raw_placement(start, end, |index, raw| {
        if check.values_error.is_some() {
            return;
        }
        let mut on_draw = |draw: &DrawMoves<'_>| {
            let Some(entries) = entries.filter(|_| check.repetition_error.is_none()) else { return };
            let rep = &mut check.repetition;
            check.repetition_error = check_draw_moves(values, entries, draw, name, &mut scratch, rep).err();
        };
        let slot = check_slot(indexer, values, index, raw, name, &mut moves, &mut children, &mut on_draw);
        match slot {
            Ok(outcome) => check.report.count(outcome, index),
            Err(e) => check.values_error = Some(e),
        }
    });
    check
}

/// Checks one slot (`raw` is its placement): its stored value if it holds a legal position,
/// `None` if not. A mate-only draw that checks is handed with its moves to `on_draw`.
#[allow(clippy::too_many_arguments)]
fn check_slot(
    indexer: &Indexer,
    values: &[u8],
    index: u64,
    raw: &Placement,
    name: &str,
    moves: &mut MoveList,
    children: &mut Vec<u64>,
    on_draw: &mut dyn FnMut(&DrawMoves<'_>),
) -> Result<Option<Value>, VerifyError> {
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
        return Ok(None);
    };
    if !stored.is_legal() {
        return Err(mismatch(stored, pos.to_sfen(), "the slot holds a legal position".into()));
    }
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
    if stored == Value::DRAW {
        on_draw(&DrawMoves { slot: index, pos: &pos, moves, children });
    }
    Ok(Some(stored))
}

impl VerifyReport {
    /// Counts slot `index`, whose check gave `value` (`None`: no legal position).
    fn count(&mut self, value: Option<Value>, index: u64) {
        let Some(value) = value else { return };
        self.positions += 1;
        match value.dtm() {
            Some(d) => {
                if d % 2 == 1 {
                    self.wins += 1;
                } else {
                    self.losses += 1;
                }
                if !matches!(self.longest, Some((l, _)) if l >= d) {
                    self.longest = Some((d, index));
                }
            }
            None => self.draws += 1,
        }
    }
}
