//! Self-play reproducibility, dataset files, and tuning towards known weights.
#![allow(clippy::unwrap_used)]

use minishogi_engine::{evaluate, Weights};
use minishogi_selfplay::dataset::Dataset;
use minishogi_selfplay::games::{selfplay, SelfplayConfig};
use minishogi_selfplay::training_set::TrainingSet;
use minishogi_selfplay::tune::{tune_weights, TuneConfig};

fn pool(threads: usize) -> rayon::ThreadPool {
    minishogi_selfplay::thread_pool(Some(threads)).unwrap()
}

fn small_config(seed: u64) -> SelfplayConfig {
    SelfplayConfig { games: 6, nodes: 400, seed, ..SelfplayConfig::default() }
}

#[test]
fn same_seed_gives_the_same_games() {
    let w = Weights::initial();
    let one = pool(1).install(|| selfplay(&small_config(42), &w, "initial", &|| {}));
    let again = pool(1).install(|| selfplay(&small_config(42), &w, "initial", &|| {}));
    assert_eq!(one, again);
    // Games are seeded one by one, so the thread count does not matter either.
    let two = pool(2).install(|| selfplay(&small_config(42), &w, "initial", &|| {}));
    assert_eq!(one, two);
    let other = pool(1).install(|| selfplay(&small_config(43), &w, "initial", &|| {}));
    assert_ne!(one.games, other.games);
    // Openings vary between games.
    let starts: std::collections::HashSet<_> =
        one.games.iter().map(|g| (g.moves[..usize::from(g.opening_plies)]).to_vec()).collect();
    assert!(starts.len() > 3, "{starts:?}");
}

#[test]
fn games_end_by_the_rules_and_positions_replay() {
    let w = Weights::initial();
    let data = pool(1).install(|| selfplay(&small_config(5), &w, "initial", &|| {}));
    for g in &data.games {
        // Every game ends by the rules: replaying its moves reaches a finished game.
        let mut game =
            minishogi::Game::new(minishogi::Position::from_sfen(&g.start).unwrap(), Default::default());
        for &bits in &g.moves {
            game.play(minishogi::Move::from_u16(bits).unwrap()).unwrap();
        }
        let outcome = game.outcome().expect("game finished");
        assert_eq!(outcome.winner.map(|c| c.index() as u8), g.winner);
    }
    let mut count = 0;
    data.for_each_position(|lp| {
        count += 1;
        assert!(lp.result == 0.0 || lp.result == 1.0 || lp.result == 0.5);
    })
    .unwrap();
    assert_eq!(count, data.labelled_count());
}

#[test]
fn dataset_files_round_trip_and_reject_damage() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("d.data");
    let w = Weights::initial();
    let data = pool(1).install(|| selfplay(&small_config(9), &w, "initial", &|| {}));
    data.save(&path).unwrap();
    assert_eq!(Dataset::load(&path).unwrap(), data);
    let bytes = std::fs::read(&path).unwrap();
    for cut in [0, 3, 20, bytes.len() / 2, bytes.len() - 1] {
        std::fs::write(&path, &bytes[..cut]).unwrap();
        let err = Dataset::load(&path).unwrap_err().to_string();
        assert!(err.contains("truncated") || err.contains("magic"), "cut {cut}: {err}");
    }
    let mut flipped = bytes.clone();
    let at = bytes.len() - 5;
    flipped[at] ^= 0x40;
    std::fs::write(&path, &flipped).unwrap();
    assert!(Dataset::load(&path).unwrap_err().to_string().contains("checksum"));
    assert!(Dataset::load(&dir.path().join("missing")).is_err());
}

#[test]
fn tuning_on_positions_labelled_by_known_weights_approaches_them() {
    // The "truth": the initial weights with some material values changed a lot.
    let mut truth = Weights::initial();
    truth.board[4] = 900; // rook
    truth.hand[4] = 1000;
    truth.board[3] = 400; // bishop
    truth.hand[0] = 260; // pawn in hand
    let init = Weights::initial();
    // Games played by the truth; every score replaced by the truth's static evaluation.
    let config = SelfplayConfig { games: 60, nodes: 300, seed: 3, ..SelfplayConfig::default() };
    let mut data = pool(2).install(|| selfplay(&config, &truth, "truth", &|| {}));
    for g in &mut data.games {
        let mut pos = minishogi::Position::from_sfen(&g.start).unwrap();
        for (i, &bits) in g.moves.clone().iter().enumerate() {
            if i >= usize::from(g.opening_plies) {
                g.scores[i] = evaluate(&pos, &truth).clamp(-2000, 2000) as i16;
            }
            pos.play(minishogi::Move::from_u16(bits).unwrap());
        }
    }
    let datasets = [data];
    let (set, _) = TrainingSet::from_datasets(&datasets).unwrap();
    assert!(set.len() > 500, "{} positions", set.len());
    let tune = TuneConfig {
        epochs: 200,
        batch_size: 256,
        learning_rate: 4.0,
        lambda: 0.0,
        k: Some(300.0),
        patience: 200,
        validation: 0.0,
        ..TuneConfig::default()
    };
    let (tuned, _, _) = pool(2).install(|| tune_weights(&datasets, &init, &tune, |_| {})).unwrap();
    for (name, t, i, w) in [
        ("board.rook", truth.board[4], init.board[4], tuned.board[4]),
        ("hand.rook", truth.hand[4], init.hand[4], tuned.hand[4]),
        ("board.bishop", truth.board[3], init.board[3], tuned.board[3]),
        ("hand.pawn", truth.hand[0], init.hand[0], tuned.hand[0]),
    ] {
        assert!((w - t).abs() < (i - t).abs() / 2, "{name}: truth {t}, initial {i}, tuned {w}");
    }
    // The evaluation as a whole moved towards the truth's.
    let mut err_init = 0.0;
    let mut err_tuned = 0.0;
    datasets[0]
        .for_each_position(|lp| {
            let t = f64::from(evaluate(&lp.position, &truth));
            err_init += (f64::from(evaluate(&lp.position, &init)) - t).abs();
            err_tuned += (f64::from(evaluate(&lp.position, &tuned)) - t).abs();
        })
        .unwrap();
    assert!(err_tuned < 0.3 * err_init, "mean |error| {err_init} -> {err_tuned}");
}
