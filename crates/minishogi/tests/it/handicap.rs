//! The handicap table against the reference data (Fairy-Stockfish, minishogilib; see
//! `data/README.md`) and the facts the rules state about the handicap starts.

use minishogi::game::EndReason;
use minishogi::perft::perft;
use minishogi::{Color, Handicap, RuleSet};

const PERFT: &str = include_str!("../data/perft-startpos.tsv");
const REPETITION: &str = include_str!("../data/repetition.tsv");

#[test]
fn every_handicap_start_has_the_reference_sfen_and_perft() {
    let mut checked = 0;
    for h in Handicap::all() {
        let name = format!("handicap-{}", h.name());
        let rows: Vec<Vec<&str>> =
            PERFT.lines().map(|l| l.split('\t').collect::<Vec<_>>()).filter(|r| r[0] == name).collect();
        assert!(!rows.is_empty(), "no reference rows for {name}");
        for row in rows {
            assert_eq!(row[1], h.sfen(), "{name}: SFEN");
            let depth: u32 = row[2].parse().expect("depth is a number");
            if depth > 4 {
                continue;
            }
            let nodes: u64 = row[3].parse().expect("nodes is a number");
            assert_eq!(perft(&mut h.position(), depth), nodes, "{name} perft({depth})");
            checked += 1;
        }
    }
    assert_eq!(checked, 6 * 4);
}

#[test]
fn the_naked_king_starts_in_check_with_two_legal_moves() {
    let pos = Handicap::NakedKing.position();
    assert_eq!(pos.side_to_move(), Color::Gote);
    assert!(pos.in_check());
    let mut moves: Vec<String> = pos.legal_move_list().iter().map(|m| m.to_string()).collect();
    moves.sort();
    // The king on 1a leaves file 1, which the rook on 1e controls: 2a or 2b.
    assert_eq!(moves, ["1a2a", "1a2b"]);
}

#[test]
fn a_handicap_game_has_gote_as_first_player_who_loses_a_plain_repetition() {
    for h in Handicap::all() {
        assert_eq!(h.game(RuleSet::Standard).first_player(), Color::Gote, "{h}");
    }
    let mut seen = 0;
    for line in REPETITION.lines().filter(|l| l.starts_with("handicap-bishop")) {
        let row: Vec<&str> = line.split('\t').collect();
        assert_eq!(row[1], Handicap::Bishop.sfen());
        let mut game = Handicap::Bishop.game(RuleSet::Standard);
        for text in row[2].split_whitespace() {
            game.play_usi(text).expect("the reference moves are legal");
        }
        let outcome = game.outcome().expect("the sequence ends in a fourfold repetition");
        assert_eq!(row[3], "w", "the reference loser is gote, the first player");
        assert_eq!((outcome.winner, outcome.reason), (Some(Color::Sente), EndReason::Repetition));
        seen += 1;
    }
    assert_eq!(seen, 2);
}
