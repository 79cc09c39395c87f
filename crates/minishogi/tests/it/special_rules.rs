//! One test per special rule of Minishogi (pawn-drop mate, nifu, forced and optional promotion,
//! drops, captured pieces, fourfold repetition, perpetual check, the draw-at-300 rule set; the
//! rules are written out in docs/rules.md), on hand-made positions whose expected moves and
//! results were worked out by hand from the rules (each position is explained where it is used).

use minishogi::game::{repetition_verdict, EndReason, Outcome};
use minishogi::{Color, Game, Position, RuleSet};

fn position(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn moves(pos: &Position) -> Vec<String> {
    let mut out: Vec<String> = pos.legal_move_list().iter().map(|m| m.to_string()).collect();
    out.sort();
    out
}

/// The legal moves that start with `prefix` (a from-square or `P*`), sorted.
fn moves_from(pos: &Position, prefix: &str) -> Vec<String> {
    moves(pos).into_iter().filter(|m| m.starts_with(prefix)).collect()
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

fn play(pos: &Position, usi: &str) -> Position {
    let m = pos.parse_move(usi).unwrap_or_else(|e| panic!("{usi}: {e}"));
    pos.after(m)
}

#[test]
fn pawn_drop_mate_is_refused_but_pawn_check_and_other_drop_mates_are_legal() {
    // Gote king 1a; sente gold 3b covers 2a and 2b, sente silver 2c covers 2b and 1b.
    // P*1b would check the king with no escape (1b is guarded): uchifuzume, illegal.
    let pos = position("4k/2G2/3S1/5/K4 b GP2r2bsp 1");
    let list = moves(&pos);
    assert!(!list.contains(&"P*1b".to_string()), "pawn-drop mate offered: {list:?}");
    assert!(list.contains(&"P*1c".to_string()), "a quiet pawn drop is legal");
    // The same mate by a gold drop is a legal move that mates.
    assert!(list.contains(&"G*1b".to_string()));
    let mated = play(&pos, "G*1b");
    assert!(mated.in_check() && mated.is_checkmate() && mated.legal_move_list().is_empty());
    // A pawn moved (not dropped) to 1b may mate.
    let pos = position("4k/2G2/3SP/5/K4 b G2r2bsp 1");
    assert!(moves_from(&pos, "1c").contains(&"1c1b".to_string()));
    assert!(play(&pos, "1c1b").is_checkmate());
    // Without the silver, the king can take the pawn: P*1b is a check and legal.
    let pos = position("4k/2G2/5/5/K4 b GP2r2b2sp 1");
    let checked = play(&pos, "P*1b");
    assert!(checked.in_check());
    assert_eq!(moves(&checked), sorted(&["1a1b"]), "the king must take the pawn (2a, 2b are guarded)");
}

#[test]
fn nifu_forbids_a_second_unpromoted_pawn_on_a_file() {
    // Sente pawn on 5d, one in hand: drops on files 4..1, ranks b..e (rank a is the last rank).
    let pos = position("4k/5/5/P4/K4 b P2r2b2g2s 1");
    let expected: Vec<String> =
        "4321".chars().flat_map(|f| "bcde".chars().map(move |r| format!("P*{f}{r}"))).collect();
    let mut expected = expected;
    expected.sort();
    assert_eq!(moves_from(&pos, "P*"), expected);
    // A tokin is no pawn: with it on 5d instead, 5b and 5c (empty, not last rank) open up.
    let pos = position("4k/5/5/+P4/K4 b P2r2b2g2s 1");
    let drops = moves_from(&pos, "P*");
    assert_eq!(drops.len(), 18);
    assert!(drops.contains(&"P*5b".to_string()) && drops.contains(&"P*5c".to_string()));
    // Gote: pawn on 5b, one in hand; its last rank is e.
    let pos = position("k4/p4/5/5/4K w 2R2B2G2Sp 1");
    let drops = moves_from(&pos, "P*");
    assert_eq!(drops.len(), 16, "{drops:?}");
    assert!(drops.iter().all(|d| !d.starts_with("P*5") && !d.ends_with('e')), "{drops:?}");
}

#[test]
fn a_pawn_reaching_the_last_rank_must_promote() {
    let pos = position("4k/2P2/5/5/K4 b 2r2b2g2sp 1");
    assert_eq!(moves_from(&pos, "3b"), sorted(&["3b3a+"]));
    // Gote's pawn promotes on rank e.
    let pos = position("k4/5/5/2p2/4K w 2R2B2G2SP 1");
    assert_eq!(moves_from(&pos, "3d"), sorted(&["3d3e+"]));
    assert_eq!(play(&pos, "3d3e+").to_sfen(), "k4/5/5/5/2+p1K b 2R2B2G2SP 2");
}

#[test]
fn promotion_is_optional_into_within_and_out_of_the_last_rank() {
    // Silver on 3b: the three forward steps enter rank a (both forms), the back steps do not.
    let pos = position("4k/2S2/5/5/K4 b 2r2b2gs2p 1");
    let expected = ["3b3a", "3b3a+", "3b4a", "3b4a+", "3b2a", "3b2a+", "3b4c", "3b2c"];
    assert_eq!(moves_from(&pos, "3b"), sorted(&expected));
    // Silver on 3a leaves the last rank backwards: may promote.
    let pos = position("2S1k/5/5/5/K4 b 2r2b2gs2p 1");
    assert_eq!(moves_from(&pos, "3a"), sorted(&["3a4b", "3a4b+", "3a2b", "3a2b+"]));
    // Rook on 5a: every move starts in the zone (along rank a: within it; down the file: out).
    let pos = position("R4/4k/5/5/K4 b - 1");
    let expected = [
        "5a5b", "5a5b+", "5a5c", "5a5c+", "5a5d", "5a5d+", "5a4a", "5a4a+", "5a3a", "5a3a+", "5a2a", "5a2a+",
        "5a1a", "5a1a+",
    ];
    assert_eq!(moves_from(&pos, "5a"), sorted(&expected));
    // Rook on 5c: only the move to 5a touches the zone.
    let pos = position("5/4k/R4/5/K4 b - 1");
    let expected = ["5c5b", "5c5a", "5c5a+", "5c5d", "5c4c", "5c3c", "5c2c", "5c1c"];
    assert_eq!(moves_from(&pos, "5c"), sorted(&expected));
    // Gold and king never promote.
    let pos = position("4k/2G2/5/5/K4 b - 1");
    assert_eq!(moves_from(&pos, "3b"), sorted(&["3b4a", "3b3a", "3b2a", "3b4b", "3b2b", "3b3c"]));
    // A promoted piece does not promote again.
    let pos = position("4k/2+S2/5/5/K4 b - 1");
    assert!(moves(&pos).iter().all(|m| !m.ends_with('+')));
}

#[test]
fn a_dropped_piece_is_unpromoted_even_on_the_last_rank() {
    let pos = position("4k/5/5/5/K4 b RBGSrbgs 1");
    for kind in ["R", "B", "G", "S"] {
        let dropped = play(&pos, &format!("{kind}*3a"));
        assert_eq!(dropped.to_sfen().split('/').next(), Some(format!("2{kind}1k").as_str()));
    }
    assert!(moves(&pos).iter().all(|m| !m.ends_with('+')));
}

#[test]
fn a_captured_promoted_piece_goes_to_hand_unpromoted() {
    // Sente rook takes gote's dragon: sente holds a rook.
    let pos = position("4k/5/2+r2/2R2/K4 b - 1");
    assert_eq!(play(&pos, "3d3c").to_sfen(), "4k/5/2R2/5/K4 w R 2");
    // Sente silver takes a tokin on the last rank, promoting or not: sente holds a pawn.
    let pos = position("2+p1k/1S3/5/5/K4 b - 1");
    assert_eq!(play(&pos, "4b3a+").to_sfen(), "2+S1k/5/5/5/K4 w P 2");
    assert_eq!(play(&pos, "4b3a").to_sfen(), "2S1k/5/5/5/K4 w P 2");
    // Gote rook takes sente's horse: gote holds a bishop, which it can drop unpromoted.
    let pos = position("4k/4r/5/4+B/K4 w - 1");
    let after = play(&pos, "1b1d");
    assert_eq!(after.to_sfen(), "4k/5/5/4r/K4 b b 2");
    // The piece comes back promoted on undo.
    let mut undone = pos.clone();
    let m = pos.parse_move("1b1d").expect("legal");
    let undo = undone.play(m);
    undone.undo(m, undo);
    assert_eq!(undone.to_sfen(), "4k/4r/5/4+B/K4 w - 1");
}

/// Plays `cycle` `times` times, checking the game goes on until the very last move.
fn play_cycle(game: &mut Game, cycle: &[&str], times: usize) {
    let total = cycle.len() * times;
    for (i, usi) in cycle.iter().cycle().take(total).enumerate() {
        assert_eq!(game.outcome(), None, "ended before ply {i}");
        game.play_usi(usi).unwrap_or_else(|e| panic!("ply {i} {usi}: {e}"));
    }
}

#[test]
fn fourfold_repetition_loses_for_the_first_player() {
    // Even game: sente moved first and loses.
    let mut game = Game::new(Position::startpos(), RuleSet::Standard);
    assert_eq!(game.first_player(), Color::Sente);
    play_cycle(&mut game, &["4e4d", "2a2b", "4d4e", "2b2a"], 3);
    assert_eq!(game.repetitions(), 4);
    assert_eq!(game.outcome(), Some(Outcome { winner: Some(Color::Gote), reason: EndReason::Repetition }));
    assert!(game.play_usi("4e4d").is_err(), "a move after the end is refused");
    // Bishop handicap: gote gives the handicap, moves first, and loses.
    let mut game = Game::new(position("r1sgk/4p/5/P4/KGSBR w - 1"), RuleSet::Standard);
    assert_eq!(game.first_player(), Color::Gote);
    play_cycle(&mut game, &["2a2b", "4e4d", "2b2a", "4d4e"], 3);
    assert_eq!(game.outcome(), Some(Outcome { winner: Some(Color::Sente), reason: EndReason::Repetition }));
}

#[test]
fn perpetual_check_loses_for_the_checker() {
    // Gote (the first player here) shuffles its king between 1a and 2a; sente's rook checks it
    // with every move. A plain repetition would make gote lose; the perpetual check makes sente lose.
    let mut game = Game::new(position("4k/5/4R/5/K4 w - 1"), RuleSet::Standard);
    assert_eq!(game.first_player(), Color::Gote);
    play_cycle(&mut game, &["1a2a", "1c2c", "2a1a", "2c1c"], 3);
    assert_eq!(
        game.outcome(),
        Some(Outcome { winner: Some(Color::Gote), reason: EndReason::PerpetualCheck })
    );
    // Checking with only every other move is no perpetual check: the first player (gote) loses.
    let mut game = Game::new(position("4k/5/4R/5/K4 w - 1"), RuleSet::Standard);
    play_cycle(&mut game, &["1a2a", "1c3c", "2a1a", "3c1c"], 3);
    assert_eq!(game.outcome(), Some(Outcome { winner: Some(Color::Sente), reason: EndReason::Repetition }));
}

#[test]
fn repetition_verdict_when_both_or_neither_side_checked() {
    // History since the first occurrence: entry 0 is that occurrence (its flag belongs to a move
    // before the cycle), then one entry per ply: "the move that led here gave check". Walking back
    // from now, the last entry is the move of the side not to move.
    let both = [(0, false), (1, true), (2, true), (3, true), (0, true)];
    assert_eq!(
        repetition_verdict(&both, Color::Sente, Color::Sente),
        Outcome { winner: None, reason: EndReason::PerpetualCheck }
    );
    // Sente to move: the last entry is gote's move (no check), the one before sente's (check).
    let only_sente = [(0, true), (1, true), (2, false), (3, true), (0, false)];
    assert_eq!(
        repetition_verdict(&only_sente, Color::Sente, Color::Sente),
        Outcome { winner: Some(Color::Gote), reason: EndReason::PerpetualCheck }
    );
    let neither = [(0, true), (1, false), (2, true), (3, false), (0, false)];
    assert_eq!(
        repetition_verdict(&neither, Color::Gote, Color::Gote),
        Outcome { winner: Some(Color::Sente), reason: EndReason::Repetition }
    );
}

#[test]
fn draw_at_300_rule_set() {
    // Fourfold repetition is a draw, whoever moved first.
    let mut game = Game::new(Position::startpos(), RuleSet::DrawAt300);
    play_cycle(&mut game, &["4e4d", "2a2b", "4d4e", "2b2a"], 3);
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::Repetition }));
    // 300 plies without a fourfold repetition: a draw under DrawAt300, nothing under Standard.
    let mut draw = Game::new(Position::startpos(), RuleSet::DrawAt300);
    let mut standard = Game::new(Position::startpos(), RuleSet::Standard);
    let mut seen = std::collections::HashMap::<u64, u32>::new();
    for ply in 0..300 {
        assert_eq!(draw.outcome(), None, "DrawAt300 ended at ply {ply}");
        let pos = draw.position().clone();
        // Prefer a move to a position seen least often that leaves the opponent a move.
        let m = pos
            .legal_move_list()
            .iter()
            .copied()
            .filter(|&m| pos.after(m).has_legal_move())
            .min_by_key(|&m| (seen.get(&pos.after(m).hash()).copied().unwrap_or(0), m.to_u16()))
            .expect("a move that keeps the game going");
        *seen.entry(pos.after(m).hash()).or_default() += 1;
        draw.play(m).expect("legal");
        standard.play(m).expect("legal");
    }
    assert_eq!(draw.outcome(), Some(Outcome { winner: None, reason: EndReason::MoveLimit }));
    assert!(standard.outcome().is_none(), "the standard rules have no move limit");
    assert!(draw.play_usi(&draw.position().legal_move_list()[0].to_string()).is_err());
}
