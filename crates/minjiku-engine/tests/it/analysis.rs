//! `analysis::analyse`: a table position's answer is the table's value and line; no legal move
//! is a loss by the rules; anything else is the engine's estimate; bad input is an error.

use crate::table_endgames::tables;
use minjiku::{Color, Kind, Piece, Position, Square};
use minjiku_engine::analysis::{analyse, analyse_fen, AnalysisError, GameResult, Source};
use minjiku_engine::Limits;

/// White: King a1, promoted Gold d5; Black: King j10; White to move.
const GOLD_FEN: &str = "2/9k/10/10/10/10/3+G6/10/10/10/K9/2 w";

#[test]
fn a_table_position_gets_the_tables_value_and_line() {
    let tables = tables(&["K+GvK"]);
    let pos = Position::from_fen(GOLD_FEN).expect("as set up");
    let analysis = analyse(Some(&tables), &pos, &Limits::depth(2)).expect("as set up");
    let probe = tables.line(&pos).expect("as set up").expect("as set up");
    assert!(analysis.exact && probe.value.is_win());
    assert_eq!((analysis.result, analysis.source), (GameResult::Win, Source::Tablebase));
    assert_eq!(analysis.plies, probe.value.dtm().map(u32::from));
    assert_eq!(analysis.line, probe.moves);
    assert_eq!(analysis.best.as_ref(), probe.moves.first());
    // The line replayed with the rules ends with the bare King without a move, at the distance.
    let mut at = pos.clone();
    for text in &analysis.line {
        let m = at.parse_move(text).expect("as set up");
        at.play(m);
    }
    assert!(
        at.legal_move_list().is_empty() && analysis.line.len() as u32 == analysis.plies.expect("as set up")
    );
    let json = serde_json::to_value(&analysis).expect("as set up");
    assert_eq!((json["by"].as_str(), json["source"].as_str()), (Some("mate"), Some("tablebase")));

    // Without the tables: the engine's estimate, labelled so.
    let estimate = analyse(None, &pos, &Limits::depth(2)).expect("as set up");
    assert!(!estimate.exact && estimate.result == GameResult::Unknown && estimate.source == Source::Engine);
    assert!(estimate.best.is_some() && estimate.depth == Some(2));
    assert!(estimate.to_string().contains("(estimate: "), "{estimate}");
}

#[test]
fn no_legal_move_is_a_loss_and_bad_input_an_error() {
    // White's King in the corner, boxed by Black's promoted Golds (Rook moves) on b-file and rank 2
    // with Black's King guarding: found by trying placements, checked by the rules.
    let pieces = |a: Square, b: Square| {
        [
            (Square::new(0, 1).expect("as set up"), Piece::new(Color::White, Kind::King)),
            (Square::new(2, 3).expect("as set up"), Piece::new(Color::Black, Kind::King)),
            (a, Piece::new(Color::Black, Kind::PromotedGold)),
            (b, Piece::new(Color::Black, Kind::PromotedGold)),
        ]
    };
    let squares: Vec<Square> =
        (0..10).flat_map(|f| (1..11).map(move |r| Square::new(f, r).expect("as set up"))).collect();
    let mated = squares
        .iter()
        .flat_map(|&a| squares.iter().map(move |&b| (a, b)))
        .filter_map(|(a, b)| Position::from_pieces(pieces(a, b), Color::White).ok())
        .find(|p| p.legal_move_list().is_empty())
        .expect("a position without a legal move");
    let analysis = analyse(None, &mated, &Limits::depth(2)).expect("as set up");
    assert!(analysis.exact && analysis.best.is_none() && analysis.line.is_empty());
    assert_eq!(
        (analysis.result, analysis.plies, analysis.source),
        (GameResult::Loss, Some(0), Source::Rules)
    );

    let error = analyse_fen(None, "not a position", &Limits::depth(1)).expect_err("an error");
    assert!(
        matches!(error, AnalysisError::BadPosition { .. }) && error.to_string().contains("not a position")
    );
    let error = analyse_fen(None, "startpos moves a1a1", &Limits::depth(1)).expect_err("an error");
    assert!(error.to_string().contains("a1a1"), "{error}");
}
