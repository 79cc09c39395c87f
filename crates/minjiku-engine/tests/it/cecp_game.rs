//! Whole games through the protocol: two CECP sessions, each on its own pipes, play each other
//! through a referee that checks every move with the rules crate and the results the engines
//! announce against the rules crate's.

#![allow(clippy::unwrap_used)]

use minjiku::{Color, Game, Position};
use minjiku_engine::cecp::Cecp;
use minjiku_engine::Weights;
use std::io::{BufRead, BufReader, PipeReader, PipeWriter, Write};
use std::thread::JoinHandle;

/// One engine's session: its input pipe, its output, its thread.
struct Engine {
    to: PipeWriter,
    from: BufReader<PipeReader>,
    thread: JoinHandle<std::io::Result<()>>,
}

impl Engine {
    fn start() -> Engine {
        let (in_r, in_w) = std::io::pipe().unwrap();
        let (out_r, out_w) = std::io::pipe().unwrap();
        let thread = std::thread::spawn(move || {
            Cecp::new(Box::new(out_w), Weights::initial()).run(BufReader::new(in_r))
        });
        Engine { to: in_w, from: BufReader::new(out_r), thread }
    }

    fn send(&mut self, text: &str) {
        writeln!(self.to, "{text}").unwrap();
    }

    fn read_line(&mut self) -> String {
        let mut line = String::new();
        assert!(self.from.read_line(&mut line).unwrap() > 0, "engine closed its output");
        line.trim_end().to_string()
    }

    /// Reads until a `move` line and returns the move; errors fail the test.
    fn read_move(&mut self) -> String {
        loop {
            let line = self.read_line();
            assert!(!line.starts_with("Error") && !line.starts_with("Illegal"), "{line}");
            if let Some(m) = line.strip_prefix("move ") {
                return m.to_string();
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        self.thread.join().unwrap().unwrap();
    }
}

/// The result line XBoard expects for the game's outcome.
fn expected_result(game: &Game) -> Option<&'static str> {
    game.outcome().map(|o| match o.winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    })
}

/// Plays from `fen` (White to move) with `st` seconds a move, at most `max_plies`; returns the
/// referee's game. Each engine announces the end itself, and must agree with the referee.
fn play(fen: &str, st: &str, max_plies: usize) -> Game {
    let mut engines = [Engine::start(), Engine::start()];
    for e in &mut engines {
        e.send("xboard");
        e.send("protover 2");
        assert!(e.read_line().ends_with("done=1"));
        e.send("new");
        e.send(&format!("st {st}"));
        e.send("force");
        e.send(&format!("setboard {fen}"));
    }
    let mut game = Game::new(Position::from_fen(fen).unwrap());
    // engines[0] plays White (to move), engines[1] Black.
    engines[1].send("playother");
    engines[0].send("go");
    while game.outcome().is_none() && game.moves().len() < max_plies {
        let mover = game.moves().len() % 2;
        let text = engines[mover].read_move();
        let m = game.position().parse_move(&text).unwrap_or_else(|e| panic!("{e} after {:?}", game.moves()));
        game.play(m).unwrap();
        engines[1 - mover].send(&format!("usermove {text}"));
    }
    if let Some(result) = expected_result(&game) {
        // Both engines saw the last move and say how the game ended.
        for e in &mut engines {
            e.send("ping 9");
            let mut said = None;
            loop {
                let line = e.read_line();
                if line == "pong 9" {
                    break;
                }
                if line.starts_with("1-0") || line.starts_with("0-1") || line.starts_with("1/2-1/2") {
                    said = Some(line);
                }
            }
            let said = said.expect("the engine announced the result");
            assert!(said.starts_with(&format!("{result} {{")), "{said} but the rules say {result}");
        }
    } else {
        for e in &mut engines {
            e.send("result 1/2-1/2 {adjudicated: move limit}");
        }
    }
    for e in engines {
        e.quit();
    }
    game
}

#[test]
fn a_game_from_the_start_is_legal_throughout() {
    let game = play("startpos", "0.01", 160);
    assert!(game.moves().len() >= 40 || game.outcome().is_some(), "{} plies", game.moves().len());
}

#[test]
fn a_won_endgame_is_won_and_announced() {
    // Queen, Jumping General and Fire Dragon against a bare King.
    let game = play("k1/10/10/10/10/10/10/10/10/10/QJF7/1K w", "0.03", 200);
    let outcome = game.outcome().expect("the game ended");
    assert_eq!(outcome.winner, Some(Color::White), "{outcome:?} after {} plies", game.moves().len());
}
