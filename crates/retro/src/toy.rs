//! A small game for the crate's tests: piles of stones, a move takes one or two; who cannot move
//! loses. Slots `0..piles` are piles; the last slot holds no legal position; the two slots before
//! it are a pair of positions that only move to each other (draws), so that a table has wins,
//! losses, draws and an illegal slot.

use crate::format::{DrawFormat, GameId};
use crate::rules::RetroRules;
use crate::verify::{Child, VerifyRules};

/// The toy game's file identity.
pub(crate) const GAME: GameId = GameId {
    name: "pile",
    magic: *b"PILESTB1",
    rule_set: "pile-dtm",
    draws: Some(DrawFormat { entry_bytes: 2, data_bytes: 4 }),
};

/// The game with `piles` piles (slots `0..piles`), two looping slots and an illegal one.
pub(crate) struct Piles(pub(crate) u64);

impl Piles {
    fn loop_partner(&self, slot: u64) -> Option<u64> {
        match slot - self.0 {
            0 => Some(self.0 + 1),
            1 => Some(self.0),
            _ => None,
        }
    }

    /// Slots the position in `slot` moves to.
    fn moves(&self, slot: u64) -> Vec<u64> {
        if slot < self.0 {
            (slot.saturating_sub(2)..slot).collect()
        } else {
            self.loop_partner(slot).into_iter().collect()
        }
    }
}

impl RetroRules for Piles {
    type Pos = u64;

    fn size(&self) -> u64 {
        self.0 + 3
    }

    fn decode(&self, index: u64) -> Option<u64> {
        (index < self.0 + 2).then_some(index)
    }

    fn move_count(&self, &slot: &u64) -> u32 {
        self.moves(slot).len() as u32
    }

    fn predecessors(&self, &slot: &u64, _no_moves: bool, emit: &mut dyn FnMut(u64, u8)) {
        if slot < self.0 {
            (slot + 1..=slot + 2).filter(|&p| p < self.0).for_each(|p| emit(p, 1));
        } else if let Some(p) = self.loop_partner(slot) {
            emit(p, 1);
        }
    }

    fn in_check(&self, _pos: &u64) -> bool {
        false
    }

    fn children(&self, &slot: &u64, emit: &mut dyn FnMut(u64)) {
        self.moves(slot).into_iter().for_each(emit);
    }
}

impl VerifyRules for Piles {
    type Pos = u64;
    type Scratch = ();
    type Error = std::convert::Infallible;

    fn size(&self) -> u64 {
        self.0 + 3
    }

    fn scratch(&self) {}

    fn positions(&self, start: u64, end: u64, f: &mut dyn FnMut(u64, Option<u64>)) {
        (start..end).for_each(|i| f(i, (i < self.0 + 2).then_some(i)));
    }

    fn children(&self, &slot: &u64, _: &mut (), children: &mut Vec<Child>) -> Result<(), Self::Error> {
        children.extend(self.moves(slot).into_iter().map(Child::Slot));
        Ok(())
    }

    fn describe(&self, pos: &u64) -> String {
        format!("pile {pos}")
    }

    fn describe_move(&self, _pos: &u64, _: &(), i: usize) -> String {
        format!("take {}", i + 1)
    }
}

/// The values of `Piles(piles)` by hand: a pile of `i` is lost in `2 (i / 3)` when `i % 3 == 0`,
/// else won in `2 (i / 3) + 1`; then two draws and an illegal slot.
pub(crate) fn expected(piles: u64) -> Vec<u8> {
    use crate::value::Value;
    let mut values: Vec<u8> = (0..piles)
        .map(|i| {
            let d = 2 * (i / 3) as u16 + u16::from(i % 3 != 0);
            Value::mate(d).map_or(0, Value::to_byte)
        })
        .collect();
    values.extend([Value::DRAW.to_byte(), Value::DRAW.to_byte(), Value::ILLEGAL.to_byte()]);
    values
}
