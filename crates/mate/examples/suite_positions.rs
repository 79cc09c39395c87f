//! Writes the positions of `data/mate-suite.txt`: random playouts from the start position
//! (captures preferred, so that pieces reach the hands), stopped at a position with 6 to 10
//! pieces on the board (kings included), pieces in hand, and a check for the side to move.
//!
//! `cargo run --release -p minishogi-mate --example suite_positions > data/mate-suite.txt`

use minishogi::{MoveList, Position};

/// Positions written.
const COUNT: usize = 50;

/// A xorshift generator: the suite is the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn main() {
    let mut rng = Rng(0x005E_ED0F_0A7E);
    let mut written = 0;
    while written < COUNT {
        let mut pos = Position::startpos();
        for _ in 0..120 {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let captures: Vec<_> = moves.iter().copied().filter(|m| pos.piece_at(m.to()).is_some()).collect();
            let pool =
                if !captures.is_empty() && rng.below(3) > 0 { &captures[..] } else { moves.as_slice() };
            pos.play(pool[rng.below(pool.len())]);
            let on_board = pos.occupied().count();
            let hands = pos.hand(minishogi::Color::Sente).total() + pos.hand(minishogi::Color::Gote).total();
            let checks = pos.legal_move_list().iter().any(|&m| pos.after(m).in_check());
            if (6..=10).contains(&on_board) && hands > 0 && checks && !pos.in_check() && rng.below(4) == 0 {
                pos.set_move_number(1);
                println!("{}", pos.to_sfen());
                written += 1;
                break;
            }
        }
    }
}
