//! Positions whose values follow from the rules by hand, looked up in generated tables.

use minishogi::{Move, Position};
use minishogi_retro::{GenerateOptions, Value};
use minishogi_tablebase::{generate, Indexer, Material};

/// Generates the table of the position's material and returns the position's stored value, also
/// checking that the colour-flipped and mirrored positions read the same value.
fn table_value(sfen: &str) -> Value {
    let pos = Position::from_sfen(sfen).expect("valid sfen");
    let material = Material::of(&pos);
    let values = generate(&material, &GenerateOptions::default()).expect("generation succeeds");
    let ix = Indexer::new(&material);
    let i = ix.index(&pos).expect("position of its own material");
    for other in [pos.flipped(), pos.mirrored(), pos.flipped().mirrored()] {
        assert_eq!(ix.index(&other), Some(i));
    }
    Value::from_byte(values[i as usize])
}

#[test]
fn gold_drop_mates_in_one() {
    // Gote's king in the corner 1a; sente drops the gold on 1b, protected by the pawn on 1c. The
    // gold covers 1a's other neighbours 2a and 2b, so this is mate: sente wins in 1.
    let v = table_value("4k/5/4P/5/K4 b G 1");
    assert_eq!(v, Value::mate(1).expect("fits"));
    let pos = Position::from_sfen("4k/5/4P/5/K4 b G 1").expect("valid");
    let mate = pos.parse_move("G*1b").expect("legal drop");
    assert!(pos.after(mate).is_checkmate());
}

#[test]
fn pawn_drop_mate_is_refused_two_pawns() {
    // Gote: king 1a, pawn 2a (it can step to 2b, so gote is not stalemated). Sente: king 2c, a
    // pawn in hand. P*1b would be mate: 1b is protected by the king, 2b is covered by it, 2a holds
    // gote's own pawn, which moves only straight down and cannot take on 1b. So it is not a move.
    // Nothing else mates at once: king moves give no check, other pawn drops give no check and
    // leave gote a move (the pawn to 2b, or taking a pawn dropped there).
    let sfen = "3pk/5/3K1/5/5 b P 1";
    let pos = Position::from_sfen(sfen).expect("valid");
    let drop = Move::drop(minishogi::Kind::Pawn, minishogi::Square::parse("1b").expect("square"));
    assert!(!pos.legal_move_list().contains(&drop));
    let v = table_value(sfen);
    assert!(v.is_legal());
    assert_ne!(v, Value::mate(1).expect("fits"), "{v}");
}

#[test]
#[ignore = "generates a 194M-slot three-piece table"]
fn pawn_drop_mate_is_refused() {
    // Gote's king on 1a with a silver in hand; sente's dragon on 2c covers 2a and 2b along the file
    // and 1b diagonally. P*1b would be mate (no flight, the pawn is protected, a drop cannot block
    // an adjacent check), so it is not a move. No other move mates at once: the dragon's checks
    // from 2a, 2b, 1b can be answered by capturing it, those from 1c, 1d by stepping to 2a; other
    // pawn drops give no check, and gote can always drop the silver, so nothing stalemates.
    // Without the pawn-drop rule this would be a win in 1.
    let sfen = "4k/5/3+R1/5/K4 b Ps 1";
    let pos = Position::from_sfen(sfen).expect("valid");
    let drop = Move::drop(minishogi::Kind::Pawn, minishogi::Square::parse("1b").expect("square"));
    assert!(!pos.legal_move_list().contains(&drop));
    let v = table_value(sfen);
    assert!(v.is_legal());
    assert_ne!(v, Value::mate(1).expect("fits"), "{v}");
}

#[test]
fn no_legal_move_is_a_loss() {
    // Sente's king on 5e is not in check, but the gote dragon on 4c covers 5d (diagonal step),
    // 4d and 4e (file): sente has no legal move and loses in 0.
    let sfen = "4k/5/1+r3/5/K4 b - 1";
    let pos = Position::from_sfen(sfen).expect("valid");
    assert!(!pos.in_check());
    assert!(pos.legal_move_list().is_empty());
    assert_eq!(table_value(sfen), Value::mate(0).expect("fits"));
}

#[test]
fn checkmated_is_a_loss_in_zero_and_the_mating_side_wins_in_one() {
    // After G*1b in the first test, gote is mated: loss in 0 with gote to move.
    let v = table_value("4k/4G/4P/5/K4 w - 2");
    assert_eq!(v, Value::mate(0).expect("fits"));
}
