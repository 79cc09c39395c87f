//! Self-play reproducibility and dataset files.
#![allow(clippy::unwrap_used)]

use minishogi_arena::OpeningConfig;
use minishogi_engine::Weights;
use minishogi_selfplay::{selfplay, Dataset, SelfplayConfig, DEFAULT_NODE_JITTER};
use std::collections::HashSet;

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap()
}

fn small_config(seed: u64) -> SelfplayConfig {
    SelfplayConfig { games: 6, nodes: 400, seed, ..SelfplayConfig::default() }
}

#[test]
fn same_seed_gives_the_same_games() {
    let w = Weights::initial();
    let one = pool(1).install(|| selfplay(&small_config(42), &w, "initial", &|| {}));
    let again = pool(1).install(|| selfplay(&small_config(42), &w, "initial", &|| {}));
    assert_eq!(one, again);
    // Games are seeded one by one, so the thread count does not matter either.
    let two = pool(2).install(|| selfplay(&small_config(42), &w, "initial", &|| {}));
    assert_eq!(one, two);
    let other = pool(1).install(|| selfplay(&small_config(43), &w, "initial", &|| {}));
    assert_ne!(one.games, other.games);
    // Openings vary between games.
    let starts: std::collections::HashSet<_> =
        one.games.iter().map(|g| (g.moves[..usize::from(g.opening_plies)]).to_vec()).collect();
    assert!(starts.len() > 3, "{starts:?}");
}

#[test]
fn shards_concatenate_to_one_run() {
    let w = Weights::initial();
    let whole = pool(2).install(|| selfplay(&small_config(11), &w, "initial", &|| {}));
    let shard = |first_game, games| {
        let config = SelfplayConfig { first_game, games, ..small_config(11) };
        pool(1).install(|| selfplay(&config, &w, "initial", &|| {}))
    };
    let (a, b) = (shard(0, 2), shard(2, 4));
    assert_eq!(a.meta, whole.meta);
    assert_eq!([a.games, b.games].concat(), whole.games);
    // Any range is the same slice of the run.
    assert_eq!(shard(1, 2).games, whole.games[1..3]);
}

#[test]
fn games_end_by_the_rules_and_positions_replay() {
    let w = Weights::initial();
    let data = pool(1).install(|| selfplay(&small_config(5), &w, "initial", &|| {}));
    for g in &data.games {
        // Every game ends by the rules: replaying its moves reaches a finished game.
        let mut game =
            minishogi::Game::new(minishogi::Position::from_sfen(&g.start).unwrap(), Default::default());
        for &bits in &g.moves {
            game.play(minishogi::Move::from_u16(bits).unwrap()).unwrap();
        }
        let outcome = game.outcome().expect("game finished");
        assert_eq!(outcome.winner.map(|c| c.index() as u8), g.winner);
    }
    let mut count = 0;
    data.for_each_position(|lp| {
        count += 1;
        assert!(lp.result == 0.0 || lp.result == 1.0 || lp.result == 0.5);
    })
    .unwrap();
    assert_eq!(count, data.labelled_count());
}

#[test]
fn dataset_files_round_trip_and_reject_damage() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("d.data");
    let w = Weights::initial();
    let data = pool(1).install(|| selfplay(&small_config(9), &w, "initial", &|| {}));
    data.save(&path).unwrap();
    assert_eq!(Dataset::load(&path).unwrap(), data);
    let bytes = std::fs::read(&path).unwrap();
    for cut in [0, 3, 20, bytes.len() / 2, bytes.len() - 1] {
        std::fs::write(&path, &bytes[..cut]).unwrap();
        let err = Dataset::load(&path).unwrap_err().to_string();
        assert!(err.contains("truncated") || err.contains("magic"), "cut {cut}: {err}");
    }
    let mut flipped = bytes.clone();
    let at = bytes.len() - 5;
    flipped[at] ^= 0x40;
    std::fs::write(&path, &flipped).unwrap();
    assert!(Dataset::load(&path).unwrap_err().to_string().contains("checksum"));
    assert!(Dataset::load(&dir.path().join("missing")).is_err());
}

#[test]
fn node_jitter_keeps_games_from_one_opening_apart() {
    let w = Weights::initial();
    // One random ply: 40 games from at most 14 openings.
    let opening = OpeningConfig { min_plies: 1, max_plies: 1, ..OpeningConfig::default() };
    let config = |node_jitter| SelfplayConfig {
        games: 40,
        nodes: 300,
        seed: 7,
        node_jitter,
        opening: opening.clone(),
        ..SelfplayConfig::default()
    };
    let fixed = pool(2).install(|| selfplay(&config(0.0), &w, "initial", &|| {}));
    let jittered = pool(2).install(|| selfplay(&config(DEFAULT_NODE_JITTER), &w, "initial", &|| {}));
    let openings = |d: &Dataset| -> HashSet<Vec<u16>> {
        d.games.iter().map(|g| g.moves[..usize::from(g.opening_plies)].to_vec()).collect()
    };
    let distinct = |d: &Dataset| d.games.iter().map(|g| g.content_hash()).collect::<HashSet<_>>().len();
    // The openings are drawn before any search, so both runs have the same ones.
    assert_eq!(openings(&fixed), openings(&jittered));
    assert!(openings(&fixed).len() <= 14, "{}", openings(&fixed).len());
    // A fixed-node search replays the game of an opening it has already played…
    assert_eq!(distinct(&fixed), openings(&fixed).len());
    // …and a jittered one mostly does not. Two budgets can still pick the same moves all the
    // way through a short game, so a few repeats are allowed, never the fixed run's many.
    let repeats = jittered.games.len() - distinct(&jittered);
    assert!(repeats * 10 <= jittered.games.len(), "{repeats} repeated games of {}", jittered.games.len());
    assert_ne!(fixed.meta.generator, jittered.meta.generator);
}
