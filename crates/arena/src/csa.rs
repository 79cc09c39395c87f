//! CSA, the other game-record format of shogi software (computer-shogi servers, Floodgate,
//! ShogiGUI, Shogidokoro): version 2.2 with a 5×5 board. The header names the players and
//! draws the start position (`P1`…`P5`, files 5 to 1, and `P+`/`P-` for the hands); then one
//! line per move (`+5251GI`: from, to, the piece after the move; `+0042GI` for a drop) with its
//! time (`T1`, whole seconds), the ending (`%TORYO`, `%TSUMI`, …) and Floodgate's summary
//! comment, `'summary:checkmate:A win:B lose`, which carries the result.

use crate::game_record::GameRecord;
use crate::runner::FinishedGame;
use crate::termination::Termination;
use minishogi::game::EndReason;
use minishogi::{Color, Game, Kind, Move, Position, Square};
use std::fmt::Write;

/// The CSA name of a piece kind (`FU`, `RY`, …).
pub fn csa_kind(kind: Kind) -> &'static str {
    match kind {
        Kind::Pawn => "FU",
        Kind::Silver => "GI",
        Kind::Gold => "KI",
        Kind::Bishop => "KA",
        Kind::Rook => "HI",
        Kind::King => "OU",
        Kind::Tokin => "TO",
        Kind::ProSilver => "NG",
        Kind::Horse => "UM",
        Kind::Dragon => "RY",
    }
}

fn sign(color: Color) -> char {
    if color == Color::Sente {
        '+'
    } else {
        '-'
    }
}

fn square_digits(sq: Square) -> String {
    format!("{}{}", sq.file(), sq.row() + 1)
}

/// A move as CSA writes it, without the side's sign: `5251GI`, `5251NG`, `0042GI`.
fn move_text(pos: &Position, m: Move) -> String {
    let to = square_digits(m.to());
    match (m.from(), m.dropped()) {
        (Some(from), _) => {
            let kind = pos.piece_at(from).map_or(Kind::Pawn, |p| p.kind);
            let after = if m.is_promotion() { kind.promoted().unwrap_or(kind) } else { kind };
            format!("{}{to}{}", square_digits(from), csa_kind(after))
        }
        (None, Some(kind)) => format!("00{to}{}", csa_kind(kind)),
        (None, None) => String::new(),
    }
}

/// The start position: the board rows, each side's hand, the side to move.
fn board(pos: &Position) -> String {
    let mut out = String::new();
    for row in 0..5u8 {
        let _ = write!(out, "P{}", row + 1);
        for col in 0..5u8 {
            match pos.piece_at(Square::from_coords(col, row)) {
                Some(p) => {
                    out.push(sign(p.color));
                    out.push_str(csa_kind(p.kind));
                }
                None => out.push_str(" * "),
            }
        }
        out.push('\n');
    }
    for color in [Color::Sente, Color::Gote] {
        let hand = pos.hand(color);
        let pieces: String = Kind::SFEN_HAND_ORDER
            .iter()
            .flat_map(|&k| std::iter::repeat_n(k, usize::from(hand.count(k))))
            .map(|k| format!("00{}", csa_kind(k)))
            .collect();
        if !pieces.is_empty() {
            let _ = writeln!(out, "P{}{pieces}", sign(color));
        }
    }
    out.push(sign(pos.side_to_move()));
    out.push('\n');
    out
}

/// The ending line for a game that `loser` lost (or nobody, in a draw) by `termination`.
fn ending(termination: &Termination, loser: Option<Color>) -> String {
    let illegal = || format!("%{}ILLEGAL_ACTION", sign(loser.unwrap_or(Color::Sente)));
    match termination {
        Termination::Rules(EndReason::Checkmate | EndReason::NoLegalMove) => "%TSUMI".into(),
        Termination::Rules(EndReason::Repetition) => "%SENNICHITE".into(),
        Termination::Rules(EndReason::PerpetualCheck) | Termination::IllegalMove { .. } => illegal(),
        Termination::Rules(EndReason::MoveLimit) | Termination::PlyCap => "%HIKIWAKE".into(),
        Termination::Resignation => "%TORYO".into(),
        Termination::TimeLoss { .. } => "%TIME_UP".into(),
        Termination::EngineFailure(_) => "%CHUDAN".into(),
    }
}

/// A player's name as one CSA field (no line breaks, no `:` that would split the summary).
fn field(name: &str) -> String {
    name.chars().map(|c| if c == ':' || c.is_control() { '_' } else { c }).collect()
}

/// The game as a CSA text.
pub fn to_csa(finished: &FinishedGame) -> String {
    record_csa(&GameRecord::of_finished(finished))
}

/// A record as CSA: the header and start position, one line per move with its time, then the
/// ending and the summary if the game has ended.
pub fn record_csa(record: &GameRecord) -> String {
    let [sente, gote] = [field(&record.players[0]), field(&record.players[1])];
    let mut out = format!("V2.2\nN+{sente}\nN-{gote}\n'minishogi (5x5)\n");
    out.push_str(&board(&record.start));
    let mut game = Game::new(record.start.clone(), minishogi::RuleSet::Standard);
    for &(m, time) in &record.moves {
        let side = sign(game.position().side_to_move());
        let _ = writeln!(out, "{side}{}\nT{}", move_text(game.position(), m), time.as_secs());
        game.play_unchecked(m);
    }
    let Some(result) = &record.result else { return out };
    let winner = result.winner;
    let _ = writeln!(out, "{}", ending(&result.termination, winner.map(|w| !w)));
    let outcome = |c: Color| match winner {
        None => "draw",
        Some(w) if w == c => "win",
        Some(_) => "lose",
    };
    let _ = writeln!(
        out,
        "'summary:{}:{sente} {}:{gote} {}",
        result.termination.keyword(),
        outcome(Color::Sente),
        outcome(Color::Gote)
    );
    out
}

#[cfg(test)]
mod tests;
