//! The rules against independent reference data (Fairy-Stockfish via pyffish, confirmed by
//! minishogilib; pawn-drop mates excluded). See `data/README.md` for where the numbers come from.

use minishogi::game::EndReason;
use minishogi::perft::{perft, perft_parallel};
use minishogi::{Color, Game, Position, RuleSet};

const POSITIONS: &str = include_str!("../data/positions.tsv");
const PERFT: &str = include_str!("../data/perft-startpos.tsv");
const REPETITION: &str = include_str!("../data/repetition.tsv");

/// The data rows of a TSV file, each split on tabs, after checking the header.
fn rows<'a>(text: &'a str, header: &str) -> Vec<Vec<&'a str>> {
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(header), "unexpected header");
    lines.filter(|l| !l.is_empty()).map(|l| l.split('\t').collect()).collect()
}

fn position(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("reference SFEN {sfen} rejected: {e}"))
}

#[test]
fn legal_moves_check_and_result_of_every_reference_position() {
    let rows = rows(POSITIONS, "id\ttag\tsfen\tin_check\tlegal_moves\tperft2\tperft3\tresult");
    assert_eq!(rows.len(), 200);
    for row in rows {
        let [id, tag, sfen, in_check, legal, _, _, result] = row[..] else { panic!("bad row {row:?}") };
        let pos = position(sfen);
        let mut ours: Vec<String> = pos.legal_move_list().iter().map(|m| m.to_string()).collect();
        ours.sort();
        assert_eq!(ours.join(" "), legal, "row {id} ({tag}) {sfen}: legal moves");
        let reference_count = legal.split_whitespace().count() as u32;
        assert_eq!(pos.legal_move_count(), reference_count, "row {id} ({tag}) {sfen}: legal move count");
        assert_eq!(pos.in_check().to_string(), in_check, "row {id} ({tag}) {sfen}: in_check");
        let ours_result = match (pos.has_legal_move(), pos.in_check()) {
            (true, _) => "none",
            (false, true) => "checkmate",
            (false, false) => "no_legal_moves",
        };
        assert_eq!(ours_result, result, "row {id} ({tag}) {sfen}: result");
        assert_eq!(pos.is_checkmate(), result == "checkmate", "row {id}: is_checkmate");
        // Every move parses back from its USI text as a legal move.
        for text in legal.split_whitespace() {
            assert!(pos.parse_move(text).is_ok(), "row {id}: {text} not accepted by parse_move");
        }
    }
}

#[test]
fn perft_2_and_3_of_every_reference_position() {
    for row in rows(POSITIONS, "id\ttag\tsfen\tin_check\tlegal_moves\tperft2\tperft3\tresult") {
        let (id, sfen) = (row[0], row[2]);
        let mut pos = position(sfen);
        let p2: u64 = row[5].parse().expect("perft2 is a number");
        let p3: u64 = row[6].parse().expect("perft3 is a number");
        assert_eq!(perft(&mut pos, 2), p2, "row {id} {sfen}: perft(2)");
        assert_eq!(perft(&mut pos, 3), p3, "row {id} {sfen}: perft(3)");
        assert_eq!(pos, position(sfen), "row {id}: perft left the position changed");
    }
}

/// Checks every row of `perft-startpos.tsv` whose depth is in `depths`.
fn check_start_perfts(depths: std::ops::RangeInclusive<u32>, parallel: bool) -> usize {
    let mut checked = 0;
    for row in rows(PERFT, "name\tsfen\tdepth\tnodes") {
        let [name, sfen, depth, nodes] = row[..] else { panic!("bad row {row:?}") };
        let depth: u32 = depth.parse().expect("depth is a number");
        let nodes: u64 = nodes.parse().expect("nodes is a number");
        if !depths.contains(&depth) {
            continue;
        }
        let mut pos = position(sfen);
        let ours = if parallel { perft_parallel(&pos, depth) } else { perft(&mut pos, depth) };
        assert_eq!(ours, nodes, "{name} perft({depth})");
        checked += 1;
    }
    checked
}

#[test]
fn start_and_handicap_perft_up_to_depth_6() {
    // 7 starts × 6 depths.
    assert_eq!(check_start_perfts(1..=6, false), 42);
}

#[test]
fn parallel_perft_agrees_up_to_depth_5() {
    assert_eq!(check_start_perfts(1..=5, true), 35);
}

#[test]
#[ignore = "deep perft: about 5 s for depth 7 of all starts, about 30 s more for startpos depth 8"]
fn start_and_handicap_perft_depth_7_and_8() {
    // 7 starts at depth 7, startpos at depth 8.
    assert_eq!(check_start_perfts(7..=8, true), 8);
}

#[test]
fn repetition_sequences_lose_for_the_reference_loser() {
    let rows = rows(REPETITION, "name\tsfen\tmoves\tloser\tloser_fairy_stockfish");
    assert_eq!(rows.len(), 10);
    for row in rows {
        let [name, sfen, moves, loser, _] = row[..] else { panic!("bad row {row:?}") };
        let mut game = Game::new(position(sfen), RuleSet::Standard);
        let moves: Vec<&str> = moves.split_whitespace().collect();
        for (i, text) in moves.iter().enumerate() {
            assert_eq!(game.outcome(), None, "{name}: game ended before move {i} ({text})");
            game.play_usi(text).unwrap_or_else(|e| panic!("{name}: move {i} {text}: {e}"));
        }
        assert_eq!(game.repetitions(), 4, "{name}: the last move makes the fourth occurrence");
        let outcome = game.outcome().unwrap_or_else(|| panic!("{name}: no result after the repetition"));
        let expected_winner = match loser {
            "b" => Some(Color::Gote),
            "w" => Some(Color::Sente),
            "draw" => None,
            other => panic!("{name}: unknown loser {other}"),
        };
        assert_eq!(outcome.winner, expected_winner, "{name}: winner");
        assert!(
            matches!(outcome.reason, EndReason::Repetition | EndReason::PerpetualCheck),
            "{name}: reason {:?}",
            outcome.reason
        );
        // Under the draw rule set the same sequence is a plain draw.
        let mut game = Game::new(position(sfen), RuleSet::DrawAt300);
        for text in &moves {
            game.play_usi(text).unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
        }
        let outcome = game.outcome().unwrap_or_else(|| panic!("{name}: no draw under DrawAt300"));
        assert_eq!((outcome.winner, outcome.reason), (None, EndReason::Repetition), "{name}: DrawAt300");
    }
}
