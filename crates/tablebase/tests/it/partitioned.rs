//! The partitioned analysis (king-pair partitions, bulk-synchronous rounds) gives the bytes of
//! `generate` and, finished by the same steps, the file of `tb gen`. The normal run takes a few
//! seconds; every two-piece set and the three-piece sets are behind `--ignored` (about 2 min on
//! 2 cores): `cargo test --release -p minishogi-tablebase --test it partitioned:: -- --ignored`.

use minishogi_retro::partitioned::PartitionedOptions;
use minishogi_retro::Progress;
use minishogi_tablebase::partitioned::{
    build_table_partitioned, generate_partitioned, king_pair_partitioning,
};
use minishogi_tablebase::{build_table, generate, Indexer, Material};

fn set(name: &str) -> Material {
    Material::parse(name).expect("a set")
}

fn options(through_bytes: bool, byte_cap: Option<u32>) -> PartitionedOptions {
    PartitionedOptions { threads: Some(2), through_bytes, byte_cap }
}

fn assert_same_values(material: &Material, parts: &[usize], options: &PartitionedOptions) {
    let expected = generate(material, &Default::default()).expect("generates");
    for &p in parts {
        let run = generate_partitioned(material, p, options).expect("runs");
        assert!(run.values == expected, "{material}: values differ with {p} partitions");
        let cross: u64 = run.rounds.iter().map(|r| r.cross.slots).sum();
        let all: u64 = run.rounds.iter().map(|r| r.cross.slots + r.local.slots).sum();
        // The kings-only set has no mate, hence no message at all.
        assert_eq!(cross > 0, p > 1 && all > 0, "{material}, {p} partitions: cross-partition messages");
    }
}

#[test]
fn small_sets_give_the_values_of_generate() {
    for material in Material::all_up_to(1) {
        assert_same_values(&material, &[1, 2, 3, 7], &options(true, None));
    }
    // A promoting piece, a drop-restricted one, two of a kind, the longest two-piece mates (RG).
    for name in ["GS", "PP", "RG"] {
        assert_same_values(&set(name), &[3, 7], &options(name == "PP", None));
    }
}

#[test]
#[ignore = "slow: about 50 s on 2 cores"]
fn every_set_of_up_to_two_pieces_gives_the_values_of_generate() {
    for material in Material::all_up_to(2) {
        assert_same_values(&material, &[1, 2, 3, 7], &options(material.piece_count() == 1, None));
    }
}

#[test]
#[ignore = "slow: about 65 s on 2 cores"]
fn three_piece_sets_give_the_values_of_generate() {
    // P = 1, 2, 3, 7 on GGS take 4 minutes on 2 cores; two counts each keep it near one.
    assert_same_values(&set("GGS"), &[2, 7], &options(false, None));
    assert_same_values(&set("GGP"), &[3], &options(true, None));
}

/// Counters moved to the per-partition side tables early (as RRP's are at distance 189) give the
/// same values.
#[test]
fn the_side_table_gives_the_values_of_generate() {
    for name in ["RG", "GS", "PP"] {
        assert_same_values(&set(name), &[1, 3], &options(false, Some(5)));
    }
}

#[test]
fn partitions_are_runs_of_whole_king_pairs() {
    let material = set("GS");
    let indexer = Indexer::new(&material);
    assert_eq!(indexer.king_pairs(), 234);
    assert_eq!(indexer.size(), 234 * indexer.slots_per_king_pair());
    let p = king_pair_partitioning(&material, 7).expect("a partitioning");
    assert_eq!(p.parts(), 7);
    assert!(p.bounds().iter().all(|b| b % indexer.slots_per_king_pair() == 0));
    assert_eq!(p.size(), indexer.size());
    assert!(king_pair_partitioning(&material, 235).is_err());
    assert!(king_pair_partitioning(&material, 0).is_err());
}

fn assert_same_file(sets: &[(&str, usize)]) {
    let quiet = |_: Progress<'_>| {};
    for &(name, parts) in sets {
        let material = set(name);
        let (a, b) = (tempfile::tempdir().expect("a dir"), tempfile::tempdir().expect("a dir"));
        let built = build_table(&material, a.path(), 3, &quiet).expect("builds");
        let (split, rounds) =
            build_table_partitioned(&material, parts, b.path(), 3, &options(true, None), &quiet)
                .expect("builds");
        assert_eq!(built.stats.longest, split.stats.longest);
        assert_eq!(built.stats.passes, rounds.len() as u32);
        let file = minishogi_tablebase::table_file_name(&material);
        let expected = std::fs::read(a.path().join(&file)).expect("reads");
        let got = std::fs::read(b.path().join(&file)).expect("reads");
        assert!(!expected.is_empty());
        assert!(expected == got, "{name}: the files differ");
    }
}

#[test]
fn the_file_is_byte_identical_to_build_table() {
    assert_same_file(&[("-", 2), ("G", 3), ("RG", 7), ("PP", 4), ("GS", 5)]);
}
