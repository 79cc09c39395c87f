//! Hand-checked positions, one for each special rule, each worked out on the board from the
//! rules page. Positions are written as piece lists (`wK@a1` is a White King on a1, `bL*@c9` an
//! unmoved Black Lateral Mover, `w+D@e5` a White Lion).

use crate::common;

use minjiku::game::{repetition_verdict, EndReason, Outcome};
use minjiku::{Color, Game, Position};

fn position(pieces: &str, side: Color) -> Position {
    Position::from_pieces(common::parse_piece_list(pieces), side).unwrap_or_else(|e| panic!("{pieces}: {e}"))
}

fn tokens(pos: &Position) -> Vec<String> {
    let mut t: Vec<String> = pos.legal_move_list().iter().map(|&m| pos.move_to_coord(m)).collect();
    t.sort();
    t
}

fn has(pos: &Position, token: &str) -> bool {
    tokens(pos).iter().any(|t| t == token)
}

fn play(pos: &Position, token: &str) -> Position {
    pos.after(pos.parse_move(token).unwrap_or_else(|e| panic!("{e}")))
}

/// A Lion on e5 takes the pawn on e6, but its area move cannot go on from there: the second
/// step needs an empty first square, and d6 and f6 hold its own Golds, so d7, e7 and f7 (reached
/// only through d6, e6 or f6) are out of reach, and so is g7 (only through f6). Through the empty
/// d4 it takes the pawn on c3.
#[test]
fn area_move_stops_after_a_capture_on_the_first_step() {
    let pos = position("wK@a1 bK@j10 w+D@e5 bP@e6 wG@d6 wG@f6 bP@c3", Color::White);
    assert!(has(&pos, "e5e6"));
    for unreachable in ["e5d7", "e5e7", "e5f7", "e5g7", "e5e5"] {
        assert!(!has(&pos, unreachable), "{unreachable}");
    }
    assert!(has(&pos, "e5c3"));
    assert!(has(&pos, "e5c6"), "knight-shaped, through d5 (empty)");
    // A knight-shaped area move against a King is a check (quirk 1: Jocly says it is not).
    let pos = position("b+D@e7 wK@f5 bK@j10", Color::White);
    assert!(pos.is_check());
}

/// An area move may not pass through a square that does not exist: a Lion on h10 cannot take the
/// Minister on f11, because of its two possible middle squares g10 is occupied and g11 is not a
/// square (Jocly's quirk 5 lets it through g11).
#[test]
fn area_move_does_not_pass_through_missing_squares() {
    let pos = position("wK@a1 bK@e11 bM@f11 w+D@h10 bG@g10", Color::White);
    assert!(!has(&pos, "h10f11"));
    assert!(has(&pos, "h10g10"));
}

/// A Diagonal Jumper (rank 3) on c3 captures over the pawn on d4 but not over its own Jumping
/// General (rank 7) on e5, so the Rook on f6 is safe; up the other diagonal it takes the enemy
/// Orthogonal Jumper on b4 (rank 3, equal) but cannot jump it to reach the Gold on a5.
#[test]
fn jumper_is_stopped_by_an_equal_or_higher_rank() {
    let pos = position("wK@j1 bK@a10 wD@c3 bP@d4 wJ@e5 bR@f6 b+M@b4 bG@a5", Color::White);
    assert!(has(&pos, "c3d4"));
    assert!(!has(&pos, "c3f6"), "own Jumping General in between");
    assert!(has(&pos, "c3b4"));
    assert!(!has(&pos, "c3a5"), "equal rank in between");
    // The Jumping General itself passes the rank-0 Rook: it takes f6, and over it g7 is empty, so
    // nothing more; it never jumps to an empty square.
    assert!(has(&pos, "e5f6"));
    assert!(!has(&pos, "e5g7"));
}

/// No jumper passes a King, not even its own side's: the White King on e4 is not in check from
/// the Black Jumping General on a4 behind the Black King on c4 (quirk 3: Jocly says it is).
/// Over two pawns, a Jumping General checks (and would take) the King behind them.
#[test]
fn kings_cannot_be_jumped_but_jumpers_check_over_screens() {
    let pos = position("bJ@a4 bK@c4 wK@e4", Color::White);
    assert!(!pos.is_check());
    let pos = position("wJ@a1 bP@a3 bP@a5 bK@a7 wK@j1", Color::Black);
    assert!(pos.is_check(), "the Jumping General jumps both pawns");
    let pos = position("wJ@a1 bP@a3 bJ@a5 bK@a7 wK@j1", Color::Black);
    assert!(!pos.is_check(), "a Jumping General in between stops it");
}

/// A rifle capture removes the piece next to the Viper without moving: the Viper on d4 takes the
/// Silver on d5, which opens the fifth rank from the Rook on a5 to the Black King on g5: check.
/// A King orthogonally next to an enemy Viper is itself in check (it could be rifled).
#[test]
fn rifle_capture_giving_check() {
    let pos = position("wK@a1 wR@a5 wV@d4 bS@d5 bK@g5", Color::White);
    assert!(!has(&pos, "d4d5"), "the Viper does not move orthogonally");
    let after = play(&pos, "d4d4xd5");
    assert!(after.is_check());
    assert_eq!(
        after.piece_at("d4".parse().unwrap_or_else(|e| panic!("{e}"))).map(|p| p.kind),
        Some(minjiku::Kind::Viper)
    );
    let pos = position("wK@a1 wV@f5 bK@g5", Color::Black);
    assert!(pos.is_check(), "rifle check from f5");
}

/// Burning: the White Dragon on b6 lands on d8 and burns the Gold on e9 that shielded the Black
/// King on e10 from the Rook on e1: check by burning the defender. Own pieces are not burnt.
#[test]
fn burning_the_kings_defender() {
    let pos = position("wK@a1 wR@e1 wF@b6 bG@e9 bK@e10 wP@c9", Color::White);
    assert!(has(&pos, "b6d8*e9"), "burns e9 only, not the own pawn on c9");
    let after = play(&pos, "b6d8");
    assert!(after.is_check());
    assert!(after.piece_at("e9".parse().unwrap_or_else(|e| panic!("{e}"))).is_none());
}

/// Burning answers check: the White King on e1 is checked by the Rook on e8; the Dragon on b5
/// can burn it by landing on d7, f7 being out of reach (Jocly rejects such moves: quirk 2). And a
/// King may not stand diagonally next to a square an enemy Dragon can reach: with a Black Dragon
/// on a7, the King on e5 is in check because a7-d4 would burn it (quirk 1: Jocly says no check).
#[test]
fn burning_stops_a_check_and_gives_one() {
    let pos = position("wK@e1 bR@e8 wF@b5 bK@j10", Color::White);
    assert!(pos.is_check());
    assert!(has(&pos, "b5d7*e8"));
    // Jocly's 7 moves (quirks.txt case 6) and the burn: take e8, block on e2 or e5, four King steps.
    let expected = ["b5d7*e8", "b5e2", "b5e5", "b5e8", "e1d1", "e1d2", "e1f1", "e1f2"];
    assert_eq!(tokens(&pos), expected);
    let pos = position("bF@a7 wK@e5 bK@j10", Color::White);
    assert!(pos.is_check());
}

/// The extra squares: the White King's f0 and the Minister's e0. After the Minister leaves, e0
/// is gone: the King cannot step there and the notation shows it empty (vanished). A piece
/// enters an extra square only by taking what stands on it.
#[test]
fn extra_squares_vanish_once_vacated() {
    let pos = position("wM@e0 wK@f0 bK@j10 bR@e5", Color::Black);
    assert!(has(&pos, "e5e0"), "the Rook takes the Minister on e0");
    let pos = position("wM@e0 wK@f0 bK@j10", Color::White);
    let pos = play(&play(&pos, "e0d1"), "j10j9");
    assert!(!has(&pos, "f0e0"));
    assert!(has(&pos, "f0e1"));
    assert!(pos.to_fen().ends_with("/1K w"), "{}", pos.to_fen());
    let pos = play(&play(&pos, "f0f1"), "j9j10");
    assert!(!has(&pos, "f1f0"), "f0 is gone too");
}

/// Promotion: optional, on entering the zone (ranks 8 to 10 for White) or on capturing a piece
/// in it. A Rook on c8 may promote by taking on c9 but not by moving to d8; a Rook entering from
/// c7 may; leaving the zone gives none. A rifle capture of a piece in the zone may promote (the
/// page: "or capture a piece that is there"; Jocly: never).
#[test]
fn promotion_on_entering_or_capturing_in_the_zone() {
    let pos = position("wK@a1 bK@j10 wR@c8 bP@c9", Color::White);
    assert!(has(&pos, "c8c9") && has(&pos, "c8c9+"));
    assert!(has(&pos, "c8d8") && !has(&pos, "c8d8+"));
    assert!(!has(&pos, "c8c7+"));
    let pos = position("wK@a1 bK@j10 wR@c7 bP@c10", Color::White);
    assert!(has(&pos, "c7c8") && has(&pos, "c7c8+"));
    let pos = position("wK@a1 bK@j10 wV@c7 bP@c8 bG@d7", Color::White);
    assert!(has(&pos, "c7c7xc8") && has(&pos, "c7c7+xc8"));
    assert!(has(&pos, "c7c7xd7") && !has(&pos, "c7c7+xd7"), "d7 is outside the zone");
    let promoted = play(&pos, "c7c7+xc8");
    assert_eq!(
        promoted.piece_at("c7".parse().unwrap_or_else(|e| panic!("{e}"))).map(|p| p.kind),
        Some(minjiku::Kind::AreaJumper)
    );
    let pos = position("wK@a1 bK@j10 wP@e7", Color::White);
    assert!(has(&pos, "e7e8") && has(&pos, "e7e8+"));
    // Inside the zone a quiet step does not promote; the page forces nothing, so a Pawn may stay
    // unpromoted on the last rank, where it has no move.
    let pos = position("wK@a1 bK@j10 wP@e9", Color::White);
    assert!(has(&pos, "e9e10") && !has(&pos, "e9e10+"));
    let pos = position("wK@a1 bK@j10 wP@e10", Color::White);
    assert_eq!(tokens(&pos), ["a1a2", "a1b1", "a1b2"]);
}

/// The Lateral Mover: sideways slides and single vertical steps, and before its first move a
/// slide of two squares forward (never a jump, never backwards). Any first move uses it up.
#[test]
fn lateral_mover_initial_double_step() {
    let pos = position("wK@j1 bK@j10 wL*@c5", Color::White);
    assert!(has(&pos, "c5c6") && has(&pos, "c5c7") && has(&pos, "c5c4"));
    assert!(!has(&pos, "c5c8") && !has(&pos, "c5c3"));
    assert_eq!(tokens(&pos).iter().filter(|t| t.starts_with("c5")).count(), 12);
    let moved = play(&play(&pos, "c5c6"), "j10j9");
    assert!(!has(&moved, "c6c8"));
    let blocked = position("wK@j1 bK@j10 wL*@c5 bP@c6", Color::White);
    assert!(has(&blocked, "c5c6") && !has(&blocked, "c5c7"));
}

/// The Ninja slides sideways skipping the adjacent square, whatever is on it, steps diagonally
/// and rifles orthogonally.
#[test]
fn ninja_skips_the_adjacent_square() {
    let pos = position("wK@j1 bK@j10 w+L@e5 bP@f5 wP@d5", Color::White);
    for t in ["e5g5", "e5j5", "e5c5", "e5a5", "e5e5xf5", "e5d6", "e5f4"] {
        assert!(has(&pos, t), "{t}");
    }
    assert!(!has(&pos, "e5f5") && !has(&pos, "e5e6"));
}

/// Mate and no legal move: both lose for the side to move.
#[test]
fn mate_and_no_legal_move() {
    let mate = position("bK@j10 wQ@i9 wK@h8", Color::Black);
    assert_eq!(
        Game::new(mate).outcome(),
        Some(Outcome { winner: Some(Color::White), reason: EndReason::Checkmate })
    );
    let stuck = position("bK@j10 wR@i1 wR@a9 wK@a1", Color::Black);
    assert!(!stuck.is_check());
    let outcome = Game::new(stuck).outcome();
    assert_eq!(outcome, Some(Outcome { winner: Some(Color::White), reason: EndReason::NoLegalMove }));
}

/// Repetition: the fourth occurrence of a position ends the game, a draw unless one side checked
/// with every move since the first occurrence.
#[test]
fn repetition_and_perpetual_check() {
    let mut game = Game::new(position("wK@a1 bK@j10", Color::White));
    for _ in 0..3 {
        for t in ["a1a2", "j10j9", "a2a1", "j9j10"] {
            assert_eq!(game.outcome(), None);
            let m = game.position().parse_move(t).unwrap_or_else(|e| panic!("{e}"));
            game.play(m).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::Repetition }));
    // Hashes 1, 2, 3, 4 repeating; White's moves (to odd plies) all check Black.
    let history: Vec<(u64, bool)> = (0..13).map(|i| (i % 4, i % 2 == 1)).collect();
    assert_eq!(
        repetition_verdict(&history, Color::Black),
        Some(Outcome { winner: Some(Color::Black), reason: EndReason::PerpetualCheck })
    );
}

/// Taking moves back: each undo returns the last move and restores the position, the moves and
/// the history the repetition rule reads, so a game ended by repetition goes on again.
#[test]
fn undo_restores_the_game_before_the_move() {
    let start = position("wK@a1 bK@j10", Color::White);
    let mut game = Game::new(start.clone());
    assert_eq!(game.undo(), None);
    let mut seen = vec![(game.position().clone(), game.history().to_vec())];
    for _ in 0..3 {
        for t in ["a1a2", "j10j9", "a2a1", "j9j10"] {
            let m = game.position().parse_move(t).unwrap_or_else(|e| panic!("{e}"));
            game.play(m).unwrap_or_else(|e| panic!("{e}"));
            seen.push((game.position().clone(), game.history().to_vec()));
        }
    }
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::Repetition }));
    let last = *game.moves().last().expect("moves were played");
    assert_eq!(game.undo(), Some(last));
    assert_eq!(game.outcome(), None);
    while !game.moves().is_empty() {
        let (pos, history) = &seen[game.moves().len()];
        assert_eq!((game.position(), game.history()), (pos, history.as_slice()));
        assert_eq!(game.start(), &start);
        game.undo();
    }
    assert_eq!((game.position(), game.history().len(), game.start()), (&start, 1, &start));
}
