//! `minishogi minjiku selfplay`, `tune` and `match` as a user runs them: the harness for Minjiku.

use crate::common::{assert_error, ok, run};
use minjiku::PositionWithMoves;

#[test]
fn selfplay_then_tune_then_match() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let (data, lines, tuned) = (path("sp.txt"), path("games.txt"), path("tuned.json"));
    let text = ok(&run(&[
        "minjiku",
        "selfplay",
        "--games",
        "6",
        "--nodes",
        "200",
        "--threads",
        "2",
        "--seed",
        "4",
        "--out",
        &data,
        "--games-out",
        &lines,
    ]));
    assert!(text.starts_with("6 games, "), "{text}");
    let games = std::fs::read_to_string(&lines).expect("the game lines");
    assert_eq!(games.lines().count(), 6);
    for line in games.lines() {
        assert!(PositionWithMoves::parse(line).is_ok_and(|g| !g.moves.is_empty()), "{line}");
    }
    let text = ok(&run(&[
        "minjiku",
        "tune",
        "--data",
        &data,
        "--out",
        &tuned,
        "--epochs",
        "3",
        "--threads",
        "2",
        "--only",
        "material,tempo",
    ]));
    assert!(text.contains("quiet; K = ") && text.contains("largest changes:"), "{text}");
    // Only weights named material.* or tempo may have moved.
    for line in
        text.lines().skip_while(|l| *l != "largest changes:").skip(1).take_while(|l| l.starts_with("  "))
    {
        let mut words = line.split_whitespace();
        let (name, before, after) = (words.next(), words.next(), words.nth(1));
        let moved = before != after;
        let may = name.is_some_and(|n| n.starts_with("material") || n.starts_with("tempo"));
        assert!(!moved || may, "{line}");
    }
    let text = ok(&run(&[
        "minjiku",
        "match",
        "--a",
        &tuned,
        "--b",
        "initial",
        "--nodes",
        "200",
        "--games",
        "4",
        "--threads",
        "2",
        "--records",
        &path("m.tsv"),
    ]));
    assert!(text.contains("pentanomial") && text.contains("over 2 pairs"), "{text}");
    let records = std::fs::read_to_string(path("m.tsv")).expect("the records");
    assert_eq!(records.lines().count(), 4);
    for line in records.lines() {
        let game = line.rsplit('\t').next().expect("the game");
        assert!(PositionWithMoves::parse(game).is_ok(), "{line}");
    }
}

#[test]
fn the_harness_commands_refuse_bad_input() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let bad = dir.path().join("bad.txt");
    std::fs::write(
        &bad,
        "# minishogi-harness dataset 1\n# game minjiku\n1-0\tcheckmate\t0\t5\tstartpos moves a1a9\n",
    )
    .expect("written");
    let bad = bad.to_string_lossy();
    let out = dir.path().join("w.json");
    let out = out.to_string_lossy();
    assert_error(&run(&["minjiku", "tune", "--data", &bad, "--out", &out]), &["bad.txt:3", "move 1"]);
    assert_error(
        &run(&["minjiku", "tune", "--data", &bad, "--out", &out, "--only", "nosuch"]),
        &["--only nosuch"],
    );
    assert_error(&run(&["minjiku", "match", "--a", "missing.json", "--games", "2"]), &["missing.json"]);
    assert_error(
        &run(&[
            "minjiku",
            "selfplay",
            "--games",
            "1",
            "--out",
            &out,
            "--opening-min",
            "5",
            "--opening-max",
            "2",
        ]),
        &["--opening-min"],
    );
}

#[test]
fn a_match_on_a_clock_with_increment_plays_and_records_its_games() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let records = dir.path().join("tc.tsv").to_string_lossy().into_owned();
    let args = ["minjiku", "match", "--tc", "2+0.02", "--games", "2", "--ply-cap", "30", "--threads", "2"];
    let text = ok(&run(&[&args[..], &["--records", &records]].concat()));
    assert!(text.contains("clock main=2s,inc=20ms a game"), "{text}");
    assert!(text.contains("pentanomial") && text.contains("over 1 pairs"), "{text}");
    let lines = std::fs::read_to_string(&records).expect("the records");
    assert_eq!(lines.lines().count(), 2);
    for line in lines.lines() {
        let game = line.rsplit('\t').next().expect("the game");
        assert!(PositionWithMoves::parse(game).is_ok(), "{line}");
    }
}

#[test]
fn a_clock_of_one_millisecond_loses_every_game_on_time() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let records = dir.path().join("flag.tsv").to_string_lossy().into_owned();
    let text = ok(&run(&[
        "minjiku",
        "match",
        "--tc",
        "0.001+0",
        "--move-overhead",
        "0ms",
        "--games",
        "2",
        "--threads",
        "1",
        "--records",
        &records,
    ]));
    assert!(text.contains("endings: time-loss 2"), "{text}");
    for line in std::fs::read_to_string(&records).expect("the records").lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        // The time it took and the time it had left, in whole milliseconds (at most the 1 ms).
        assert!(fields[4].starts_with("time-loss (") && fields[4].ends_with(" ms)"), "{line}");
        assert!(fields[4].ends_with(" of 0 ms)") || fields[4].ends_with(" of 1 ms)"), "{line}");
        // The late move is not played: the side to move at the end lost.
        let game = PositionWithMoves::parse(fields[7]).expect("the game");
        let first_lost = game.moves.len().is_multiple_of(2);
        assert_eq!(fields[3], if first_lost { "0-1" } else { "1-0" }, "{line}");
    }
}

#[test]
fn the_clock_flags_refuse_bad_values() {
    let tc = |value: &str| run(&["minjiku", "match", "--games", "2", "--tc", value]);
    assert_error(&tc("fast"), &["'fast' is not a duration"]);
    assert_error(&tc("byoyomi=1s"), &["--tc takes no byoyomi", "10+0.1"]);
    assert_error(&tc("0+0.1"), &["--tc needs a base time"]);
    assert_error(&tc("nodes=500"), &["--tc", "--nodes"]);
    assert_error(&tc("1+x"), &["'x' is not a duration"]);
    let both = run(&["minjiku", "match", "--tc", "10+0.1", "--nodes", "500"]);
    assert_eq!(both.status.code(), Some(2), "--tc and --nodes together");
    let overhead_alone = run(&["minjiku", "match", "--move-overhead", "5ms"]);
    assert_eq!(overhead_alone.status.code(), Some(2), "--move-overhead without --tc");
    assert_error(
        &run(&["minjiku", "match", "--tc", "10+0.1", "--move-overhead", "soon"]),
        &["--move-overhead", "'soon' is not a duration"],
    );
}
