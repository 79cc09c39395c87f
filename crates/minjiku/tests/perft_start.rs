//! Perft of the start position against Jocly's counts (`data/perft.tsv`).

use minjiku::{perft, perft_parallel, Position};

#[test]
fn start_position_depths_1_to_3() {
    let pos = Position::startpos();
    assert_eq!(perft(&pos, 1), 24);
    assert_eq!(perft(&pos, 2), 555);
    assert_eq!(perft_parallel(&pos, 3), 16230);
}
