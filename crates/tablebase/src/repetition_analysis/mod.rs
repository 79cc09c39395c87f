//! Values of the mate-only draws under the standard repetition rule (see [`DrawValue`]).
//!
//! After the mate-only analysis, every mate-only draw gets, for both cases (the side to move is
//! the game's first player F, or the second S), the outcome of the infinite game between the
//! draws: S wins if it makes non-checking moves infinitely often; else F wins if F does; else it
//! is a draw. Steps:
//! 1. the draws are numbered (`draws`) and their check flags read (`graph`);
//! 2. S's region, a Büchi condition, by attractors computed in parallel rounds of un-moves over
//!    the whole draw graph (`attractor`);
//! 3. the rest (where S is forced to check for ever: few nodes) as an explicit graph: F's wins and
//!    the draws with their measures (`checking_game`).
//!
//! Every step decides from values of earlier rounds only, so the result does not depend on the
//! thread count.

mod attractor;
mod checking_game;
mod draws;
mod graph;
mod node_bits;

pub(crate) use draws::DrawSet;

use minishogi_retro::{Progress, RetroRules};

use crate::material::Material;
use attractor::{second_player_region, RegionError, OUTSIDE};
use checking_game::{CheckingGame, Inconsistent};
use graph::DrawGraph;

use crate::draw_value::{CycleOutcome, DrawValue};
use crate::error::RepetitionAnalysisError;

/// The repetition values of one table: for each mate-only draw slot, the entries of both cases.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RepetitionValues {
    draws: DrawSet,
    entries: Vec<[DrawValue; 2]>,
    first_base: u32,
    draw_base: u32,
}

impl RepetitionValues {
    /// Values for the mate-only draws of `values` (one [`Value`](minishogi_retro::Value) byte per slot), in slot
    /// order: one pair of entries (first player to move, second player to move) per draw, and the
    /// bases of the pair measures (see [`DrawValue`]). `None` if the number of entries is
    /// not the number of draws.
    pub fn from_values(
        values: &[u8],
        entries: Vec<[DrawValue; 2]>,
        first_base: u32,
        draw_base: u32,
    ) -> Option<Self> {
        let draws = DrawSet::new(values).ok()?;
        (draws.len() == entries.len()).then_some(RepetitionValues { draws, entries, first_base, draw_base })
    }

    /// Values for `draws` (as many entries as draws, which the caller checked).
    pub(crate) fn from_draw_set(
        draws: DrawSet,
        entries: Vec<[DrawValue; 2]>,
        first_base: u32,
        draw_base: u32,
    ) -> Self {
        debug_assert_eq!(draws.len(), entries.len());
        RepetitionValues { draws, entries, first_base, draw_base }
    }

    /// The same draws with other entries (`None` if their number differs).
    pub fn with_entries(&self, entries: Vec<[DrawValue; 2]>) -> Option<Self> {
        (entries.len() == self.entries.len()).then(|| RepetitionValues { entries, ..self.clone() })
    }

    /// Number of mate-only draws.
    pub fn len(&self) -> usize {
        self.draws.len()
    }

    /// True for a table without mate-only draws.
    pub fn is_empty(&self) -> bool {
        self.draws.len() == 0
    }

    /// The mate-only draw slots, increasing.
    pub fn slots(&self) -> impl Iterator<Item = u64> + '_ {
        self.draws.slots()
    }

    /// The slot of draw number `i` (in slot order), if there is one.
    pub fn slot(&self, i: usize) -> Option<u64> {
        (i < self.draws.len()).then(|| self.draws.slot(i as u32))
    }

    /// The entries, in the order of [`RepetitionValues::slots`].
    pub fn entries(&self) -> &[[DrawValue; 2]] {
        &self.entries
    }

    /// The entries of `slot`, if it is a mate-only draw.
    #[inline]
    pub fn get(&self, slot: u64) -> Option<[DrawValue; 2]> {
        self.draws.number(slot).map(|i| self.entries[i as usize])
    }

    /// Base `T` of the first player's measures `k · T + t`.
    pub fn first_base(&self) -> u32 {
        self.first_base
    }

    /// Base `T` of the draws' measures `c · T + d`.
    pub fn draw_base(&self) -> u32 {
        self.draw_base
    }

    /// The set of draws.
    pub(crate) fn draws(&self) -> &DrawSet {
        &self.draws
    }
}

/// The mate-only draws of `values` (one `Value` byte per slot), numbered for [`analyse`].
pub(crate) fn draw_set(material: Material, values: &[u8]) -> Result<DrawSet, RepetitionAnalysisError> {
    DrawSet::new(values).map_err(|_| RepetitionAnalysisError::TooManyDraws { material })
}

/// Computes the repetition values of the mate-only `draws` of a table (the values themselves are
/// not needed: the generator may have compressed and dropped them).
pub(crate) fn analyse<R: RetroRules>(
    rules: &R,
    material: Material,
    draws: DrawSet,
    progress: Option<&(dyn Fn(Progress<'_>) + Sync)>,
) -> Result<RepetitionValues, RepetitionAnalysisError> {
    let graph = DrawGraph::new(rules, &draws);
    let (rank, outside) = second_player_region(&graph, progress).map_err(|e| match e {
        RegionError::TooManyMoves(i) => RepetitionAnalysisError::Inconsistent {
            material,
            slot: draws.slot(i),
            detail: "more moves than the repetition analysis counts",
        },
        RegionError::RankTooLarge(r) => {
            RepetitionAnalysisError::ProgressTooLarge { material, measure: r.into() }
        }
    })?;
    let inconsistent = |Inconsistent(node, detail): Inconsistent| RepetitionAnalysisError::Inconsistent {
        material,
        slot: draws.slot(node / 2),
        detail,
    };
    let too_large = |measure: u64| RepetitionAnalysisError::ProgressTooLarge { material, measure };
    // The ranks become the entries of S's wins (the rest is filled in below).
    let s_win = |r: u16| match r {
        OUTSIDE => Ok(DrawValue::NONE),
        r => DrawValue::new(CycleOutcome::SecondPlayerWins, r.into()).ok_or(too_large(r.into())),
    };
    let mut entries: Vec<[DrawValue; 2]> = rank
        .chunks_exact(2)
        .map(|r| Ok([s_win(r[0])?, s_win(r[1])?]))
        .collect::<Result<_, RepetitionAnalysisError>>()?;
    drop(rank);
    let game = CheckingGame::new(&graph, &outside).map_err(inconsistent)?;
    drop(outside);
    let solution = game.solve().map_err(inconsistent)?;
    let first_base = solution.first.iter().map(|&(_, t)| t).max().unwrap_or(0);
    let draw_base =
        solution.draw.iter().zip(&solution.first).filter(|(_, f)| f.0 == 0).map(|(&(_, d), _)| d + 1).max();
    let draw_base = draw_base.unwrap_or(0);
    for (v, &node) in game.nodes().iter().enumerate() {
        let (k, t) = solution.first[v];
        let (outcome, measure) = if k > 0 {
            (CycleOutcome::FirstPlayerWins, u64::from(k - 1) * u64::from(first_base) + u64::from(t - 1))
        } else {
            let (c, d) = solution.draw[v];
            (CycleOutcome::Draw, u64::from(c) * u64::from(draw_base) + u64::from(d))
        };
        let measure32 = u32::try_from(measure).map_err(|_| too_large(measure))?;
        entries[(node / 2) as usize][(node % 2) as usize] =
            DrawValue::new(outcome, measure32).ok_or(too_large(measure))?;
    }
    drop(game);
    drop(graph);
    Ok(RepetitionValues { draws, entries, first_base, draw_base })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::Indexer;
    use crate::retro_rules::MinishogiRetro;

    fn solve(name: &str) -> (Vec<u8>, RepetitionValues) {
        let material = Material::parse(name).expect("material");
        let rules = MinishogiRetro::new(Indexer::new(&material));
        let (values, _) = minishogi_retro::retrograde(&rules, name, &Default::default()).expect("generates");
        let draws = draw_set(material, &values).expect("numbered");
        let rep = analyse(&rules, material, draws, None).expect("analyses");
        (values, rep)
    }

    /// Without pieces nobody can check: the first player loses every position by repetition.
    #[test]
    fn kings_only_is_won_by_the_second_player_everywhere() {
        let (values, rep) = solve("-");
        let draws = values.iter().filter(|&&v| v == 0).count();
        assert_eq!(rep.len(), draws);
        assert!(draws > 200);
        for pair in rep.entries() {
            assert_eq!(pair[0], DrawValue::new(CycleOutcome::SecondPlayerWins, 0).expect("fits"));
            assert_eq!(pair[1], DrawValue::new(CycleOutcome::SecondPlayerWins, 1).expect("fits"));
        }
    }
}
