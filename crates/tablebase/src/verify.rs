//! Verification of a table against the rules, independent of the generator's un-move code: the
//! game-independent driver of [`minishogi_retro::verify_values`] over Minishogi's rules.
//!
//! For every slot the pieces are rebuilt and the rules crate decides whether they form a legal
//! position (and whether the slot is the canonical one for it); a legal position's moves are
//! generated forward and each child's stored value looked up (see the driver for the value rule).
//! The first slot that disagrees is reported with its SFEN.

use std::convert::Infallible;

use minishogi::{Color, MoveList, Position};
use minishogi_retro::{verify_values, Child, Progress, VerifyFailure, VerifyReport, VerifyRules};

use crate::children::child_slots;
use crate::error::VerifyError;
use crate::index::Indexer;
use crate::material::Material;
use crate::placement::Placement;

/// Minishogi's rules as the verifier asks them, over one set's index.
pub(crate) struct MinishogiVerify<'a> {
    pub(crate) indexer: &'a Indexer,
}

impl VerifyRules for MinishogiVerify<'_> {
    type Pos = (Position, Placement);
    type Scratch = MoveList;
    type Error = Infallible;

    fn size(&self) -> u64 {
        self.indexer.size()
    }

    fn scratch(&self) -> MoveList {
        MoveList::new()
    }

    fn positions(&self, start: u64, end: u64, f: &mut dyn FnMut(u64, Option<Self::Pos>)) {
        let indexer = self.indexer;
        indexer.for_each_raw_placement(start, end, |index, raw| {
            // The rules crate decides legality; the slot must also be the canonical one for it.
            let placement = Some(*raw).filter(|p| p.is_disjoint());
            let position = placement
                // Only with both kings on the middle file can a slot be the non-canonical mirror
                // image.
                .filter(|p| {
                    p.kings[0] % 5 != 2 || p.kings[1] % 5 != 2 || indexer.index_placement(p).0 == index
                })
                .and_then(|p| Some((p.to_position(Color::Sente)?, p)));
            f(index, position);
        });
    }

    fn children(
        &self,
        (pos, placement): &Self::Pos,
        moves: &mut MoveList,
        children: &mut Vec<Child>,
    ) -> Result<(), Self::Error> {
        pos.legal_moves(moves);
        child_slots(self.indexer, placement, moves, &mut |c| children.push(Child::Slot(c)));
        Ok(())
    }

    fn describe(&self, (pos, _): &Self::Pos) -> String {
        pos.to_sfen()
    }

    fn describe_move(&self, _: &Self::Pos, moves: &MoveList, i: usize) -> String {
        moves.as_slice().get(i).map_or_else(|| format!("{i}"), |m| m.to_string())
    }
}

/// Checks every value of `material`'s table on the current thread pool; `progress` is called as
/// slots are done (phase `"verify"`).
pub fn verify(
    material: &Material,
    values: &[u8],
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> Result<VerifyReport, VerifyError> {
    let indexer = Indexer::new(material);
    verify_values(&MinishogiVerify { indexer: &indexer }, values, None, progress)
        .map_err(|e| values_error(*material, e))
}

/// The error of a failed check of `material`'s values (not of a check of its own).
pub(crate) fn values_error(material: Material, failure: VerifyFailure<Infallible>) -> VerifyError {
    match failure {
        VerifyFailure::WrongLength { slots, values } => {
            VerifyError::WrongLength { material, expected: slots, found: values }
        }
        VerifyFailure::Mismatch(m) => VerifyError::Mismatch {
            material,
            index: m.slot,
            sfen: m.position.unwrap_or_else(|| "-".into()),
            stored: m.stored,
            expected: m.expected,
            detail: m.detail,
        },
        VerifyFailure::Threads(e) => VerifyError::Threads(e),
        VerifyFailure::Rules(never) => match never {},
    }
}
