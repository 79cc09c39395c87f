//! The positions of Jocly's seeded playouts (`data/playouts.tsv`): replaying each line with this
//! crate gives the same pieces, and the legal-move count is the reference's `fixed` reading,
//! plus the rifle captures with promotion the rules page allows (see `docs/minjiku.md`).

use crate::common;

use common::{parse_piece_list, piece_list, read_tsv, replay};

#[test]
fn replayed_lines_reach_the_reference_positions() {
    for row in read_tsv("playouts.tsv") {
        let pos = replay(row.get("coord_moves"));
        let mut expected = parse_piece_list(row.get("pieces"));
        expected.sort_by_key(|(sq, _)| *sq);
        assert_eq!(piece_list(&pos), expected, "playout {}", row.get("id"));
        let side = if row.get("side_to_move") == "w" { minjiku::Color::White } else { minjiku::Color::Black };
        assert_eq!(pos.side_to_move(), side, "playout {}", row.get("id"));
    }
}

#[test]
fn legal_move_counts_match_the_fixed_reading() {
    for row in read_tsv("playouts.tsv") {
        let id = row.get("id");
        let pos = replay(row.get("coord_moves"));
        let moves = pos.legal_move_list();
        let rifle_promotions =
            moves.iter().filter(|m| m.rifle_victim().is_some() && m.is_promotion()).count();
        eprintln!(
            "{id}: ours {} (rifle promotions {rifle_promotions}), fixed {}, strict {}, jocly {}",
            moves.len(),
            row.get("fixed_legal"),
            row.get("strict_legal"),
            row.get("jocly_legal")
        );
        assert_eq!(moves.len() - rifle_promotions, row.number("fixed_legal"), "playout {id}");
        assert_eq!(pos.is_check(), row.get("fixed_in_check") == "1", "playout {id}");
    }
}
