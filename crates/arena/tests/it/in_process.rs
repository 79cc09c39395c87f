//! This program's search against scripted fake engines through the one runner: the USI driver's
//! handshake and moves, a match that stops on an engine's failure, and a match against an engine
//! that resigns.
#![cfg(unix)]
#![allow(clippy::unwrap_used)]

use minishogi_arena::usi::{EngineFailure, EngineProcess};
use minishogi_arena::{
    play_match, run_match, EngineSpec, Error, GameSettings, MatchConfig, MatchSettings, Opening, PlayerSpec,
};
use minishogi_engine::Weights;
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

fn search(nodes: u64) -> PlayerSpec {
    PlayerSpec::weights("engine".into(), Weights::initial(), nodes)
}

#[test]
fn handshake_and_moves() {
    let dir = tempfile::tempdir().unwrap();
    let cmd = fake_engine(dir.path(), "Fixed", "echo 'bestmove 5d5c'");
    let spec = EngineSpec::new(&cmd, &["USI_Hash=16".into()]).unwrap();
    let mut engine = EngineProcess::start(&spec, Duration::from_secs(10)).unwrap();
    assert_eq!(engine.name(), "Fixed");
    assert_eq!(engine.options(), ["X type spin"]);
    engine.new_game(Duration::from_secs(10)).unwrap();
    let reply = engine.go("position startpos", "nodes 100", Duration::from_secs(10)).unwrap();
    assert_eq!(reply.best, "5d5c");
    // In a match the engine is gote in the first game, where 5d5c is not legal: the match stops.
    let b = PlayerSpec::usi(&cmd, None, 100, &[]).unwrap();
    let config = MatchConfig { pairs: 1, ..MatchConfig::default() };
    let err = play_match(&config, &search(100), &b, &|_| {}).unwrap_err().to_string();
    assert!(err.starts_with("Fixed played an illegal move 5d5c in "), "{err}");
}

#[test]
fn garbage_death_and_silence_stop_a_match_that_stops_on_failures() {
    let dir = tempfile::tempdir().unwrap();
    let settings = |cmd: &str| MatchSettings {
        players: [PlayerSpec::usi(cmd, None, 1, &[]).unwrap(), search(100)],
        openings: vec![Opening::startpos()],
        pairs: 1,
        concurrency: 1,
        game: GameSettings { fixed_timeout: Duration::from_millis(300), ..GameSettings::default() },
        sprt: None,
        stop_on_failure: true,
    };
    for (name, reply, message) in [
        ("Garbage", "echo 'bestmove @@'", "Garbage played an illegal move @@ in "),
        ("Dies", "exit 3", "exited while we waited for 'bestmove'"),
        ("Silent", "true", "no 'bestmove' within 0.3 s"),
    ] {
        let cmd = fake_engine(dir.path(), name, reply);
        let err = run_match(&settings(&cmd), &mut |_, _| {}).unwrap_err().to_string();
        assert!(err.contains(message), "{name}: {err}");
    }
    match play_match(
        &MatchConfig::for_games(2),
        &search(100),
        &settings("/nonexistent/engine").players[0],
        &|_| {},
    ) {
        Err(Error::EngineStart { source, .. }) => {
            assert!(matches!(source, EngineFailure::Spawn(_)), "{source}")
        }
        other => panic!("{:?}", other.map(|s| s.tally)),
    }
}

#[test]
fn match_against_a_resigning_engine_is_won_every_time() {
    let dir = tempfile::tempdir().unwrap();
    let cmd = fake_engine(dir.path(), "Resigns", "echo 'bestmove resign'");
    let b = PlayerSpec::usi(&cmd, Some("nodes 1"), 1, &[]).unwrap();
    let config = MatchConfig { pairs: 4, ..MatchConfig::default() };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    let pairs = std::sync::atomic::AtomicU64::new(0);
    let score = pool
        .install(|| {
            play_match(&config, &search(200), &b, &|_| {
                pairs.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            })
        })
        .unwrap();
    assert_eq!(pairs.into_inner(), 4);
    assert_eq!(score.pentanomial.counts, [0, 0, 0, 0, 4]);
    assert_eq!(score.tally.wins, 8);
    assert_eq!(score.pair_tally, score.tally);
    let e = score.elo().unwrap();
    assert_eq!(e.score, 1.0);
    assert_eq!(e.elo, f64::INFINITY);
}

#[test]
fn a_match_of_weight_sets_does_not_depend_on_the_thread_count() {
    let a = PlayerSpec::weights("A".into(), Weights::default_embedded(), 150);
    let config = MatchConfig { pairs: 3, seed: 7, ..MatchConfig::default() };
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| play_match(&config, &a, &search(150), &|_| {})).unwrap()
    };
    let (one, two) = (run(1), run(2));
    assert_eq!(one.pentanomial, two.pentanomial);
    assert_eq!((one.tally, one.endings), (two.tally, two.endings));
    assert_eq!(one.names, ["A", "engine"]);
}
