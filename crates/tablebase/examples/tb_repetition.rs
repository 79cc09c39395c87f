//! Generates the given sets and prints, per set, the time of the repetition analysis and the
//! number of mate-only draws in each outcome for both cases.
//!
//! `cargo run --release -p minishogi-tablebase --example tb_repetition -- - R GG RBS`

use std::time::Instant;

use minishogi_retro::GenerateOptions;
use minishogi_tablebase::repetition::{repetition_values, CycleOutcome};
use minishogi_tablebase::{generate, Material};

fn main() {
    for name in std::env::args().skip(1) {
        let Ok(material) = Material::parse(&name) else {
            eprintln!("bad material {name}");
            std::process::exit(2);
        };
        let t0 = Instant::now();
        let values = generate(&material, &GenerateOptions::default()).expect("generates");
        let t1 = Instant::now();
        let rep = repetition_values(&material, &values, &GenerateOptions::default()).expect("analyses");
        let t2 = Instant::now();
        let mut counts = [[0u64; 3]; 2];
        for pair in rep.entries() {
            for (case, v) in pair.iter().enumerate() {
                let k = match v.outcome() {
                    Some(CycleOutcome::SecondPlayerWins) => 0,
                    Some(CycleOutcome::FirstPlayerWins) => 1,
                    Some(CycleOutcome::Draw) => 2,
                    None => panic!("draw without an entry"),
                };
                counts[case][k] += 1;
            }
        }
        let max_rank = rep
            .entries()
            .iter()
            .flatten()
            .filter(|v| v.outcome() == Some(CycleOutcome::SecondPlayerWins))
            .map(|v| v.progress())
            .max()
            .unwrap_or(0);
        println!(
            "{name}: slots {} draws {} | F to move: S wins {} F wins {} draw {} | S to move: S wins {} F wins {} draw {} | max S rank {max_rank} bases {}/{} | mate {:.2}s repetition {:.2}s",
            values.len(),
            rep.len(),
            counts[0][0], counts[0][1], counts[0][2], counts[1][0], counts[1][1], counts[1][2],
            rep.first_base(), rep.draw_base(),
            (t1 - t0).as_secs_f64(),
            (t2 - t1).as_secs_f64()
        );
    }
}
