//! An SVG picture of a position, for notebooks (`Position.svg()`, `_repr_svg_`): the 5×5 grid
//! with files 5…1 above and ranks a…e beside it, pieces as kanji (gote's turned 180°, promoted
//! ones in red), gote's hand on the left, sente's on the right, and an optional highlighted move.

use minishogi::{Color, Kind, Move, Piece, Position, Square};
use std::fmt::Write;

/// Side of a square, in pixels.
const CELL: u32 = 48;
/// Width of each hand column.
const HAND: u32 = 44;
/// Height of the file-number row above the board.
const TOP: u32 = 24;
/// Left edge of the board.
const LEFT: u32 = HAND + 8;
/// Width of the rank-letter column right of the board.
const RANKS: u32 = 22;

/// The kanji of a piece on the board or in hand (promoted silver is 全, as on printed boards).
fn kanji(kind: Kind) -> &'static str {
    match kind {
        Kind::King => "玉",
        Kind::Gold => "金",
        Kind::Silver => "銀",
        Kind::Bishop => "角",
        Kind::Rook => "飛",
        Kind::Pawn => "歩",
        Kind::Tokin => "と",
        Kind::ProSilver => "全",
        Kind::Horse => "馬",
        Kind::Dragon => "龍",
    }
}

/// Top-left corner of a square's cell.
fn cell_origin(sq: Square) -> (u32, u32) {
    (LEFT + u32::from(sq.col()) * CELL, TOP + u32::from(sq.row()) * CELL)
}

/// One piece as a `<text>` centred on (`x`, `y`), turned 180° for gote.
fn piece_text(out: &mut String, x: u32, y: u32, color: Color, kind: Kind, size: u32, attrs: &str) {
    let fill = if kind.is_promoted() { "#c00" } else { "#000" };
    let turn =
        if color == Color::Gote { format!(" transform=\"rotate(180 {x} {y})\"") } else { String::new() };
    let _ = writeln!(
        out,
        "<text class=\"piece\" x=\"{x}\" y=\"{y}\" font-size=\"{size}\" fill=\"{fill}\" \
         text-anchor=\"middle\" dominant-baseline=\"central\"{turn} {attrs}>{}</text>",
        kanji(kind)
    );
}

/// The pieces in `color`'s hand (R B G S P), one per kind at `x` and the heights of `ys`.
fn hand_column(out: &mut String, pos: &Position, color: Color, x: u32, ys: impl Iterator<Item = u32>) {
    let hand = pos.hand(color);
    let kinds = Kind::SFEN_HAND_ORDER.iter().copied().filter(|&k| hand.count(k) > 0);
    for (kind, y) in kinds.zip(ys) {
        let count = hand.count(kind);
        let attrs = format!(
            "data-hand=\"{}\" data-piece=\"{}\" data-count=\"{count}\"",
            color.sfen_char(),
            Piece::new(color, kind).sfen()
        );
        piece_text(out, x, y, color, kind, 28, &attrs);
        if count > 1 {
            // The count sits below the piece from its owner's view.
            let (cx, cy) = if color == Color::Sente { (x + 16, y + 14) } else { (x - 16, y - 14) };
            let _ = writeln!(
                out,
                "<text x=\"{cx}\" y=\"{cy}\" font-size=\"14\" text-anchor=\"middle\">{count}</text>"
            );
        }
    }
}

/// The position as an SVG document; `highlight` shades the squares of a move (its origin and
/// destination, or the destination of a drop).
pub fn board_svg(pos: &Position, highlight: Option<Move>) -> String {
    let width = LEFT + 5 * CELL + RANKS + HAND;
    let height = TOP + 5 * CELL + 8;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"'IPAexMincho', 'Hiragino Mincho ProN', 'Yu Mincho', 'Noto Serif CJK JP', serif\">\n"
    );
    let _ = writeln!(out, "<rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>");
    let marked: Vec<Square> =
        highlight.map(|m| m.from().into_iter().chain([m.to()]).collect()).unwrap_or_default();
    for sq in Square::all() {
        let (x, y) = cell_origin(sq);
        let fill = if marked.contains(&sq) { "#fd8" } else { "#f3d9a4" };
        let _ = writeln!(
            out,
            "<rect data-square=\"{}{}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" \
             stroke=\"#000\"/>",
            sq.file(),
            sq.rank_char()
        );
    }
    for col in 0..5u32 {
        let x = LEFT + col * CELL + CELL / 2;
        let _ = writeln!(
            out,
            "<text x=\"{x}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\">{}</text>",
            TOP - 8,
            5 - col
        );
    }
    for (row, letter) in ['a', 'b', 'c', 'd', 'e'].iter().enumerate() {
        let y = TOP + row as u32 * CELL + CELL / 2;
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{y}\" font-size=\"14\" text-anchor=\"middle\" dominant-baseline=\"central\">{letter}</text>",
            LEFT + 5 * CELL + RANKS / 2
        );
    }
    for sq in Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            let (x, y) = cell_origin(sq);
            let attrs =
                format!("data-square=\"{}{}\" data-piece=\"{}\"", sq.file(), sq.rank_char(), p.sfen());
            piece_text(&mut out, x + CELL / 2, y + CELL / 2, p.color, p.kind, 32, &attrs);
        }
    }
    // Gote's hand from the top of the left column down; sente's from the bottom of the right up.
    hand_column(&mut out, pos, Color::Gote, HAND / 2, (0..5).map(|i| TOP + 20 + i * CELL));
    let right = LEFT + 5 * CELL + RANKS + HAND / 2;
    hand_column(&mut out, pos, Color::Sente, right, (0..5).map(|i| TOP + 5 * CELL - 20 - i * CELL));
    out.push_str("</svg>\n");
    out
}
