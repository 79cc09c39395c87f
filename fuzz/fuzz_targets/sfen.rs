//! SFEN parsing never panics; a position it accepts round-trips through SFEN, has a consistent
//! hash, and every legal move can be played and taken back.

#![no_main]

use libfuzzer_sys::fuzz_target;
use minishogi::position::Setup;
use minishogi::Position;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = Setup::from_sfen(&text);
    let Ok(pos) = Position::from_sfen(&text) else { return };
    let again = Position::from_sfen(&pos.to_sfen()).expect("a formatted position parses back");
    assert_eq!(again, pos);
    assert_eq!(pos.hash(), pos.compute_hash());
    let mut scratch = pos.clone();
    for &m in pos.legal_move_list().iter() {
        let undo = scratch.play(m);
        assert_eq!(scratch.hash(), scratch.compute_hash());
        scratch.undo(m, undo);
        assert_eq!(scratch, pos);
    }
});
