//! Tuning towards known weights on positions labelled by them.
#![allow(clippy::unwrap_used)]

use minishogi_engine::linear::evaluate;
use minishogi_engine::Weights;
use minishogi_selfplay::{selfplay, SelfplayConfig};
use minishogi_trainer::tune::TrainingSet;
use minishogi_trainer::{tune_weights, TuneConfig};

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap()
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
