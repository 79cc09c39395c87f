//! Retrograde analysis for any two-player game without chance: distance-to-mate values of every
//! position of a material set, generated over a small rules trait, stored in compressed,
//! checksummed table files, read back through a memory map, and verified against the rules.
//!
//! A game supplies [`RetroRules`] (a dense index of its positions, move counts, un-moves and
//! forward moves) for [`retrograde`], [`VerifyRules`] for [`verify_values`], and a [`GameId`]
//! (magic and rule set) that its files carry, so that each game's reader refuses the others'.
//! Nothing here knows any game's rules.
//!
//! The root holds what a game needs; advanced parts live in modules: [`partitioned`] (the
//! bulk-synchronous build for tables too large for one machine), [`format`](mod@format) (the
//! file layout), [`verify`] (custom slot checks), [`write`](mod@write) (compression apart from
//! writing) and [`memory`].
//!
//! ```
//! use minishogi_retro::*;
//!
//! /// Take one or two stones from a pile; who cannot move loses. Slot `i`: a pile of `i`.
//! struct Pile(u64);
//!
//! impl RetroRules for Pile {
//!     type Pos = u64;
//!     fn size(&self) -> u64 { self.0 }
//!     fn decode(&self, index: u64) -> Option<u64> { Some(index) }
//!     fn move_count(&self, &pile: &u64) -> u32 { pile.min(2) as u32 }
//!     fn predecessors(&self, &pile: &u64, _: bool, emit: &mut dyn FnMut(u64, u8)) {
//!         (pile + 1..=pile + 2).filter(|&p| p < self.0).for_each(|p| emit(p, 1));
//!     }
//!     fn in_check(&self, _: &u64) -> bool { false }
//!     fn children(&self, &pile: &u64, emit: &mut dyn FnMut(u64)) {
//!         (pile.saturating_sub(2)..pile).for_each(|p| emit(p));
//!     }
//! }
//!
//! const PILES: GameId = GameId {
//!     name: "pile",
//!     magic: *b"PILESTB1",
//!     rule_set: "pile-dtm",
//!     draws: None,
//! };
//!
//! let (values, stats) = retrograde(&Pile(10), "ten", &GenerateOptions::default()).unwrap();
//! // A pile of 3 is lost in 2 plies, a pile of 4 won in 3.
//! assert_eq!(Value::from_byte(values[3]), Value::mate(2).unwrap());
//! assert!(Value::from_byte(values[4]).is_win());
//! assert_eq!(stats.longest, 6);
//!
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("ten.tb");
//! let options = WriteOptions { dont_care_illegal: false, ..WriteOptions::default() };
//! write_table(&path, &PILES, "ten", b"piles", &values, &options, &|_| {}).unwrap();
//! let table = Table::open(&path, &PILES).unwrap();
//! table.check_index("ten", b"piles", 10).unwrap();
//! assert_eq!(table.get(9).unwrap(), Value::mate(6).unwrap());
//! assert_eq!(table.values().unwrap(), values);
//! ```

#![deny(unsafe_code)]

mod draw_count;
mod draw_ranks;
mod error;
pub mod format;
mod generate;
mod map;
pub mod memory;
pub mod partitioned;
mod progress;
mod rules;
mod table;
mod thread_pool;
mod value;
mod value_counts;
pub mod verify;
pub mod write;

#[cfg(test)]
mod toy;

pub use error::{BlockProblem, TableError};
pub use format::{GameId, Header};
pub use generate::{retrograde, GenerateError, GenerateOptions, GenerateStats};
pub use progress::Progress;
pub use rules::RetroRules;
pub use table::{Table, DEFAULT_CACHE_BLOCKS};
pub use thread_pool::{with_threads, ThreadPoolError};
pub use value::Value;
pub use value_counts::ValueCounts;
pub use verify::{verify_values, Child, VerifyFailure, VerifyReport, VerifyRules};
pub use write::{write_table, WriteOptions, WriteSummary};
