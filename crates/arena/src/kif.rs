//! KIF, the game-record format shogi GUIs read (ShogiGUI, Shogidokoro, KifuBrowser): a header
//! with `手合割：５五将棋` (or a board diagram for another start), one line per move with its
//! time, the ending, and our reason as a comment.

use crate::game_record::GameRecord;
use crate::runner::FinishedGame;
use crate::termination::Termination;
use minishogi::game::EndReason;
use minishogi::{Color, Game, Hand, Kind, Move, Position, Square};
use std::fmt::Write;
use std::time::Duration;

const FILES: [char; 5] = ['１', '２', '３', '４', '５'];
const RANKS: [char; 5] = ['一', '二', '三', '四', '五'];

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Pawn => "歩",
        Kind::Silver => "銀",
        Kind::Gold => "金",
        Kind::Bishop => "角",
        Kind::Rook => "飛",
        Kind::King => "玉",
        Kind::Tokin => "と",
        Kind::ProSilver => "成銀",
        Kind::Horse => "馬",
        Kind::Dragon => "龍",
    }
}

/// One-letter board names for the diagram (promoted silver is 全 there).
fn board_name(kind: Kind) -> &'static str {
    match kind {
        Kind::ProSilver => "全",
        Kind::Dragon => "龍",
        k => kind_name(k),
    }
}

fn square_name(sq: Square) -> String {
    format!("{}{}", FILES[usize::from(sq.file() - 1)], RANKS[usize::from(sq.row())])
}

/// The farthest rank, minishogi's promotion zone.
fn in_zone(sq: Square, color: Color) -> bool {
    sq.row() == if color == Color::Sente { 0 } else { 4 }
}

/// A move as KIF writes it: `２四銀成(３３)`, `同　歩(２４)`, `３三角打`.
fn move_text(pos: &Position, m: Move, previous: Option<Move>) -> String {
    let to = m.to();
    let mut text =
        if previous.is_some_and(|p| p.to() == to) { "同　".to_string() } else { square_name(to) };
    match (m.from(), m.dropped()) {
        (Some(from), _) => {
            let kind = pos.piece_at(from).map_or(Kind::Pawn, |p| p.kind);
            text.push_str(kind_name(kind));
            let side = pos.side_to_move();
            if m.is_promotion() {
                text.push('成');
            } else if kind.promoted().is_some() && (in_zone(from, side) || in_zone(to, side)) {
                text.push_str("不成");
            }
            let _ = write!(text, "({}{})", from.file(), from.row() + 1);
        }
        (None, Some(kind)) => {
            text.push_str(kind_name(kind));
            text.push('打');
        }
        (None, None) => {}
    }
    text
}

fn clock_text(this: Duration, total: Duration) -> String {
    let (t, s) = (this.as_secs(), total.as_secs());
    format!("({:>2}:{:02}/{:02}:{:02}:{:02})", t / 60, t % 60, s / 3600, s / 60 % 60, s % 60)
}

fn hand_text(hand: Hand) -> String {
    let pieces: Vec<String> = Kind::SFEN_HAND_ORDER
        .iter()
        .filter(|&&k| hand.count(k) > 0)
        .map(|&k| if hand.count(k) > 1 { format!("{}二", kind_name(k)) } else { kind_name(k).to_string() })
        .collect();
    if pieces.is_empty() {
        "なし".into()
    } else {
        pieces.join("　")
    }
}

/// The board diagram (BOD) of a start position that is not the standard one.
fn diagram(pos: &Position) -> String {
    let mut out =
        format!("後手の持駒：{}\n  ５ ４ ３ ２ １\n+---------------+\n", hand_text(pos.hand(Color::Gote)));
    for row in 0..5u8 {
        out.push('|');
        for col in 0..5u8 {
            match pos.piece_at(Square::from_coords(col, row)) {
                Some(p) => {
                    out.push(if p.color == Color::Gote { 'v' } else { ' ' });
                    out.push_str(board_name(p.kind));
                }
                None => out.push_str(" ・"),
            }
        }
        let _ = writeln!(out, "|{}", RANKS[usize::from(row)]);
    }
    let _ = writeln!(out, "+---------------+\n先手の持駒：{}", hand_text(pos.hand(Color::Sente)));
    if pos.side_to_move() == Color::Gote {
        out.push_str("後手番\n");
    }
    out
}

/// What KIF writes after the last move (and in the summary of a draw).
fn ending_word(termination: &Termination) -> &'static str {
    match termination {
        Termination::Rules(EndReason::Checkmate | EndReason::NoLegalMove) => "詰み",
        Termination::Rules(EndReason::Repetition) => "千日手",
        Termination::Rules(EndReason::PerpetualCheck) => "反則負け",
        Termination::Rules(EndReason::MoveLimit) | Termination::PlyCap => "持将棋",
        Termination::Resignation => "投了",
        Termination::TimeLoss { .. } => "切れ負け",
        Termination::IllegalMove { .. } | Termination::EngineFailure(_) => "反則負け",
    }
}

/// The game as a KIF text (UTF-8).
pub fn to_kif(finished: &FinishedGame) -> String {
    record_kif(&GameRecord::of_finished(finished))
}

/// A record as KIF: the header, one line per move, then the ending if the game has ended.
pub fn record_kif(record: &GameRecord) -> String {
    let start = &record.start;
    let mut out = String::from("#KIF version=2.0 encoding=UTF-8\n");
    if *start == Position::startpos() {
        out.push_str("手合割：５五将棋\n");
    } else {
        out.push_str(&diagram(start));
    }
    let _ = writeln!(out, "先手：{}\n後手：{}", record.players[0], record.players[1]);
    out.push_str("手数----指手---------消費時間--\n");
    let mut game = Game::new(start.clone(), minishogi::RuleSet::Standard);
    let mut totals = [Duration::ZERO; 2];
    let mut previous = None;
    for (number, &(m, time)) in record.moves.iter().enumerate() {
        let side = game.position().side_to_move().index();
        totals[side] += time;
        let text = move_text(game.position(), m, previous);
        // Full-width text is two columns wide: pad to the width GUIs expect.
        let pad = 14usize.saturating_sub(text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum());
        let _ =
            writeln!(out, "{:>4} {text}{} {}", number + 1, " ".repeat(pad), clock_text(time, totals[side]));
        game.play_unchecked(m);
        previous = Some(m);
    }
    let Some(result) = &record.result else { return out };
    let plies = game.moves().len();
    let last = ending_word(&result.termination);
    let _ = writeln!(out, "{:>4} {last}", plies + 1);
    let _ = writeln!(out, "*{}", result.termination);
    let _ = match result.winner {
        Some(w) => writeln!(out, "まで{plies}手で{}の勝ち", if w == Color::Sente { "先手" } else { "後手" }),
        None => writeln!(out, "まで{plies}手で{last}"),
    };
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game_runner::PlayedGame;
    use crate::opening::Opening;
    use crate::termination::GameResult;
    use minishogi::RuleSet;

    fn kif_of(line: &str, moves: &[&str], result: GameResult) -> String {
        let opening = Opening::parse(line, RuleSet::Standard).unwrap();
        let mut game = opening.game(RuleSet::Standard);
        let moves: Vec<Move> = moves.iter().map(|m| game.play_usi(m).unwrap()).collect();
        let times = vec![Duration::from_millis(1500); moves.len()];
        let game = PlayedGame { opening, moves, times, result };
        let players = ["A".to_string(), "B".to_string()];
        to_kif(&FinishedGame { number: 1, engine1_color: Color::Sente, players, game })
    }

    #[test]
    fn promotions_declined_promotions_and_a_diagram_start() {
        let resign = GameResult::loss(Color::Gote, Termination::Resignation);
        let kif = kif_of("sfen 4k/S4/5/5/K4 b S 1", &["5b5a", "1a2a", "S*4b"], resign.clone());
        assert!(kif.contains("後手の持駒：なし\n  ５ ４ ３ ２ １\n+---------------+\n| ・ ・ ・ ・v玉|一\n| 銀 ・ ・ ・ ・|二\n"), "{kif}");
        assert!(kif.contains("| 玉 ・ ・ ・ ・|五\n+---------------+\n先手の持駒：銀\n先手：A"), "{kif}");
        assert!(
            kif.contains("   1 ５一銀不成(52) ( 0:01/00:00:01)\n   2 ２一玉(11)     ( 0:01/00:00:01)\n"),
            "{kif}"
        );
        assert!(
            kif.contains(
                "   3 ４二銀打       ( 0:01/00:00:03)\n   4 投了\n*resignation\nまで3手で先手の勝ち\n"
            ),
            "{kif}"
        );
        let kif = kif_of("sfen 4k/S4/5/5/K4 b - 1", &["5b5a+"], resign);
        assert!(kif.contains("   1 ５一銀成(52)"), "{kif}");
    }

    #[test]
    fn a_game_that_has_not_ended_stops_after_its_last_move() {
        let start = Position::startpos();
        let m = start.parse_move("5d5c").unwrap();
        let players = ["A".to_string(), "B".to_string()];
        let record = GameRecord { start, moves: vec![(m, Duration::ZERO)], players, result: None };
        let kif = record_kif(&record);
        assert!(
            kif.ends_with("手数----指手---------消費時間--\n   1 ５三歩(54)     ( 0:00/00:00:00)\n"),
            "{kif}"
        );
        let csa = crate::csa::record_csa(&record);
        assert!(csa.ends_with("\n+\n+5453FU\nT0\n"), "{csa}");
    }
}
