//! One game between two players, refereed by the rules crate's [`Game`]: the players' moves are
//! checked, the clock is kept, and a failing engine loses the game (and is dropped, so the next
//! game starts it afresh).

use crate::clock::GameClock;
use crate::error::EngineFailure;
use crate::game_settings::GameSettings;
use crate::opening::Opening;
use crate::player::Player;
use crate::termination::{GameResult, Termination};
use crate::TimeControl;
use minishogi::{Color, Game, Move, Position};
use std::time::Duration;

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

impl PlayedGame {
    /// The position the game ended in.
    pub fn final_position(&self) -> Position {
        let mut position = self.opening.start.clone();
        for &m in self.opening.moves.iter().chain(&self.moves) {
            position.play(m);
        }
        position
    }
}

/// Plays `opening` to the end with `players` = [sente, gote] under their `time_controls`.
pub fn play_game(
    opening: &Opening,
    players: [&mut dyn Player; 2],
    time_controls: [TimeControl; 2],
    settings: &GameSettings,
) -> PlayedGame {
    let mut game = opening.game(settings.rules);
    let mut played = PlayedGame {
        opening: opening.clone(),
        moves: Vec::new(),
        times: Vec::new(),
        result: GameResult { winner: None, termination: Termination::PlyCap },
    };
    for color in Color::ALL {
        if let Err(e) = players[color.index()].new_game(settings) {
            played.result = GameResult::loss(color, Termination::EngineFailure(e));
            return finish(played, players);
        }
    }
    let mut clock = GameClock::new(time_controls);
    played.result = loop {
        if let Some(outcome) = game.outcome() {
            break GameResult { winner: outcome.winner, termination: Termination::Rules(outcome.reason) };
        }
        if game.moves().len() >= settings.ply_cap {
            break GameResult { winner: None, termination: Termination::PlyCap };
        }
        let side = game.position().side_to_move();
        let tc = time_controls[side.index()];
        match one_move(&game, &mut *players[side.index()], tc, &mut clock, settings) {
            Ok((m, elapsed)) => {
                game.play_unchecked(m);
                played.moves.push(m);
                played.times.push(elapsed);
            }
            Err(termination) => break GameResult::loss(side, termination),
        }
    };
    finish(played, players)
}

/// Asks the side to move for its move and checks it; a failure is how that side lost.
fn one_move(
    game: &Game,
    player: &mut dyn Player,
    time_control: TimeControl,
    clock: &mut GameClock,
    settings: &GameSettings,
) -> Result<(Move, Duration), Termination> {
    let side = game.position().side_to_move();
    let allowed = clock.deadline(side, settings.move_overhead, settings.fixed_timeout);
    let reply = match player.go(game, &clock.go_args(side), allowed, settings) {
        Ok(reply) => reply,
        Err(failure) => {
            return Err(match failure {
                EngineFailure::Silent { waiting_for: "bestmove", .. } if time_control.is_clock() => {
                    Termination::TimeLoss { elapsed: None, allowed }
                }
                other => Termination::EngineFailure(other),
            });
        }
    };
    if reply.elapsed > allowed && time_control.is_clock() {
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

/// Tells the players how the game ended.
fn finish(played: PlayedGame, players: [&mut dyn Player; 2]) -> PlayedGame {
    for (color, player) in Color::ALL.into_iter().zip(players) {
        let verdict = match played.result.winner {
            None => "draw",
            Some(w) if w == color => "win",
            Some(_) => "lose",
        };
        player.game_over(verdict);
    }
    played
}
