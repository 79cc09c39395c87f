//! The API on a real socket: each endpoint, the values and their order against the tables read
//! directly (the code path of `minishogi tb probe`), bad input, a missing table, the time limit.

use crate::common;

use common::http::{encode, get, Connection};
use common::{make_tables, start_server, test_analysis};
use minishogi::{Color, MoveList, Position, RuleSet};
use minishogi_server::Limits;
use minishogi_tablebase::{Query, Tablebase};
use serde_json::Value;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::OnceLock;
use std::time::Duration;

const GOLD: &str = "4k/5/5/5/K4 b G 1";
const KINGS: &str = "4k/5/5/5/K4 b - 1";
const PAWN: &str = "4k/5/2P2/5/K4 w - 1";
const PERPETUAL: &str = "K1R2/g4/k4/5/5 b - 1";

/// One server for the tests that need no special limits, over the tables of `-`, `G`, `P` and
/// `RG`, analysing other positions.
fn server() -> (SocketAddr, &'static Path) {
    static SERVER: OnceLock<(SocketAddr, tempfile::TempDir)> = OnceLock::new();
    let (addr, dir) = SERVER.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a temporary directory");
        make_tables(dir.path(), &["-", "G", "P", "RG"]);
        (start_server(dir.path(), Limits::default(), Some(test_analysis())), dir)
    });
    (*addr, dir.path())
}

fn probe(sfen: &str, first_player: &str) -> Value {
    let (addr, _) = server();
    let response = get(addr, &format!("/api/probe?sfen={}&first_player={first_player}", encode(sfen)));
    assert_eq!(response.status, 200, "{}", response.body);
    assert_eq!(response.header("content-type"), Some("application/json"));
    assert_eq!(response.header("access-control-allow-origin"), Some("*"));
    response.json()
}

/// Best first for the mover, read from the value after the move (the opponent's): the order
/// docs/server.md states, written out again here.
fn category(m: &Value) -> (u8, i64) {
    let plies = m["plies"].as_i64().unwrap_or(0);
    let estimate = match (m["score_mate"].as_i64(), m["score_cp"].as_i64()) {
        (Some(n), _) if n > 0 => 1_000_000 - n,
        (Some(n), _) => -1_000_000 - n,
        (None, cp) => cp.unwrap_or(0),
    };
    match (m["result"].as_str().expect("a result"), m["by"].as_str()) {
        ("unknown", _) => (3, estimate),
        ("loss", Some("mate")) => (0, plies),
        ("loss", Some("repetition")) => (1, 0),
        ("loss", _) => (2, 0),
        ("draw", _) => (3, 0),
        ("win", Some("mate")) => (6, -plies),
        ("win", Some("repetition")) => (5, 0),
        _ => (4, 0),
    }
}

/// The probe of `sfen` agrees with `Tablebase::probe` and `Tablebase::line` (what `tb probe`
/// prints), lists every legal move once with the verdict a probe gives the position after it, and
/// sorts them best first.
fn check_probe(sfen: &str, first_player: Color) -> Value {
    let json = probe(sfen, first_player.name());
    let (_, dir) = server();
    let tb = Tablebase::open(dir).expect("the tables");
    let position = Position::from_sfen(sfen).expect("a position");
    let query = Query::new(first_player, RuleSet::Standard);
    let answer = tb.probe(&position, query).expect("a probe").expect("a table");
    let line: Vec<String> =
        tb.line(&position, query).expect("a line").expect("a table").iter().map(|m| m.to_string()).collect();
    assert_eq!(json["sfen"], position.to_sfen(), "{json}");
    assert_eq!(json["material"], answer.material.name(), "{json}");
    assert_eq!(json["first_player"], first_player.name(), "{json}");
    assert_eq!(json["result"], answer.verdict.result.name(), "{json}");
    assert_eq!(json["by"].as_str(), answer.verdict.by.map(|b| b.name()), "{json}");
    assert_eq!(json["plies"].as_u64(), answer.verdict.plies.map(u64::from), "{json}");
    assert_eq!(json["best"].as_str(), answer.best.map(|m| m.to_string()).as_deref(), "{json}");
    assert_eq!(json["line"], serde_json::json!(line), "{json}");
    assert_eq!(json["exact"], true);
    let mut legal = MoveList::new();
    position.legal_moves(&mut legal);
    let moves = json["moves"].as_array().expect("a moves list");
    assert_eq!(moves.len(), legal.len(), "{json}");
    for &m in legal.iter() {
        let usi = m.to_string();
        let listed =
            moves.iter().find(|j| j["usi"] == usi.as_str()).unwrap_or_else(|| panic!("{usi} missing"));
        let after =
            tb.probe(&position.after(m), query.verdict_only()).expect("a verdict").expect("a table").verdict;
        assert_eq!(listed["result"], after.result.name(), "{usi}");
        assert_eq!(listed["by"].as_str(), after.by.map(|b| b.name()), "{usi}");
        assert_eq!(listed["plies"].as_u64(), after.plies.map(u64::from), "{usi}");
        assert_eq!(listed["exact"], true);
    }
    for pair in moves.windows(2) {
        let (a, b) = (category(&pair[0]), category(&pair[1]));
        let usi = |m: &Value| m["usi"].as_str().map(str::to_string);
        assert!(a < b || (a == b && usi(&pair[0]) < usi(&pair[1])), "out of order: {pair:?}");
    }
    json
}

#[test]
fn a_probe_gives_the_tables_values_and_every_move_best_first() {
    let json = check_probe(GOLD, Color::Sente);
    assert_eq!(
        (json["result"].as_str(), json["by"].as_str(), json["plies"].as_u64()),
        (Some("win"), Some("mate"), Some(9))
    );
    // A winning move shows the loss it leaves the opponent, the shortest first.
    let first = &json["moves"][0];
    assert_eq!((first["result"].as_str(), first["plies"].as_u64()), (Some("loss"), Some(8)), "{json}");
    assert_eq!(first["usi"], json["best"]);
    assert_eq!(json.as_object().map(|o| o.len()), Some(11), "no other keys: {json}");
    // The losing side's moves: the longest resistance first.
    let json = check_probe("4k/5/5/5/K4 w G 1", Color::Sente);
    assert_eq!(json["result"], "loss");
    check_probe(PAWN, Color::Sente);
}

#[test]
fn a_perpetual_checker_loses() {
    // Gote's only moves check sente's king; sente's king goes back and forth.
    let json = check_probe(PERPETUAL, Color::Sente);
    assert_eq!(
        (json["result"].as_str(), json["by"].as_str()),
        (Some("win"), Some("perpetual-check")),
        "{json}"
    );
    assert_eq!(json["moves"][0]["by"], "perpetual-check");
    check_probe(PERPETUAL, Color::Gote);
}

#[test]
fn who_moved_first_decides_a_repetition() {
    let sente = check_probe(KINGS, Color::Sente);
    let gote = check_probe(KINGS, Color::Gote);
    assert_eq!(sente["by"], "repetition", "{sente}");
    assert_eq!((sente["result"].as_str(), gote["result"].as_str()), (Some("loss"), Some("win")));
    assert_eq!(gote["first_player"], "gote");
    // Sente to move with gote first: every move leaves gote to move, first player, losing.
    assert!(gote["moves"].as_array().expect("moves").iter().all(|m| m["result"] == "loss"), "{gote}");
}

#[test]
fn the_mainline_plays_to_the_end_with_a_value_per_ply() {
    let (addr, _) = server();
    let json = get(addr, &format!("/api/mainline?sfen={}", encode(GOLD))).json();
    let line = json["line"].as_array().expect("a line");
    assert_eq!(line.len(), 9, "{json}");
    let mut position = Position::from_sfen(GOLD).expect("a position");
    for (i, ply) in line.iter().enumerate() {
        let m = position.parse_move(ply["usi"].as_str().expect("usi")).expect("a legal move");
        position.play(m);
        assert_eq!(ply["sfen"], position.to_sfen().as_str());
        let expected = if i % 2 == 0 { "loss" } else { "win" };
        assert_eq!(
            (ply["result"].as_str(), ply["plies"].as_u64()),
            (Some(expected), Some(8 - i as u64)),
            "{ply}"
        );
    }
    // The gold leaves gote's king no move without checking it: a loss all the same.
    assert_eq!(json["end"], serde_json::json!({ "winner": "sente", "reason": "no-legal-move" }));
    let probe = probe(GOLD, "sente");
    let usi: Vec<&Value> = line.iter().map(|p| &p["usi"]).collect();
    assert_eq!(probe["line"].as_array().map(|l| l.iter().collect::<Vec<_>>()), Some(usi), "the same line");

    let json = get(addr, &format!("/api/mainline?sfen={}&first_player=sente", encode(KINGS))).json();
    assert_eq!(json["end"], serde_json::json!({ "winner": "gote", "reason": "repetition" }), "{json}");
    assert!(json["line"].as_array().is_some_and(|l| l.len() >= 8), "four times the same position: {json}");
}

#[test]
fn the_page_is_served_at_the_root() {
    let (addr, _) = server();
    let response = get(addr, "/");
    assert_eq!(response.status, 200);
    assert_eq!(response.header("content-type"), Some("text/html; charset=utf-8"));
    assert!(response.body.contains("<html"));
    assert_eq!(get(addr, "/index.html").body, response.body);
}

fn error(response: &common::http::HttpResponse, status: u16, says: &str) {
    assert_eq!(response.status, status, "{}", response.body);
    assert_eq!(response.header("content-type"), Some("application/json"));
    assert_eq!(response.header("access-control-allow-origin"), Some("*"));
    let message = response.json()["error"].as_str().map(str::to_string).expect("an error message");
    assert!(message.contains(says), "{message:?} should say {says:?}");
}

#[test]
fn bad_input_is_a_400_that_says_what_is_wrong() {
    let (addr, _) = server();
    let probe = |query: &str| get(addr, &format!("/api/probe?{query}"));
    error(&probe("sfen=4k%2F5%2F5%2F5%2FK5%20b%20-"), 400, "bad SFEN");
    error(&probe(&format!("sfen={}", encode("4k/5/5/5/5 b G 1"))), 400, "kings");
    error(&probe(&format!("sfen={}&depth=9", encode(GOLD))), 400, "unknown field `depth`");
    error(&probe(&format!("sfen={}&first_player=nobody", encode(GOLD))), 400, "bad first_player");
    error(&probe("first_player=sente"), 400, "missing the sfen parameter");
    error(&get(addr, "/api/mainline"), 400, "missing the sfen parameter");
    let long = format!("/api/probe?sfen={}", "k".repeat(5000));
    error(&get(addr, &long), 400, "the limit is 4096");
    let mut connection = Connection::open(addr).expect("a connection");
    let post = format!(
        "POST /api/probe?sfen={} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        encode(GOLD)
    );
    error(&connection.send(post.as_bytes()).expect("a response"), 400, "request body of 5 bytes");
    let post = "POST /api/probe HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n";
    error(&connection.send(post.as_bytes()).expect("a response"), 405, "use GET");
}

#[test]
fn an_unknown_path_is_a_json_404() {
    let (addr, _) = server();
    error(&get(addr, "/api/nothing"), 404, "no such path: /api/nothing");
    error(&get(addr, "/favicon.png"), 404, "no such path");
}

/// `sfen`'s moves are sorted best first and each is the position after it analysed.
fn check_order(json: &Value) {
    let moves = json["moves"].as_array().expect("a moves list");
    let position = Position::from_sfen(json["sfen"].as_str().expect("sfen")).expect("a position");
    let mut legal = MoveList::new();
    position.legal_moves(&mut legal);
    assert_eq!(moves.len(), legal.len(), "{json}");
    for pair in moves.windows(2) {
        let (a, b) = (category(&pair[0]), category(&pair[1]));
        let usi = |m: &Value| m["usi"].as_str().map(str::to_string);
        assert!(a < b || (a == b && usi(&pair[0]) < usi(&pair[1])), "out of order: {pair:?}");
    }
}

#[test]
fn without_a_table_the_mate_solver_proves_a_mate() {
    let json = probe("4k/5/4P/5/K4 b G 1", "sente");
    assert_eq!(
        (json["exact"].as_bool(), json["source"].as_str()),
        (Some(true), Some("mate-solver")),
        "{json}"
    );
    assert_eq!(
        (json["result"].as_str(), json["plies"].as_u64(), json["best"].as_str()),
        (Some("win"), Some(1), Some("G*1b"))
    );
    let first = &json["moves"][0];
    assert_eq!(
        (first["usi"].as_str(), first["result"].as_str(), first["plies"].as_u64()),
        (Some("G*1b"), Some("loss"), Some(0))
    );
    assert_eq!(first["exact"], true);
    let warning = json["warning"].as_str().expect("a note that there is no table");
    assert!(warning.contains("'minishogi tb gen GP --dir"), "{warning}");
    check_order(&json);
    let (addr, _) = server();
    let line = get(addr, &format!("/api/mainline?sfen={}", encode("4k/5/4P/5/K4 b G 1"))).json();
    assert_eq!(line["line"][0]["result"], "loss", "{line}");
    assert_eq!(line["end"], serde_json::json!({ "winner": "sente", "reason": "checkmate" }));
}

#[test]
fn without_a_table_or_a_mate_the_engine_estimates() {
    let json = probe("startpos", "sente");
    assert_eq!((json["exact"].as_bool(), json["source"].as_str()), (Some(false), Some("engine")), "{json}");
    assert_eq!(json["result"], "unknown");
    assert!(json["score_cp"].is_i64() && json["depth"].is_u64(), "{json}");
    assert!(json["moves"].as_array().expect("moves").iter().all(|m| m["exact"] == false), "{json}");
    assert!(json["warning"].as_str().is_some_and(|w| w.contains("tables go up to 3")), "{json}");
    check_order(&json);
}

#[test]
fn a_missing_table_names_the_command_that_makes_it() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let addr = start_server(dir.path(), Limits::default(), None);
    let dir = dir.path();
    let response = get(addr, &format!("/api/probe?sfen={}", encode("4k/5/5/5/K4 b R 1")));
    error(&response, 404, &format!("'minishogi tb gen R --dir {}' makes it", dir.display()));
    assert_eq!(response.json()["missing_table"], "R");
    error(&get(addr, &format!("/api/mainline?sfen={}", encode("startpos"))), 404, "tables go up to 3");
}

#[test]
fn an_answer_past_the_time_limit_is_a_503() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    make_tables(dir.path(), &["G"]);
    let addr = start_server(dir.path(), Limits { timeout: Duration::ZERO, ..Limits::default() }, None);
    error(&get(addr, &format!("/api/probe?sfen={}", encode(GOLD))), 503, "longer than 0 s");
}

#[test]
fn a_connection_is_kept_alive_across_requests() {
    let (addr, _) = server();
    let mut connection = Connection::open(addr).expect("a connection");
    for _ in 0..3 {
        let response = connection.get(&format!("/api/probe?sfen={}", encode(GOLD))).expect("a response");
        assert_eq!(response.status, 200);
    }
}
