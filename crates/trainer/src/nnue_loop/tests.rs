//! The loop on a tiny run: a rerun skips every finished step and changes no file; a removed
//! receipt reruns only its step, with the same result; the same seed in another directory writes
//! the same network.

use super::*;
use crate::nnue_train::NetEpoch;
use minishogi_arena::OpeningConfig;
use std::path::Path;
use std::sync::Mutex;

fn tiny_config(dir: &Path) -> NnueLoopConfig {
    NnueLoopConfig {
        generations: 2,
        seed: 7,
        selfplay: SelfplayConfig {
            games: 6,
            nodes: 150,
            opening: OpeningConfig { check_nodes: 100, ..OpeningConfig::default() },
            ..SelfplayConfig::default()
        },
        train: NetTrainConfig { epochs: 2, batch_size: 64, ..NetTrainConfig::default() },
        validation: 0.2,
        window: 2,
        warm_start: true,
        matches: MatchConfig { pairs: 2, ..MatchConfig::default() },
        match_nodes: 100,
        linear: (Weights::initial(), "initial".into()),
        dir: dir.to_path_buf(),
        selfplay_command: None,
    }
}

/// Runs the loop and returns what it did: the steps started and the steps skipped.
fn run(config: &NnueLoopConfig) -> (Vec<GenerationSummary>, Vec<LoopStep>, Vec<LoopStep>) {
    let (started, skipped) = (Mutex::new(Vec::new()), Mutex::new(Vec::new()));
    let (_, rows) = run_loop(config, &|e| match e {
        LoopEvent::StepStart(s) => started.lock().unwrap().push(s),
        LoopEvent::Skipped(s) => skipped.lock().unwrap().push(s),
        _ => {}
    })
    .unwrap();
    (rows, started.into_inner().unwrap(), skipped.into_inner().unwrap())
}

fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap()))
        .collect();
    files.sort();
    files
}

#[test]
fn a_rerun_skips_finished_steps_and_a_removed_receipt_reruns_its_step() {
    let dir = tempfile::tempdir().unwrap();
    let config = tiny_config(dir.path());
    let (rows, started, skipped) = run(&config);
    assert_eq!(rows.len(), 2);
    assert_eq!(started.len(), 6, "{started:?}");
    assert!(skipped.is_empty());
    for name in ["gen01.data", "gen01.nnue", "gen01.float", "gen01.train", "gen02.match", "summary.md"] {
        assert!(dir.path().join(name).exists(), "{name}");
    }
    let before = contents(dir.path());

    let (again, started, skipped) = run(&config);
    assert!(started.is_empty(), "{started:?}");
    assert_eq!(skipped.len(), 6);
    assert_eq!(again, rows);
    assert_eq!(contents(dir.path()), before);

    std::fs::remove_file(dir.path().join("gen02.match")).unwrap();
    let (third, started, _) = run(&config);
    assert_eq!(started, vec![LoopStep::Match]);
    assert_eq!(third, rows);
    assert_eq!(contents(dir.path()), before);
}

#[test]
fn the_same_seed_writes_the_same_network_elsewhere() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let config = NnueLoopConfig { generations: 1, ..tiny_config(a.path()) };
    run(&config);
    run(&NnueLoopConfig { dir: b.path().to_path_buf(), ..config });
    for name in ["gen01.data", "gen01.nnue", "gen01.match"] {
        assert_eq!(
            std::fs::read(a.path().join(name)).unwrap(),
            std::fs::read(b.path().join(name)).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn the_report_names_the_generation_steps_rates_and_the_best() {
    let config = tiny_config(Path::new("loop"));
    let start = LoopEvent::GenerationStart { generation: 1, best: "initial" };
    assert_eq!(start.line(&config).unwrap(), "== generation 1 of 2 (best: initial)");
    assert_eq!(LoopEvent::Skipped(LoopStep::Train).line(&config).unwrap(), "training: already done, skipped");
    assert_eq!(LoopEvent::StepStart(LoopStep::Selfplay).line(&config).unwrap(), "self-play ...");
    let done = LoopEvent::SelfplayDone(300, 2.0).line(&config).unwrap();
    assert_eq!(done, "self-play: 6 games, 300 positions in 2 s (150 positions/s)");
    let samples = LoopEvent::Samples(90, 10).line(&config).unwrap();
    assert_eq!(samples, format!("90 training and 10 validation samples\n{}", NetEpoch::TABLE_HEADER));
    assert!(LoopEvent::Game.line(&config).is_none());
    assert_eq!(best_line(&config, "initial"), "best: the linear weights (initial); no network won");
    let gen2 = format!("best: gen02, written to {}", Path::new("loop").join("best.nnue").display());
    assert_eq!(best_line(&config, "gen02"), gen2);
}

#[test]
fn a_failing_selfplay_command_stops_the_loop_with_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let tiny = tiny_config(dir.path());
    let selfplay = SelfplayConfig { opening: OpeningConfig::default(), ..tiny.selfplay.clone() };
    let failing = NnueLoopConfig { selfplay_command: Some("exit 3; true".into()), selfplay, ..tiny.clone() };
    let error = run_loop(&failing, &|_| {}).err().unwrap().to_string();
    assert!(
        error.contains("self-play command 'exit 3; true'") && error.contains("exit status: 3"),
        "{error}"
    );
    assert!(!GenerationFiles::new(dir.path(), 1).data().exists());
    // Settings that `minishogi selfplay` has no flag for are refused rather than dropped.
    let unsupported = NnueLoopConfig { selfplay_command: Some("true".into()), ..tiny };
    let error = run_loop(&unsupported, &|_| {}).err().unwrap().to_string();
    assert!(error.contains("must be the defaults"), "{error}");
}
