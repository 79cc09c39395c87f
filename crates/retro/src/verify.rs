//! Verification of a table against a game's rules, independent of the generator: for every slot,
//! the game says whether it holds a legal position and where each legal move leads; the value is
//! then derived again from the values found there and compared with the stored one.
//!
//! The value rule: no legal move is a loss in 0; else a win in `1 + min` over the moves to losses,
//! if any; else a loss in `1 + max` when every move leads to a win; else a draw. The first slot
//! (in slot order, whatever the thread count) that disagrees is reported with its position.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::memory::prefetch;
use crate::progress::Progress;
use crate::thread_pool::{with_threads, ThreadPoolError};
use crate::value::Value;

pub use crate::draw_ranks::DrawRanks;

/// Slots checked per task.
const CHUNK: u64 = 1 << 14;

/// Where a legal move leads, as a verifier sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Child {
    /// A position of the same table, in this slot.
    Slot(u64),
    /// A position outside the table (another material set in a game without drops), with its
    /// value from its own side to move; [`Value::ILLEGAL`] counts as a draw.
    Outside(Value),
}

/// What a verifier needs from a game: the positions of the slots and the children of each,
/// decided by the rules themselves (not by the code the generator used), and how to name them in
/// messages.
pub trait VerifyRules: Sync {
    /// A position as the verifier holds it.
    type Pos;
    /// Buffers a worker reuses from position to position (a move list).
    type Scratch;
    /// Why looking up a child can fail (reading another table, say).
    type Error: Send;

    /// Number of slots.
    fn size(&self) -> u64;

    /// Fresh buffers for one worker.
    fn scratch(&self) -> Self::Scratch;

    /// Calls `f(index, position)` for every slot of `start..end` in order, with the legal
    /// position the slot holds (the canonical one of its symmetry class), or `None`.
    fn positions(&self, start: u64, end: u64, f: &mut dyn FnMut(u64, Option<Self::Pos>));

    /// Fills `children` with where each legal move of `pos` leads, in the order of the moves.
    fn children(
        &self,
        pos: &Self::Pos,
        scratch: &mut Self::Scratch,
        children: &mut Vec<Child>,
    ) -> Result<(), Self::Error>;

    /// The position in the game's notation, for messages.
    fn describe(&self, pos: &Self::Pos) -> String;

    /// Move `i` of the last [`VerifyRules::children`] call on `pos` in the game's notation, for
    /// messages.
    fn describe_move(&self, pos: &Self::Pos, scratch: &Self::Scratch, i: usize) -> String;
}

/// A check of a game's own that runs in the same pass as the values' check, on every legal
/// position whose value agreed (Minishogi checks there the values of its mate-only draws under
/// the repetition rule, with the moves already generated). Its failures count only when no value
/// is wrong anywhere.
pub trait SlotCheck<R: VerifyRules>: Sync {
    /// What the check counts, per range of slots and then summed.
    type Report: Default + Send;
    /// Why the check fails.
    type Error: Send;

    /// Checks the position `pos` of `slot`, whose stored `value` agreed with the rules; `scratch`
    /// and `children` are those of its [`VerifyRules::children`] call.
    #[allow(clippy::too_many_arguments)]
    fn check(
        &self,
        slot: u64,
        value: Value,
        pos: &R::Pos,
        scratch: &R::Scratch,
        children: &[Child],
        report: &mut Self::Report,
    ) -> Result<(), Self::Error>;

    /// Adds the counts of `part` (a later range of slots) to `total`.
    fn merge(&self, total: &mut Self::Report, part: Self::Report);
}

/// No check besides the values'.
struct NoCheck;

impl<R: VerifyRules> SlotCheck<R> for NoCheck {
    type Report = ();
    type Error = std::convert::Infallible;

    fn check(
        &self,
        _: u64,
        _: Value,
        _: &R::Pos,
        _: &R::Scratch,
        _: &[Child],
        _: &mut (),
    ) -> Result<(), Self::Error> {
        Ok(())
    }

    fn merge(&self, _: &mut (), _: ()) {}
}

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

/// A stored value that differs from the one the rules give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotMismatch {
    /// The slot.
    pub slot: u64,
    /// Its position in the game's notation (`None` if the slot holds none).
    pub position: Option<String>,
    /// The stored value.
    pub stored: Value,
    /// The value the rules give.
    pub expected: Value,
    /// What was seen.
    pub detail: String,
}

/// Why a table failed verification.
#[derive(Debug)]
pub enum VerifyFailure<E> {
    /// The value array does not have one byte per slot.
    WrongLength {
        /// Slots of the index.
        slots: u64,
        /// Values given.
        values: u64,
    },
    /// The first slot whose stored value the rules contradict.
    Mismatch(SlotMismatch),
    /// The game could not look up a child.
    Rules(E),
    /// The worker thread pool could not be built.
    Threads(ThreadPoolError),
}

/// Checks every value of `values` (one [`Value`] byte per slot of `rules`' index) on `threads`
/// workers (`None`: the current rayon pool); `progress` is called as slots are done (phase
/// `"verify"`).
pub fn verify_values<R: VerifyRules>(
    rules: &R,
    values: &[u8],
    threads: Option<usize>,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> Result<VerifyReport, VerifyFailure<R::Error>> {
    match verify_values_with(rules, &NoCheck, values, threads, progress) {
        Ok((report, ())) => Ok(report),
        Err(e) => Err(e.map_err(|e| match e {
            MoreOrRules::More(never) => match never {},
            MoreOrRules::Rules(e) => e,
        })),
    }
}

/// [`verify_values`] with `more` checked in the same pass on every legal position whose value
/// agreed; a failure of `more` is reported ([`VerifyFailure::Rules`] of [`MoreOrRules::More`])
/// only when every value agrees, the first in slot order.
pub fn verify_values_with<R: VerifyRules, C: SlotCheck<R>>(
    rules: &R,
    more: &C,
    values: &[u8],
    threads: Option<usize>,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> VerifiedWith<R, C> {
    let size = rules.size();
    if values.len() as u64 != size {
        return Err(VerifyFailure::WrongLength { slots: size, values: values.len() as u64 });
    }
    let done = AtomicU64::new(0);
    let ranges = with_threads(threads, || {
        (0..size.div_ceil(CHUNK))
            .into_par_iter()
            .map(|c| {
                let (start, end) = (c * CHUNK, ((c + 1) * CHUNK).min(size));
                let result = verify_range(rules, more, values, start, end);
                let d = done.fetch_add(end - start, Ordering::Relaxed) + end - start;
                if let Some(report) = progress {
                    report(Progress { phase: "verify", done: d, total: size });
                }
                result
            })
            .collect::<Vec<_>>()
    })
    .map_err(VerifyFailure::Threads)?;
    let mut total = VerifyReport::default();
    let mut more_total = C::Report::default();
    let mut first_more_error = None;
    // Ranges come in slot order: the first failure is the first slot's, and ties of the longest
    // mate keep the smallest slot.
    for r in ranges {
        if let Some(e) = r.failure {
            return Err(e.map_err(MoreOrRules::Rules));
        }
        if first_more_error.is_none() {
            first_more_error = r.more_error;
        }
        let part = r.report;
        total.slots += part.slots;
        total.positions += part.positions;
        total.wins += part.wins;
        total.losses += part.losses;
        total.draws += part.draws;
        if let Some((d, i)) = part.longest {
            if !matches!(total.longest, Some((l, _)) if l >= d) {
                total.longest = Some((d, i));
            }
        }
        more.merge(&mut more_total, r.more);
    }
    match first_more_error {
        Some(e) => Err(VerifyFailure::Rules(MoreOrRules::More(e))),
        None => Ok((total, more_total)),
    }
}

/// What [`verify_values_with`] gives.
pub type VerifiedWith<R, C> = Result<
    (VerifyReport, <C as SlotCheck<R>>::Report),
    VerifyFailure<MoreOrRules<<C as SlotCheck<R>>::Error, <R as VerifyRules>::Error>>,
>;

/// A failure of a [`SlotCheck`], or of the rules looking up a child.
#[derive(Debug)]
pub enum MoreOrRules<M, E> {
    /// The game's own check failed.
    More(M),
    /// The rules could not look up a child.
    Rules(E),
}

impl<E> VerifyFailure<E> {
    /// The same failure with the rules' error mapped by `f`.
    fn map_err<F>(self, f: impl FnOnce(E) -> F) -> VerifyFailure<F> {
        match self {
            VerifyFailure::WrongLength { slots, values } => VerifyFailure::WrongLength { slots, values },
            VerifyFailure::Mismatch(m) => VerifyFailure::Mismatch(m),
            VerifyFailure::Rules(e) => VerifyFailure::Rules(f(e)),
            VerifyFailure::Threads(e) => VerifyFailure::Threads(e),
        }
    }
}

/// What the check of one range of slots found: its counts, and its first failure of each kind.
struct RangeCheck<R: VerifyRules, C: SlotCheck<R>> {
    report: VerifyReport,
    more: C::Report,
    failure: Option<VerifyFailure<R::Error>>,
    more_error: Option<C::Error>,
}

/// Verifies slots `start..end`.
fn verify_range<R: VerifyRules, C: SlotCheck<R>>(
    rules: &R,
    more: &C,
    values: &[u8],
    start: u64,
    end: u64,
) -> RangeCheck<R, C> {
    let mut check = RangeCheck {
        report: VerifyReport { slots: end - start, ..VerifyReport::default() },
        more: C::Report::default(),
        failure: None,
        more_error: None,
    };
    let mut scratch = rules.scratch();
    let mut children = Vec::with_capacity(256);
    rules.positions(start, end, &mut |index, pos| {
        if check.failure.is_some() {
            return;
        }
        let Some(pos) = pos else {
            match check_slot(rules, values, index, None, &mut scratch, &mut children) {
                Ok(_) => {}
                Err(e) => check.failure = Some(e),
            }
            return;
        };
        match check_slot(rules, values, index, Some(&pos), &mut scratch, &mut children) {
            Ok(value) => {
                check.report.count(value, index);
                if let (Some(value), None) = (value, &check.more_error) {
                    check.more_error =
                        more.check(index, value, &pos, &scratch, &children, &mut check.more).err();
                }
            }
            Err(e) => check.failure = Some(e),
        }
    });
    check
}

/// Checks one slot, holding `pos`: its value if it holds a legal position, `None` if not.
fn check_slot<R: VerifyRules>(
    rules: &R,
    values: &[u8],
    index: u64,
    pos: Option<&R::Pos>,
    scratch: &mut R::Scratch,
    children: &mut Vec<Child>,
) -> Result<Option<Value>, VerifyFailure<R::Error>> {
    let stored = Value::from_byte(values[index as usize]);
    let mismatch = |position: Option<String>, expected: Value, detail: String| {
        VerifyFailure::Mismatch(SlotMismatch { slot: index, position, stored, expected, detail })
    };
    let Some(pos) = pos else {
        if stored.is_legal() {
            return Err(mismatch(None, Value::ILLEGAL, "the slot holds no legal position".into()));
        }
        return Ok(None);
    };
    children.clear();
    rules.children(pos, scratch, children).map_err(VerifyFailure::Rules)?;
    for c in children.iter() {
        if let Child::Slot(s) = c {
            if let Some(byte) = values.get(*s as usize) {
                prefetch(byte);
            }
        }
    }
    let mut best_loss: Option<u16> = None;
    let mut longest_win = 0u16;
    let mut all_win = true;
    for (i, child) in children.iter().enumerate() {
        let value = match *child {
            Child::Slot(c) => {
                let v = values.get(c as usize).map_or(Value::ILLEGAL, |&b| Value::from_byte(b));
                if !v.is_legal() {
                    let m = rules.describe_move(pos, scratch, i);
                    let detail = format!("move {m} leads to slot {c}, stored as not legal");
                    return Err(mismatch(Some(rules.describe(pos)), stored, detail));
                }
                v
            }
            Child::Outside(v) => v,
        };
        match value.dtm() {
            Some(d) if d % 2 == 0 => best_loss = Some(best_loss.map_or(d, |b| b.min(d))),
            Some(d) => longest_win = longest_win.max(d),
            None => all_win = false,
        }
    }
    let expected = if children.is_empty() {
        Value::mate(0)
    } else if let Some(d) = best_loss {
        Value::mate(d + 1)
    } else if all_win {
        Value::mate(longest_win + 1)
    } else {
        Some(Value::DRAW)
    };
    let Some(expected) = expected else {
        return Err(mismatch(
            Some(rules.describe(pos)),
            stored,
            "mate longer than the encoding holds".into(),
        ));
    };
    if !stored.is_legal() {
        return Err(mismatch(Some(rules.describe(pos)), expected, "the slot holds a legal position".into()));
    }
    if expected != stored {
        let detail = format!("{} legal moves", children.len());
        return Err(mismatch(Some(rules.describe(pos)), expected, detail));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{expected, Piles};

    #[test]
    fn generated_values_pass_and_are_counted() {
        let values = expected(100);
        let report = verify_values(&Piles(100), &values, Some(2), None).expect("verifies");
        assert_eq!((report.slots, report.positions, report.draws), (103, 102, 2));
        assert_eq!(report.wins + report.losses, 100);
        assert_eq!(report.longest, Some((66, 99)));
    }

    #[test]
    fn the_first_wrong_value_is_reported_with_its_position() {
        let mut values = expected(100);
        values[40] = Value::DRAW.to_byte();
        values[70] = Value::DRAW.to_byte();
        match verify_values(&Piles(100), &values, Some(2), None) {
            Err(VerifyFailure::Mismatch(m)) => {
                // Slot 40 is wrong; so is 41 or 42, whose moves now lead to a draw, but the
                // first slot in order is reported.
                assert_eq!(m.slot, 40);
                assert_eq!(m.position.as_deref(), Some("pile 40"));
                assert_eq!(m.expected, Value::from_byte(expected(100)[40]));
            }
            other => panic!("expected a mismatch, got {other:?}"),
        }
        let mut values = expected(100);
        values[102] = 1;
        assert!(matches!(
            verify_values(&Piles(100), &values, None, None),
            Err(VerifyFailure::Mismatch(SlotMismatch { slot: 102, position: None, .. }))
        ));
        assert!(matches!(
            verify_values(&Piles(100), &values[1..], None, None),
            Err(VerifyFailure::WrongLength { slots: 103, values: 102 })
        ));
    }

    /// Counts the draws, and fails on the draw in `bad`.
    struct Draws {
        bad: Option<u64>,
    }

    impl SlotCheck<Piles> for Draws {
        type Report = u64;
        type Error = u64;

        fn check(
            &self,
            slot: u64,
            value: Value,
            _: &u64,
            _: &(),
            children: &[Child],
            n: &mut u64,
        ) -> Result<(), u64> {
            if value.is_draw() {
                assert_eq!(children.len(), 1, "the children of the check of the values");
                *n += 1;
                if Some(slot) == self.bad {
                    return Err(slot);
                }
            }
            Ok(())
        }

        fn merge(&self, total: &mut u64, part: u64) {
            *total += part;
        }
    }

    #[test]
    fn a_check_of_the_game_runs_in_the_same_pass_after_the_values() {
        let values = expected(100);
        let (report, draws) =
            verify_values_with(&Piles(100), &Draws { bad: None }, &values, Some(2), None).expect("verifies");
        assert_eq!((report.draws, draws), (2, 2));
        let failed = verify_values_with(&Piles(100), &Draws { bad: Some(101) }, &values, Some(2), None);
        assert!(matches!(failed, Err(VerifyFailure::Rules(MoreOrRules::More(101)))));
        // A wrong value anywhere is reported before the game's own failure.
        let mut wrong = values.clone();
        wrong[7] = Value::DRAW.to_byte();
        let failed = verify_values_with(&Piles(100), &Draws { bad: Some(101) }, &wrong, Some(2), None);
        assert!(matches!(failed, Err(VerifyFailure::Mismatch(SlotMismatch { slot: 7, .. }))));
    }
}
