//! A match: paired games on `concurrency` workers, each with its own two engine processes; the
//! calling thread keeps the score, runs the SPRT and hears about each game.

use crate::engine_process::EngineProcess;
use crate::game_runner::{play_game, GameSettings, PlayedGame, Seat};
use crate::match_score::MatchScore;
use crate::opening::Opening;
use crate::{EngineSpec, Error, TimeControl};
use minishogi::Color;
use minishogi_selfplay::elo::{Sprt, SprtDecision};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Settings of a match between engine 1 and engine 2.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// Engine 1 and engine 2.
    pub engines: [EngineSpec; 2],
    /// Their time controls (the same for both, or odds).
    pub time_controls: [TimeControl; 2],
    /// The openings; pair `i` plays opening `i % len` twice, engine 1 first with sente.
    pub openings: Vec<Opening>,
    /// Number of pairs (games = 2 × pairs).
    pub pairs: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// Rules and limits of each game.
    pub game: GameSettings,
    /// Stop early when this test decides.
    pub sprt: Option<Sprt>,
}

/// A game of the match as it finishes.
#[derive(Clone, Debug)]
pub struct FinishedGame {
    /// Game number from 1, in the order games were scheduled (pair `p` has games 2p+1, 2p+2).
    pub number: usize,
    /// The colour engine 1 had.
    pub engine1_color: Color,
    /// Names of sente and gote.
    pub players: [String; 2],
    /// The game.
    pub game: PlayedGame,
}

impl FinishedGame {
    /// Engine 1's points in the game.
    pub fn engine1_points(&self) -> f64 {
        self.game.result.points(self.engine1_color)
    }
}

/// The name an engine goes by: the one asked for, else its `id name`, else its command.
fn resolve_name(spec: &EngineSpec, settings: &GameSettings) -> Result<String, Error> {
    let process = EngineProcess::start(spec, settings.handshake_timeout)
        .map_err(|e| Error::EngineStart { command: spec.command.clone(), message: e.to_string() })?;
    Ok(spec.name.clone().unwrap_or_else(|| {
        if process.name().is_empty() {
            spec.command.clone()
        } else {
            process.name().to_string()
        }
    }))
}

/// Plays the match; `on_game` hears about each game as it ends, with the score so far.
///
/// Both engines are started once first: one that cannot start or fails its handshake stops the
/// match with an error. After that, failures only lose games.
pub fn run_match(
    settings: &MatchSettings,
    on_game: &mut dyn FnMut(&FinishedGame, &MatchScore),
) -> Result<MatchScore, Error> {
    if settings.pairs == 0 {
        return Err(Error::Zero { what: "the number of games" });
    }
    if settings.concurrency == 0 {
        return Err(Error::Zero { what: "the concurrency" });
    }
    if settings.openings.is_empty() {
        return Err(Error::Zero { what: "the number of openings" });
    }
    let mut names = [
        resolve_name(&settings.engines[0], &settings.game)?,
        resolve_name(&settings.engines[1], &settings.game)?,
    ];
    if names[0] == names[1] {
        names = [format!("{} #1", names[0]), format!("{} #2", names[1])];
    }
    let mut score = MatchScore { names: names.clone(), ..MatchScore::default() };
    let next_pair = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<FinishedGame>();
    std::thread::scope(|scope| {
        for _ in 0..settings.concurrency.min(settings.pairs) {
            let tx = tx.clone();
            let (next_pair, stop, names) = (&next_pair, &stop, &names);
            scope.spawn(move || worker(settings, names, next_pair, stop, &tx));
        }
        drop(tx);
        let mut first_of_pair: HashMap<usize, f64> = HashMap::new();
        for finished in rx {
            let points = finished.engine1_points();
            score.tally.add(points);
            *score.endings.entry(finished.game.result.termination.keyword()).or_default() += 1;
            let pair = (finished.number - 1) / 2;
            if let Some(first) = first_of_pair.remove(&pair) {
                score.pentanomial.add_pair(first, points);
                // Once decided, the verdict stands; pairs under way still count in the score.
                if let (Some(sprt), false) = (&settings.sprt, stop.load(Ordering::Relaxed)) {
                    score.llr = Some(sprt.llr(&score.pentanomial));
                    let decision = sprt.decide(&score.pentanomial);
                    score.decision = Some(decision);
                    if decision != SprtDecision::Continue {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            } else {
                first_of_pair.insert(pair, points);
            }
            on_game(&finished, &score);
        }
    });
    Ok(score)
}

/// Plays whole pairs until none is left or the SPRT has decided.
fn worker(
    settings: &MatchSettings,
    names: &[String; 2],
    next_pair: &AtomicUsize,
    stop: &AtomicBool,
    tx: &mpsc::Sender<FinishedGame>,
) {
    let mut processes: [Option<EngineProcess>; 2] = [None, None];
    loop {
        let pair = next_pair.fetch_add(1, Ordering::Relaxed);
        if pair >= settings.pairs || stop.load(Ordering::Relaxed) {
            return;
        }
        let opening = &settings.openings[pair % settings.openings.len()];
        for (k, engine1_color) in [Color::Sente, Color::Gote].into_iter().enumerate() {
            let [p1, p2] = &mut processes;
            let mut one =
                Seat { spec: &settings.engines[0], process: p1, time_control: settings.time_controls[0] };
            let mut two =
                Seat { spec: &settings.engines[1], process: p2, time_control: settings.time_controls[1] };
            let (seats, players) = match engine1_color {
                Color::Sente => ([&mut one, &mut two], [names[0].clone(), names[1].clone()]),
                Color::Gote => ([&mut two, &mut one], [names[1].clone(), names[0].clone()]),
            };
            let game = play_game(opening, seats, &settings.game);
            let finished = FinishedGame { number: 2 * pair + k + 1, engine1_color, players, game };
            if tx.send(finished).is_err() {
                return;
            }
        }
    }
}
