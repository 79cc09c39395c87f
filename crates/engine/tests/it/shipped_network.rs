//! The network built into the binary (`crates/engine/data/network.nnue`): it decodes, it is a trained network
//! (it values material as the rules do: a side a major piece up is ahead), and `EvalFile`'s
//! values name it, the linear weights or a file.

use minishogi::Position;
use minishogi_engine::nnue::shipped_network;
use minishogi_engine::EvalSpec;
use minishogi_engine::Evaluator;
use std::sync::Arc;

fn eval(sfen: &str) -> i32 {
    let pos = Position::from_sfen(sfen).expect("test positions are legal");
    Evaluator::Network(shipped_network()).evaluate(&pos)
}

#[test]
fn the_shipped_network_decodes_and_is_shared() {
    assert!(Arc::ptr_eq(&shipped_network(), &shipped_network()));
    let named = EvalSpec::parse("embedded").network().expect("embedded").expect("a network");
    assert!(Arc::ptr_eq(&named, &shipped_network()));
    let empty = EvalSpec::parse("").network().expect("empty").expect("a network");
    assert!(Arc::ptr_eq(&empty, &shipped_network()));
}

#[test]
fn a_side_a_rook_or_bishop_up_is_ahead() {
    // The start position without gote's rook / bishop, each side to move: a trained network sees
    // the missing piece (the linear weights value a rook near 600 cp); a zeroed or garbled file
    // would not.
    for (sfen, sign) in [
        ("1bsgk/4p/5/P4/KGSBR b - 1", 1),
        ("1bsgk/4p/5/P4/KGSBR w - 1", -1),
        ("r1sgk/4p/5/P4/KGSBR b - 1", 1),
        ("rbsgk/4p/5/P4/KGS1R w - 1", 1),
    ] {
        let e = eval(sfen);
        assert!(sign * e > 200, "{sfen}: {e} cp");
    }
    let start = eval("rbsgk/4p/5/P4/KGSBR b - 1");
    assert!(start.abs() < 150, "the start position is near level: {start} cp");
}

#[test]
fn linear_and_files_are_named_too() {
    assert!(EvalSpec::parse("linear").network().expect("linear").is_none());
    let err = EvalSpec::parse("/no/such/network.nnue").network().expect_err("missing file");
    assert!(err.to_string().contains("/no/such/network.nnue"), "{err}");
}
