//! Mate distances reported by the search agree with tables generated from the rules.
//!
//! The tables come from the tablebase crate's retrograde generator (an independent computation);
//! the search runs without them and must report `mate n` with the table's distance, and again
//! with them as an oracle, where the distances must stay consistent.

use minishogi::{Color, Game, Position, RuleSet};
use minishogi_engine::oracle::{EndgameOracle, TbValue};
use minishogi_engine::{Limits, Score, Searcher, Weights};
use minishogi_retro::{GenerateOptions, Value};
use minishogi_tablebase::{generate, Indexer, Material};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

struct Table {
    material: Material,
    indexer: Indexer,
    values: Vec<u8>,
}

impl Table {
    fn new(name: &str) -> Table {
        let material = Material::parse(name).expect("material");
        let values = generate(&material, &GenerateOptions::default()).expect("generation");
        Table { indexer: Indexer::new(&material), material, values }
    }

    fn value(&self, pos: &Position) -> Option<Value> {
        if Material::of(pos) != self.material {
            return None;
        }
        self.indexer.index(pos).map(|i| Value::from_byte(self.values[i as usize]))
    }

    /// Up to `count` positions with value `v`, spread over the index range.
    fn positions_with(&self, v: Value, count: usize) -> Vec<Position> {
        let hits: Vec<u64> =
            (0..self.values.len() as u64).filter(|&i| self.values[i as usize] == v.to_byte()).collect();
        let step = (hits.len() / count).max(1);
        hits.iter().step_by(step).take(count).filter_map(|&i| self.indexer.position(i)).collect()
    }
}

impl EndgameOracle for Table {
    fn probe(&self, pos: &Position, _first_player: Color, _rules: RuleSet) -> Option<TbValue> {
        let v = self.value(pos)?;
        match v.dtm() {
            Some(d) if v.is_win() => Some(TbValue::Win(u32::from(d))),
            Some(d) => Some(TbValue::Loss(u32::from(d))),
            None if v.is_draw() => Some(TbValue::Draw),
            None => None,
        }
    }
}

fn search(searcher: &mut Searcher, pos: &Position, limits: Limits) -> minishogi_engine::SearchResult {
    searcher.clear();
    let game = Game::new(pos.clone(), RuleSet::Standard);
    searcher.search(&game, &limits, &AtomicBool::new(false), &mut |_| {})
}

/// Deepen until a mate in at most `plies` is found (as `Limits::mate` does), with a depth cap.
fn mate_search(plies: u16) -> Limits {
    Limits {
        depth: Some(4 * u32::from(plies) + 4),
        mate: Some(u32::from(plies).div_ceil(2)),
        ..Limits::default()
    }
}

fn check_material(name: &str, per_distance: usize) {
    let table = Arc::new(Table::new(name));
    let mut plain = Searcher::new(Weights::initial(), 16);
    let mut probing = Searcher::new(Weights::initial(), 16);
    probing.set_oracle(Some(table.clone()));
    for dtm in [1u16, 3, 5] {
        let positions = table.positions_with(Value::mate(dtm).expect("fits"), per_distance);
        assert!(!positions.is_empty(), "{name}: no win in {dtm}");
        for pos in positions {
            let sfen = pos.to_sfen();
            // Quiet mating moves (king and gold steps) are reduced and pruned at low depth, so
            // the search deepens until it proves a mate no longer than the table's: being the
            // shortest, it must be exactly the table's distance.
            let r = search(&mut plain, &pos, mate_search(dtm));
            assert_eq!(r.score, Score::Mate(i32::from(dtm)), "{name} {sfen}: {:?}", r.pv);
            // The move played keeps the win: the opponent is then lost in dtm - 1.
            let best = r.best.expect("a move");
            assert_eq!(table.value(&pos.after(best)), Value::mate(dtm - 1), "{sfen} {best}");
            // With the table as an oracle the same distance comes back at once.
            let r = search(&mut probing, &pos, Limits::depth(2));
            assert_eq!(r.score, Score::Mate(i32::from(dtm)), "oracle {name} {sfen}");
        }
        // The losing side sees the same distance, negated, one ply later.
        for pos in table.positions_with(Value::mate(dtm + 1).expect("fits"), per_distance.min(3)) {
            if !pos.has_legal_move() {
                continue;
            }
            let r = search(&mut plain, &pos, Limits::depth(4 * u32::from(dtm) + 4));
            assert_eq!(r.score, Score::Mate(-i32::from(dtm + 1)), "{name} {} {:?}", pos.to_sfen(), r.pv);
        }
    }
}

#[test]
fn gold_mates_match_the_table() {
    check_material("G", 12);
}

#[test]
fn rook_mates_match_the_table() {
    check_material("R", 12);
}

#[test]
fn mated_position_has_no_move() {
    let pos = Position::from_sfen("4k/4G/4P/5/K4 w - 1").expect("valid");
    assert!(pos.is_checkmate());
    let mut s = Searcher::new(Weights::initial(), 1);
    let r = search(&mut s, &pos, Limits::depth(3));
    assert_eq!(r.best, None);
}

#[test]
fn bishop_and_pawn_mates_match_the_table() {
    check_material("BP", 6);
}
