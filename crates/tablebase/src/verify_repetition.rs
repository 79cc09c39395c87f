//! Verification of the repetition values against the rules, independent of the generator.
//!
//! For every mate-only draw and both cases, the rules crate generates the legal moves forward,
//! decides for each whether it gives check (the opponent is in check after it), and the stored
//! entries of the children are read. The outcome and its progress measure must then satisfy the
//! local conditions that make the measure a proof (see [`crate::DrawValue`]); together they show
//! that every outcome is what perfect play gives:
//! - **second player wins**, rank `r`: with F to move, every move to a draw leads to an S win, and
//!   `r` is 0 if F is not in check (S's last move did not check), else 1 + the largest child rank;
//!   with S to move, `r` is 1 + the smallest rank of the children that S wins. So S can reach a
//!   non-checking move of its own within `r` plies, again and again.
//! - **first player wins**, measure `(k, t)`: F has a move (S: every move to a draw leads) to an F
//!   win whose measure is smaller: `k` smaller after S's non-checking move, `k` not larger after
//!   F's, `(k, t)` lexicographically smaller after a check. So S's non-checking moves are finitely
//!   many, and so are the checks between two non-checking moves of F.
//! - **draw**, measures `(c, d)`: F can keep S's non-checking moves finite (`c`, as `k` above, with
//!   F wins as safe children) and S can keep F's finite (`d`, symmetrically), so neither wins.
//!
//! The ranks of the second player's wins are also checked to be exact, so a table whose progress
//! counters are off by one fails as well.

use std::sync::atomic::{AtomicU64, Ordering};

use minishogi::{Color, MoveList, Position};
use minishogi_retro::verify::{verify_values_with, DrawRanks, MoreOrRules, SlotCheck};
use minishogi_retro::{Child, Progress, Value, VerifyFailure, VerifyReport};
use rayon::prelude::*;

use crate::children::child_slots;
use crate::draw_value::{split, Case, CycleOutcome, DrawValue};
use crate::error::{EntryProblem, RepetitionError, TablebaseError};
use crate::index::Indexer;
use crate::material::Material;
use crate::placement::Placement;
use crate::repetition_analysis::RepetitionValues;
use crate::verify::{values_error, MinishogiVerify};

/// Slots whose draws one task checks.
const CHUNK: usize = 1 << 15;

/// What a successful verification of the repetition values counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RepetitionReport {
    /// Mate-only draws checked.
    pub draws: u64,
    /// Per case (first player to move, second player to move): entries won by the second player,
    /// by the first player, drawn.
    pub counts: [[u64; 3]; 2],
}

/// A child of a draw (a mate-only draw itself): its entries. Whether the move into it gave check
/// is the child's own "in check", checked when the child's entries are.
struct DrawChild {
    entries: [DrawValue; 2],
}

/// The stored repetition entries of a table, looked up by slot through the draw numbers of its
/// values.
pub(crate) struct Entries<'a> {
    /// The numbers of the mate-only draws.
    pub(crate) ranks: &'a DrawRanks<'a>,
    /// One pair per draw, in slot order.
    pub(crate) entries: &'a [[DrawValue; 2]],
    /// Base of the first player's measures.
    pub(crate) first_base: u32,
    /// Base of the draws' measures.
    pub(crate) draw_base: u32,
}

impl Entries<'_> {
    /// The entries of `slot`, a mate-only draw (`NONE` pairs for any other slot).
    #[inline]
    fn get(&self, slot: u64) -> [DrawValue; 2] {
        self.ranks.number(slot).and_then(|i| self.entries.get(i as usize).copied()).unwrap_or_default()
    }
}

/// Checks the repetition values of `material`'s table against its mate-only `values`.
pub fn verify_repetition(
    material: &Material,
    values: &[u8],
    repetition: &RepetitionValues,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> Result<RepetitionReport, RepetitionError> {
    if !repetition.draws().matches(values) {
        let expected = values.par_iter().filter(|&&v| v == Value::DRAW.to_byte()).count() as u64;
        let found = repetition.len() as u64;
        return Err(RepetitionError::WrongDraws { material: *material, expected, found });
    }
    let ranks = DrawRanks::new(values);
    let entries = Entries {
        ranks: &ranks,
        entries: repetition.entries(),
        first_base: repetition.first_base(),
        draw_base: repetition.draw_base(),
    };
    verify_entries(material, values, &entries, progress)
}

/// Checks the repetition `entries` of `material`'s table against its mate-only `values` (which
/// `entries.ranks` numbers).
pub(crate) fn verify_entries(
    material: &Material,
    values: &[u8],
    entries: &Entries<'_>,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> Result<RepetitionReport, RepetitionError> {
    let total = entries.ranks.len();
    if total != entries.entries.len() as u64 {
        let found = entries.entries.len() as u64;
        return Err(RepetitionError::WrongDraws { material: *material, expected: total, found });
    }
    let indexer = Indexer::new(material);
    let done = AtomicU64::new(0);
    let draw = Value::DRAW.to_byte();
    let reports: Vec<Result<RepetitionReport, RepetitionError>> = values
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(c, chunk)| {
            let mut report = RepetitionReport::default();
            let mut moves = MoveList::new();
            let (mut slots, mut children) = (Vec::with_capacity(256), Vec::with_capacity(256));
            let start = (c * CHUNK) as u64;
            for (slot, _) in (start..).zip(chunk).filter(|&(_, &v)| v == draw) {
                check_draw(
                    &indexer,
                    values,
                    entries,
                    slot,
                    *material,
                    &mut moves,
                    &mut slots,
                    &mut children,
                    &mut report,
                )?;
            }
            let d = done.fetch_add(report.draws, Ordering::Relaxed) + report.draws;
            if let Some(report) = progress {
                report(Progress { phase: "verify repetition", done: d, total });
            }
            Ok(report)
        })
        .collect();
    let mut total = RepetitionReport::default();
    for r in reports {
        total.add(&r?);
    }
    Ok(total)
}

impl RepetitionReport {
    /// Adds the counts of `other` (another range of slots) to these.
    pub(crate) fn add(&mut self, other: &RepetitionReport) {
        self.draws += other.draws;
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            for (m, t) in mine.iter_mut().zip(theirs) {
                *m += t;
            }
        }
    }
}

/// The check of the repetition entries of the mate-only draws, in the pass that checks the values.
struct RepetitionCheck<'a> {
    values: &'a [u8],
    entries: &'a Entries<'a>,
    material: Material,
}

/// What [`RepetitionCheck`] counts in a range of slots, with its buffers.
#[derive(Default)]
struct Tally {
    report: RepetitionReport,
    slots: Vec<u64>,
    children: Vec<DrawChild>,
}

impl<'a> SlotCheck<MinishogiVerify<'a>> for RepetitionCheck<'_> {
    type Report = Tally;
    type Error = RepetitionError;

    fn check(
        &self,
        slot: u64,
        value: Value,
        (pos, _): &(Position, Placement),
        moves: &MoveList,
        children: &[Child],
        tally: &mut Tally,
    ) -> Result<(), RepetitionError> {
        if value != Value::DRAW {
            return Ok(());
        }
        tally.slots.clear();
        tally.slots.extend(children.iter().filter_map(|c| match c {
            Child::Slot(s) => Some(*s),
            Child::Outside(_) => None,
        }));
        let draw = DrawMoves { slot, pos, moves, children: &tally.slots };
        check_draw_moves(
            self.values,
            self.entries,
            &draw,
            self.material,
            &mut tally.children,
            &mut tally.report,
        )
    }

    fn merge(&self, total: &mut Tally, part: Tally) {
        total.report.add(&part.report);
    }
}

/// Checks every value of `material`'s table and the repetition `entries` of its mate-only draws
/// in one pass (one move generation per draw): a wrong value is reported if any slot has one,
/// else the first wrong entry.
pub(crate) fn verify_with_repetition(
    material: &Material,
    values: &[u8],
    entries: &Entries<'_>,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> Result<(VerifyReport, RepetitionReport), TablebaseError> {
    let total = entries.ranks.len();
    if total != entries.entries.len() as u64 {
        let found = entries.entries.len() as u64;
        return Err(RepetitionError::WrongDraws { material: *material, expected: total, found }.into());
    }
    let indexer = Indexer::new(material);
    let rules = MinishogiVerify { indexer: &indexer };
    let check = RepetitionCheck { values, entries, material: *material };
    match verify_values_with(&rules, &check, values, None, progress) {
        Ok((report, tally)) => Ok((report, tally.report)),
        Err(VerifyFailure::Rules(MoreOrRules::More(e))) => Err(e.into()),
        Err(VerifyFailure::Rules(MoreOrRules::Rules(never))) => match never {},
        Err(VerifyFailure::WrongLength { slots, values }) => {
            Err(values_error(*material, VerifyFailure::WrongLength { slots, values }).into())
        }
        Err(VerifyFailure::Mismatch(m)) => Err(values_error(*material, VerifyFailure::Mismatch(m)).into()),
        Err(VerifyFailure::Threads(e)) => Err(values_error(*material, VerifyFailure::Threads(e)).into()),
    }
}

/// Checks both entries of the draw in `slot`.
#[allow(clippy::too_many_arguments)]
fn check_draw(
    indexer: &Indexer,
    values: &[u8],
    entries: &Entries<'_>,
    slot: u64,
    material: Material,
    moves: &mut MoveList,
    slots: &mut Vec<u64>,
    children: &mut Vec<DrawChild>,
    report: &mut RepetitionReport,
) -> Result<(), RepetitionError> {
    let legal = indexer.placement(slot).and_then(|p| Some((p.to_position(Color::Sente)?, p)));
    let Some((pos, placement)) = legal else {
        return Err(mismatch(
            material,
            slot,
            "-".into(),
            Case::FirstPlayerToMove,
            DrawValue::NONE,
            EntryProblem::IllegalSlot,
        ));
    };
    pos.legal_moves(moves);
    slots.clear();
    child_slots(indexer, &placement, moves, &mut |c| slots.push(c));
    let draw = DrawMoves { slot, pos: &pos, moves, children: slots };
    check_draw_moves(values, entries, &draw, material, children, report)
}

/// A mate-only draw with its legal moves and the slots they lead to, as a verifier found them.
struct DrawMoves<'a> {
    /// The slot.
    slot: u64,
    /// Its position (sente to move).
    pos: &'a Position,
    /// Its legal moves.
    moves: &'a MoveList,
    /// The slot of the position after each move.
    children: &'a [u64],
}

/// Checks both entries of `draw` against the entries of its children; `children` is scratch.
fn check_draw_moves(
    values: &[u8],
    entries: &Entries<'_>,
    draw: &DrawMoves<'_>,
    material: Material,
    children: &mut Vec<DrawChild>,
    report: &mut RepetitionReport,
) -> Result<(), RepetitionError> {
    let (slot, pos) = (draw.slot, draw.pos);
    let own = entries.get(slot);
    children.clear();
    for (&m, &c) in draw.moves.iter().zip(draw.children) {
        let Some(&value) = values.get(c as usize) else {
            let problem = EntryProblem::ChildOutside { mv: m, child: c };
            return Err(mismatch(material, slot, pos.to_sfen(), Case::FirstPlayerToMove, own[0], problem));
        };
        // Moves out of the mate-only draws lose by mate for the mover and never count.
        if value == Value::DRAW.to_byte() {
            children.push(DrawChild { entries: entries.get(c) });
        }
    }
    report.draws += 1;
    for case in Case::ALL {
        let stored = own[case.index()];
        let outcome = check_entry(case, stored, pos.in_check(), children, entries)
            .map_err(|problem| mismatch(material, slot, pos.to_sfen(), case, stored, problem))?;
        report.counts[case.index()][outcome] += 1;
    }
    Ok(())
}

fn mismatch(
    material: Material,
    index: u64,
    sfen: String,
    case: Case,
    stored: DrawValue,
    problem: EntryProblem,
) -> RepetitionError {
    RepetitionError::Mismatch { material, index, sfen, case, stored, problem }
}

/// Checks one entry against its children; returns the outcome's counting index.
fn check_entry(
    case: Case,
    stored: DrawValue,
    in_check: bool,
    children: &[DrawChild],
    entries: &Entries<'_>,
) -> Result<usize, EntryProblem> {
    let first_moves = case == Case::FirstPlayerToMove;
    let child = |c: &DrawChild| c.entries[case.after_move().index()];
    let Some(outcome) = stored.outcome() else {
        return Err(EntryProblem::NoValue);
    };
    if children.is_empty() {
        return Err(EntryProblem::NoDrawMove);
    }
    match outcome {
        CycleOutcome::SecondPlayerWins => {
            let expected = if first_moves {
                // Every child, in order: a child S does not win ends the fold.
                let all = children.iter().try_fold(0u32, |most, c| {
                    let v = child(c);
                    (v.outcome() == Some(CycleOutcome::SecondPlayerWins)).then(|| most.max(v.progress()))
                });
                let Some(most) = all else {
                    return Err(EntryProblem::FirstEscapes);
                };
                Some(if in_check { most + 1 } else { 0 })
            } else {
                let ranks = children
                    .iter()
                    .map(&child)
                    .filter(|v| v.outcome() == Some(CycleOutcome::SecondPlayerWins));
                ranks.map(|v| v.progress()).min().map(|r| r + 1)
            };
            match expected {
                Some(r) if r == stored.progress() => Ok(0),
                Some(r) => Err(EntryProblem::Rank(r)),
                None => Err(EntryProblem::SecondHasNoWin),
            }
        }
        CycleOutcome::FirstPlayerWins => {
            let base = entries.first_base;
            let (k, t) = split(stored.progress(), base);
            // Priority of this node: who made the last move without check, if anyone.
            let ok = |c: &DrawChild| {
                let v = child(c);
                if v.outcome() != Some(CycleOutcome::FirstPlayerWins) {
                    return false;
                }
                let (kc, tc) = split(v.progress(), base);
                match (in_check, first_moves) {
                    (false, true) => kc < k,
                    (false, false) => kc <= k,
                    (true, _) => (kc, tc) < (k, t),
                }
            };
            let holds = if first_moves { children.iter().any(ok) } else { children.iter().all(ok) };
            if holds {
                Ok(1)
            } else if first_moves {
                Err(EntryProblem::FirstCannotProgress)
            } else {
                Err(EntryProblem::SecondEscapes)
            }
        }
        CycleOutcome::Draw => {
            let base = entries.draw_base;
            let (c, d) = split(stored.progress(), base);
            let measures = |x: &DrawChild| {
                let v = child(x);
                (v.outcome(), split(v.progress(), base))
            };
            let (c_ok, d_ok) = if first_moves {
                let b = u32::from(!in_check);
                // F keeps S's non-checking moves finite: some move to a draw with c lowered.
                let c_ok = children
                    .iter()
                    .any(|x| matches!(measures(x), (Some(CycleOutcome::Draw), (cc, _)) if cc + b <= c));
                // S keeps F's non-checking moves finite: no F move escapes to an F win, and after
                // a check by S, d does not grow.
                let d_ok = children.iter().all(|x| match measures(x) {
                    (Some(CycleOutcome::SecondPlayerWins), _) => true,
                    (Some(CycleOutcome::Draw), (_, dd)) => !in_check || dd <= d,
                    _ => false,
                });
                (c_ok, d_ok)
            } else {
                let b = u32::from(!in_check);
                let d_ok = children
                    .iter()
                    .any(|x| matches!(measures(x), (Some(CycleOutcome::Draw), (_, dd)) if dd + b <= d));
                let c_ok = children.iter().all(|x| match measures(x) {
                    (Some(CycleOutcome::FirstPlayerWins), _) => true,
                    (Some(CycleOutcome::Draw), (cc, _)) => cc <= c,
                    _ => false,
                });
                (c_ok, d_ok)
            };
            match (c_ok, d_ok) {
                (true, true) => Ok(2),
                (false, _) => Err(EntryProblem::FirstCannotBound),
                (_, false) => Err(EntryProblem::SecondCannotBound),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, repetition_values};
    use minishogi_retro::GenerateOptions;

    fn tables(name: &str) -> (Material, Vec<u8>, RepetitionValues) {
        let m = Material::parse(name).expect("material");
        let values = generate(&m, &GenerateOptions::default()).expect("generates");
        let rep = repetition_values(&m, &values, &GenerateOptions::default()).expect("analyses");
        (m, values, rep)
    }

    #[test]
    fn generated_values_pass_and_count_every_case() {
        for name in ["-", "P", "RG", "RR"] {
            let (m, values, rep) = tables(name);
            let report = verify_repetition(&m, &values, &rep, None).expect("verifies");
            assert_eq!(report.draws, rep.len() as u64);
            for case in 0..2 {
                assert_eq!(report.counts[case].iter().sum::<u64>(), report.draws, "{name}");
            }
        }
    }

    /// A flipped outcome, and a progress counter one off, are both caught with the position.
    #[test]
    fn a_wrong_outcome_or_rank_fails() {
        let (m, values, rep) = tables("RR");
        let perpetual = rep
            .entries()
            .iter()
            .position(|p| p[0].outcome() == Some(CycleOutcome::FirstPlayerWins))
            .expect("RR has wins by perpetual check");
        let ranked = rep.entries().iter().position(|p| p[1].progress() > 1).expect("a rank above 1");
        let broken = |i: usize, case: usize, v: DrawValue| {
            let mut entries = rep.entries().to_vec();
            entries[i][case] = v;
            rep.with_entries(entries).expect("as many entries")
        };
        let flipped = broken(perpetual, 0, DrawValue::new(CycleOutcome::SecondPlayerWins, 1).expect("fits"));
        let off = broken(
            ranked,
            1,
            DrawValue::new(CycleOutcome::SecondPlayerWins, rep.entries()[ranked][1].progress() + 1)
                .expect("fits"),
        );
        let mut moved = values.clone();
        let draw = moved.iter().position(|&v| v == Value::DRAW.to_byte()).expect("a draw");
        moved[draw] = Value::ILLEGAL.to_byte();
        assert!(matches!(verify_repetition(&m, &moved, &rep, None), Err(RepetitionError::WrongDraws { .. })));
        for bad in [flipped, off] {
            match verify_repetition(&m, &values, &bad, None) {
                Err(RepetitionError::Mismatch { sfen, .. }) => assert!(sfen.contains(' ')),
                other => panic!("expected a mismatch, got {other:?}"),
            }
        }
    }
}
