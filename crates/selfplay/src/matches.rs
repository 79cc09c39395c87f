//! Matches between two players in paired games: each opening is played twice with the colours
//! swapped; results feed a pentanomial, an Elo estimate with its 95% interval and an optional SPRT.

use crate::elo::{EloEstimate, Pentanomial, Sprt, SprtDecision, Tally};
use crate::evaluation::Evaluation;
use crate::openings::{random_opening, OpeningConfig};
use crate::rng::Rng;
use crate::usi_client::UsiEngine;
use crate::Error;
use minishogi::{Color, Game, Move, RuleSet};
use minishogi_engine::{Limits, Searcher, Weights};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// Something that picks moves in a game.
pub trait Player {
    /// A short name for reports.
    fn name(&self) -> String;
    /// Forget the previous game.
    fn new_game(&mut self) -> Result<(), Error>;
    /// The move to play in the game's current position, or `None` to resign.
    fn choose(&mut self, game: &Game) -> Result<Option<Move>, Error>;
}

/// The bundled engine with given weights, searching a fixed number of nodes per move.
pub struct EnginePlayer {
    name: String,
    searcher: Searcher,
    limits: Limits,
}

impl EnginePlayer {
    /// A player searching `nodes` per move with `weights` and a `hash_mb` table.
    pub fn new(name: &str, weights: Weights, nodes: u64, hash_mb: usize) -> EnginePlayer {
        EnginePlayer {
            name: name.to_string(),
            searcher: Searcher::new(weights, hash_mb),
            limits: Limits::nodes(nodes),
        }
    }

    /// A player searching `nodes` per move with `evaluation` (weights or a network) and a
    /// `hash_mb` table.
    pub fn with_evaluation(name: &str, evaluation: &Evaluation, nodes: u64, hash_mb: usize) -> EnginePlayer {
        EnginePlayer {
            name: name.to_string(),
            searcher: evaluation.searcher(hash_mb),
            limits: Limits::nodes(nodes),
        }
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) -> Result<(), Error> {
        self.searcher.clear();
        Ok(())
    }

    fn choose(&mut self, game: &Game) -> Result<Option<Move>, Error> {
        let stop = AtomicBool::new(false);
        Ok(self.searcher.search(game, &self.limits, &stop, &mut |_| {}).best)
    }
}

/// An external engine over USI.
pub struct UsiPlayer {
    engine: UsiEngine,
    go: String,
}

impl Player for UsiPlayer {
    fn name(&self) -> String {
        self.engine.name().to_string()
    }

    fn new_game(&mut self) -> Result<(), Error> {
        self.engine.new_game()
    }

    fn choose(&mut self, game: &Game) -> Result<Option<Move>, Error> {
        self.engine.best_move(game, &self.go)
    }
}

/// How to make a player (one per worker thread).
#[derive(Clone, Debug)]
pub enum PlayerSpec {
    /// The bundled engine.
    Engine {
        /// Name in reports.
        name: String,
        /// Its weights (boxed: they are large next to the other variant).
        weights: Box<Weights>,
        /// Nodes per move.
        nodes: u64,
    },
    /// The bundled engine with any evaluation (e.g. a network).
    Evaluated {
        /// Name in reports.
        name: String,
        /// What it evaluates with.
        evaluation: Evaluation,
        /// Nodes per move.
        nodes: u64,
    },
    /// An external USI engine.
    Usi {
        /// Program and arguments, separated by spaces.
        command: String,
        /// What follows `go` (e.g. `nodes 2000` or `byoyomi 100`).
        go: String,
        /// `setoption` pairs.
        options: Vec<(String, String)>,
    },
}

impl PlayerSpec {
    /// The bundled engine with `weights`, named `name`, searching `nodes` per move.
    pub fn engine(name: String, weights: Weights, nodes: u64) -> PlayerSpec {
        PlayerSpec::Engine { name, weights: Box::new(weights), nodes }
    }

    /// An external USI engine: `command` is the program and its arguments, `go` what follows
    /// `go` (default `nodes <nodes>`), `options` are `NAME=VALUE` strings for `setoption`.
    pub fn usi(command: &str, go: Option<&str>, nodes: u64, options: &[String]) -> Result<PlayerSpec, Error> {
        let options = options
            .iter()
            .map(|o| match o.split_once('=') {
                Some((name, value)) => Ok((name.to_string(), value.to_string())),
                None => Err(Error::EngineOption { option: o.clone() }),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let go = go.map_or_else(|| format!("nodes {nodes}"), str::to_string);
        Ok(PlayerSpec::Usi { command: command.to_string(), go, options })
    }

    /// Starts a player.
    pub fn create(&self) -> Result<Box<dyn Player>, Error> {
        Ok(match self {
            PlayerSpec::Engine { name, weights, nodes } => {
                Box::new(EnginePlayer::new(name, (**weights).clone(), *nodes, 2))
            }
            PlayerSpec::Evaluated { name, evaluation, nodes } => {
                Box::new(EnginePlayer::with_evaluation(name, evaluation, *nodes, 2))
            }
            PlayerSpec::Usi { command, go, options } => Box::new(UsiPlayer {
                engine: UsiEngine::start(command, options, Duration::from_secs(60))?,
                go: go.clone(),
            }),
        })
    }

    /// The name in reports.
    pub fn name(&self) -> String {
        match self {
            PlayerSpec::Engine { name, .. } | PlayerSpec::Evaluated { name, .. } => name.clone(),
            PlayerSpec::Usi { command, .. } => command.clone(),
        }
    }
}

/// Settings of a match.
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

/// The state of a match, after each pair.
#[derive(Clone, Debug, Default)]
pub struct MatchState {
    /// Pairs by A's points.
    pub pentanomial: Pentanomial,
    /// A's single-game results.
    pub tally: Tally,
    /// Games that reached the ply cap.
    pub capped: u64,
    /// SPRT log-likelihood ratio, when a test runs.
    pub llr: Option<f64>,
    /// The SPRT decision, when a test runs.
    pub decision: Option<SprtDecision>,
}

impl MatchState {
    /// The Elo estimate of A against B so far.
    pub fn elo(&self) -> Option<EloEstimate> {
        self.pentanomial.elo()
    }
}

/// One finished game: A's points and whether the ply cap ended it.
fn play_one(
    game: &mut Game,
    players: [&mut dyn Player; 2],
    ply_cap: usize,
) -> Result<(Option<Color>, bool), Error> {
    let [sente, gote] = players;
    sente.new_game()?;
    gote.new_game()?;
    let mut players: [&mut dyn Player; 2] = [sente, gote];
    loop {
        if let Some(outcome) = game.outcome() {
            return Ok((outcome.winner, false));
        }
        if game.moves().len() >= ply_cap {
            return Ok((None, true));
        }
        let side = game.position().side_to_move();
        let player = &mut players[side.index()];
        match player.choose(game)? {
            None => return Ok((Some(!side), false)),
            Some(m) => {
                if !game.position().is_legal(m) {
                    return Err(Error::IllegalMove {
                        player: player.name(),
                        mv: m.to_string(),
                        sfen: game.position().to_sfen(),
                    });
                }
                game.play_unchecked(m);
            }
        }
    }
}

fn points(winner: Option<Color>, a_color: Color) -> f64 {
    match winner {
        None => 0.5,
        Some(c) if c == a_color => 1.0,
        Some(_) => 0.0,
    }
}

/// Plays the match on the current rayon pool (one pair at a time per worker). `on_pair` sees the
/// state after every pair. Stops early when the SPRT decides.
pub fn play_match(
    config: &MatchConfig,
    a: &PlayerSpec,
    b: &PlayerSpec,
    on_pair: &(dyn Fn(&MatchState) + Sync),
) -> Result<MatchState, Error> {
    let state = Mutex::new(MatchState::default());
    let done = AtomicBool::new(false);
    (0..config.pairs as u64).into_par_iter().try_for_each_init(
        || -> Option<Result<_, Error>> {
            Some(a.create().and_then(|pa| Ok((pa, b.create()?, Searcher::new(Weights::initial(), 1)))))
        },
        |players, i| -> Result<(), Error> {
            if done.load(Ordering::Relaxed) {
                return Ok(());
            }
            if let Some(Err(_)) = players {
                if let Some(Err(e)) = players.take() {
                    return Err(Error::PlayerStart { source: Box::new(e) });
                }
            }
            // `None`: this worker has already returned why its players did not start.
            let Some(Ok((pa, pb, checker))) = players else { return Ok(()) };
            let mut rng = Rng::for_item(config.seed, i);
            let opening = random_opening(&mut rng, checker, &config.opening, config.rules);
            let mut first = opening.clone();
            let (w1, c1) = play_one(&mut first, [pa.as_mut(), pb.as_mut()], config.ply_cap)?;
            let mut second = opening;
            let (w2, c2) = play_one(&mut second, [pb.as_mut(), pa.as_mut()], config.ply_cap)?;
            let (p1, p2) = (points(w1, Color::Sente), points(w2, Color::Gote));
            // A poisoned lock means another worker panicked; rayon passes that panic on.
            let mut s = state.lock().unwrap_or_else(PoisonError::into_inner);
            s.pentanomial.add_pair(p1, p2);
            s.tally.add(p1);
            s.tally.add(p2);
            s.capped += u64::from(c1) + u64::from(c2);
            // Once decided, the verdict stands; pairs already under way still count in the score.
            if let Some(sprt) = &config.sprt {
                if !done.load(Ordering::Relaxed) {
                    s.llr = Some(sprt.llr(&s.pentanomial));
                    let decision = sprt.decide(&s.pentanomial);
                    s.decision = Some(decision);
                    if decision != SprtDecision::Continue {
                        done.store(true, Ordering::Relaxed);
                    }
                }
            }
            on_pair(&s);
            Ok(())
        },
    )?;
    Ok(state.into_inner().unwrap_or_else(PoisonError::into_inner))
}
