//! Speed of the rules crate: perft(7) from the start (single-threaded and parallel), legal move
//! generation per position and play+undo per move. Each benchmark asserts the count it measures.
//!
//! `cargo bench -p minishogi-benches --bench rules`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use minishogi::perft::{perft, perft_parallel};
use minishogi::{MoveList, Position};
use std::hint::black_box;
use std::time::Duration;

/// Start position perft(7) under the rules (pawn-drop mates excluded), from the reference data.
const PERFT7: u64 = 132_680_617;
/// Start position perft(6).
const PERFT6: u64 = 8_276_188;

const POSITIONS: &str = include_str!("../../crates/minishogi/tests/data/positions.tsv");

/// The 200 reference positions and the total number of their legal moves, from the data file.
fn reference_positions() -> (Vec<Position>, usize) {
    let mut positions = Vec::new();
    let mut moves = 0;
    for line in POSITIONS.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        positions.push(Position::from_sfen(fields[2]).expect("reference SFEN"));
        moves += fields[4].split_whitespace().count();
    }
    (positions, moves)
}

fn perft_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10).measurement_time(Duration::from_secs(20)).warm_up_time(Duration::from_secs(1));
    group.throughput(Throughput::Elements(PERFT7));
    group.bench_function("startpos_depth7_single_thread", |b| {
        b.iter(|| {
            let mut pos = Position::startpos();
            assert_eq!(perft(&mut pos, black_box(7)), PERFT7);
        })
    });
    group.bench_function("startpos_depth7_parallel", |b| {
        b.iter(|| assert_eq!(perft_parallel(&Position::startpos(), black_box(7)), PERFT7))
    });
    // Scaling: the same parallel perft(6) on pools of 1 thread and of every core.
    group.throughput(Throughput::Elements(PERFT6));
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let mut threads = vec![1, cores];
    threads.dedup();
    for n in threads {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(n).build().expect("a thread pool");
        group.bench_with_input(BenchmarkId::new("startpos_depth6_parallel_threads", n), &n, |b, _| {
            b.iter(|| {
                pool.install(|| assert_eq!(perft_parallel(&Position::startpos(), black_box(6)), PERFT6))
            })
        });
    }
    group.finish();
}

fn move_generation(c: &mut Criterion) {
    let (positions, total_moves) = reference_positions();
    let mut group = c.benchmark_group("movegen");
    // One element = one position: criterion's time per iteration / 200 is ns per position.
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves_200_reference_positions", |b| {
        let mut list = MoveList::new();
        b.iter(|| {
            let mut n = 0;
            for pos in &positions {
                black_box(pos).legal_moves(&mut list);
                n += list.len();
            }
            assert_eq!(n, total_moves);
        })
    });
    // One element = one move played and taken back.
    group.throughput(Throughput::Elements(total_moves as u64));
    let lists: Vec<MoveList> = positions.iter().map(|p| p.legal_move_list()).collect();
    let mut scratch = positions.clone();
    group.bench_function("play_undo_every_reference_move", |b| {
        b.iter(|| {
            let mut n = 0;
            for (pos, list) in scratch.iter_mut().zip(&lists) {
                let before = pos.hash();
                for &m in list.iter() {
                    let undo = pos.play(black_box(m));
                    black_box(pos.hash());
                    pos.undo(m, undo);
                    n += 1;
                }
                assert_eq!(pos.hash(), before);
            }
            assert_eq!(n, total_moves);
        })
    });
    group.finish();
}

criterion_group!(benches, move_generation, perft_start);
criterion_main!(benches);
