//! Perft of the start position against Jocly's counts (`data/perft.tsv`).
//!
//! The rules give the `nodes_fixed` column. Jocly's own count (`nodes`) is 3 lower at depth 3:
//! it rejects Fire Dragon moves that answer a check by burning the checker (it tests legality
//! before removing burnt pieces; quirk 2 in `docs/minjiku.md`).

use crate::common;

use minjiku::perft::{perft, perft_divide, perft_parallel};
use minjiku::Position;

#[test]
fn start_position_matches_the_fixed_reading() {
    let pos = Position::startpos();
    for row in common::read_tsv("perft.tsv") {
        let depth = row.number("depth") as u32;
        let expected = row.number("nodes_fixed") as u64;
        assert_eq!(perft(&pos, depth), expected, "depth {depth}");
        assert_eq!(perft_parallel(&pos, depth), expected, "parallel, depth {depth}");
    }
}

#[test]
fn divide_sums_to_perft() {
    let pos = Position::startpos();
    let divided = perft_divide(&pos, 2);
    assert_eq!(divided.len(), 24);
    assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), 555);
}
