//! Training samples for the network: each quiet labelled position of the self-play datasets as
//! its active features from both perspectives (side to move first), its search score and the
//! game's result; split by game into training and validation samples.

use crate::training_set::is_quiet;
use crate::Error;
use minishogi::Position;
use minishogi_arena::Rng;
use minishogi_engine::active_features;
use minishogi_engine::MAX_ACTIVE;
use minishogi_selfplay::Dataset;

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
    /// Labelled positions seen (quiet or not).
    pub positions: usize,
}

impl SampleSets {
    /// The quiet positions of `datasets`; a game goes to validation when its hash (under `seed`)
    /// falls below `validation`, so one game's positions are never on both sides.
    pub fn from_datasets(datasets: &[Dataset], validation: f64, seed: u64) -> Result<SampleSets, Error> {
        let mut sets = SampleSets::default();
        let mut game_base = 0u64;
        for (n, data) in datasets.iter().enumerate() {
            data.for_each_position(|lp| {
                sets.positions += 1;
                if !is_quiet(lp) {
                    return;
                }
                let held_out = Rng::for_item(seed, game_base + u64::from(lp.game)).unit() < validation;
                let sample = Sample::new(&lp.position, lp.score, lp.result);
                if held_out {
                    sets.valid.push(sample);
                } else {
                    sets.train.push(sample);
                }
            })
            .map_err(|message| Error::BadDataset {
                path: format!("dataset {} (seed {})", n + 1, data.meta.seed),
                message,
            })?;
            game_base += data.games.len() as u64;
        }
        Ok(sets)
    }
}

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
        .map_err(|message| Error::BadDataset {
            path: format!("dataset {} (seed {})", n + 1, data.meta.seed),
            message,
        })?;
    }
    Ok(out)
}
