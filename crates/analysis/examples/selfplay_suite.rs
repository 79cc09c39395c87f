//! Writes `data/mate-suite-selfplay.txt`: positions from the engine's self-play games (the
//! shipped weights against themselves, 2,000 nodes a move, the selfplay crate's random
//! openings), one per game at most: the middle one of those with 6 to 10 pieces on the board
//! (kings included), pieces in hand, the side to move not in check and able to give check.
//!
//! `cargo run --release -p minishogi-analysis --example selfplay_suite > data/mate-suite-selfplay.txt`

use minishogi::{Color, Game, Move, Position, RuleSet};
use minishogi_engine::Weights;
use minishogi_selfplay::{selfplay, SelfplayConfig};
use std::collections::HashSet;

/// Positions written.
const COUNT: usize = 50;
/// Games played (some have no position that fits).
const GAMES: usize = 120;

fn fits(pos: &Position) -> bool {
    let on_board = pos.occupied().count();
    let in_hand = pos.hand(Color::Sente).total() + pos.hand(Color::Gote).total();
    let checks = || pos.legal_move_list().iter().any(|&m| pos.after(m).in_check());
    (6..=10).contains(&on_board) && in_hand > 0 && !pos.in_check() && checks()
}

fn main() {
    let config = SelfplayConfig { games: GAMES, seed: 11, ..SelfplayConfig::default() };
    let dataset = selfplay(&config, &Weights::default_embedded(), "embedded", &|| {});
    let mut seen = HashSet::new();
    let mut written = 0;
    for record in &dataset.games {
        let Ok(start) = Position::from_sfen(&record.start) else { continue };
        let mut game = Game::new(start, RuleSet::Standard);
        let mut candidates = Vec::new();
        for (ply, &bits) in record.moves.iter().enumerate() {
            let Some(m) = Move::from_u16(bits) else { break };
            if game.play(m).is_err() {
                break;
            }
            if ply + 1 >= usize::from(record.opening_plies) && fits(game.position()) {
                let mut pos = game.position().clone();
                pos.set_move_number(1);
                candidates.push(pos.to_sfen());
            }
        }
        let Some(sfen) = candidates.get(candidates.len() / 2) else { continue };
        if seen.insert(sfen.clone()) {
            println!("{sfen}");
            written += 1;
        }
        if written == COUNT {
            break;
        }
    }
    eprintln!("{written} positions from {} games", dataset.games.len());
}
