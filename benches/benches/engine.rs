//! Speed of the engine: the `minishogi bench` searches (nodes per second, single thread) and the
//! evaluation alone. The search benchmark asserts that every run searches the same node count.
//!
//! `cargo bench -p minishogi-benches --bench engine`. Nodes per second = elements/s.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use minishogi::{Game, Position, RuleSet};
use minishogi_engine::bench::{bench, BENCH_POSITIONS};
use minishogi_engine::linear::{features, EvalWeights};
use minishogi_engine::Weights;
use std::hint::black_box;
use std::time::Duration;

/// Depth of the benchmark searches (the CLI default is 10; this keeps a sample under a second).
const DEPTH: u32 = 9;

fn search(c: &mut Criterion) {
    // The hand-set weights, as `minishogi bench` uses: the node count depends on the search only.
    let weights = Weights::initial();
    let nodes = bench(&weights, DEPTH, |_, _| {}).nodes;
    let mut group = c.benchmark_group("search");
    group.sample_size(10).measurement_time(Duration::from_secs(15)).warm_up_time(Duration::from_secs(1));
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("bench_positions_depth9_single_thread", |b| {
        b.iter(|| assert_eq!(bench(&weights, black_box(DEPTH), |_, _| {}).nodes, nodes))
    });
    group.finish();
}

/// Positions along a few games from the benchmark positions, for evaluation speed.
fn sample() -> Vec<Position> {
    let mut out = Vec::new();
    for sfen in BENCH_POSITIONS {
        let mut game = Game::new(Position::from_sfen(sfen).expect("bench position"), RuleSet::Standard);
        for i in 0..20 {
            let moves = game.position().legal_move_list();
            if moves.is_empty() {
                break;
            }
            out.push(game.position().clone());
            game.play_unchecked(moves[(i * 13 + 5) % moves.len()]);
        }
    }
    out
}

fn evaluation(c: &mut Criterion) {
    let positions = sample();
    let eval = EvalWeights::new(&Weights::default_embedded());
    let mut group = c.benchmark_group("evaluation");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("evaluate", |b| {
        b.iter(|| positions.iter().map(|p| i64::from(eval.evaluate(black_box(p)))).sum::<i64>())
    });
    group.bench_function("features", |b| {
        b.iter(|| positions.iter().map(|p| features(black_box(p)).entries.len()).sum::<usize>())
    });
    group.finish();
}

criterion_group!(benches, search, evaluation);
criterion_main!(benches);
