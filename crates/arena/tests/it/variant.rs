//! The game trait: both games' openings, and the generic match runner.
#![allow(clippy::unwrap_used)]

use minishogi_arena::variant::{
    random_opening, run_variant_match, Contestant, MatchEnd, Minishogi, Minjiku, SearchLimit, Variant,
    VariantMatch,
};
use minishogi_arena::{OpeningConfig, Rng};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Replays `moves` from the start under the rules, each move checked legal.
fn replays<V: Variant>(v: &V, moves: &[V::Move]) -> V::Game {
    let mut game = v.new_game(&v.startpos());
    for &m in moves {
        assert!(v.outcome(&game).is_none(), "a move after the end");
        assert!(v.is_legal(v.position(&game), m), "{m:?} is illegal");
        v.play(&mut game, m);
    }
    game
}

fn openings_are_random_legal_and_repeatable<V: Variant>(v: &V) {
    let config = OpeningConfig { min_plies: 2, max_plies: 5, check_nodes: 300, ..OpeningConfig::default() };
    let mut checker = v.opening_checker();
    let mut lines = Vec::new();
    for i in 0..6 {
        let game = random_opening(v, &mut Rng::for_item(7, i), &mut checker, &config);
        let moves = v.moves(&game).to_vec();
        assert!((2..=5).contains(&moves.len()), "{} plies", moves.len());
        replays(v, &moves);
        let again = random_opening(v, &mut Rng::for_item(7, i), &mut checker, &config);
        assert_eq!(v.moves(&again), &moves[..], "the same stream, the same opening");
        lines.push(moves);
    }
    lines.dedup();
    assert!(lines.len() > 3, "openings vary: {lines:?}");
}

#[test]
fn both_games_draw_random_legal_repeatable_openings() {
    openings_are_random_legal_and_repeatable(&Minishogi::default());
    openings_are_random_legal_and_repeatable(&Minjiku);
}

fn notation_round_trips<V: Variant>(v: &V) {
    let mut game = v.new_game(&v.startpos());
    let mut searcher = v.searcher(&v.linear(&v.initial_weights()), 1);
    for _ in 0..12 {
        let pos = v.position(&game).clone();
        let reread = v.parse_position(&v.position_text(&pos)).expect("its own notation reads");
        assert_eq!(reread, pos);
        for m in v.legal_moves(&pos) {
            assert_eq!(v.parse_move(&pos, &v.move_text(&pos, m)).expect("reads"), m);
        }
        let found = v.search(&mut searcher, &game, SearchLimit::Nodes(200), &AtomicBool::new(false));
        v.play(&mut game, found.best.expect("a move"));
    }
    assert!(v.parse_position("not a position").is_err());
    assert!(v.parse_move(v.position(&game), "z9z9").is_err());
}

#[test]
fn both_games_read_their_own_notation() {
    notation_round_trips(&Minishogi::default());
    notation_round_trips(&Minjiku);
}

#[test]
fn features_dot_weights_is_the_evaluation_in_both_games() {
    // Minjiku: the engine's static evaluation is the dot product of the harness's features.
    let v = Minjiku;
    let weights = v.weights_to_vec(&v.initial_weights());
    let mut game = v.new_game(&v.startpos());
    let searcher = minjiku_engine::Searcher::new(v.initial_weights(), 1);
    for i in 0..30 {
        let pos = v.position(&game).clone();
        let dot: f64 = v.features(&pos).iter().map(|&(j, x)| weights[j as usize] * f64::from(x)).sum();
        assert_eq!(dot.round() as i32, searcher.evaluate(&pos), "ply {i}");
        let moves = v.legal_moves(&pos);
        v.play(&mut game, moves[(i * 7) % moves.len()]);
    }
    assert_eq!(v.weight_names().len(), weights.len());
    assert_eq!(v.weights_from_vec(&weights).expect("in range"), v.initial_weights());
    assert!(v.weights_from_vec(&[1.0]).is_err());
}

#[test]
fn a_minjiku_match_pairs_its_games_and_the_deeper_search_wins() {
    let contestant = |name: &str, nodes| Contestant {
        name: name.to_string(),
        evaluation: Minjiku.initial_weights(),
        limit: SearchLimit::Nodes(nodes),
    };
    let settings = VariantMatch {
        players: [contestant("deep", 3000), contestant("shallow", 30)],
        pairs: 3,
        seed: 5,
        opening: OpeningConfig { check_nodes: 200, ..OpeningConfig::default() },
        ply_cap: 300,
        concurrency: 2,
        hash_mb: 1,
        sprt: None,
        move_overhead: Duration::ZERO,
    };
    let mut games = Vec::new();
    let score = run_variant_match(&Minjiku, &settings, &mut |g, _| games.push(g.clone())).expect("plays");
    assert_eq!(score.tally.games(), 6);
    assert_eq!(score.pentanomial.pairs(), 3);
    games.sort_by_key(|g| g.number);
    for g in &games {
        let game = replays(&Minjiku, &g.moves);
        assert_eq!(Minjiku.outcome(&game).is_some(), matches!(g.end, MatchEnd::Rules(_)));
        assert_eq!(g.player1_first, g.number % 2 == 1);
    }
    // Each pair shares its opening, with the colours swapped.
    for pair in games.chunks(2) {
        let n = pair[0].opening_plies;
        assert_eq!(pair[0].moves[..n], pair[1].moves[..n]);
    }
    assert!(score.tally.score() > 0.75, "{score}");
    assert!(run_variant_match(&Minjiku, &VariantMatch { pairs: 0, ..settings }, &mut |_, _| {}).is_err());
}

/// A search on a clock plans its move from the clock: it returns a legal move, well inside the
/// time left (a loss on time would be a move after it).
fn searches_on_a_clock<V: Variant>(v: &V) {
    let mut game = v.new_game(&v.startpos());
    let mut searcher = v.searcher(&v.linear(&v.initial_weights()), 1);
    let left = Duration::from_secs(5);
    for increment in [Duration::ZERO, Duration::from_millis(20)] {
        let started = Instant::now();
        let limit = SearchLimit::Clock { left, increment };
        let found = v.search(&mut searcher, &game, limit, &AtomicBool::new(false));
        assert!(started.elapsed() < left, "{}: the move came after the flag fell", v.name());
        let best = found.best.expect("a move");
        assert!(v.is_legal(v.position(&game), best) && found.depth >= 1);
        v.play(&mut game, best);
    }
}

#[test]
fn both_games_search_on_a_clock_with_increment() {
    searches_on_a_clock(&Minishogi::default());
    searches_on_a_clock(&Minjiku);
}

/// Player 1 on a clock of 1 ms for the whole game, no increment and no allowance, against a
/// fixed node count: its clock runs out within its first moves, and it loses every game on
/// time, the move that came too late not played.
fn a_clock_that_runs_out_loses_on_time<V: Variant + Clone>(v: &V) {
    let evaluation = v.linear(&v.initial_weights());
    let settings = VariantMatch {
        players: [
            Contestant {
                name: "flag".into(),
                evaluation: evaluation.clone(),
                limit: SearchLimit::Clock { left: Duration::from_millis(1), increment: Duration::ZERO },
            },
            Contestant { name: "nodes".into(), evaluation, limit: SearchLimit::Nodes(100) },
        ],
        pairs: 2,
        seed: 9,
        opening: OpeningConfig { check_nodes: 100, ..OpeningConfig::default() },
        ply_cap: 300,
        concurrency: 1,
        hash_mb: 1,
        sprt: None,
        move_overhead: Duration::ZERO,
    };
    let mut games = Vec::new();
    let score = run_variant_match(v, &settings, &mut |g, _| games.push(g.clone())).expect("plays");
    assert_eq!(score.tally.games(), 4);
    assert_eq!(score.tally.score(), 0.0, "{}: {score}", v.name());
    assert_eq!(score.endings.get("time-loss"), Some(&4), "{}: {score}", v.name());
    for g in &games {
        let MatchEnd::TimeLoss { loser, termination } = &g.end else { panic!("{:?}", g.end) };
        let game = replays(v, &g.moves);
        assert_eq!(*loser, v.side_to_move(v.position(&game)), "the side to move lost");
        assert_eq!(*loser, if g.player1_first { 0 } else { 1 });
        // Every searched move was timed, the late one included.
        assert_eq!(g.times.len(), g.moves.len() - g.opening_plies + 1);
        assert!(g.ending_text(v).starts_with("time-loss ("), "{termination}");
    }
}

#[test]
fn a_player_whose_clock_runs_out_loses_on_time_in_both_games() {
    a_clock_that_runs_out_loses_on_time(&Minishogi::default());
    a_clock_that_runs_out_loses_on_time(&Minjiku);
}

#[test]
fn a_minjiku_match_on_a_clock_with_increment_plays_to_the_end() {
    // Enough time and an allowance: the games end by the rules or the ply cap, not on time.
    let contestant = |name: &str, weights| Contestant {
        name: name.to_string(),
        evaluation: weights,
        limit: SearchLimit::Clock { left: Duration::from_secs(2), increment: Duration::from_millis(20) },
    };
    let settings = VariantMatch {
        players: [contestant("one", Minjiku.initial_weights()), contestant("two", Minjiku.initial_weights())],
        pairs: 1,
        seed: 3,
        opening: OpeningConfig { check_nodes: 100, ..OpeningConfig::default() },
        ply_cap: 40,
        concurrency: 2,
        hash_mb: 1,
        sprt: None,
        move_overhead: Duration::from_secs(1),
    };
    let mut games = Vec::new();
    let score = run_variant_match(&Minjiku, &settings, &mut |g, _| games.push(g.clone())).expect("plays");
    assert_eq!(score.tally.games(), 2);
    for g in &games {
        assert!(!matches!(g.end, MatchEnd::TimeLoss { .. }), "{:?}", g.end);
        assert_eq!(g.times.len(), g.moves.len() - g.opening_plies);
    }
}
