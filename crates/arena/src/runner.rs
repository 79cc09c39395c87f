//! A match: paired games on `concurrency` workers, each with its own two players (searchers in
//! this process or engine processes); the calling thread keeps the score, runs the SPRT and hears
//! about each game.

use crate::elo::Sprt;
use crate::engine_process::EngineProcess;
use crate::game_runner::{play_game, PlayedGame};
use crate::game_settings::GameSettings;
use crate::match_score::{MatchScore, PairScorer};
use crate::opening::Opening;
use crate::player::PlayerSpec;
use crate::termination::Termination;
use crate::Error;
use minishogi::Color;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Settings of a match between player 1 and player 2.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// Player 1 and player 2, each with its time control (the same for both, or odds).
    pub players: [PlayerSpec; 2],
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
    /// An engine that fails (crashes, falls silent, plays an illegal move) stops the match with
    /// an error, instead of losing the game and being restarted.
    pub stop_on_failure: bool,
}

/// A game of the match as it finishes.
#[derive(Clone, Debug)]
pub struct FinishedGame {
    /// Game number from 1, in the order games were scheduled (pair `p` has games 2p+1, 2p+2).
    pub number: usize,
    /// The colour player 1 had.
    pub engine1_color: Color,
    /// Names of sente and gote.
    pub players: [String; 2],
    /// The game.
    pub game: PlayedGame,
}

impl FinishedGame {
    /// Player 1's points in the game.
    pub fn engine1_points(&self) -> f64 {
        self.game.result.points(self.engine1_color)
    }
}

/// The name a player goes by: the one asked for, else an engine's `id name`, else its command.
/// An engine is started once for it, so that one which cannot start stops the match here.
fn resolve_name(player: &PlayerSpec, settings: &GameSettings) -> Result<String, Error> {
    let PlayerSpec::Process { engine: spec, .. } = player else { return Ok(player.name()) };
    let process = EngineProcess::start(spec, settings.handshake_timeout)
        .map_err(|source| Error::EngineStart { command: spec.command.clone(), source })?;
    Ok(spec.name.clone().unwrap_or_else(|| {
        if process.name().is_empty() {
            spec.command.clone()
        } else {
            process.name().to_string()
        }
    }))
}

/// Why a finished game stops a match that stops on failures, if it does.
fn failure(finished: &FinishedGame, settings: &MatchSettings) -> Option<Error> {
    let result = &finished.game.result;
    let loser = !result.winner?;
    let player = &settings.players[usize::from(loser != finished.engine1_color)];
    let name = &finished.players[loser.index()];
    let message = match &result.termination {
        Termination::IllegalMove { mv } => {
            let sfen = finished.game.final_position().to_sfen();
            format!("{name} played an illegal move {mv} in {sfen}")
        }
        Termination::EngineFailure(e) => format!("USI engine '{}': {e}", player.name()),
        Termination::TimeLoss { .. } => format!("{name}: {}", result.termination),
        Termination::Rules(_) | Termination::PlyCap | Termination::Resignation => return None,
    };
    Some(Error::PlayerFailed { message })
}

/// Plays the match; `on_game` hears about each game as it ends, with the score so far.
///
/// Both engines are started once first: one that cannot start or fails its handshake stops the
/// match with an error. After that, failures only lose games (unless
/// [`MatchSettings::stop_on_failure`]).
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
        resolve_name(&settings.players[0], &settings.game)?,
        resolve_name(&settings.players[1], &settings.game)?,
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
        let mut scorer = PairScorer::default();
        let mut failed = None;
        for finished in rx {
            if settings.stop_on_failure && failed.is_none() {
                failed = failure(&finished, settings);
                if failed.is_some() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            if failed.is_some() {
                continue;
            }
            let points = finished.engine1_points();
            let ending = finished.game.result.termination.keyword();
            let stopping = stop.load(Ordering::Relaxed);
            if scorer.add(&mut score, finished.number, points, ending, settings.sprt.as_ref(), stopping) {
                stop.store(true, Ordering::Relaxed);
            }
            on_game(&finished, &score);
        }
        failed.map_or(Ok(()), Err)
    })?;
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
    let [one, two] = &settings.players;
    let mut players = [one.create(), two.create()];
    let time_controls = [one.time_control(), two.time_control()];
    loop {
        let pair = next_pair.fetch_add(1, Ordering::Relaxed);
        if pair >= settings.pairs || stop.load(Ordering::Relaxed) {
            return;
        }
        let opening = &settings.openings[pair % settings.openings.len()];
        for (k, engine1_color) in [Color::Sente, Color::Gote].into_iter().enumerate() {
            let [p1, p2] = &mut players;
            let (seats, tcs, names): ([&mut dyn crate::Player; 2], _, _) = match engine1_color {
                Color::Sente => ([p1.as_mut(), p2.as_mut()], time_controls, names.clone()),
                Color::Gote => (
                    [p2.as_mut(), p1.as_mut()],
                    [time_controls[1], time_controls[0]],
                    [names[1].clone(), names[0].clone()],
                ),
            };
            let game = play_game(opening, seats, tcs, &settings.game);
            let finished = FinishedGame { number: 2 * pair + k + 1, engine1_color, players: names, game };
            if tx.send(finished).is_err() {
                return;
            }
        }
    }
}
