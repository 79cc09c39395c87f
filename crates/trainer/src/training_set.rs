//! The training positions: quiet labelled positions of datasets (Minishogi's, or the games of
//! any variant) as sparse feature rows.

use crate::Error;
use minishogi_arena::variant::{Minishogi, Variant};
use minishogi_arena::Rng;
use minishogi_selfplay::dataset::{LabelledPosition, NO_SCORE};
use minishogi_selfplay::variant_games::{for_each_position, GameRecord};
use minishogi_selfplay::Dataset;
use std::collections::HashSet;

/// Scores beyond this (centipawns) are treated as decided (mates, won repetitions) and skipped.
pub const DECIDED_SCORE: i16 = 2500;

/// True for a position worth fitting a static evaluation to: not in check, and the search's move
/// is neither a capture nor a promotion (so the static value is not about to change at once),
/// and the search did not see a decided result.
pub fn is_quiet(lp: &LabelledPosition) -> bool {
    is_quiet_in(&Minishogi::default(), &lp.position, lp.best, lp.score)
}

/// For any variant: true for a searched, undecided score and a quiet move
/// ([`Variant::is_quiet`]).
pub fn is_quiet_in<V: Variant>(variant: &V, position: &V::Position, best: V::Move, score: i16) -> bool {
    score != NO_SCORE && score.abs() < DECIDED_SCORE && variant.is_quiet(position, best)
}

/// Each game of `data` as its content hash, or `None` when a game already in `seen` (read from
/// an earlier dataset, or earlier in this one) had the same rules, start and moves; the new
/// hashes join `seen`. Both trainers read each game once through this.
pub(crate) fn first_occurrences(data: &Dataset, seen: &mut HashSet<u64>) -> Vec<Option<u64>> {
    data.games
        .iter()
        .map(|g| {
            let hash = g.content_hash();
            seen.insert(hash).then_some(hash)
        })
        .collect()
}

/// A 64-bit FNV-1a hash of a game's text: stable across builds, so it picks a game's side of the
/// split and finds a game played twice.
fn text_hash(text: &str) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    text.bytes().fold(OFFSET, |h, b| (h ^ u64::from(b)).wrapping_mul(PRIME))
}

/// Counts from building a training set.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SetStats {
    /// Labelled positions seen.
    pub positions: usize,
    /// Of which quiet (kept).
    pub quiet: usize,
    /// Games skipped because an earlier game had the same start and moves.
    pub repeated_games: usize,
}

/// Sparse feature rows with their labels: the training positions.
#[derive(Clone, Debug, Default)]
pub struct TrainingSet {
    offsets: Vec<u32>,
    index: Vec<u32>,
    value: Vec<f32>,
    result: Vec<f32>,
    score: Vec<f32>,
    group: Vec<u32>,
}

impl TrainingSet {
    /// An empty set.
    pub fn new() -> TrainingSet {
        TrainingSet { offsets: vec![0], ..TrainingSet::default() }
    }

    /// The quiet positions of the datasets as sparse feature rows, each game once (a game with
    /// the start and moves of an earlier one is skipped); a position's group is its game's
    /// content hash, so the split depends on the moves, not on the game's index in its run.
    pub fn from_datasets(datasets: &[Dataset]) -> Result<(TrainingSet, SetStats), Error> {
        let mut set = TrainingSet::new();
        let mut stats = SetStats::default();
        let mut seen = HashSet::new();
        let minishogi = Minishogi::default();
        for (n, data) in datasets.iter().enumerate() {
            let groups: Vec<Option<u32>> = first_occurrences(data, &mut seen)
                .into_iter()
                .map(|hash| hash.map(|h| (h ^ (h >> 32)) as u32))
                .collect();
            stats.repeated_games += groups.iter().filter(|g| g.is_none()).count();
            data.for_each_position(|lp| {
                let Some(group) = groups[lp.game as usize] else {
                    return;
                };
                stats.positions += 1;
                if !is_quiet(lp) {
                    return;
                }
                stats.quiet += 1;
                set.push(minishogi.features(&lp.position), lp.result, f32::from(lp.score), group);
            })
            .map_err(|source| minishogi_selfplay::Error::BadGame {
                dataset: n + 1,
                seed: data.meta.seed,
                source,
            })?;
        }
        Ok((set, stats))
    }

    /// The quiet positions of games of any variant as feature rows, each game once (a game
    /// whose text is that of an earlier one is skipped); a position's group is its game's hash.
    pub fn from_games<V: Variant>(variant: &V, games: &[GameRecord<V>]) -> (TrainingSet, SetStats) {
        let mut set = TrainingSet::new();
        let mut stats = SetStats::default();
        let mut seen = HashSet::new();
        let groups: Vec<Option<u32>> = games
            .iter()
            .map(|g| {
                let hash = text_hash(&g.line(variant));
                seen.insert(hash).then_some((hash ^ (hash >> 32)) as u32)
            })
            .collect();
        stats.repeated_games = groups.iter().filter(|g| g.is_none()).count();
        for_each_position(variant, games, |lp| {
            let Some(group) = groups[lp.game] else {
                return;
            };
            stats.positions += 1;
            if !is_quiet_in(variant, lp.position, lp.best, lp.score) {
                return;
            }
            stats.quiet += 1;
            set.push(variant.features(lp.position), lp.result, f32::from(lp.score), group);
        });
        (set, stats)
    }

    /// Adds a position: its features, the result for the side to move (1, ½, 0), the search score
    /// in centipawns for the side to move, and a group (its game) for the validation split.
    pub fn push(
        &mut self,
        features: impl IntoIterator<Item = (u32, f32)>,
        result: f32,
        score: f32,
        group: u32,
    ) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        for (i, v) in features {
            self.index.push(i);
            self.value.push(v);
        }
        self.offsets.push(self.index.len() as u32);
        self.result.push(result);
        self.score.push(score);
        self.group.push(group);
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.result.len()
    }

    /// True without positions.
    pub fn is_empty(&self) -> bool {
        self.result.is_empty()
    }

    /// One more than the largest feature index used (0 when empty).
    pub fn feature_bound(&self) -> usize {
        self.index.iter().map(|&i| i as usize + 1).max().unwrap_or(0)
    }

    /// The feature indices and values of row `r`.
    pub(crate) fn row(&self, r: usize) -> (&[u32], &[f32]) {
        let (a, b) = (self.offsets[r] as usize, self.offsets[r + 1] as usize);
        (&self.index[a..b], &self.value[a..b])
    }

    /// The game result of row `r` for the side to move (1, ½, 0).
    pub fn result(&self, r: usize) -> f32 {
        self.result[r]
    }

    /// The search score of row `r`, centipawns for the side to move.
    pub fn score(&self, r: usize) -> f32 {
        self.score[r]
    }

    /// The linear evaluation of row `r` under `weights`.
    pub fn eval(&self, r: usize, weights: &[f64]) -> f64 {
        let (idx, val) = self.row(r);
        idx.iter().zip(val).map(|(&i, &v)| weights[i as usize] * v as f64).sum()
    }

    /// Splits by group: a group goes to validation when its hash falls below `fraction`, so the
    /// positions of one game are never on both sides.
    pub fn split(&self, fraction: f64, seed: u64) -> (TrainingSet, TrainingSet) {
        let (mut train, mut valid) = (TrainingSet::new(), TrainingSet::new());
        for r in 0..self.len() {
            let to_valid = Rng::for_item(seed, self.group[r] as u64).unit() < fraction;
            let (idx, val) = self.row(r);
            let target = if to_valid { &mut valid } else { &mut train };
            target.push(
                idx.iter().copied().zip(val.iter().copied()),
                self.result[r],
                self.score[r],
                self.group[r],
            );
        }
        (train, valid)
    }
}
