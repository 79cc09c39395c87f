//! Self-play: many games in parallel, each move searched to a fixed node count, labelled with the
//! search score and the result.

use crate::dataset::{Dataset, DatasetMeta, SelfplayGame};
use minishogi::RuleSet;
use minishogi_arena::openings::random_opening;
use minishogi_arena::Termination;
use minishogi_arena::{Evaluation, OpeningConfig, Rng};
use minishogi_engine::{Limits, Score, Searcher, Weights};
use rayon::prelude::*;
use std::sync::atomic::AtomicBool;

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

/// Plays game `index` of a run with `searcher` (its weights play both sides) and `checker` (the
/// opening filter).
fn play_game(
    index: u64,
    config: &SelfplayConfig,
    searcher: &mut Searcher,
    checker: &mut Searcher,
) -> SelfplayGame {
    let mut rng = Rng::for_item(config.seed, index);
    let mut game = random_opening(&mut rng, checker, &config.opening, config.rules);
    let opening_plies = game.moves().len();
    let start = game.start().to_sfen();
    let mut scores = vec![crate::dataset::NO_SCORE; opening_plies];
    searcher.clear();
    let stop = AtomicBool::new(false);
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break Some(outcome);
        }
        if game.moves().len() >= config.ply_cap {
            break None;
        }
        let limits = Limits::nodes(move_nodes(config, &mut rng));
        let result = searcher.search(&game, &limits, &stop, &mut |_| {});
        // A position with a legal move always gets a best move; guard anyway rather than panic.
        let Some(m) = result.best.filter(|&m| game.position().is_legal(m)) else {
            let fallback = game.position().legal_move_list()[0];
            scores.push(0);
            game.play_unchecked(fallback);
            continue;
        };
        scores.push(stored_score(result.score));
        game.play_unchecked(m);
    };
    SelfplayGame {
        start,
        opening_plies: opening_plies as u16,
        moves: game.moves().iter().map(|m| m.to_u16()).collect(),
        scores,
        winner: SelfplayGame::encode_winner(outcome),
        termination: outcome.map_or(Termination::PlyCap, |o| Termination::Rules(o.reason)),
        rules: config.rules.name().to_string(),
    }
}

/// A search score as a dataset stores it: centipawns for the side to move, mates as
/// ±(30000 − plies), within the `i16` range.
pub(crate) fn stored_score(score: Score) -> i16 {
    score.to_cp_clamped().clamp(-32000, 32000) as i16
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

/// The node budget of one move: `config.nodes` spread by `config.node_jitter`, at least 1.
fn move_nodes(config: &SelfplayConfig, rng: &mut Rng) -> u64 {
    let jitter = config.node_jitter.clamp(0.0, 1.0);
    if jitter == 0.0 {
        return config.nodes.max(1);
    }
    let factor = 1.0 - jitter + 2.0 * jitter * rng.unit();
    ((config.nodes as f64 * factor).round() as u64).max(1)
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
    let games: Vec<SelfplayGame> = (config.first_game..config.first_game + config.games as u64)
        .into_par_iter()
        .map_init(
            || (evaluation.searcher(config.hash_mb), Searcher::new(Weights::initial(), 1)),
            |(searcher, checker), i| {
                let record = play_game(i, config, searcher, checker);
                on_game();
                record
            },
        )
        .collect();
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
