//! Minishogi self-play: the generic loop of [`crate::variant`] under a rule set, its games stored
//! as a [`Dataset`].

use crate::dataset::{Dataset, DatasetMeta, SelfplayGame};
use crate::variant_games::{play_games, GameRecord, SelfplaySettings};
use minishogi::RuleSet;
use minishogi_arena::variant::Minishogi;
use minishogi_arena::Termination;
use minishogi_arena::{Evaluation, OpeningConfig};
use minishogi_engine::{Score, Weights};

/// The default spread of each move's node budget around the mean.
pub const DEFAULT_NODE_JITTER: f64 = 0.25;

/// Settings of a self-play run.
#[derive(Clone, Debug)]
pub struct SelfplayConfig {
    /// Number of games.
    pub games: usize,
    /// Index of the first game: the run plays games `first_game .. first_game + games`, so the
    /// shards of a run (each its own range) concatenate to the games of one run over them all.
    pub first_game: u64,
    /// Nodes searched per move: the mean of each move's budget (see `node_jitter`).
    pub nodes: u64,
    /// Each move's node budget is drawn uniformly from `nodes · (1 ± node_jitter)` by the game's
    /// seeded stream. A fixed-node search is deterministic, so without it every game from the
    /// same opening is the same game: with openings of 2–8 random plies, most games of a long
    /// run repeat an earlier one (docs/selfplay.md).
    pub node_jitter: f64,
    /// Seed: game `i` uses the stream `(seed, i)`, so output does not depend on the thread count.
    pub seed: u64,
    /// A game still running after this many plies is stopped and scored a draw (recorded as
    /// [`Termination::PlyCap`]).
    pub ply_cap: usize,
    /// How openings are drawn.
    pub opening: OpeningConfig,
    /// Transposition table per game, in megabytes.
    pub hash_mb: usize,
    /// The rule set.
    pub rules: RuleSet,
}

impl Default for SelfplayConfig {
    fn default() -> SelfplayConfig {
        SelfplayConfig {
            games: 100,
            first_game: 0,
            nodes: 2000,
            node_jitter: DEFAULT_NODE_JITTER,
            seed: 1,
            ply_cap: 300,
            opening: OpeningConfig::default(),
            hash_mb: 2,
            rules: RuleSet::Standard,
        }
    }
}

impl SelfplayConfig {
    /// The settings of the generic loop (the rule set goes into the variant).
    pub fn settings(&self) -> SelfplaySettings {
        SelfplaySettings {
            games: self.games,
            first_game: self.first_game,
            nodes: self.nodes,
            node_jitter: self.node_jitter,
            seed: self.seed,
            ply_cap: self.ply_cap,
            opening: self.opening.clone(),
            hash_mb: self.hash_mb,
        }
    }
}

/// A generic game record in the dataset's form.
fn stored_game(record: GameRecord<Minishogi>, rules: RuleSet) -> SelfplayGame {
    SelfplayGame {
        start: record.start.to_sfen(),
        opening_plies: record.opening_plies as u16,
        moves: record.moves.iter().map(|m| m.to_u16()).collect(),
        scores: record.scores,
        winner: SelfplayGame::encode_winner(record.outcome),
        termination: record.outcome.map_or(Termination::PlyCap, |o| Termination::Rules(o.reason)),
        rules: rules.name().to_string(),
    }
}

/// A search score as a dataset stores it: centipawns for the side to move, mates as
/// ±(30000 − plies), within the `i16` range.
pub(crate) fn stored_score(score: Score) -> i16 {
    crate::variant_games::stored_score(score.to_cp_clamped())
}

/// The dataset's `generator`: the program, and the node jitter when there is one (so that
/// datasets of different jitters do not merge as one run).
fn generator_name(node_jitter: f64) -> String {
    let program = format!("minishogi selfplay {}", env!("CARGO_PKG_VERSION"));
    if node_jitter > 0.0 {
        format!("{program}, nodes ±{}%", (node_jitter.clamp(0.0, 1.0) * 100.0).round())
    } else {
        program
    }
}

/// Plays `config.games` games (from index `config.first_game`) with `weights` on the current
/// rayon pool, in parallel; the games come back in index order whatever the thread count. `on_game` is called as each game ends.
pub fn selfplay(
    config: &SelfplayConfig,
    weights: &Weights,
    weights_name: &str,
    on_game: &(dyn Fn() + Sync),
) -> Dataset {
    selfplay_with(config, &Evaluation::Linear(Box::new(weights.clone())), weights_name, on_game)
}

/// [`selfplay`] with any evaluation playing both sides (e.g. a network); `name` goes into the
/// dataset's metadata as the player.
pub fn selfplay_with(
    config: &SelfplayConfig,
    evaluation: &Evaluation,
    name: &str,
    on_game: &(dyn Fn() + Sync),
) -> Dataset {
    let variant = Minishogi { rules: config.rules };
    let records = play_games(&variant, &config.settings(), evaluation, on_game);
    let games = records.into_iter().map(|r| stored_game(r, config.rules)).collect();
    Dataset {
        meta: DatasetMeta {
            generator: generator_name(config.node_jitter),
            seed: config.seed,
            nodes: config.nodes,
            weights: name.to_string(),
            ply_cap: config.ply_cap as u32,
        },
        games,
    }
}
