//! USI move parsing never panics, and a move accepted by `Position::parse_move` is legal.
//!
//! Input: a SFEN on the first line (the start position if it does not parse), then one move per
//! line, each checked against the position and played when legal.

#![no_main]

use libfuzzer_sys::fuzz_target;
use minishogi::{Move, Position};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let mut pos = Position::from_sfen(first).unwrap_or_else(|_| Position::startpos());
    for line in lines {
        let parsed = Move::parse_usi(line);
        match pos.parse_move(line) {
            Ok(m) => {
                assert_eq!(parsed, Some(m));
                assert!(pos.legal_move_list().contains(&m));
                assert_eq!(m.to_string(), line);
                pos.play(m);
                assert_eq!(pos.hash(), pos.compute_hash());
            }
            Err(_) => {
                if let Some(m) = parsed {
                    assert!(!pos.legal_move_list().contains(&m), "{m} refused but generated");
                }
            }
        }
        if !pos.has_legal_move() {
            break;
        }
    }
});
