//! Repetition in search follows the game's rule and knows who moved first.

use minishogi::{Game, Position, RuleSet};
use minishogi_engine::{Limits, Score, Searcher, Weights, REPETITION_WIN};
use std::sync::atomic::AtomicBool;

/// Bare kings: nothing but shuffling, so repetition decides the score.
fn shuffled(first: &str, moves: &[&str], rules: RuleSet) -> Game {
    let mut game = Game::new(Position::from_sfen(first).expect("valid"), rules);
    for m in moves {
        game.play_usi(m).expect("legal");
    }
    game
}

fn score(game: &Game) -> Score {
    let mut s = Searcher::new(Weights::initial(), 4);
    s.search(game, &Limits::depth(6), &AtomicBool::new(false), &mut |_| {}).score
}

fn is_repetition_win(score: Score) -> bool {
    matches!(score, Score::Cp(v) if v > REPETITION_WIN - 100)
}

fn is_repetition_loss(score: Score) -> bool {
    matches!(score, Score::Cp(v) if v < -(REPETITION_WIN - 100))
}

/// Both kings out and back, `times` times: the start position occurs `times + 1` times.
fn out_and_back(times: usize) -> Vec<&'static str> {
    ["5e5d", "1a1b", "5d5e", "1b1a"].repeat(times)
}

#[test]
fn the_first_player_loses_repetitions() {
    // The start position occurred three times; gote to move repeats it a fourth time: gote wins.
    let mut moves = out_and_back(2);
    moves.extend(["5e5d", "1a1b", "5d5e"]);
    let game = shuffled("4k/5/5/5/K4 b - 1", &moves, RuleSet::Standard);
    assert!(is_repetition_win(score(&game)), "{:?}", score(&game));
    // Sente to move steers clear of the repetition it would lose: not a repetition score.
    let game = shuffled("4k/5/5/5/K4 b - 1", &["5e5d", "1a1b"], RuleSet::Standard);
    assert!(!is_repetition_loss(score(&game)) && !is_repetition_win(score(&game)), "{:?}", score(&game));
}

#[test]
fn a_position_seen_only_before_the_root_does_not_end_the_game_early() {
    // Gote to move can go back to a position of the game: its second and third occurrences end
    // nothing, since sente may then leave the cycle, so there is no repetition score.
    for times in [0, 1] {
        let mut moves = out_and_back(times);
        moves.extend(["5e5d", "1a1b", "5d5e"]);
        let game = shuffled("4k/5/5/5/K4 b - 1", &moves, RuleSet::Standard);
        let v = score(&game);
        assert!(!is_repetition_win(v) && !is_repetition_loss(v), "after {} moves: {v:?}", moves.len());
    }
}

#[test]
fn a_game_started_by_gote_makes_gote_the_loser() {
    // The same shuffle, but gote moved first (as the handicap giver does).
    let mut moves = ["1a1b", "5e5d", "1b1a", "5d5e"].repeat(2);
    moves.extend(["1a1b", "5e5d", "1b1a"]);
    let game = shuffled("4k/5/5/5/K4 w - 1", &moves, RuleSet::Standard);
    // Sente to move repeats the start a fourth time: gote, the first player, loses.
    assert!(is_repetition_win(score(&game)), "{:?}", score(&game));
}

#[test]
fn draw300_scores_repetition_as_a_draw() {
    let game = shuffled("4k/5/5/5/K4 b - 1", &["5e5d", "1a1b", "5d5e"], RuleSet::DrawAt300);
    assert!(matches!(score(&game), Score::Cp(v) if v.abs() < 200), "{:?}", score(&game));
}
