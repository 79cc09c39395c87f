//! One game between two engine processes, refereed by the rules crate's [`Game`]: the engines'
//! moves are checked, the clock is kept, and a failing engine loses the game (and is dropped, so
//! the next game starts it afresh).

use crate::clock::GameClock;
use crate::engine_process::{EngineFailure, EngineProcess};
use crate::opening::{position_command, Opening};
use crate::termination::{GameResult, Termination};
use crate::{EngineSpec, TimeControl};
use minishogi::{Color, Game, Move, RuleSet};
use std::time::Duration;

/// Rules and limits of every game of a match.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// The rule set (repetition, move limit).
    pub rules: RuleSet,
    /// A game still running after this many plies (opening included) is a draw.
    pub ply_cap: usize,
    /// Allowance over the clock before a move is a time loss (process and pipe latency).
    pub move_overhead: Duration,
    /// Longest wait for a move under fixed nodes or depth.
    pub fixed_timeout: Duration,
    /// Longest wait for the handshake, `readyok` and the like.
    pub handshake_timeout: Duration,
}

impl Default for GameSettings {
    fn default() -> GameSettings {
        GameSettings {
            rules: RuleSet::Standard,
            ply_cap: 300,
            move_overhead: Duration::from_millis(100),
            fixed_timeout: Duration::from_secs(60),
            handshake_timeout: Duration::from_secs(10),
        }
    }
}

/// One side of a game: how to start its engine, the engine if it is running, and its clock.
pub struct Seat<'a> {
    /// How to start the engine.
    pub spec: &'a EngineSpec,
    /// The running engine; `None` starts it, and a failure leaves `None` behind.
    pub process: &'a mut Option<EngineProcess>,
    /// Its time control.
    pub time_control: TimeControl,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The opening it started from.
    pub opening: Opening,
    /// The moves the engines played after the opening.
    pub moves: Vec<Move>,
    /// Time each of those moves took.
    pub times: Vec<Duration>,
    /// Its result.
    pub result: GameResult,
}

/// Starts the seat's engine if needed and tells it a game begins.
fn prepare(seat: &mut Seat<'_>, settings: &GameSettings) -> Result<(), EngineFailure> {
    let process = match seat.process.take() {
        Some(p) => p,
        None => EngineProcess::start(seat.spec, settings.handshake_timeout)?,
    };
    let process = seat.process.insert(process);
    process.new_game(settings.handshake_timeout).inspect_err(|_| *seat.process = None)
}

/// Plays `opening` to the end with `seats` = [sente, gote].
pub fn play_game(opening: &Opening, seats: [&mut Seat<'_>; 2], settings: &GameSettings) -> PlayedGame {
    let mut game = opening.game(settings.rules);
    let mut played = PlayedGame {
        opening: opening.clone(),
        moves: Vec::new(),
        times: Vec::new(),
        result: GameResult { winner: None, termination: Termination::PlyCap },
    };
    for color in Color::ALL {
        if let Err(e) = prepare(seats[color.index()], settings) {
            played.result = GameResult::loss(color, Termination::EngineFailure(e));
            return finish(played, seats);
        }
    }
    let mut clock = GameClock::new([seats[0].time_control, seats[1].time_control]);
    played.result = loop {
        if let Some(outcome) = game.outcome() {
            break GameResult { winner: outcome.winner, termination: Termination::Rules(outcome.reason) };
        }
        if game.moves().len() >= settings.ply_cap {
            break GameResult { winner: None, termination: Termination::PlyCap };
        }
        let side = game.position().side_to_move();
        match one_move(&game, seats[side.index()], &mut clock, settings) {
            Ok((m, elapsed)) => {
                game.play_unchecked(m);
                played.moves.push(m);
                played.times.push(elapsed);
            }
            Err(termination) => break GameResult::loss(side, termination),
        }
    };
    finish(played, seats)
}

/// Asks the side to move for its move and checks it; a failure is how that side lost.
fn one_move(
    game: &Game,
    seat: &mut Seat<'_>,
    clock: &mut GameClock,
    settings: &GameSettings,
) -> Result<(Move, Duration), Termination> {
    let side = game.position().side_to_move();
    let Some(process) = seat.process.as_mut() else {
        return Err(Termination::EngineFailure(EngineFailure::Exited { waiting_for: "bestmove" }));
    };
    let allowed = clock.deadline(side, settings.move_overhead, settings.fixed_timeout);
    // Synchronise outside the clock: the engine has finished with the previous search.
    let reply = process
        .ready(settings.handshake_timeout)
        .and_then(|()| process.go(&position_command(game), &clock.go_args(side), allowed));
    let reply = match reply {
        Ok(reply) => reply,
        Err(failure) => {
            // Its state is unknown (still searching, or dead): the next game starts a new one.
            *seat.process = None;
            return Err(match failure {
                EngineFailure::Silent { waiting_for: "bestmove", .. } if seat.time_control.is_clock() => {
                    Termination::TimeLoss { elapsed: None, allowed }
                }
                other => Termination::EngineFailure(other),
            });
        }
    };
    if reply.elapsed > allowed && seat.time_control.is_clock() {
        return Err(Termination::TimeLoss { elapsed: Some(reply.elapsed), allowed });
    }
    match reply.best.as_str() {
        "resign" => return Err(Termination::Resignation),
        // Minishogi has no entering-king declaration.
        "win" => return Err(Termination::IllegalMove { mv: "win".into() }),
        _ => {}
    }
    let m = game
        .position()
        .parse_move(&reply.best)
        .map_err(|_| Termination::IllegalMove { mv: reply.best.clone() })?;
    clock.charge(side, reply.elapsed);
    Ok((m, reply.elapsed))
}

/// Tells the engines still running how the game ended.
fn finish(played: PlayedGame, seats: [&mut Seat<'_>; 2]) -> PlayedGame {
    for (color, seat) in Color::ALL.into_iter().zip(seats) {
        if let Some(process) = seat.process.as_mut() {
            let verdict = match played.result.winner {
                None => "draw",
                Some(w) if w == color => "win",
                Some(_) => "lose",
            };
            if process.send(&format!("gameover {verdict}")).is_err() {
                *seat.process = None;
            }
        }
    }
    played
}
