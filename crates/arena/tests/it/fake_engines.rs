//! The match runner against scripted fake engines (a shell script): a normal game, time losses,
//! an illegal move, garbage, a crash, silence, and an engine that never finishes its handshake.
#![cfg(unix)]
#![allow(clippy::unwrap_used)]

use minishogi::game::EndReason;
use minishogi::{Color, RuleSet};
use minishogi_arena::records::{to_kif, RecordWriter, RECORDS_HEADER};
use minishogi_arena::{
    run_match, EngineSpec, Error, FinishedGame, GameSettings, MatchSettings, Opening, PlayerSpec,
    Termination, TimeControl,
};
use std::time::Duration;

fn fake(mode: &str) -> EngineSpec {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fake_engines/fake_engine.sh");
    EngineSpec::new(&format!("sh {script} {mode}"), &[]).unwrap()
}

fn settings(one: &str, two: &str, tc: TimeControl, pairs: usize) -> MatchSettings {
    MatchSettings {
        players: [PlayerSpec::process(fake(one), tc), PlayerSpec::process(fake(two), tc)],
        openings: vec![Opening::startpos()],
        pairs,
        concurrency: 2,
        game: GameSettings {
            rules: RuleSet::Standard,
            ply_cap: 100,
            move_overhead: Duration::from_millis(100),
            fixed_timeout: Duration::from_millis(500),
            handshake_timeout: Duration::from_secs(2),
        },
        sprt: None,
        stop_on_failure: false,
    }
}

/// Runs a match and returns its games in order.
fn games(settings: &MatchSettings) -> Vec<FinishedGame> {
    let mut games = Vec::new();
    let score = run_match(settings, &mut |g, _| games.push(g.clone())).unwrap();
    assert_eq!(score.tally.games() as usize, 2 * settings.pairs);
    assert_eq!(score.pentanomial.pairs() as usize, settings.pairs);
    games.sort_by_key(|g| g.number);
    games
}

#[test]
fn a_scripted_game_ends_in_mate_and_is_recorded() {
    let games = games(&settings("script", "script", TimeControl::Nodes(100), 1));
    for g in &games {
        assert_eq!(g.game.result.termination, Termination::Rules(EndReason::Checkmate));
        assert_eq!(g.game.moves.len(), 18);
        // The script mates with gote, whoever plays it.
        assert_eq!(g.game.result.winner, Some(Color::Gote));
    }
    assert_eq!(games[0].players, ["fake-script #1", "fake-script #2"]);
    assert_eq!(games[1].players, ["fake-script #2", "fake-script #1"]);
    assert_eq!(games[0].engine1_points() + games[1].engine1_points(), 1.0);

    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("games.tsv");
    let mut writer = RecordWriter::create(Some(&records), Some(&dir.path().join("kif"))).unwrap();
    for g in &games {
        writer.write(g).unwrap();
    }
    drop(writer);
    let text = std::fs::read_to_string(&records).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], RECORDS_HEADER);
    let fields: Vec<&str> = lines[1].split('\t').collect();
    assert_eq!(&fields[..6], ["1", "fake-script #1", "fake-script #2", "0-1", "checkmate", "startpos"]);
    assert!(fields[6].starts_with("3e4d 3a3b 4e3d") && fields[6].ends_with("5a5d"), "{}", fields[6]);
    assert_eq!(fields[7].split(' ').count(), 18);
    let kif = std::fs::read_to_string(dir.path().join("kif/game-0002.kif")).unwrap();
    assert!(kif.contains("手合割：５五将棋\n先手：fake-script #2\n後手：fake-script #1\n"), "{kif}");
    assert!(kif.contains("   1 ４四銀(35)     ( 0:00/00:00:00)\n"), "{kif}");
    assert!(kif.contains("  10 ３四金打"), "{kif}");
    assert!(kif.contains("  19 詰み\n*checkmate\nまで18手で後手の勝ち\n"), "{kif}");
    assert_eq!(kif, to_kif(&games[1]));
}

#[test]
fn an_engine_that_overstays_its_clock_loses_on_time() {
    let tc = TimeControl::byoyomi(Duration::from_millis(100));
    // `late` answers after the deadline, `slow` never: both lose when the deadline passes.
    for mode in ["late", "slow"] {
        for g in games(&settings(mode, "script", tc, 1)) {
            let loser = !g.game.result.winner.unwrap();
            let loser_is_engine1 = loser == g.engine1_color;
            assert!(loser_is_engine1, "{mode}: {:?}", g.game.result);
            match g.game.result.termination {
                Termination::TimeLoss { elapsed, allowed } => {
                    assert_eq!(allowed, Duration::from_millis(200));
                    assert_eq!(elapsed, None, "{mode}");
                    let text = g.game.result.termination.to_string();
                    assert_eq!(text, "time-loss (no move within 200 ms)");
                }
                ref other => panic!("{mode}: {other:?}"),
            }
        }
    }
}

#[test]
fn illegal_moves_garbage_crashes_and_silence_lose_and_the_match_goes_on() {
    let cases = [
        ("illegal", TimeControl::Nodes(100), "illegal-move (1a1b)"),
        ("garbage", TimeControl::Nodes(100), "illegal-move (xyzzy)"),
        ("crash", TimeControl::Nodes(100), "engine-failure (exited while we waited for 'bestmove')"),
        ("slow", TimeControl::Nodes(100), "engine-failure (no 'bestmove' within 0.5 s)"),
    ];
    for (mode, tc, ending) in cases {
        // Two pairs on two workers: the crashed or silent engine is restarted for each game.
        let games = games(&settings(mode, "script", tc, 2));
        assert_eq!(games.len(), 4);
        for g in games {
            assert_eq!(g.game.result.termination.to_string(), ending, "{mode}");
            assert_eq!(g.engine1_points(), 0.0, "{mode}");
        }
    }
}

#[test]
fn an_engine_that_never_finishes_its_handshake_stops_the_match() {
    let mut s = settings("script", "silent", TimeControl::Nodes(100), 1);
    s.game.handshake_timeout = Duration::from_millis(300);
    match run_match(&s, &mut |_, _| {}) {
        Err(Error::EngineStart { source, .. }) => assert_eq!(source.to_string(), "no 'usiok' within 0.3 s"),
        other => panic!("{:?}", other.map(|s| s.tally)),
    }
}
