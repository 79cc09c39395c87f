//! A USI conversation with the `minishogi usi` binary as a separate process.

use minishogi::Position;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_minishogi"))
            .arg("usi")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write to engine");
        self.stdin.flush().expect("flush");
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("write to engine");
        self.stdin.flush().expect("flush");
    }

    /// Lines up to and including the first that starts with `prefix`, within `timeout`.
    fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(_) => panic!("no '{prefix}' within {timeout:?}; got {seen:?}"),
            }
        }
    }

    /// Sends `isready` and returns everything printed before `readyok`.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.until("readyok", Duration::from_secs(10))
    }

    /// The move of the last `bestmove` line, checked to be legal in `sfen`.
    fn bestmove(&mut self, sfen: &str, timeout: Duration) -> (String, Vec<String>) {
        let lines = self.until("bestmove", timeout);
        let last = lines.last().expect("a line");
        let mv = last.split_whitespace().nth(1).expect("bestmove has a move").to_string();
        let pos = Position::from_sfen(sfen).expect("test sfen");
        assert!(pos.parse_move(&mv).is_ok(), "illegal bestmove {mv} in {sfen}");
        (mv, lines)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const SEC: Duration = Duration::from_secs(1);
const AFTER_TWO: &str = "rbsgk/5/P3p/5/KGSBR b - 3";

#[test]
fn handshake_and_options() {
    let mut e = Engine::start();
    e.send("usi");
    let lines = e.until("usiok", 10 * SEC);
    assert!(lines.iter().any(|l| l.starts_with("id name ")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    for option in ["USI_Hash", "Threads", "TablebaseDir", "WeightsFile", "Rules", "USI_Variant"] {
        assert!(lines.iter().any(|l| l.starts_with(&format!("option name {option} "))), "{option}");
    }
    e.send("setoption name USI_Variant value minishogi");
    e.send("setoption name USI_Hash value 32");
    e.send("setoption name Threads value 2");
    e.send("setoption name Rules value draw300");
    e.send("setoption name Rules value standard");
    let quiet = e.sync();
    assert!(quiet.iter().all(|l| !l.starts_with("info string")), "{quiet:?}");
    // Bad values are reported, and the engine goes on.
    e.send("setoption name USI_Hash value lots");
    e.send("setoption name WeightsFile value /no/such/weights.bin");
    e.send("setoption name Rules value chess");
    e.send("setoption name NoSuchOption value 1");
    e.send("setoption name USI_Variant value chess");
    let replies = e.sync();
    assert_eq!(replies.iter().filter(|l| l.starts_with("info string")).count(), 5, "{replies:?}");
    let dir = tempfile::tempdir().expect("tempdir");
    e.send(&format!("setoption name TablebaseDir value {}", dir.path().display()));
    let replies = e.sync();
    assert!(replies.iter().any(|l| l.contains("0 tables")), "{replies:?}");
    // With two threads the engine still answers a search.
    e.send("usinewgame");
    e.send("position startpos moves 5d5c 1b1c");
    e.send("go depth 5");
    e.bestmove(AFTER_TWO, 30 * SEC);
    e.send("quit");
    let status = e.child.wait().expect("exits");
    assert!(status.success());
}

#[test]
fn go_with_each_limit() {
    let mut e = Engine::start();
    e.send("usi");
    e.until("usiok", 10 * SEC);
    e.send("position startpos moves 5d5c 1b1c");
    e.send("go depth 4");
    let (_, lines) = e.bestmove(AFTER_TWO, 30 * SEC);
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(infos.len() >= 4, "{lines:?}");
    for key in [" seldepth ", " score ", " nodes ", " nps ", " time ", " pv "] {
        assert!(infos.iter().all(|l| l.contains(key)), "{key} missing: {infos:?}");
    }
    e.send("go nodes 2000");
    e.bestmove(AFTER_TWO, 30 * SEC);
    let timed: [(&str, Duration); 5] = [
        ("go movetime 300", 3 * SEC),
        ("go btime 0 wtime 0 byoyomi 300", 3 * SEC),
        ("go btime 2000 wtime 2000 binc 200 winc 200", 4 * SEC),
        ("go btime 3000 wtime 3000", 4 * SEC),
        ("go btime 1000 wtime 1000 byoyomi 200", 4 * SEC),
    ];
    for (go, limit) in timed {
        let start = Instant::now();
        e.send(go);
        e.bestmove(AFTER_TWO, limit);
        assert!(start.elapsed() < limit, "{go} took {:?}", start.elapsed());
    }
    // A win in one, found by the alpha-beta search with a mate score (`go mate` is the tsume
    // solver's, below).
    let mate_sfen = "4k/5/4P/5/K4 b G 1";
    e.send(&format!("position sfen {mate_sfen}"));
    e.send("go depth 3");
    let (mv, lines) = e.bestmove(mate_sfen, 10 * SEC);
    // G*1b mates; G*3b leaves gote without a legal move, which loses too.
    let pos = Position::from_sfen(mate_sfen).expect("valid");
    let after = pos.after(pos.parse_move(&mv).expect("legal"));
    assert!(!after.has_legal_move(), "{mv}");
    assert!(lines.iter().any(|l| l.contains("score mate 1 ")), "{lines:?}");
    // Checkmated: resign.
    e.send("position sfen 4k/4G/4P/5/K4 w - 1");
    e.send("go depth 3");
    let lines = e.until("bestmove", 10 * SEC);
    assert_eq!(lines.last().map(String::as_str), Some("bestmove resign"));
}

/// `go mate <ms|infinite>` is a tsume solve answered by a `checkmate` line, as shogi GUIs expect.
#[test]
fn go_mate_answers_checkmate() {
    let mut e = Engine::start();
    e.send("usi");
    e.until("usiok", 10 * SEC);
    // A gold drop mates at once.
    e.send("position sfen 4k/5/4P/5/K4 b G 1");
    e.send("go mate 1000");
    assert_eq!(e.until("checkmate", 10 * SEC).last().map(String::as_str), Some("checkmate G*1b"));
    // The only check would be a pawn-drop mate, which the rules forbid: no mate.
    e.send("position sfen 3rk/3p1/5/2B2/K4 b P 1");
    e.send("go mate infinite");
    assert_eq!(e.until("checkmate", 10 * SEC).last().map(String::as_str), Some("checkmate nomate"));
    // A 15-ply tsume needs tens of thousands of nodes: one millisecond is not enough.
    e.send("position sfen 1bsg1/p3k/5/K4/1GSB1 b 2RP 1");
    e.send("go mate 1");
    assert_eq!(e.until("checkmate", 10 * SEC).last().map(String::as_str), Some("checkmate timeout"));
    // With time it is solved; the line is a mate by checks.
    e.send("go mate infinite");
    let answer = e.until("checkmate", 30 * SEC).last().cloned().unwrap_or_default();
    let moves: Vec<&str> = answer.split_whitespace().skip(1).collect();
    assert_eq!(moves.len(), 15, "{answer}");
    let mut pos = Position::from_sfen("1bsg1/p3k/5/K4/1GSB1 b 2RP 1").expect("valid");
    for (i, m) in moves.iter().enumerate() {
        pos.play(pos.parse_move(m).expect("legal"));
        assert!(i % 2 == 1 || pos.in_check(), "move {m} checks");
    }
    assert!(!pos.has_legal_move(), "the line mates");
    // `stop` ends an infinite solve at once with `timeout` if it has not finished.
    e.send("position startpos");
    e.send("go mate infinite");
    e.send("stop");
    let last = e.until("checkmate", 10 * SEC).last().cloned().unwrap_or_default();
    assert!(last == "checkmate timeout" || last == "checkmate nomate", "{last}");
    e.send("isready");
    e.until("readyok", 10 * SEC);
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(500));
    // Nothing but info lines while searching; isready is answered during the search.
    let lines = e.sync();
    assert!(lines.iter().all(|l| !l.starts_with("bestmove")), "{lines:?}");
    let start = Instant::now();
    e.send("stop");
    e.bestmove("rbsgk/4p/5/P4/KGSBR b - 1", 2 * SEC);
    assert!(start.elapsed() < Duration::from_millis(500), "stop took {:?}", start.elapsed());
    // Pondering: ponderhit turns the search into a timed one.
    e.send("position startpos moves 5d5c");
    e.send("go ponder btime 500 wtime 500 byoyomi 100");
    std::thread::sleep(Duration::from_millis(200));
    e.send("ponderhit");
    e.bestmove("rbsgk/4p/P4/5/KGSBR w - 2", 3 * SEC);
    e.sync();
}

#[test]
fn malformed_lines_never_end_the_loop() {
    let mut e = Engine::start();
    for garbage in [
        "",
        "   ",
        "hello engine",
        "position",
        "position sfen 6/5/5/5/5 b - 1",
        "position sfen rbsgk/4p/5/P4/KGSBR x - 1",
        "position startpos moves 5d5b",
        "position startpos moves zz99",
        "setoption",
        "setoption name",
        "setoption value 3",
        "ponderhit",
        "stop",
    ] {
        e.send(garbage);
    }
    e.send_bytes(b"\xff\xfe\x00garbage\n");
    let replies = e.sync();
    let infos = replies.iter().filter(|l| l.starts_with("info string")).count();
    assert!(infos >= 10, "{replies:?}");
    // A bad go still answers with a move; the position is the last good one (startpos).
    e.send("position startpos moves 5d5b");
    e.send("go depth x");
    let (_, lines) = e.bestmove("rbsgk/4p/5/P4/KGSBR b - 1", 30 * SEC);
    assert!(lines.iter().any(|l| l.starts_with("info string")), "{lines:?}");
    // A second go during a search is refused, and the first one still ends normally.
    e.send("go infinite");
    e.send("go depth 2");
    e.send("stop");
    e.bestmove("rbsgk/4p/5/P4/KGSBR b - 1", 5 * SEC);
    e.send("quit");
    assert!(e.child.wait().expect("exits").success());
}

/// The `cp` value of the last `info ... score cp N` line.
fn last_cp(lines: &[String]) -> i32 {
    let line = lines.iter().rev().find(|l| l.contains(" score cp ")).expect("an info line with a cp score");
    let after = line.split(" score cp ").nth(1).expect("score");
    after.split_whitespace().next().and_then(|v| v.parse().ok()).expect("a cp value")
}

#[test]
fn a_table_repetition_scores_decisively_for_the_second_player() {
    let dir = tempfile::tempdir().expect("tempdir");
    let status = Command::new(env!("CARGO_BIN_EXE_minishogi"))
        .args(["tb", "gen", "-", "--dir"])
        .arg(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("the binary starts");
    assert!(status.success());
    let mut e = Engine::start();
    e.send(&format!("setoption name TablebaseDir value {}", dir.path().display()));
    e.sync();
    // Bare kings: the first player (the side to move of the `position` start) loses by repetition.
    e.send("position sfen 4k/5/5/5/K4 b - 1");
    e.send("go depth 4");
    let (_, lines) = e.bestmove("4k/5/5/5/K4 b - 1", 10 * SEC);
    assert!(last_cp(&lines) < -10_000, "{lines:?}");
    // Gote began this game: sente, to move, wins the repetition.
    e.send("position sfen 4k/5/5/5/K4 w - 1 moves 1a2a");
    e.send("go depth 4");
    let (_, lines) = e.bestmove("3k1/5/5/5/K4 b - 2", 10 * SEC);
    assert!(last_cp(&lines) > 10_000, "{lines:?}");
}
