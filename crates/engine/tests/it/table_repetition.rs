//! With tables that hold values under the repetition rule, the search scores a mate-only draw by
//! its exact outcome (a decisive score for the side that wins the repetition, as the game's first
//! player decides), and the engine playing both sides wins such positions by the rules.

use minishogi::{Color, Game, Position, RuleSet};
use minishogi_engine::oracle::{EndgameOracle, TbValue};
use minishogi_engine::{Limits, Score, SearchResult, Searcher, TablebaseOracle, Weights, REPETITION_WIN};
use minishogi_retro::WriteOptions;
use minishogi_tablebase::{By, Indexer, Material, Query, Tablebase, Verdict};
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Generates `name` with repetition values into `dir` (as the tablebase crate's tests do).
fn build(dir: &Path, name: &str) {
    let m = Material::parse(name).expect("material");
    minishogi_tablebase::build_table(&m, dir, WriteOptions::default().level, &|_| {}).expect("build");
}

/// A directory with the tables of `names`.
fn tables(names: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in names {
        build(dir.path(), name);
    }
    dir
}

fn searcher(dir: &Path) -> Searcher {
    let mut s = Searcher::new(Weights::default_embedded(), 4);
    s.set_oracle(Some(Arc::new(TablebaseOracle::open(dir).expect("open tables"))));
    s
}

/// The tables' values without their moves: the root is then searched, not played from the table,
/// and only the probes inside the search know the outcome.
struct ValuesOnly(TablebaseOracle);

impl EndgameOracle for ValuesOnly {
    fn probe(&self, pos: &Position, first_player: Color, rules: RuleSet) -> Option<TbValue> {
        self.0.probe(pos, first_player, rules)
    }
}

fn searching(dir: &Path) -> Searcher {
    let mut s = Searcher::new(Weights::default_embedded(), 4);
    s.set_oracle(Some(Arc::new(ValuesOnly(TablebaseOracle::open(dir).expect("open tables")))));
    s
}

fn search(s: &mut Searcher, game: &Game, limits: &Limits) -> SearchResult {
    s.search(game, limits, &AtomicBool::new(false), &mut |_| {})
}

/// A decisive score below every mate: what a repetition won (or lost, `sign` −1) scores.
fn is_repetition_score(score: Score, sign: i32) -> bool {
    matches!(score, Score::Cp(v) if sign * v > REPETITION_WIN / 2 && sign * v <= REPETITION_WIN)
}

/// The root score of `sfen` in a game that `first` began, at a few depths (from 2: the tables
/// are probed in the main search, not in the quiescence search below depth 1).
fn check_root_score(dir: &Path, sfen: &str, first: Color, sign: i32) {
    let pos = Position::from_sfen(sfen).expect("valid");
    for depth in [2, 3, 6] {
        let game = Game::with_first_player(pos.clone(), RuleSet::Standard, first);
        let r = search(&mut searcher(dir), &game, &Limits::depth(depth));
        assert!(is_repetition_score(r.score, sign), "{sfen} first {first:?} depth {depth}: {:?}", r.score);
        // The table's move keeps the outcome: the opponent is then on the other side of it.
        let after = pos.after(r.best.expect("a move"));
        let oracle = TablebaseOracle::open(dir).expect("open tables");
        let expected = if sign > 0 { TbValue::RepetitionLoss } else { TbValue::RepetitionWin };
        assert_eq!(oracle.probe(&after, first, RuleSet::Standard), Some(expected), "{sfen} {:?}", r.best);
        // The search, probing the children, sees the same decisive score.
        let mut s = searching(dir);
        let r = search(&mut s, &game, &Limits::depth(depth));
        assert!(
            is_repetition_score(r.score, sign),
            "search {sfen} first {first:?} depth {depth}: {:?}",
            r.score
        );
        // Under draw300 the same mate-only draw is a draw.
        let game = Game::with_first_player(pos.clone(), RuleSet::DrawAt300, first);
        let r = search(&mut s, &game, &Limits::depth(depth));
        assert_eq!(r.score, Score::Cp(0), "{sfen} draw300 first {first:?} depth {depth}");
    }
}

#[test]
fn kings_only_scores_the_repetition_for_the_second_player() {
    let dir = tables(&["-"]);
    // Sente to move: it loses the repetition when it moved first, wins it when gote did.
    check_root_score(dir.path(), "4k/5/5/5/K4 b - 1", Color::Sente, -1);
    check_root_score(dir.path(), "4k/5/5/5/K4 b - 1", Color::Gote, 1);
    // Gote to move, the same way round.
    check_root_score(dir.path(), "4k/5/5/5/K4 w - 1", Color::Gote, -1);
    check_root_score(dir.path(), "4k/5/5/5/K4 w - 1", Color::Sente, 1);
}

#[test]
fn a_perpetual_check_and_a_repetition_score_as_wins() {
    let dir = tables(&["RG"]);
    // Gote checks with the gold on every move: sente wins by repetition when gote moved first,
    // by perpetual check when sente did.
    check_root_score(dir.path(), "K1R2/g4/k4/5/5 b - 1", Color::Gote, 1);
    check_root_score(dir.path(), "K1R2/g4/k4/5/5 b - 1", Color::Sente, 1);
}

/// Every legal position of the set, sente to move.
fn positions(name: &str) -> Vec<Position> {
    let ix = Indexer::new(&Material::parse(name).expect("material"));
    (0..ix.size()).filter_map(|i| ix.position(i)).collect()
}

/// Whether a finished game's outcome is the table's verdict for the side to move at its start.
fn realises(game: &Game, start_mover: Color, verdict: Verdict) -> bool {
    Verdict::of_finished_game(game, start_mover)
        .is_some_and(|g| (g.result, g.by) == (verdict.result, verdict.by))
}

/// Plies after which a game counts as hung.
const MAX_PLIES: usize = 1000;

/// The engine plays both sides of `pos` with the tables, `depth` plies a move; returns the game.
fn self_play(dir: &Path, pos: &Position, first: Color, depth: u32) -> Game {
    let mut sides = [searcher(dir), searcher(dir)];
    let mut game = Game::with_first_player(pos.clone(), RuleSet::Standard, first);
    while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
        let side = game.position().side_to_move().index();
        let r = search(&mut sides[side], &game, &Limits::depth(depth));
        let m = r.best.expect("a game that has not ended has a legal move");
        game.play(m).unwrap_or_else(|e| panic!("{}: illegal move {m}: {e}", pos.to_sfen()));
    }
    game
}

/// For up to `per` positions of each repetition verdict and case of `names`' tables, the engine
/// playing both sides reaches the table's outcome. Returns how many games each verdict had.
/// `extra` positions are played first.
fn self_play_realises_verdicts(names: &[&str], extra: &[&str], per: usize) -> HashMap<String, usize> {
    let dir = tables(names);
    let tb = Tablebase::open(dir.path()).expect("open");
    let mut seen: HashMap<String, usize> = HashMap::new();
    for name in names {
        let mut all: Vec<Position> = extra.iter().map(|s| Position::from_sfen(s).expect("valid")).collect();
        all.retain(|p| Material::of(p).name() == *name);
        // Spread the picks over the index range rather than taking the first few.
        let set = positions(name);
        let step = (set.len() / 20_000).max(1);
        all.extend(set.into_iter().step_by(step));
        for pos in &all {
            for first in [Color::Sente, Color::Gote] {
                let v = tb
                    .probe(pos, Query::new(first, RuleSet::Standard).verdict_only())
                    .map(|p| p.map(|p| p.verdict))
                    .expect("probe")
                    .expect("table");
                if v.by == Some(By::Mate) {
                    continue;
                }
                let n = seen.entry(format!("{name} first {first:?}: {v}")).or_default();
                if *n >= per {
                    continue;
                }
                *n += 1;
                let game = self_play(dir.path(), pos, first, 4);
                let line: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
                assert!(
                    realises(&game, pos.side_to_move(), v),
                    "{} first {first:?}: table says {v}, game {:?} after {}",
                    pos.to_sfen(),
                    game.outcome(),
                    line.join(" ")
                );
            }
        }
    }
    seen
}

#[test]
fn self_play_wins_repetitions_as_the_tables_say() {
    let seen = self_play_realises_verdicts(&["-", "RG"], &["K1R2/g4/k4/5/5 b - 1"], 3);
    eprintln!("{seen:?}");
    assert!(seen.keys().any(|k| k.contains("by repetition")), "{seen:?}");
    assert!(seen.keys().any(|k| k.contains("perpetual")), "{seen:?}");
}

#[test]
fn self_play_wins_perpetual_checks_as_the_tables_say() {
    let seen = self_play_realises_verdicts(&["RR"], &[], 3);
    eprintln!("{seen:?}");
    assert!(seen.keys().any(|k| k.contains("perpetual")), "{seen:?}");
}
