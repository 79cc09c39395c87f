//! Self-play for any [`Variant`]: many seeded games in parallel, each move searched to a
//! (jittered) node count and labelled with the search score, the game's result for every
//! position. Minishogi's [`crate::selfplay_with`] is this loop with Minishogi's dataset around it.

use minishogi_arena::variant::{random_opening, SearchLimit, Variant};
use minishogi_arena::{OpeningConfig, Rng};
use rayon::prelude::*;
use std::sync::atomic::AtomicBool;

/// The score of a move that was not searched (opening moves).
pub const NO_SCORE: i16 = i16::MIN;

/// Settings of a self-play run, for any variant.
#[derive(Clone, Debug)]
pub struct SelfplaySettings {
    /// Number of games.
    pub games: usize,
    /// Index of the first game: the run plays games `first_game .. first_game + games`.
    pub first_game: u64,
    /// Nodes searched per move: the mean of each move's budget (see `node_jitter`).
    pub nodes: u64,
    /// Each move's node budget is drawn uniformly from `nodes · (1 ± node_jitter)` by the game's
    /// seeded stream, so that games from the same opening differ.
    pub node_jitter: f64,
    /// Seed: game `i` uses the stream `(seed, i)`, so output does not depend on the thread count.
    pub seed: u64,
    /// A game still running after this many plies is stopped and scored a draw.
    pub ply_cap: usize,
    /// How openings are drawn.
    pub opening: OpeningConfig,
    /// Transposition table per game, in megabytes.
    pub hash_mb: usize,
}

/// One self-play game: its start, moves, the score of each searched move, how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord<V: Variant> {
    /// The position the game started from.
    pub start: V::Position,
    /// Number of leading moves that are the (unsearched) random opening.
    pub opening_plies: usize,
    /// The moves.
    pub moves: Vec<V::Move>,
    /// Per move: the search score for the side that made it (see
    /// [`Searched::score`](minishogi_arena::variant::Searched)), or [`NO_SCORE`] for opening moves.
    pub scores: Vec<i16>,
    /// How the rules ended it, or `None` when it reached the ply cap (a draw).
    pub outcome: Option<V::Outcome>,
}

impl<V: Variant> GameRecord<V> {
    /// The winner: `Some(0)` the first player, `Some(1)` the second, `None` a draw.
    pub fn winner(&self, variant: &V) -> Option<u8> {
        self.outcome.as_ref().and_then(|o| variant.winner(o))
    }

    /// How it ended in one word: the rules' ending, or `ply-cap`.
    pub fn ending(&self, variant: &V) -> &'static str {
        self.outcome.as_ref().map_or("ply-cap", |o| variant.ending(o))
    }

    /// The game as `startpos moves m1 m2 …` (or `POSITION moves …` from another start), the
    /// text the rules crates' `PositionWithMoves` reads.
    pub fn line(&self, variant: &V) -> String {
        let mut line = if self.start == variant.startpos() {
            "startpos".to_string()
        } else {
            variant.position_text(&self.start)
        };
        if !self.moves.is_empty() {
            line.push_str(" moves");
            let mut game = variant.new_game(&self.start);
            for &m in &self.moves {
                line.push(' ');
                line.push_str(&variant.move_text(variant.position(&game), m));
                variant.play(&mut game, m);
            }
        }
        line
    }
}

/// A position of a game with its labels.
#[derive(Clone, Debug)]
pub struct Labelled<'a, V: Variant> {
    /// The position before the move.
    pub position: &'a V::Position,
    /// The move played (the search's best move).
    pub best: V::Move,
    /// The search score for the side to move.
    pub score: i16,
    /// The game's result for the side to move: 1 win, ½ draw, 0 loss.
    pub result: f32,
    /// Index of the game in the list.
    pub game: usize,
    /// Plies played before this position.
    pub ply: usize,
}

/// Replays every game (their moves are legal: played by the harness or checked when read) and
/// calls `visit` for each searched position.
pub fn for_each_position<V: Variant>(
    variant: &V,
    games: &[GameRecord<V>],
    mut visit: impl FnMut(&Labelled<'_, V>),
) {
    for (gi, g) in games.iter().enumerate() {
        let mut game = variant.new_game(&g.start);
        let winner = g.winner(variant);
        for (ply, (&m, &score)) in g.moves.iter().zip(&g.scores).enumerate() {
            if ply >= g.opening_plies && score != NO_SCORE {
                let position = variant.position(&game);
                let result = match winner {
                    None => 0.5,
                    Some(w) if w == variant.side_to_move(position) => 1.0,
                    Some(_) => 0.0,
                };
                visit(&Labelled { position, best: m, score, result, game: gi, ply });
            }
            variant.play(&mut game, m);
        }
    }
}

/// A search score as stored: within the `i16` range.
pub(crate) fn stored_score(score: i32) -> i16 {
    score.clamp(-32000, 32000) as i16
}

/// The node budget of one move: `nodes` spread by `jitter`, at least 1.
fn move_nodes(settings: &SelfplaySettings, rng: &mut Rng) -> u64 {
    let jitter = settings.node_jitter.clamp(0.0, 1.0);
    if jitter == 0.0 {
        return settings.nodes.max(1);
    }
    let factor = 1.0 - jitter + 2.0 * jitter * rng.unit();
    ((settings.nodes as f64 * factor).round() as u64).max(1)
}

/// Plays game `index` of a run with `searcher` on both sides and `checker` (the opening filter).
pub fn play_game<V: Variant>(
    variant: &V,
    index: u64,
    settings: &SelfplaySettings,
    searcher: &mut V::Searcher,
    checker: &mut V::Searcher,
) -> GameRecord<V> {
    let mut rng = Rng::for_item(settings.seed, index);
    let mut game = random_opening(variant, &mut rng, checker, &settings.opening);
    let opening_plies = variant.moves(&game).len();
    let mut scores = vec![NO_SCORE; opening_plies];
    variant.clear(searcher);
    let stop = AtomicBool::new(false);
    let outcome = loop {
        if let Some(outcome) = variant.outcome(&game) {
            break Some(outcome);
        }
        if variant.moves(&game).len() >= settings.ply_cap {
            break None;
        }
        let limit = SearchLimit::Nodes(move_nodes(settings, &mut rng));
        let result = variant.search(searcher, &game, limit, &stop);
        // A position with a legal move always gets a best move; guard anyway rather than panic.
        let Some(m) = result.best.filter(|&m| variant.is_legal(variant.position(&game), m)) else {
            let fallback = variant.legal_moves(variant.position(&game))[0];
            scores.push(0);
            variant.play(&mut game, fallback);
            continue;
        };
        scores.push(stored_score(result.score));
        variant.play(&mut game, m);
    };
    GameRecord {
        start: variant.startpos(),
        opening_plies,
        moves: variant.moves(&game).to_vec(),
        scores,
        outcome,
    }
}

/// Plays the run's games with `evaluation` on both sides, in parallel on the current rayon pool;
/// they come back in index order whatever the thread count. `on_game` is called as each ends.
pub fn play_games<V: Variant>(
    variant: &V,
    settings: &SelfplaySettings,
    evaluation: &V::Evaluation,
    on_game: &(dyn Fn() + Sync),
) -> Vec<GameRecord<V>> {
    (settings.first_game..settings.first_game + settings.games as u64)
        .into_par_iter()
        .map_init(
            || (variant.searcher(evaluation, settings.hash_mb), variant.opening_checker()),
            |(searcher, checker), i| {
                let record = play_game(variant, i, settings, searcher, checker);
                on_game();
                record
            },
        )
        .collect()
}
