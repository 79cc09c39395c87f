//! Minjiku self-play through the generic harness, and its text dataset.
#![allow(clippy::unwrap_used)]

use minishogi_arena::variant::{Minjiku, Variant};
use minishogi_arena::OpeningConfig;
use minishogi_selfplay::text_dataset::{self, TextMeta};
use minishogi_selfplay::variant_games::{for_each_position, play_games, SelfplaySettings, NO_SCORE};
use minishogi_selfplay::{LineProblem, TextDatasetError};

fn settings(games: usize) -> SelfplaySettings {
    SelfplaySettings {
        games,
        first_game: 0,
        nodes: 150,
        node_jitter: 0.25,
        seed: 3,
        ply_cap: 120,
        opening: OpeningConfig { check_nodes: 100, ..OpeningConfig::default() },
        hash_mb: 1,
    }
}

fn meta() -> TextMeta {
    TextMeta { game: "minjiku".into(), seed: 3, nodes: 150, weights: "initial".into(), ply_cap: 120 }
}

#[test]
fn minjiku_games_are_legal_labelled_and_repeatable_on_any_thread_count() {
    let weights = Minjiku.initial_weights();
    let pool = |n| rayon::ThreadPoolBuilder::new().num_threads(n).build().unwrap();
    let games = pool(2).install(|| play_games(&Minjiku, &settings(4), &weights, &|| {}));
    let again = pool(1).install(|| play_games(&Minjiku, &settings(4), &weights, &|| {}));
    assert_eq!(games, again);
    let mut labelled = 0;
    for g in &games {
        assert_eq!(g.moves.len(), g.scores.len());
        assert!(g.scores[..g.opening_plies].iter().all(|&s| s == NO_SCORE));
        assert!(g.outcome.is_some() || g.moves.len() == 120, "ended by the rules or the cap");
        labelled += g.moves.len() - g.opening_plies;
    }
    let mut seen = 0;
    for_each_position(&Minjiku, &games, |lp| {
        seen += 1;
        assert!(Minjiku.is_legal(lp.position, lp.best));
        assert!([0.0, 0.5, 1.0].contains(&lp.result));
    });
    assert_eq!(seen, labelled);
}

#[test]
fn a_text_dataset_reads_back_and_its_game_lines_are_position_with_moves() {
    let games = play_games(&Minjiku, &settings(3), &Minjiku.initial_weights(), &|| {});
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.txt");
    text_dataset::save(&Minjiku, &meta(), &games, &path).unwrap();
    let (read_meta, read) = text_dataset::load(&Minjiku, &path).unwrap();
    assert_eq!((read_meta, read), (meta(), games.clone()));
    let lines = dir.path().join("lines.txt");
    text_dataset::save_lines(&Minjiku, &games, &lines).unwrap();
    for (line, g) in std::fs::read_to_string(&lines).unwrap().lines().zip(&games) {
        assert!(line.starts_with("startpos moves "), "{line}");
        let replayed = minjiku::PositionWithMoves::parse(line).unwrap();
        assert_eq!(replayed.moves, g.moves);
    }
}

#[test]
fn bad_text_datasets_are_errors_naming_the_line() {
    let games = play_games(&Minjiku, &settings(1), &Minjiku.initial_weights(), &|| {});
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.txt");
    text_dataset::save(&Minjiku, &meta(), &games, &path).unwrap();
    let good = std::fs::read_to_string(&path).unwrap();
    let game_line = good.lines().last().unwrap();
    let write = |text: &str| {
        std::fs::write(&path, text).unwrap();
        text_dataset::load(&Minjiku, &path).unwrap_err()
    };
    let header: String = good.lines().take(6).map(|l| format!("{l}\n")).collect();
    let problem = |e: TextDatasetError| match e {
        TextDatasetError::Line { line, problem, .. } => (line, problem),
        other => panic!("{other}"),
    };
    // A wrong result.
    let flipped = game_line.replacen("1-0", "0-1", 1).replacen("\t0-1", "\t1-0", 0);
    if flipped != game_line {
        let (line, p) = problem(write(&format!("{header}{flipped}\n")));
        assert_eq!(line, 7);
        assert!(matches!(p, LineProblem::Verdict { .. }), "{p}");
    }
    // An illegal move: the game's first move played twice.
    let (head, moves) = game_line.split_once(" moves ").unwrap();
    let first = moves.split(' ').next().unwrap();
    let (_, p) = problem(write(&format!("{header}{head} moves {first} {first} {moves}\n")));
    assert!(matches!(p, LineProblem::Move { index: 2, .. }), "{p}");
    // Truncated fields, garbage, a wrong first line, another game.
    let (_, p) = problem(write(&format!("{header}1-0\tcheckmate\n")));
    assert!(matches!(p, LineProblem::Fields(2)), "{p}");
    let (_, p) = problem(write(&format!("{header}1-0\tcheckmate\tx\t1\tstartpos\n")));
    assert!(matches!(p, LineProblem::Opening(_)), "{p}");
    let (line, p) = problem(write("garbage\n"));
    assert!(line == 1 && matches!(p, LineProblem::Magic(_)), "{p}");
    let other = good.replace("# game minjiku", "# game minishogi");
    assert!(matches!(write(&other), TextDatasetError::WrongGame { .. }));
    assert!(text_dataset::load(&Minjiku, &dir.path().join("missing")).is_err());
}
