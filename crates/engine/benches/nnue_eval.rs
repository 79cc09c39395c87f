//! The network's cost per node: a move played, the accumulator computed incrementally, the
//! position evaluated, the move taken back — for every legal move of positions along a few lines
//! from the benchmark positions; and the dense tail alone (AVX2 and scalar). Each benchmark first
//! asserts that the incremental evaluations equal full refreshes.
//!
//! `cargo bench -p minishogi-engine --bench nnue_eval`. Nodes per second = elements/s.

// criterion's macros define undocumented functions.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use minishogi::Position;
use minishogi_engine::bench::BENCH_POSITIONS;
use minishogi_engine::nnue::{Accumulator, AccumulatorStack, FEATURES, HIDDEN, L2};
use minishogi_engine::Network;
use std::hint::black_box;

/// A network with pseudo-random weights of a trained network's ranges (about half of the
/// activations clipped to zero); the timing does not depend on what the weights mean.
fn random_network() -> Network {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |span: i64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % (2 * span as u64 + 1)) as i64 - span
    };
    let l1 = (0..FEATURES * HIDDEN).map(|_| next(200) as i16).collect();
    let b1 = (0..HIDDEN).map(|_| next(300) as i16).collect();
    let l2 = (0..L2 * 2 * HIDDEN).map(|_| next(2000) as i16).collect();
    let b2 = (0..L2).map(|_| next(5000) as i32).collect();
    let l3 = (0..L2).map(|_| next(600) as i16).collect();
    Network::from_parts(l1, b1, l2, b2, l3, 0, "bench".into()).expect("sizes match")
}

/// Positions along a few lines from the benchmark positions.
fn sample() -> Vec<Position> {
    let mut out = Vec::new();
    for sfen in BENCH_POSITIONS {
        let mut pos = Position::from_sfen(sfen).expect("bench position");
        for i in 0..12 {
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            out.push(pos.clone());
            pos.play(moves[(i * 13 + 5) % moves.len()]);
        }
    }
    out
}

/// Plays every legal move of every position, evaluating each child from the stack: the sum of
/// the evaluations.
fn children_incremental(net: &Network, positions: &[Position]) -> i64 {
    let mut total = 0;
    for root in positions {
        let mut pos = root.clone();
        let mut stack = AccumulatorStack::new(net, &pos);
        for &m in root.legal_move_list().iter() {
            let undo = stack.play(net, &mut pos, m);
            total += i64::from(net.evaluate(stack.current(), pos.side_to_move()));
            stack.pop();
            pos.undo(m, undo);
        }
    }
    total
}

fn per_node(c: &mut Criterion) {
    let net = random_network();
    let positions = sample();
    let children: u64 = positions.iter().map(|p| p.legal_move_list().len() as u64).sum();
    let expected: i64 = positions
        .iter()
        .flat_map(|p| p.legal_move_list().iter().map(|&m| p.after(m)).collect::<Vec<_>>())
        .map(|p| i64::from(net.evaluate(&Accumulator::new(&net, &p), p.side_to_move())))
        .sum();
    assert_eq!(children_incremental(&net, &positions), expected);
    let mut group = c.benchmark_group("nnue");
    group.throughput(Throughput::Elements(children));
    group.bench_function("play_update_evaluate_undo_per_child", |b| {
        b.iter(|| children_incremental(&net, black_box(&positions)))
    });
    let accumulators: Vec<(Accumulator, minishogi::Color)> =
        positions.iter().map(|p| (Accumulator::new(&net, p), p.side_to_move())).collect();
    for (acc, stm) in &accumulators {
        assert_eq!(net.evaluate(acc, *stm), net.evaluate_scalar(acc, *stm));
    }
    group.throughput(Throughput::Elements(accumulators.len() as u64));
    group.bench_function("dense_tail", |b| {
        b.iter(|| accumulators.iter().map(|(acc, stm)| net.evaluate(black_box(acc), *stm)).sum::<i32>())
    });
    group.bench_function("dense_tail_scalar", |b| {
        b.iter(|| {
            accumulators.iter().map(|(acc, stm)| net.evaluate_scalar(black_box(acc), *stm)).sum::<i32>()
        })
    });
    group.finish();
}

criterion_group!(benches, per_node);
criterion_main!(benches);
