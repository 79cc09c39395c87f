//! A position as text: a board diagram, and its legal moves in a fixed order.

use crate::{Color, Kind, Position, Square};
use std::fmt::Write;

impl Position {
    /// The legal moves in USI, sorted bytewise: the order `minishogi moves` prints, which does not
    /// depend on the order of move generation.
    pub fn sorted_legal_moves(&self) -> Vec<String> {
        let mut moves: Vec<String> = self.legal_move_list().iter().map(|m| m.to_string()).collect();
        moves.sort();
        moves
    }

    /// A board diagram with file and rank labels, both hands, the side to move, and whether the
    /// side to move is in check, mated or without a legal move.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        let hand_line = |color: Color| {
            let hand = self.hand(color);
            let items: Vec<String> = Kind::SFEN_HAND_ORDER
                .iter()
                .filter(|&&k| hand.count(k) > 0)
                .map(|&k| format!("{}{}", k.letter(), if hand.count(k) > 1 { "x2" } else { "" }))
                .collect();
            if items.is_empty() {
                "-".to_string()
            } else {
                items.join(" ")
            }
        };
        let _ = writeln!(out, "gote hand: {}", hand_line(Color::Gote));
        out.push_str("   5  4  3  2  1\n");
        for row in 0..5u8 {
            out.push(' ');
            for col in 0..5u8 {
                let cell = match self.piece_at(Square::from_coords(col, row)) {
                    None => " . ".to_string(),
                    Some(p) => format!("{:>3}", p.sfen()),
                };
                out.push_str(&cell);
            }
            let _ = writeln!(out, "  {}", (b'a' + row) as char);
        }
        let _ = writeln!(out, "sente hand: {}", hand_line(Color::Sente));
        let side = match self.side_to_move() {
            Color::Sente => "sente (b)",
            Color::Gote => "gote (w)",
        };
        let _ = writeln!(out, "side to move: {side}");
        let has_move = self.has_legal_move();
        let status = match (self.in_check(), has_move) {
            (true, false) => "checkmate",
            (false, false) => "no legal move (the side to move loses)",
            (true, true) => "check",
            (false, true) => "normal",
        };
        let _ = writeln!(out, "status: {status}");
        let _ = write!(out, "sfen: {}", self.to_sfen());
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::Position;

    #[test]
    fn legal_moves_are_sorted_bytewise() {
        let moves = Position::startpos().sorted_legal_moves();
        assert_eq!(moves.len(), 14);
        assert!(moves.windows(2).all(|w| w[0] < w[1]), "{moves:?}");
    }
}
