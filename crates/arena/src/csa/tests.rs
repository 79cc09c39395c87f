//! CSA records read back by a small reader of the format: the start position, every move and
//! the result come back as they were played.

use super::*;
use crate::game_runner::PlayedGame;
use crate::opening::Opening;
use crate::termination::GameResult;
use minishogi::RuleSet;
use std::time::Duration;

/// What a CSA text says: the start, the moves in USI notation, the ending line and the winner.
struct ReadBack {
    start: Position,
    moves: Vec<String>,
    ending: String,
    players: [String; 2],
    winner: Option<Color>,
}

fn sfen_letter(csa: &str) -> &'static str {
    match csa {
        "FU" => "p",
        "GI" => "s",
        "KI" => "g",
        "KA" => "b",
        "HI" => "r",
        "OU" => "k",
        "TO" => "+p",
        "NG" => "+s",
        "UM" => "+b",
        "RY" => "+r",
        other => panic!("unknown CSA piece {other}"),
    }
}

fn piece(sign: char, csa: &str) -> String {
    let letter = sfen_letter(csa);
    if sign == '+' {
        letter.to_uppercase()
    } else {
        letter.to_string()
    }
}

/// SFEN hand text from one letter per piece: `PPs` → `2Ps`.
fn sfen_hand(letters: &str) -> String {
    let mut out = String::new();
    let mut chars = letters.chars().peekable();
    while let Some(c) = chars.next() {
        let mut n = 1;
        while chars.peek() == Some(&c) {
            chars.next();
            n += 1;
        }
        if n > 1 {
            out.push_str(&n.to_string());
        }
        out.push(c);
    }
    out
}

fn usi_square(digits: &str) -> String {
    let mut chars = digits.chars();
    let file = chars.next().unwrap();
    let rank = chars.next().unwrap().to_digit(10).unwrap() as u8;
    format!("{file}{}", char::from(b'a' + rank - 1))
}

fn read_csa(text: &str) -> ReadBack {
    let (mut rows, mut hands) = (Vec::new(), String::new());
    let mut players = [String::new(), String::new()];
    let (mut game, mut moves, mut ending, mut winner) = (None::<Game>, Vec::new(), String::new(), None);
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("N+") {
            players[0] = name.to_string();
        } else if let Some(name) = line.strip_prefix("N-") {
            players[1] = name.to_string();
        } else if line.len() == 17 && line.starts_with('P') && line.as_bytes()[1].is_ascii_digit() {
            let mut row = String::new();
            let mut empty = 0;
            for cell in line.as_bytes()[2..].chunks(3) {
                let cell = std::str::from_utf8(cell).unwrap();
                if cell == " * " {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push_str(&piece(cell.chars().next().unwrap(), &cell[1..]));
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        } else if let Some(rest) = line.strip_prefix("P+").or_else(|| line.strip_prefix("P-")) {
            let sign = line.chars().nth(1).unwrap();
            for chunk in rest.as_bytes().chunks(4) {
                hands.push_str(&piece(sign, std::str::from_utf8(&chunk[2..]).unwrap()));
            }
        } else if line == "+" || line == "-" {
            let side = if line == "+" { "b" } else { "w" };
            let hand = if hands.is_empty() { "-".to_string() } else { sfen_hand(&hands) };
            let sfen = format!("{} {} {hand} 1", rows.join("/"), side);
            game = Some(Game::new(Position::from_sfen(&sfen).unwrap(), RuleSet::Standard));
        } else if line.len() == 7 && (line.starts_with('+') || line.starts_with('-')) {
            let g = game.as_mut().expect("a move before the position");
            let (from, to, kind) = (&line[1..3], &line[3..5], &line[5..7]);
            let usi = if from == "00" {
                format!("{}*{}", sfen_letter(kind).to_uppercase(), usi_square(to))
            } else {
                let base = format!("{}{}", usi_square(from), usi_square(to));
                let promoted = format!("{base}+");
                let legal: Vec<String> =
                    g.position().legal_move_list().iter().map(|m| m.to_string()).collect();
                if ["TO", "NG", "UM", "RY"].contains(&kind) && legal.contains(&promoted) {
                    promoted
                } else {
                    base
                }
            };
            g.play_usi(&usi).unwrap();
            moves.push(usi);
        } else if line.starts_with('%') {
            ending = line.to_string();
        } else if let Some(summary) = line.strip_prefix("'summary:") {
            let fields: Vec<&str> = summary.split(':').collect();
            let result = |f: &str| f.rsplit(' ').next().unwrap().to_string();
            winner = match (result(fields[1]).as_str(), result(fields[2]).as_str()) {
                ("win", "lose") => Some(Color::Sente),
                ("lose", "win") => Some(Color::Gote),
                ("draw", "draw") => None,
                other => panic!("bad summary {other:?}"),
            };
        }
    }
    ReadBack { start: game.unwrap().start().clone(), moves, ending, players, winner }
}

fn finished(line: &str, moves: &[&str], result: GameResult) -> FinishedGame {
    let opening = Opening::parse(line, RuleSet::Standard).unwrap();
    let mut game = opening.game(RuleSet::Standard);
    let moves: Vec<Move> = moves.iter().map(|m| game.play_usi(m).unwrap()).collect();
    let times = vec![Duration::from_millis(1500); moves.len()];
    let game = PlayedGame { opening, moves, times, result };
    let players = ["minishogi".to_string(), "Fairy:Stockfish".to_string()];
    FinishedGame { number: 1, engine1_color: Color::Sente, players, game }
}

#[test]
fn a_game_from_the_start_reads_back_with_its_moves_and_result() {
    let opening = ["1e1b", "2a1b"];
    let played = ["P*1c", "R*4c", "2e4c", "4a3b", "4c3b"];
    let resign = GameResult::loss(Color::Gote, Termination::Resignation);
    let csa = to_csa(&finished("startpos moves 1e1b 2a1b", &played, resign));
    assert!(
        csa.starts_with("V2.2\nN+minishogi\nN-Fairy_Stockfish\n'minishogi (5x5)\nP1-HI-KA-GI-KI-OU\n"),
        "{csa}"
    );
    assert!(csa.contains("P5+OU+KI+GI+KA+HI\n+\n+1512HI\nT0\n-2112KI\nT0\n+0013FU\nT1\n"), "{csa}");
    assert!(csa.contains("-0043HI\nT1\n+2543KA\n"), "{csa}");
    assert!(csa.ends_with("%TORYO\n'summary:resignation:minishogi win:Fairy_Stockfish lose\n"), "{csa}");
    let back = read_csa(&csa);
    assert_eq!(back.start, Position::startpos());
    let all: Vec<String> = opening.iter().chain(&played).map(|m| m.to_string()).collect();
    assert_eq!(back.moves, all);
    assert_eq!(back.ending, "%TORYO");
    assert_eq!(back.winner, Some(Color::Sente));
    assert_eq!(back.players, ["minishogi".to_string(), "Fairy_Stockfish".to_string()]);
}

#[test]
fn another_start_with_hands_and_a_draw_reads_back() {
    let line = "sfen 4k/S4/5/5/K4 b 2Ps 1";
    let moves = ["5b4a", "1a1b", "P*4b", "S*3c", "4a3b+"];
    let draw = GameResult { winner: None, termination: Termination::PlyCap };
    let csa = to_csa(&finished(line, &moves, draw));
    assert!(csa.contains("P+00FU00FU\nP-00GI\n+\n+5241GI\n"), "{csa}");
    assert!(csa.contains("-1112OU\nT1\n+0042FU\nT1\n-0033GI\nT1\n+4132NG\nT1\n"), "{csa}");
    let back = read_csa(&csa);
    assert_eq!(back.start, Position::from_sfen("4k/S4/5/5/K4 b 2Ps 1").unwrap());
    assert_eq!(back.moves, moves.map(String::from));
    assert_eq!((back.ending.as_str(), back.winner), ("%HIKIWAKE", None));

    let mate = GameResult::loss(Color::Sente, Termination::Rules(EndReason::Checkmate));
    let back = read_csa(&to_csa(&finished(line, &moves[..2], mate)));
    assert_eq!((back.ending.as_str(), back.winner), ("%TSUMI", Some(Color::Gote)));
    let illegal = GameResult::loss(Color::Gote, Termination::IllegalMove { mv: "1a1b".into() });
    assert_eq!(read_csa(&to_csa(&finished(line, &moves[..1], illegal))).ending, "%-ILLEGAL_ACTION");
}
