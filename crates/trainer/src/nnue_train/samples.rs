//! Training samples for the network: each quiet labelled position of the self-play datasets as
//! its active features from both perspectives (side to move first), its search score and the
//! game's result; split by game into training and validation samples.

use crate::training_set::{first_occurrences, is_quiet};
use crate::Error;
use minishogi::Position;
use minishogi_arena::Rng;
use minishogi_engine::nnue::active_features;
use minishogi_engine::nnue::MAX_ACTIVE;
use minishogi_selfplay::Dataset;
use std::collections::HashSet;

/// Marks an unused feature slot.
pub const NO_FEATURE: u16 = u16::MAX;

/// One training position: 52 bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Active features from the side to move's perspective, then from the other side's; unused
    /// slots hold `u16::MAX`.
    pub features: [[u16; MAX_ACTIVE]; 2],
    /// The search score in centipawns for the side to move.
    pub score: i16,
    /// The game's result for the side to move in halves: 2 win, 1 draw, 0 loss.
    pub result_halves: u8,
}

impl Sample {
    /// The sample of `pos` with its labels.
    pub fn new(pos: &Position, score: i16, result: f32) -> Sample {
        let stm = pos.side_to_move();
        let mut features = [[NO_FEATURE; MAX_ACTIVE]; 2];
        for (slot, perspective) in features.iter_mut().zip([stm, !stm]) {
            let mut n = 0;
            active_features(pos, perspective, |f| {
                if n < MAX_ACTIVE {
                    slot[n] = f;
                    n += 1;
                }
            });
        }
        Sample { features, score, result_halves: (result * 2.0).round().clamp(0.0, 2.0) as u8 }
    }

    /// The active features of one perspective (0: side to move, 1: the other).
    #[inline]
    pub fn active(&self, half: usize) -> impl Iterator<Item = u16> + '_ {
        self.features[half].iter().copied().take_while(|&f| f != NO_FEATURE)
    }

    /// The game result for the side to move: 1, ½ or 0.
    pub fn result(&self) -> f32 {
        f32::from(self.result_halves) / 2.0
    }
}

/// Training and validation samples.
#[derive(Clone, Debug, Default)]
pub struct SampleSets {
    /// Samples to fit.
    pub train: Vec<Sample>,
    /// Samples of held-out games, to measure.
    pub valid: Vec<Sample>,
    /// Labelled positions seen (quiet or not), in games read once.
    pub positions: usize,
    /// Games skipped because an earlier game of the datasets had the same start and moves.
    pub repeated_games: usize,
    /// The labelled positions of those games.
    pub repeated_positions: usize,
}

impl SampleSets {
    /// The quiet positions of `datasets`, each game once (a game whose start and moves an
    /// earlier one had is skipped: a fixed-node search from the same opening plays the same game
    /// again). A game goes to validation when the hash of its content under `seed` falls below
    /// `validation`: its moves, not its index, decide, so the split owes nothing to the random
    /// stream that drew the game's opening from the same index.
    pub fn from_datasets(datasets: &[Dataset], validation: f64, seed: u64) -> Result<SampleSets, Error> {
        let mut sets = SampleSets::default();
        let mut seen = HashSet::new();
        for (n, data) in datasets.iter().enumerate() {
            let sides: Vec<Option<bool>> = first_occurrences(data, &mut seen)
                .into_iter()
                .map(|hash| hash.map(|h| Rng::for_item(seed ^ SPLIT_SALT, h).unit() < validation))
                .collect();
            data.for_each_position(|lp| {
                let Some(held_out) = sides[lp.game as usize] else {
                    sets.repeated_positions += 1;
                    return;
                };
                sets.positions += 1;
                if !is_quiet(lp) {
                    return;
                }
                let sample = Sample::new(&lp.position, lp.score, lp.result);
                if held_out {
                    sets.valid.push(sample);
                } else {
                    sets.train.push(sample);
                }
            })
            .map_err(|source| minishogi_selfplay::Error::BadGame {
                dataset: n + 1,
                seed: data.meta.seed,
                source,
            })?;
            sets.repeated_games += sides.iter().filter(|s| s.is_none()).count();
        }
        Ok(sets)
    }
}

/// Mixed into the training seed for the split, so that a training run seeded like the self-play
/// that made its data still splits independently of it.
const SPLIT_SALT: u64 = 0x5a17_7e57_0dd5_eed5;

/// Up to `limit` quiet labelled positions of `datasets` (in dataset order), e.g. to compare a
/// quantised network with its float original.
pub fn quiet_positions(datasets: &[Dataset], limit: usize) -> Result<Vec<Position>, Error> {
    let mut out = Vec::new();
    for (n, data) in datasets.iter().enumerate() {
        data.for_each_position(|lp| {
            if out.len() < limit && is_quiet(lp) {
                out.push(lp.position.clone());
            }
        })
        .map_err(|source| minishogi_selfplay::Error::BadGame {
            dataset: n + 1,
            seed: data.meta.seed,
            source,
        })?;
    }
    Ok(out)
}
