//! The USI client against scripted fake engines, and a match against one.
#![allow(clippy::unwrap_used)]

use minishogi::{Game, Position, RuleSet};
use minishogi_engine::Weights;
use minishogi_selfplay::matches::{play_match, MatchConfig, PlayerSpec};
use minishogi_selfplay::usi_client::UsiEngine;
use std::path::Path;
use std::time::Duration;

/// Writes a fake engine: a POSIX shell loop answering the handshake, and `go` with `reply`.
fn fake_engine(dir: &Path, name: &str, reply: &str) -> String {
    let path = dir.join(name);
    let script = format!(
        "while read line; do\n  case \"$line\" in\n    usi) echo 'id name {name}'; echo 'option name X type spin'; echo usiok;;\n    \
         isready) echo readyok;;\n    go*) echo 'info depth 1 score cp 0'; {reply};;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    format!("sh {}", path.display())
}

#[test]
fn handshake_and_moves() {
    let dir = tempfile::tempdir().unwrap();
    let cmd = fake_engine(dir.path(), "Fixed", "echo 'bestmove 5d5c'");
    let mut engine =
        UsiEngine::start(&cmd, &[("USI_Hash".into(), "16".into())], Duration::from_secs(10)).unwrap();
    assert_eq!(engine.name(), "Fixed");
    engine.new_game().unwrap();
    let mut game = Game::new(Position::startpos(), RuleSet::Standard);
    let m = engine.best_move(&game, "nodes 100").unwrap().unwrap();
    assert_eq!(m.to_string(), "5d5c");
    // Now gote is to move and 5d5c is not a legal gote move: reported, not played.
    game.play(m).unwrap();
    let err = engine.best_move(&game, "nodes 100").unwrap_err().to_string();
    assert!(err.contains("illegal move 5d5c"), "{err}");
}

#[test]
fn garbage_death_and_silence_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let game = Game::new(Position::startpos(), RuleSet::Standard);
    let garbage = fake_engine(dir.path(), "Garbage", "echo 'bestmove @@'");
    let mut engine = UsiEngine::start(&garbage, &[], Duration::from_secs(10)).unwrap();
    assert!(engine.best_move(&game, "nodes 1").unwrap_err().to_string().contains("illegal move @@"));

    let dies = fake_engine(dir.path(), "Dies", "exit 3");
    let mut engine = UsiEngine::start(&dies, &[], Duration::from_secs(10)).unwrap();
    let err = engine.best_move(&game, "nodes 1").unwrap_err().to_string();
    assert!(err.contains("exited"), "{err}");

    let silent = fake_engine(dir.path(), "Silent", "true");
    let mut engine = UsiEngine::start(&silent, &[], Duration::from_millis(300)).unwrap();
    let err = engine.best_move(&game, "nodes 1").unwrap_err().to_string();
    assert!(err.contains("no 'bestmove'"), "{err}");

    let err = UsiEngine::start("/nonexistent/engine", &[], Duration::from_secs(1)).err().unwrap().to_string();
    assert!(err.contains("cannot start"), "{err}");
}

#[test]
fn match_against_a_resigning_engine_is_won_every_time() {
    let dir = tempfile::tempdir().unwrap();
    let cmd = fake_engine(dir.path(), "Resigns", "echo 'bestmove resign'");
    let a = PlayerSpec::Engine { name: "engine".into(), weights: Box::new(Weights::initial()), nodes: 200 };
    let b = PlayerSpec::Usi { command: cmd, go: "nodes 1".into(), options: vec![] };
    let config = MatchConfig { pairs: 4, ..MatchConfig::default() };
    let pool = minishogi_selfplay::thread_pool(Some(2)).unwrap();
    let state = pool.install(|| play_match(&config, &a, &b, &|_| {})).unwrap();
    assert_eq!(state.pentanomial.counts, [0, 0, 0, 0, 4]);
    assert_eq!(state.tally.wins, 8);
    let e = state.elo().unwrap();
    assert_eq!(e.score, 1.0);
    assert_eq!(e.elo, f64::INFINITY);
}
