//! A scripted CECP session: the handshake, moves both ways, setboard, bad input, an illegal
//! move and ping, each answer checked against the rules crate.

#![allow(clippy::unwrap_used)]

use minjiku::{Game, Position};
use minjiku_engine::cecp::Cecp;
use minjiku_engine::Weights;
use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

/// Collects what the engine writes.
#[derive(Clone, Default)]
struct Transcript(Arc<Mutex<Vec<u8>>>);

impl Write for Transcript {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().write(bytes)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs a session on `input` and returns the engine's lines.
fn session(input: &str) -> Vec<String> {
    let transcript = Transcript::default();
    Cecp::new(Box::new(transcript.clone()), Weights::initial()).run(Cursor::new(input.to_string())).unwrap();
    let text = String::from_utf8(transcript.0.lock().unwrap().clone()).unwrap();
    text.lines().map(str::to_string).collect()
}

fn moves_of(lines: &[String]) -> Vec<String> {
    lines.iter().filter_map(|l| l.strip_prefix("move ").map(str::to_string)).collect()
}

#[test]
fn handshake_announces_the_features() {
    let lines = session("xboard\nprotover 2\nquit\n");
    assert_eq!(lines.len(), 1, "{lines:?}");
    let features = &lines[0];
    assert!(features.starts_with("feature "), "{features}");
    for f in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "sigint=0",
        "sigterm=0",
        "myname=\"",
        "variants=\"minjiku\"",
        "done=1",
    ] {
        assert!(features.contains(f), "{f} missing from {features}");
    }
    assert!(features.ends_with("done=1"));
}

#[test]
fn moves_both_ways_are_legal_and_pong_answers_ping() {
    // The engine plays Black after `new`; a user move makes it reply; `go` makes it play White
    // from the position after that.
    let lines = session("xboard\nprotover 2\nnew\nsd 2\nusermove h2a9+\nping 1\n");
    let replies = moves_of(&lines);
    assert_eq!(replies.len(), 1, "{lines:?}");
    assert!(lines.contains(&"pong 1".to_string()), "{lines:?}");
    let mut game = Game::new(Position::startpos());
    let m = game.position().parse_move("h2a9+").unwrap();
    game.play(m).unwrap();
    let reply = game.position().parse_move(&replies[0]).unwrap();
    assert!(game.play(reply).is_ok());
}

#[test]
fn force_mode_records_moves_and_go_plays_the_side_to_move() {
    let lines = session("new\nforce\nusermove h2a9+\nusermove e9e2\nsd 1\ngo\n");
    let replies = moves_of(&lines);
    assert_eq!(replies.len(), 1, "{lines:?}");
    let mut pos = Position::startpos();
    for text in ["h2a9+", "e9e2", &replies[0]] {
        let m = pos.parse_move(text).unwrap();
        pos.play(m);
    }
}

#[test]
fn setboard_sets_the_position_and_bad_ones_are_refused() {
    // Two kings and a White Fire Dragon: the engine (White, by `go`) must reply in this position.
    let fen = "k1/10/10/10/10/10/10/10/10/F9/10/K1 w";
    let lines = session(&format!("new\nforce\nsetboard {fen}\nsetboard 8/8 w\nst 0.05\ngo\n"));
    assert!(
        lines.iter().any(|l| l.starts_with("Error (bad position") && l.ends_with("setboard 8/8 w")),
        "{lines:?}"
    );
    let replies = moves_of(&lines);
    assert_eq!(replies.len(), 1, "{lines:?}");
    let pos = Position::from_fen(fen).unwrap();
    assert!(pos.parse_move(&replies[0]).is_ok(), "{} is not legal in {fen}", replies[0]);
}

#[test]
fn bad_commands_and_illegal_moves_get_errors_and_the_loop_goes_on() {
    let input = "xboard\nfrobnicate\nst\nsd many\nlevel 40\nusermove a1a9\nusermove zz\n\
                 usermove\n\u{0}\u{7f}garbage\nping 2\nnew\nforce\nusermove h2a9+\nping 3\nquit\nping 4\n";
    let lines = session(input);
    assert!(lines.contains(&"Error (unknown command): frobnicate".to_string()), "{lines:?}");
    assert!(lines.contains(&"Error (missing argument): st".to_string()), "{lines:?}");
    assert!(lines.contains(&"Error (bad argument 'many'): sd many".to_string()), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("Error (bad argument") && l.ends_with("level 40")),
        "{lines:?}"
    );
    assert!(lines.contains(&"Illegal move: a1a9".to_string()), "{lines:?}");
    assert!(lines.contains(&"Illegal move: zz".to_string()), "{lines:?}");
    assert!(lines.contains(&"Error (missing argument): usermove".to_string()), "{lines:?}");
    assert!(lines.contains(&"pong 2".to_string()) && lines.contains(&"pong 3".to_string()), "{lines:?}");
    // Nothing after quit is read; a legal move in force mode gets no answer.
    assert!(!lines.contains(&"pong 4".to_string()), "{lines:?}");
    assert!(moves_of(&lines).is_empty(), "{lines:?}");
}

#[test]
fn the_engine_announces_mate_it_gives() {
    // White: King f0, Rooks a10 and j2 against a bare King on e11 — the engine (White) mates at
    // once (a Rook to the e-file; the other holds rank 10) and says so.
    let fen = "k1/R9/10/10/10/10/10/10/10/9R/10/1K w";
    let pos = Position::from_fen(fen).unwrap();
    let mut game = Game::new(pos.clone());
    let lines = session(&format!("new\nforce\nsetboard {fen}\nsd 3\ngo\n"));
    let replies = moves_of(&lines);
    assert_eq!(replies.len(), 1, "{lines:?}");
    let m = pos.parse_move(&replies[0]).unwrap();
    game.play(m).unwrap();
    let outcome = game.outcome();
    assert!(outcome.is_some_and(|o| o.winner == Some(minjiku::Color::White)), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("1-0 {White mates}"), "{lines:?}");
}
