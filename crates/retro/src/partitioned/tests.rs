//! The partitioned analysis against the shared-memory generator on the toy games.

use super::*;
use crate::generate::{retrograde, GenerateOptions};
use crate::rules::RetroRules;
use crate::toy::Piles;
use crate::value::Value;

/// Piles whose positions also have moves leaving the set: a pile of `i ≡ 4 (mod 5)` may leave
/// winning in 1, one of `i ≡ 6 (mod 7)` leave losing in 2 (both moves for `i ≡ 34 (mod 35)`,
/// the better counts).
struct ExitPiles(u64);

impl RetroRules for ExitPiles {
    type Pos = u64;
    fn size(&self) -> u64 {
        Piles(self.0).size()
    }
    fn decode(&self, index: u64) -> Option<u64> {
        Piles(self.0).decode(index)
    }
    fn move_count(&self, pos: &u64) -> u32 {
        Piles(self.0).move_count(pos)
    }
    fn exit_value(&self, &pos: &u64) -> Option<Value> {
        match (pos < self.0 && pos % 5 == 4, pos < self.0 && pos % 7 == 6) {
            (true, _) => Value::mate(1),
            (false, true) => Value::mate(2),
            _ => None,
        }
    }
    fn predecessors(&self, pos: &u64, no_moves: bool, emit: &mut dyn FnMut(u64, u8)) {
        Piles(self.0).predecessors(pos, no_moves, emit)
    }
    fn in_check(&self, _: &u64) -> bool {
        false
    }
    fn children(&self, pos: &u64, emit: &mut dyn FnMut(u64)) {
        Piles(self.0).children(pos, emit)
    }
}

fn same_as_retrograde<R: RetroRules>(rules: &R, byte_cap: Option<u32>) {
    let (expected, stats) = retrograde(rules, "toy", &GenerateOptions::default()).expect("generates");
    for parts in [1, 2, 3, 7] {
        for through_bytes in [false, true] {
            let partitioning = Partitioning::even(rules.size(), parts).expect("a partitioning");
            let options = PartitionedOptions { threads: Some(2), through_bytes, byte_cap };
            let run = retrograde_partitioned(rules, "toy", &partitioning, &options).expect("runs");
            assert!(run.values == expected, "values differ with {parts} partitions");
            assert_eq!((run.stats.longest, run.stats.passes), (stats.longest, stats.passes));
            assert_eq!(run.rounds.len() as u32, stats.passes);
            if byte_cap.is_some() {
                assert!(run.stats.side_table > 0, "the cap must move counters to the side table");
            }
            let cross: u64 = run.rounds.iter().map(|r| r.cross.slots).sum();
            assert_eq!(cross > 0, parts > 1, "predecessors cross partitions exactly when there are several");
        }
    }
}

#[test]
fn values_are_those_of_the_shared_memory_generator() {
    same_as_retrograde(&Piles(40), None);
}

#[test]
fn the_side_table_keeps_the_values() {
    same_as_retrograde(&Piles(40), Some(9));
}

#[test]
fn moves_leaving_the_set_seed_the_same_values() {
    same_as_retrograde(&ExitPiles(60), None);
}

#[test]
fn steps_out_of_order_or_misaddressed_messages_are_refused() {
    let rules = Piles(40);
    let partitioning = Partitioning::even(rules.size(), 2).expect("a partitioning");
    let mut p = Partition::new(&rules, "toy", &partitioning, 0, None).expect("a partition");
    assert!(matches!(p.apply(0, &[]), Err(PartitionError::OutOfOrder { .. })));
    assert!(matches!(p.expand(&rules, 1), Err(PartitionError::OutOfOrder { .. })));
    let out = p.expand(&rules, 0).expect("expands");
    assert_eq!(out.expanded, 1, "the empty pile is lost in 0");
    let wrong = Message::encode(MessageKind::Win, 0, 1, 1, &[(3, 1)]);
    assert!(matches!(p.apply(0, &[wrong]), Err(PartitionError::Message { .. })));
    let far = Message::encode(MessageKind::Win, 0, 1, 0, &[(p.len(), 1)]);
    assert!(matches!(p.apply(0, &[far]), Err(PartitionError::Message { .. })));
    assert!(matches!(p.expand(&rules, 1), Err(PartitionError::OutOfOrder { .. })), "failed for good");
    assert!(Partition::new(&rules, "toy", &partitioning, 2, None).is_err());
    let other = Partitioning::even(rules.size() + 1, 2).expect("a partitioning");
    assert!(Partition::new(&rules, "toy", &other, 0, None).is_err());
}

#[test]
fn a_predecessor_outside_the_index_is_an_error() {
    struct Leaky;
    impl RetroRules for Leaky {
        type Pos = u64;
        fn size(&self) -> u64 {
            4
        }
        fn decode(&self, index: u64) -> Option<u64> {
            Some(index)
        }
        fn move_count(&self, &pos: &u64) -> u32 {
            u32::from(pos != 0)
        }
        fn predecessors(&self, _: &u64, _: bool, emit: &mut dyn FnMut(u64, u8)) {
            emit(9, 1)
        }
        fn in_check(&self, _: &u64) -> bool {
            false
        }
        fn children(&self, _: &u64, _: &mut dyn FnMut(u64)) {}
    }
    let partitioning = Partitioning::even(4, 2).expect("a partitioning");
    let result = retrograde_partitioned(&Leaky, "leaky", &partitioning, &PartitionedOptions::default());
    assert!(matches!(result, Err(PartitionError::SlotOutOfRange { slot: 9, size: 4 })));
}

/// A partition saved between rounds and read back (as a checkpoint or a move to another process
/// would) goes on to the same values; damaged states are refused.
#[test]
fn saved_states_resume_the_rounds() {
    let rules = ExitPiles(60);
    let (expected, _) = retrograde(&rules, "toy", &GenerateOptions::default()).expect("generates");
    let partitioning = Partitioning::even(rules.size(), 3).expect("a partitioning");
    let mut parts: Vec<Partition> = (0..3)
        .map(|p| Partition::new(&rules, "toy", &partitioning, p, Some(9)).expect("a partition"))
        .collect();
    for level in 0.. {
        let out: Vec<Expansion> =
            parts.iter_mut().map(|p| p.expand(&rules, level).expect("expands")).collect();
        let expanded: u64 = out.iter().map(|e| e.expanded).sum();
        let messages: Vec<Message> = out.into_iter().flat_map(|e| e.messages).collect();
        let mut ahead = false;
        for p in parts.iter_mut() {
            assert!(p.to_bytes().is_err(), "no state in the middle of a round");
            let inbox: Vec<Message> =
                messages.iter().filter(|m| m.to as usize == p.index()).cloned().collect();
            ahead |= p.apply(level, &inbox).expect("applies").seeds_ahead;
            let bytes = p.to_bytes().expect("between rounds");
            let back = Partition::from_bytes(&bytes).expect("reads back");
            assert_eq!(&back, p);
            let mut damaged = bytes.clone();
            damaged[bytes.len() / 2] ^= 1;
            assert!(Partition::from_bytes(&damaged).is_err());
            assert!(Partition::from_bytes(&bytes[..bytes.len() - 1]).is_err());
            *p = back;
        }
        if expanded == 0 && !ahead {
            break;
        }
    }
    assert!(parts.iter().any(|p| p.side_table() > 0), "the side table is saved too");
    let values: Vec<u8> = parts.into_iter().flat_map(|p| p.finish().expect("finishes")).collect();
    assert!(values == expected);
}
