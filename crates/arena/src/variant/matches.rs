//! A match between two in-process players of any variant: paired games from random balanced
//! openings (each opening with both colours), `concurrency` games at once, each player searching
//! within its own limit (nodes, a fixed time per move, a depth, or a clock with increment that
//! the runner keeps and on which a player can lose on time). The score is the match runner's:
//! single games, the pentanomial over pairs, Elo and an optional SPRT.

use super::{random_opening, PlayerClock, SearchLimit, Variant};
use crate::elo::Sprt;
use crate::match_score::{MatchScore, PairScorer};
use crate::opening_config::OpeningConfig;
use crate::rng::Rng;
use crate::{Error, Termination};
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
    /// Each move's search limit; with [`SearchLimit::Clock`], the clock every game starts with
    /// (the runner then keeps it: the time left and the increment after each move).
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
    /// How far past its clock a move may come before it loses on time (the search thread's
    /// scheduling); unused without a clock.
    pub move_overhead: Duration,
}

/// How a game of a match ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchEnd<O> {
    /// The rules ended it.
    Rules(O),
    /// The ply cap was reached: a draw.
    PlyCap,
    /// A player's move came after its clock ran out: that player lost.
    TimeLoss {
        /// The side that lost: 0 the first player, 1 the second.
        loser: u8,
        /// How: [`Termination::TimeLoss`], with the move's time and the time it had.
        termination: Termination,
    },
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
    /// Time each player's move took (after the opening); on a loss on time, the last is the
    /// move that came too late (and is not among `moves`).
    pub times: Vec<Duration>,
    /// How it ended.
    pub end: MatchEnd<V::Outcome>,
}

impl<V: Variant> MatchGame<V> {
    /// The winner: `Some(0)` the first player, `Some(1)` the second, `None` a draw.
    pub fn winner(&self, variant: &V) -> Option<u8> {
        match &self.end {
            MatchEnd::Rules(outcome) => variant.winner(outcome),
            MatchEnd::PlyCap => None,
            MatchEnd::TimeLoss { loser, .. } => Some(1 - loser),
        }
    }

    /// Player 1's points: 1, ½ or 0.
    pub fn player1_points(&self, variant: &V) -> f64 {
        let player1 = if self.player1_first { 0 } else { 1 };
        match self.winner(variant) {
            None => 0.5,
            Some(w) if w == player1 => 1.0,
            Some(_) => 0.0,
        }
    }

    /// How it ended in one word: the rules' ending, `ply-cap` or `time-loss`.
    pub fn ending(&self, variant: &V) -> &'static str {
        match &self.end {
            MatchEnd::Rules(outcome) => variant.ending(outcome),
            MatchEnd::PlyCap => Termination::PlyCap.keyword(),
            MatchEnd::TimeLoss { termination, .. } => termination.keyword(),
        }
    }

    /// How it ended with the details where there are any (`time-loss (412 ms of 250 ms)`).
    pub fn ending_text(&self, variant: &V) -> String {
        match &self.end {
            MatchEnd::TimeLoss { termination, .. } => termination.to_string(),
            _ => self.ending(variant).to_string(),
        }
    }
}

/// Plays one game from `opening` with `players` = [first, second], each on its limit (a
/// clock starts at its base time); `move_overhead` is the allowance past a clock.
fn play_one<V: Variant>(
    variant: &V,
    opening: &V::Game,
    players: [(&mut V::Searcher, SearchLimit); 2],
    ply_cap: usize,
    move_overhead: Duration,
) -> (V::Game, Vec<Duration>, MatchEnd<V::Outcome>) {
    let mut game = opening.clone();
    let mut players = players;
    for (searcher, _) in players.iter_mut() {
        variant.clear(searcher);
    }
    let mut clocks = players.each_ref().map(|(_, limit)| PlayerClock::for_limit(*limit));
    let stop = AtomicBool::new(false);
    let mut times = Vec::new();
    let end = loop {
        if let Some(outcome) = variant.outcome(&game) {
            break MatchEnd::Rules(outcome);
        }
        if variant.moves(&game).len() >= ply_cap {
            break MatchEnd::PlyCap;
        }
        let side = variant.side_to_move(variant.position(&game));
        let (searcher, fixed) = &mut players[usize::from(side)];
        let clock = &mut clocks[usize::from(side)];
        let limit = clock.map_or(*fixed, |c| c.limit());
        let started = Instant::now();
        let found = variant.search(searcher, &game, limit, &stop);
        let elapsed = started.elapsed();
        times.push(elapsed);
        if let Some(clock) = clock {
            if let Err(termination) = clock.charge(elapsed, move_overhead) {
                break MatchEnd::TimeLoss { loser: side, termination };
            }
        }
        // A legal move always exists here (the game is not over); the search returns one.
        let best = found.best.filter(|&m| variant.is_legal(variant.position(&game), m));
        let m = best.unwrap_or_else(|| variant.legal_moves(variant.position(&game))[0]);
        variant.play(&mut game, m);
    };
    (game, times, end)
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
            let (game, times, end) =
                play_one(variant, &opening, seats, settings.ply_cap, settings.move_overhead);
            let finished = MatchGame {
                number: 2 * pair + k + 1,
                player1_first,
                start: variant.startpos(),
                opening_plies,
                moves: variant.moves(&game).to_vec(),
                times,
                end,
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
