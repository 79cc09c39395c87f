//! Generated tables of small sets pass the independent verifier, whatever the thread count.

use minishogi_retro::GenerateOptions;
use minishogi_tablebase::{generate, verify, Material};

fn generate_and_verify(name: &str) -> Vec<u8> {
    let material = Material::parse(name).expect("valid material");
    let values = generate(&material, &GenerateOptions::default()).expect("generation succeeds");
    match verify(&material, &values, None) {
        Ok(report) => {
            assert_eq!(report.slots, values.len() as u64);
            assert_eq!(report.wins + report.losses + report.draws, report.positions);
            eprintln!("{name}: {report:?}");
        }
        Err(e) => panic!("{e}"),
    }
    values
}

#[test]
fn kings_only_and_one_piece_sets_verify() {
    for name in ["-", "R", "B", "G", "S", "P"] {
        generate_and_verify(name);
    }
}

#[test]
fn two_piece_sets_verify() {
    for name in ["GP", "PP", "RS", "BG"] {
        generate_and_verify(name);
    }
}
