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

#[test]
fn the_first_player_loses_repetitions() {
    // Sente moved first. Gote to move can repeat: that wins for gote.
    let game = shuffled("4k/5/5/5/K4 b - 1", &["5e5d", "1a1b", "5d5e"], RuleSet::Standard);
    assert!(is_repetition_win(score(&game)), "{:?}", score(&game));
    // Sente to move steers clear of the repetition it would lose: not a repetition score.
    let game = shuffled("4k/5/5/5/K4 b - 1", &["5e5d", "1a1b"], RuleSet::Standard);
    assert!(!is_repetition_loss(score(&game)) && !is_repetition_win(score(&game)), "{:?}", score(&game));
}

#[test]
fn a_game_started_by_gote_makes_gote_the_loser() {
    // The same shuffle, but gote moved first (as the handicap giver does).
    let game = shuffled("4k/5/5/5/K4 w - 1", &["1a1b", "5e5d", "1b1a"], RuleSet::Standard);
    // Sente to move can repeat: gote, the first player, loses.
    assert!(is_repetition_win(score(&game)), "{:?}", score(&game));
}

#[test]
fn draw300_scores_repetition_as_a_draw() {
    let game = shuffled("4k/5/5/5/K4 b - 1", &["5e5d", "1a1b", "5d5e"], RuleSet::DrawAt300);
    assert!(matches!(score(&game), Score::Cp(v) if v.abs() < 200), "{:?}", score(&game));
}
