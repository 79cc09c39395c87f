//! Moves that leave the set (a no-drop game's captures and promotions, see
//! [`crate::RetroRules::exit_value`]): the slots whose best such move wins or loses, grouped by
//! the distance at which that move resolves them.
//!
//! A position with exits counts them as one extra move. A winning exit (win in `d`) never takes
//! that move off the counter, so the position cannot become a loss, and it is made a win in `d`
//! in the pass that makes wins in `d` unless it is resolved before. A losing exit (loss in `d`)
//! takes the move off the counter in the pass that makes losses in `d`, as an in-set move to a
//! win in `d - 1` would. A drawing exit never does either, so the position is never a loss.

use std::sync::Mutex;

/// The seeds gathered by the chunks of the first pass: `(chunk, [(slot, distance)])`.
pub(super) type ChunkSeeds = Mutex<Vec<(u64, Vec<(u32, u8)>)>>;

/// Slots seeded by their exits, per distance (slots below 2^32: sets with exits are that small).
#[derive(Default)]
pub(super) struct Seeds {
    /// `by_level[d]`: the slots (in order) whose best exit resolves them at distance `d`.
    by_level: Vec<Vec<u32>>,
}

impl Seeds {
    /// Groups the seeds gathered per chunk (`(chunk, [(slot, distance)])`, any chunk order).
    pub(super) fn from_chunks(chunks: ChunkSeeds) -> Seeds {
        let mut chunks = chunks.into_inner().unwrap_or_else(|e| e.into_inner());
        if chunks.is_empty() {
            return Seeds::default();
        }
        // Chunk order, so that every level lists its slots in order whatever the scheduling.
        chunks.sort_unstable_by_key(|(chunk, _)| *chunk);
        let mut by_level: Vec<Vec<u32>> = vec![Vec::new(); 256];
        for (_, seeds) in chunks {
            for (slot, level) in seeds {
                by_level[level as usize].push(slot);
            }
        }
        Seeds { by_level }
    }

    /// The slots resolved by their exits at distance `level`.
    pub(super) fn at(&self, level: u32) -> &[u32] {
        self.by_level.get(level as usize).map_or(&[][..], Vec::as_slice)
    }

    /// True when some slot is seeded at a distance of `level` or more.
    pub(super) fn any_from(&self, level: u32) -> bool {
        self.by_level.iter().skip(level as usize).any(|s| !s.is_empty())
    }
}
