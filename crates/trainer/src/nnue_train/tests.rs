//! The trainer's gradient against finite differences, a loss that falls on a tiny dataset, the
//! quantised network against the float one, and the float file round trip.

use super::backprop::{backward, sample_loss, TailGradient};
use super::*;
use minishogi::Position;
use minishogi_engine::nnue::HIDDEN;
use minishogi_engine::Weights;
use minishogi_selfplay::{selfplay, SelfplayConfig};

fn tiny_sets() -> (SampleSets, Vec<Position>) {
    let config = SelfplayConfig { games: 16, nodes: 300, seed: 5, ..SelfplayConfig::default() };
    let data = selfplay(&config, &Weights::initial(), "initial", &|| {});
    let sets = SampleSets::from_datasets(std::slice::from_ref(&data), 0.25, 9).unwrap();
    assert!(!sets.valid.is_empty(), "no game was held out");
    let mut positions = Vec::new();
    data.for_each_position(|lp| positions.push(lp.position.clone())).unwrap();
    (sets, positions)
}

#[test]
fn the_gradient_matches_finite_differences() {
    let pos = Position::from_sfen("2k2/G4/5/5/K4 b RBSPrbgs 1").unwrap();
    let sample = Sample::new(&pos, 150, 1.0);
    let net = FloatNetwork::random(3);
    let lambda = 0.5;
    let mut tail = TailGradient::zero();
    let d_acc = backward(&net, &sample, lambda, &mut tail);
    let numeric = |change: &dyn Fn(&mut FloatNetwork, f32)| {
        let h = 1e-3;
        let (mut up, mut down) = (net.clone(), net.clone());
        change(&mut up, h);
        change(&mut down, -h);
        (sample_loss(&up, &sample, lambda) - sample_loss(&down, &sample, lambda)) / (2.0 * h)
    };
    let close = |a: f32, b: f32| (a - b).abs() <= 2e-3 * a.abs().max(b.abs()).max(1e-2);
    let g = numeric(&|n, h| n.l3_bias += h);
    assert!(close(g, tail.l3_bias), "{g} vs {}", tail.l3_bias);
    for o in [0, 7, 31] {
        let g = numeric(&|n, h| n.l3_weights[o] += h);
        assert!(close(g, tail.l3_weights[o]), "l3 {o}: {g} vs {}", tail.l3_weights[o]);
    }
    for i in [0, 100, 200, 255] {
        let g = numeric(&|n, h| n.l2_weights[3 * 2 * HIDDEN + i] += h);
        let a = tail.l2_weights[3 * 2 * HIDDEN + i];
        assert!(close(g, a), "l2 {i}: {g} vs {a}");
    }
    // A first-layer row of an active feature of the side to move: its gradient is d_acc.
    let f = usize::from(sample.features[0][0]);
    for j in [0, 50, 127] {
        let g = numeric(&|n, h| n.l1_weights[f * HIDDEN + j] += h);
        assert!(close(g, d_acc[j]), "l1 {j}: {g} vs {}", d_acc[j]);
    }
}

#[test]
fn training_on_a_tiny_dataset_lowers_the_loss() {
    let (sets, _) = tiny_sets();
    assert!(sets.train.len() > 100, "{} samples", sets.train.len());
    let mut net = FloatNetwork::random(1);
    let config = NetTrainConfig { epochs: 8, batch_size: 64, learning_rate: 3e-3, ..Default::default() };
    let report = train_network(&mut net, &sets, &config, &|_| {});
    let first = report.epochs[0];
    let last = report.epochs[report.epochs.len() - 1];
    assert!(last.train_loss < 0.7 * first.train_loss, "{first:?} -> {last:?}");
    // The kept network is the best validation epoch's.
    let best = report.epochs[report.best_epoch].valid_loss;
    assert!((mean_loss(&net, &sets.valid, config.lambda) - best).abs() < 1e-9);
    assert!(report.epochs.iter().all(|e| e.valid_loss >= best));
}

#[test]
fn a_game_is_read_once_and_its_side_of_the_split_follows_its_moves_not_its_index() {
    let config = SelfplayConfig { games: 12, nodes: 200, seed: 6, ..SelfplayConfig::default() };
    let data = selfplay(&config, &Weights::initial(), "initial", &|| {});
    let once = SampleSets::from_datasets(std::slice::from_ref(&data), 0.3, 4).unwrap();
    assert!(!once.valid.is_empty() && !once.train.is_empty());
    assert_eq!(once.repeated_games, 0);
    // The same games again, in reverse order and after a dataset of their own: each is read
    // once, and lands on the side it landed on before.
    let mut reversed = data.clone();
    reversed.games.reverse();
    let twice = SampleSets::from_datasets(&[reversed, data.clone()], 0.3, 4).unwrap();
    assert_eq!(twice.repeated_games, data.games.len());
    assert_eq!((twice.positions, twice.repeated_positions), (once.positions, once.positions));
    let sorted = |s: &[Sample]| {
        let mut v: Vec<_> = s.iter().map(|x| (x.features, x.score, x.result_halves)).collect();
        v.sort();
        v
    };
    assert_eq!(sorted(&twice.valid), sorted(&once.valid));
    assert_eq!(sorted(&twice.train), sorted(&once.train));
}

/// The stated bound: quantised evaluations within 6 cp of the float network, 1.5 cp on average.
#[test]
fn the_quantised_network_evaluates_like_the_float_one() {
    let (sets, positions) = tiny_sets();
    let mut net = FloatNetwork::random(2);
    let config = NetTrainConfig { epochs: 3, batch_size: 64, ..Default::default() };
    train_network(&mut net, &sets, &config, &|_| {});
    let q = quantise(&net, "test").unwrap();
    let e = quantisation_error(&net, &q, &positions);
    assert!(e.positions > 100);
    assert!(e.max_cp <= 6.0 && e.mean_cp <= 1.5, "{e:?}");
}

#[test]
fn the_float_file_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("net.float");
    let net = FloatNetwork::random(4);
    save_float(&net, &path).unwrap();
    assert_eq!(load_float(&path).unwrap(), net);
    std::fs::write(&path, b"MSNF garbage").unwrap();
    assert!(load_float(&path).is_err());
}

#[test]
fn training_gives_the_same_network_with_one_and_two_threads() {
    let (sets, _) = tiny_sets();
    let config = NetTrainConfig { epochs: 2, batch_size: 300, ..Default::default() };
    let run = |threads| {
        let mut net = FloatNetwork::random(6);
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| train_network(&mut net, &sets, &config, &|_| {}));
        net
    };
    assert_eq!(run(1), run(2));
}

#[test]
fn an_epoch_row_lines_up_under_the_header_and_the_check_reads_as_one_line() {
    let epoch = NetEpoch {
        epoch: 3,
        train_loss: 0.1,
        valid_loss: 0.2,
        learning_rate: 0.002,
        positions_per_second: 1e5,
    };
    assert_eq!(epoch.table_row(), "    3    0.100000    0.200000       0.002000       100000");
    assert_eq!(epoch.table_row().len(), NetEpoch::TABLE_HEADER.len());
    let check = QuantisationError { positions: 2000, max_cp: 3.0, mean_cp: 0.75 };
    assert_eq!(check.to_string(), "quantised vs float on 2000 positions: max 3.0 cp, mean 0.75 cp");
}

/// A quantised network dequantised evaluates as it did; units a narrower network left empty get
/// a first layer of their own (and still add nothing until trained).
#[test]
fn a_dequantised_network_evaluates_as_the_quantised_one() {
    use minishogi_engine::nnue::{FEATURES, L2};
    use minishogi_engine::Network;
    let (sets, positions) = tiny_sets();
    let mut net = FloatNetwork::random(6);
    let config = NetTrainConfig { epochs: 2, batch_size: 64, ..Default::default() };
    train_network(&mut net, &sets, &config, &|_| {});
    let q = quantise(&net, "test").unwrap();
    // The same network with its upper half of units emptied, as a padded narrower file is.
    let p = q.parts();
    let half = HIDDEN / 2;
    let upper = |i: usize| i % HIDDEN >= half;
    let l1: Vec<i16> = p.l1_weights.iter().enumerate().map(|(i, &w)| if upper(i) { 0 } else { w }).collect();
    let b1: Vec<i16> = p.l1_bias.iter().enumerate().map(|(i, &w)| if upper(i) { 0 } else { w }).collect();
    let l2: Vec<i16> = p.l2_weights.iter().enumerate().map(|(i, &w)| if upper(i) { 0 } else { w }).collect();
    let narrow =
        Network::from_parts(l1, b1, l2, p.l2_bias.to_vec(), p.l3_weights.to_vec(), p.l3_bias, "n".into())
            .unwrap();
    for quantised in [&q, &narrow] {
        let back = dequantise(quantised, 1);
        let e = quantisation_error(&back, quantised, &positions);
        assert!(e.positions > 100);
        assert!(e.max_cp <= 2.0, "{e:?}");
    }
    let back = dequantise(&narrow, 1);
    for u in [half, HIDDEN - 1] {
        assert_eq!(back.l1_bias[u], 0.25);
        assert!((0..FEATURES).filter(|f| back.l1_weights[f * HIDDEN + u] != 0.0).count() > FEATURES / 2);
        assert!((0..L2).all(|o| back.l2_weights[o * 2 * HIDDEN + u] == 0.0));
    }
}
