//! A match between two in-process players of any variant: paired games from random balanced
//! openings (each opening with both colours), `concurrency` games at once, each player searching
//! within its own limit (nodes, a fixed time per move, or a depth). The score is the match
//! runner's: single games, the pentanomial over pairs, Elo and an optional SPRT.

use super::{random_opening, SearchLimit, Variant};
use crate::elo::Sprt;
use crate::match_score::{MatchScore, PairScorer};
use crate::opening_config::OpeningConfig;
use crate::rng::Rng;
use crate::Error;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// One side of a match: a name, what it evaluates with and how long it searches.
#[derive(Clone, Debug)]
pub struct Contestant<E> {
    /// The name in reports.
    pub name: String,
    /// What it evaluates positions with.
    pub evaluation: E,
    /// Each move's search limit.
    pub limit: SearchLimit,
}

/// Settings of a match between player 1 and player 2.
#[derive(Clone, Debug)]
pub struct VariantMatch<E> {
    /// Player 1 and player 2.
    pub players: [Contestant<E>; 2],
    /// Number of openings; each is played twice (player 1 first, then second), so games are
    /// twice this.
    pub pairs: usize,
    /// Seed of the openings: pair `i` draws its opening from the stream `(seed, i)`.
    pub seed: u64,
    /// How openings are drawn.
    pub opening: OpeningConfig,
    /// A game still running after this many plies is scored a draw.
    pub ply_cap: usize,
    /// Games played at once (each on its own thread).
    pub concurrency: usize,
    /// Transposition table of each player, in megabytes.
    pub hash_mb: usize,
    /// Stop early when this test decides.
    pub sprt: Option<Sprt>,
}

/// A finished game of a match.
#[derive(Clone, Debug)]
pub struct MatchGame<V: Variant> {
    /// Game number from 1 (pair `p` has games `2p + 1` and `2p + 2`).
    pub number: usize,
    /// True when player 1 moved first.
    pub player1_first: bool,
    /// The position the opening started from.
    pub start: V::Position,
    /// Plies of the random opening.
    pub opening_plies: usize,
    /// Every move, the opening's included.
    pub moves: Vec<V::Move>,
    /// Time each player's move took (after the opening).
    pub times: Vec<Duration>,
    /// How the rules ended it, or `None` at the ply cap (a draw).
    pub outcome: Option<V::Outcome>,
}

impl<V: Variant> MatchGame<V> {
    /// Player 1's points: 1, ½ or 0.
    pub fn player1_points(&self, variant: &V) -> f64 {
        let player1 = if self.player1_first { 0 } else { 1 };
        match self.outcome.as_ref().and_then(|o| variant.winner(o)) {
            None => 0.5,
            Some(w) if w == player1 => 1.0,
            Some(_) => 0.0,
        }
    }

    /// How it ended in one word: the rules' ending, or `ply-cap`.
    pub fn ending(&self, variant: &V) -> &'static str {
        self.outcome.as_ref().map_or("ply-cap", |o| variant.ending(o))
    }
}

/// Plays one game from `opening` with `players` = [first, second].
fn play_one<V: Variant>(
    variant: &V,
    opening: &V::Game,
    players: [(&mut V::Searcher, SearchLimit); 2],
    ply_cap: usize,
) -> (V::Game, Vec<Duration>, Option<V::Outcome>) {
    let mut game = opening.clone();
    let mut players = players;
    for (searcher, _) in players.iter_mut() {
        variant.clear(searcher);
    }
    let stop = AtomicBool::new(false);
    let mut times = Vec::new();
    let outcome = loop {
        if let Some(outcome) = variant.outcome(&game) {
            break Some(outcome);
        }
        if variant.moves(&game).len() >= ply_cap {
            break None;
        }
        let side = usize::from(variant.side_to_move(variant.position(&game)));
        let (searcher, limit) = &mut players[side];
        let clock = Instant::now();
        let found = variant.search(searcher, &game, *limit, &stop);
        times.push(clock.elapsed());
        // A legal move always exists here (the game is not over); the search returns one.
        let best = found.best.filter(|&m| variant.is_legal(variant.position(&game), m));
        let m = best.unwrap_or_else(|| variant.legal_moves(variant.position(&game))[0]);
        variant.play(&mut game, m);
    };
    (game, times, outcome)
}

/// Plays whole pairs until none is left or the match stops.
fn worker<V: Variant>(
    variant: &V,
    settings: &VariantMatch<V::Evaluation>,
    next_pair: &AtomicUsize,
    stop: &AtomicBool,
    tx: &mpsc::Sender<MatchGame<V>>,
) {
    let [one, two] = &settings.players;
    let mut searchers = [
        variant.searcher(&one.evaluation, settings.hash_mb),
        variant.searcher(&two.evaluation, settings.hash_mb),
    ];
    let mut checker = variant.opening_checker();
    loop {
        let pair = next_pair.fetch_add(1, Ordering::Relaxed);
        if pair >= settings.pairs || stop.load(Ordering::Relaxed) {
            return;
        }
        let mut rng = Rng::for_item(settings.seed, pair as u64);
        let opening = random_opening(variant, &mut rng, &mut checker, &settings.opening);
        let opening_plies = variant.moves(&opening).len();
        for (k, player1_first) in [true, false].into_iter().enumerate() {
            let [s1, s2] = &mut searchers;
            let seats = if player1_first {
                [(s1, one.limit), (s2, two.limit)]
            } else {
                [(s2, two.limit), (s1, one.limit)]
            };
            let (game, times, outcome) = play_one(variant, &opening, seats, settings.ply_cap);
            let finished = MatchGame {
                number: 2 * pair + k + 1,
                player1_first,
                start: variant.startpos(),
                opening_plies,
                moves: variant.moves(&game).to_vec(),
                times,
                outcome,
            };
            if tx.send(finished).is_err() {
                return;
            }
        }
    }
}

/// Plays the match; `on_game` hears about each game as it ends, with the score so far (from
/// player 1's side).
pub fn run_variant_match<V: Variant>(
    variant: &V,
    settings: &VariantMatch<V::Evaluation>,
    on_game: &mut dyn FnMut(&MatchGame<V>, &MatchScore),
) -> Result<MatchScore, Error> {
    if settings.pairs == 0 {
        return Err(Error::Zero { what: "the number of games" });
    }
    if settings.concurrency == 0 {
        return Err(Error::Zero { what: "the concurrency" });
    }
    let mut names = [settings.players[0].name.clone(), settings.players[1].name.clone()];
    if names[0] == names[1] {
        names = [format!("{} #1", names[0]), format!("{} #2", names[1])];
    }
    let mut score = MatchScore { names, ..MatchScore::default() };
    let next_pair = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<MatchGame<V>>();
    std::thread::scope(|scope| {
        for _ in 0..settings.concurrency.min(settings.pairs) {
            let tx = tx.clone();
            let (next_pair, stop) = (&next_pair, &stop);
            scope.spawn(move || worker(variant, settings, next_pair, stop, &tx));
        }
        drop(tx);
        let mut scorer = PairScorer::default();
        for finished in rx {
            let points = finished.player1_points(variant);
            let ending = finished.ending(variant);
            let stopping = stop.load(Ordering::Relaxed);
            if scorer.add(&mut score, finished.number, points, ending, settings.sprt.as_ref(), stopping) {
                stop.store(true, Ordering::Relaxed);
            }
            on_game(&finished, &score);
        }
    });
    Ok(score)
}
