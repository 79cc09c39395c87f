//! A match from random balanced openings on the current rayon pool: the gate of the training
//! loops and `minishogi match --a … --b …`. Each opening is played twice with the colours swapped;
//! the games run through the one match runner ([`crate::run_match`]).

use crate::elo::Sprt;
use crate::match_score::MatchScore;
use crate::opening::generate_openings;
use crate::opening_config::OpeningConfig;
use crate::player::PlayerSpec;
use crate::runner::{run_match, MatchSettings};
use crate::{Error, GameSettings};
use minishogi::RuleSet;
use std::time::Duration;

/// Settings of a match from random openings.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Number of openings; each is played twice, so games = 2 × pairs.
    pub pairs: usize,
    /// Seed of the openings (pair `i` uses stream `(seed, i)`).
    pub seed: u64,
    /// How openings are drawn.
    pub opening: OpeningConfig,
    /// A game still running after this many plies is scored a draw.
    pub ply_cap: usize,
    /// The rule set.
    pub rules: RuleSet,
    /// Stop early when this test decides.
    pub sprt: Option<Sprt>,
}

impl MatchConfig {
    /// The default settings for `games` games, rounded up to an even number (whole pairs).
    pub fn for_games(games: usize) -> MatchConfig {
        MatchConfig { pairs: games.div_ceil(2), ..MatchConfig::default() }
    }

    /// Games in the match: two per pair.
    pub fn games(&self) -> usize {
        2 * self.pairs
    }
}

impl Default for MatchConfig {
    fn default() -> MatchConfig {
        MatchConfig {
            pairs: 100,
            seed: 1,
            opening: OpeningConfig::default(),
            ply_cap: 300,
            rules: RuleSet::Standard,
            sprt: None,
        }
    }
}

/// Plays A against B with one pair at a time per thread of the current rayon pool; `on_pair`
/// sees the score after every pair. Stops early when the SPRT decides. An engine process that
/// fails stops the match with an error.
pub fn play_match(
    config: &MatchConfig,
    a: &PlayerSpec,
    b: &PlayerSpec,
    on_pair: &(dyn Fn(&MatchScore) + Sync),
) -> Result<MatchScore, Error> {
    if config.pairs == 0 {
        return Ok(MatchScore { names: [a.name(), b.name()], ..MatchScore::default() });
    }
    let settings = MatchSettings {
        players: [a.clone(), b.clone()],
        openings: generate_openings(config.pairs, config.seed, &config.opening, config.rules),
        pairs: config.pairs,
        concurrency: rayon::current_num_threads(),
        game: GameSettings {
            rules: config.rules,
            ply_cap: config.ply_cap,
            handshake_timeout: Duration::from_secs(30),
            ..GameSettings::default()
        },
        sprt: config.sprt,
        stop_on_failure: true,
    };
    // The second game of a pair ends after the first: the same worker plays both in turn.
    run_match(&settings, &mut |game, score| {
        if game.number % 2 == 0 {
            on_pair(score);
        }
    })
}
