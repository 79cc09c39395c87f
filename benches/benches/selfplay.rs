//! Self-play throughput at the training node count, and tuning throughput per epoch.
//!
//! `cargo bench -p minishogi-benches --bench selfplay`. Games per minute = elements/s × 60.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use minishogi_engine::Weights;
use minishogi_selfplay::{selfplay, SelfplayConfig};
use minishogi_trainer::tune::{tune, TrainingSet};
use minishogi_trainer::TuneConfig;
use std::time::Duration;

/// Nodes per move used by the training run (see the README).
const TRAINING_NODES: u64 = 2000;

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool")
}

fn bench_selfplay(c: &mut Criterion) {
    let weights = Weights::initial();
    let mut group = c.benchmark_group("selfplay");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    for threads in [1, 2] {
        let games = 4 * threads;
        let config = SelfplayConfig { games, nodes: TRAINING_NODES, seed: 1, ..SelfplayConfig::default() };
        let workers = pool(threads);
        group.throughput(Throughput::Elements(games as u64));
        group.bench_function(format!("games_{TRAINING_NODES}_nodes_{threads}_threads"), |b| {
            b.iter(|| {
                let data = workers.install(|| selfplay(&config, &weights, "initial", &|| {}));
                // What is measured: complete games that ended by the rules.
                assert_eq!(data.games.len(), games);
                assert!(data.games.iter().all(|g| g.moves.len() > usize::from(g.opening_plies)));
                data
            })
        });
    }
    group.finish();
}

fn bench_tune(c: &mut Criterion) {
    let weights = Weights::initial();
    let config = SelfplayConfig { games: 200, nodes: 500, seed: 2, ..SelfplayConfig::default() };
    let data = pool(2).install(|| selfplay(&config, &weights, "initial", &|| {}));
    let (set, stats) = TrainingSet::from_datasets(std::slice::from_ref(&data)).expect("dataset replays");
    assert!(stats.quiet > 2000, "{stats:?}");
    let init = weights.to_vec();
    let tune_config = TuneConfig { epochs: 1, k: Some(400.0), ..TuneConfig::default() };
    let empty = TrainingSet::new();
    let mut group = c.benchmark_group("tune");
    group.sample_size(20).throughput(Throughput::Elements(set.len() as u64));
    for threads in [1, 2] {
        let workers = pool(threads);
        group.bench_function(format!("epoch_{}_positions_{threads}_threads", set.len()), |b| {
            b.iter(|| {
                let report = workers.install(|| tune(&set, &empty, &init, &tune_config, |_| {}));
                assert_eq!(report.epochs.len(), 2);
                report
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_selfplay, bench_tune);
criterion_main!(benches);
