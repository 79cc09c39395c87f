//! Texel tuning of the Minjiku weights through the game trait: positions of games labelled by
//! known weights pull the tuned weights towards them.
#![allow(clippy::unwrap_used)]

use minishogi_arena::variant::{Minjiku, Variant};
use minishogi_arena::OpeningConfig;
use minishogi_selfplay::variant_games::{play_games, SelfplaySettings, NO_SCORE};
use minishogi_trainer::tune::{largest_changes_in, tune_variant, TrainingSet};
use minishogi_trainer::TuneConfig;
use minjiku::Kind;
use minjiku_engine::{evaluate, Weights};

#[test]
fn minjiku_tuning_on_positions_labelled_by_known_weights_approaches_them() {
    let mut truth = Weights::initial();
    let (pawn, gold) = (Kind::Pawn.index(), Kind::Gold.index());
    truth.material[pawn] = 250;
    truth.material[gold] = 120;
    truth.tempo = 60;
    let init = Weights::initial();
    let settings = SelfplaySettings {
        games: 24,
        first_game: 0,
        nodes: 300,
        node_jitter: 0.25,
        seed: 11,
        ply_cap: 160,
        opening: OpeningConfig { check_nodes: 200, ..OpeningConfig::default() },
        hash_mb: 1,
    };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    let mut games = pool.install(|| play_games(&Minjiku, &settings, &truth, &|| {}));
    // Every searched score replaced by the truth's static evaluation.
    for g in &mut games {
        let mut game = Minjiku.new_game(&g.start);
        for (i, &m) in g.moves.iter().enumerate() {
            if g.scores[i] != NO_SCORE {
                g.scores[i] = evaluate(Minjiku.position(&game), &truth).clamp(-2000, 2000) as i16;
            }
            Minjiku.play(&mut game, m);
        }
    }
    let (set, stats) = TrainingSet::from_games(&Minjiku, &games);
    assert!(set.len() > 500 && stats.quiet == set.len(), "{stats:?}");
    let tune = TuneConfig {
        epochs: 150,
        batch_size: 256,
        learning_rate: 4.0,
        lambda: 0.0,
        k: Some(300.0),
        patience: 150,
        validation: 0.0,
        ..TuneConfig::default()
    };
    let (tuned, report, _) = pool.install(|| tune_variant(&Minjiku, &games, &init, &tune, |_| {})).unwrap();
    assert!(report.epochs.last().unwrap().train_loss < report.epochs[0].train_loss);
    for (name, t, i, w) in [
        ("material.pawn", truth.material[pawn], init.material[pawn], tuned.material[pawn]),
        ("material.gold", truth.material[gold], init.material[gold], tuned.material[gold]),
        ("tempo", truth.tempo, init.tempo, tuned.tempo),
    ] {
        // Material shares its load with the piece's rank and file terms (every piece has one of
        // each), so a single weight need not reach the truth; it must move towards it.
        assert!((w - t).abs() < (i - t).abs(), "{name}: truth {t}, initial {i}, tuned {w}");
    }
    // The evaluation as a whole moved towards the truth's.
    let (mut err_init, mut err_tuned) = (0.0, 0.0);
    minishogi_selfplay::variant_games::for_each_position(&Minjiku, &games, |lp| {
        let t = f64::from(evaluate(lp.position, &truth));
        err_init += (f64::from(evaluate(lp.position, &init)) - t).abs();
        err_tuned += (f64::from(evaluate(lp.position, &tuned)) - t).abs();
    });
    assert!(err_tuned < 0.3 * err_init, "total |error| {err_init} -> {err_tuned}");
    let changes = largest_changes_in(&Minjiku, &init, &tuned, 3);
    assert_eq!(changes.len(), 3);
    assert!(changes[0].after != changes[0].before);
}
