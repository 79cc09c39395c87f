//! Move counts of the retrograde rules against the rules crate's legal move generation.

use super::*;
use crate::material::Material;

/// The in-set moves counted from the un-moves of every legal slot, and from each slot's
/// successors that are legal, equal the moves that the rules crate's legal move generation
/// counts, for every slot of one-piece sets with each kind of movement: steps and promotion
/// (Pawn), the unmoved Lateral Mover, a skip slide (Ninja), jumping slides, the area move,
/// burning, rifle captures.
#[test]
fn unmoves_count_the_legal_moves_that_stay() {
    let tables = Tables::new();
    for name in ["KPvK", "KL*vK", "K+LvK", "KDvK", "KAvK", "KFvK", "K+BvK", "KJvK"] {
        let material = Material::parse(name).expect("a set");
        let rules = MinjikuRetro::new(Indexer::new(&material), &tables);
        let size = rules.size() as usize;
        let mut counts = vec![0u32; size];
        for slot in 0..rules.size() {
            if let Some(pos) = rules.decode(slot) {
                rules.predecessors(&pos, false, &mut |q, w| counts[q as usize] += u32::from(w));
            }
        }
        for slot in 0..rules.size() {
            if let Some(pos) = rules.decode(slot) {
                let fen = pos.position(&rules.indexer).map(Position::to_fen);
                assert_eq!(rules.move_count(&pos), counts[slot as usize], "{material}: {fen:?}");
                assert_eq!(rules.move_count(&pos), legal_successors(&rules, &pos), "{material}: {fen:?}");
                let counted = rules.legal_successor_count(&pos, &|slot| rules.decode(slot).is_some());
                assert_eq!(rules.move_count(&pos), counted, "{material}: {fen:?}");
            }
        }
    }
}

/// The same from the successors (listed, and counted by `legal_successor_count`, which takes
/// some moves as legal without looking), on a sample of the slots of two-piece sets: pieces that
/// block each other's lines, a burning Dragon with an enemy piece to burn, two equal pieces.
#[test]
fn successors_count_the_legal_moves_that_stay_with_two_pieces() {
    let tables = Tables::new();
    for name in ["KJvKA", "KFvKJ", "K+S+SvK", "KL*vK+L"] {
        let material = Material::parse(name).expect("a set");
        let rules = MinjikuRetro::new(Indexer::new(&material), &tables);
        let mut checked = 0;
        for slot in (0..rules.size()).step_by(9_973) {
            if let Some(pos) = rules.decode(slot) {
                let fen = pos.position(&rules.indexer).map(Position::to_fen);
                assert_eq!(rules.move_count(&pos), legal_successors(&rules, &pos), "{material}: {fen:?}");
                let counted = rules.legal_successor_count(&pos, &|slot| rules.decode(slot).is_some());
                assert_eq!(rules.move_count(&pos), counted, "{material}: {fen:?}");
                checked += 1;
            }
        }
        assert!(checked > 3_000, "{material}: {checked}");
    }
}

/// The successors of `pos` that hold a legal position.
fn legal_successors(rules: &MinjikuRetro<'_>, pos: &Decoded) -> u32 {
    let mut n = 0;
    rules.successors(pos, &mut |slot| n += u32::from(rules.decode(slot).is_some()));
    n
}
