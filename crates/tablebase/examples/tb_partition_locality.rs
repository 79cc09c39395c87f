//! How many un-moves stay inside a partition under two ways of grouping king pairs: contiguous
//! runs (what `king_pair_partitioning` does) and runs of colour-flip orbits (a king pair with the
//! pair its predecessors land in when the kings stay: the colour flip swaps the kings, so a
//! predecessor's pair is the flip of its position's). Counts every un-move of every legal
//! position: `cargo run --release -p minishogi-tablebase --example tb_partition_locality -- GS`.

use minishogi_retro::RetroRules;
use minishogi_tablebase::retro_rules::MinishogiRetro;
use minishogi_tablebase::{Indexer, Material};
use rayon::prelude::*;

const PAIRS: usize = 234;

fn main() {
    let name = std::env::args().nth(1).unwrap_or_else(|| "GS".to_string());
    let material = match Material::parse(&name) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let indexer = Indexer::new(&material);
    let unit = indexer.slots_per_king_pair();
    let rules = MinishogiRetro::new(indexer.clone());
    // edges[a][b]: un-moves from a position of king pair a to a predecessor of king pair b.
    let edges: Vec<Vec<u64>> = (0..PAIRS)
        .into_par_iter()
        .map(|a| {
            let mut row = vec![0u64; PAIRS];
            let start = a as u64 * unit;
            rules.decode_range(start, start + unit, &mut |_, pos| {
                let Some(pos) = pos else { return };
                let none = rules.move_count(&pos) == 0;
                rules.predecessors(&pos, none, &mut |p, _| row[(p / unit) as usize] += 1);
            });
            row
        })
        .collect();
    let total: u64 = edges.iter().flatten().sum();
    let partner: Vec<usize> =
        (0..PAIRS).map(|a| (0..PAIRS).max_by_key(|&b| edges[a][b]).unwrap_or(a)).collect();
    let same: u64 = (0..PAIRS).map(|a| edges[a][a]).sum();
    let to_partner: u64 = (0..PAIRS).filter(|&a| partner[a] != a).map(|a| edges[a][partner[a]]).sum();
    let involution = (0..PAIRS).all(|a| partner[partner[a]] == a);
    // Orbits {a, partner(a)} in the order of their smaller pair.
    let mut orbit_of = vec![usize::MAX; PAIRS];
    let mut orbits = 0;
    for a in 0..PAIRS {
        if orbit_of[a] == usize::MAX {
            orbit_of[a] = orbits;
            orbit_of[partner[a]] = orbits;
            orbits += 1;
        }
    }
    println!(
        "{material}: {total} un-moves; same king pair {:.1} %, to the flip partner {:.1} %, rest (king un-moves) {:.1} %; partner map an involution: {involution}; {orbits} orbits",
        pct(same, total),
        pct(to_partner, total),
        pct(total - same - to_partner, total)
    );
    println!("partitions | cross % (contiguous pairs) | cross % (contiguous flip orbits)");
    for parts in [2, 3, 4, 7, 16, 64, 117] {
        let contiguous = |a: usize| a * parts / PAIRS;
        let by_orbit = |a: usize| orbit_of[a] * parts / orbits;
        println!("{parts} | {:.1} | {:.1}", cross(&edges, contiguous, total), cross(&edges, by_orbit, total));
    }
}

fn cross(edges: &[Vec<u64>], part: impl Fn(usize) -> usize, total: u64) -> f64 {
    let c: u64 = (0..PAIRS)
        .flat_map(|a| (0..PAIRS).map(move |b| (a, b)))
        .filter(|&(a, b)| part(a) != part(b))
        .map(|(a, b)| edges[a][b])
        .sum();
    pct(c, total)
}

fn pct(a: u64, b: u64) -> f64 {
    100.0 * a as f64 / b.max(1) as f64
}
