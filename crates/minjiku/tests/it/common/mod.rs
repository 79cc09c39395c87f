//! Helpers shared by the integration tests: the reference data files and piece lists.

#![allow(dead_code)]

use minjiku::fen::parse_piece;
use minjiku::{Color, Piece, Position, Square};

/// One row of a TSV file, by column name.
pub struct Row {
    header: Vec<String>,
    cells: Vec<String>,
}

impl Row {
    /// The cell of `column`.
    pub fn get(&self, column: &str) -> &str {
        let i = self.header.iter().position(|h| h == column).unwrap_or_else(|| panic!("no column {column}"));
        &self.cells[i]
    }

    /// The cell of `column` as a number.
    pub fn number(&self, column: &str) -> usize {
        self.get(column).parse().unwrap_or_else(|_| panic!("{column} is not a number"))
    }
}

/// The rows of a TSV file in `tests/data`.
pub fn read_tsv(name: &str) -> Vec<Row> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<String> = lines.next().unwrap_or_default().split('\t').map(str::to_string).collect();
    lines
        .map(|l| Row { header: header.clone(), cells: l.split('\t').map(str::to_string).collect() })
        .collect()
}

/// Reads the reference's piece list (`wM@e0 bK@e11 w+D(r3)@c8 ...`) into `(square, piece)`.
/// The `(rN)` annotation is Jocly's stored jump rank, which this crate derives from the type.
pub fn parse_piece_list(list: &str) -> Vec<(Square, Piece)> {
    list.split_whitespace()
        .map(|item| {
            let (piece, square) = item.split_once('@').unwrap_or_else(|| panic!("bad item {item}"));
            let color = if piece.starts_with('w') { Color::White } else { Color::Black };
            let symbol = piece[1..].split('(').next().unwrap_or_default();
            let symbol = if color == Color::White { symbol.to_string() } else { symbol.to_ascii_lowercase() };
            let piece = parse_piece(&symbol).unwrap_or_else(|| panic!("bad piece {item}"));
            (square.parse().unwrap_or_else(|_| panic!("bad square {item}")), piece)
        })
        .collect()
}

/// The position's pieces as `(square, piece)` sorted by square.
pub fn piece_list(pos: &Position) -> Vec<(Square, Piece)> {
    pos.pieces().collect()
}

/// Plays the coordinate moves `line` from the start position.
pub fn replay(line: &str) -> Position {
    let mut pos = Position::startpos();
    for token in line.split_whitespace() {
        let m = pos.parse_move(token).unwrap_or_else(|e| panic!("{token} in {line}: {e}"));
        pos.play(m);
    }
    pos
}
