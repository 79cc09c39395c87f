//! A USI engine as a child process: the handshake, `position` and `go` with a deadline, and
//! what went wrong when it crashed, fell silent or spoke garbage. The process is killed on drop.

use crate::error::EngineFailure;
use crate::EngineSpec;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long `quit` may take before the process is killed.
const QUIT_GRACE: Duration = Duration::from_millis(300);

/// A score from an `info` line, from the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UsiScore {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many plies (negative: being mated).
    Mate(i32),
}

/// The engine's answer to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The word after `bestmove` (a move, `resign` or `win`), as written.
    pub best: String,
    /// The last score the engine reported, if any.
    pub score: Option<UsiScore>,
    /// The last depth the engine reported, if any.
    pub depth: Option<u32>,
    /// Time from sending `go` to reading `bestmove`.
    pub elapsed: Duration,
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
    options: Vec<String>,
}

impl EngineProcess {
    /// Starts `spec`, performs the handshake (`usi` … `usiok`, the options, `isready` …
    /// `readyok`), each reply within `timeout`.
    pub fn start(spec: &EngineSpec, timeout: Duration) -> Result<EngineProcess, EngineFailure> {
        let (program, args) =
            spec.argv.split_first().ok_or_else(|| EngineFailure::Spawn("empty command".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineFailure::Spawn(format!("{program}: {e}")))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(EngineFailure::Spawn("no pipes to the process".into()));
        };
        let (tx, rx) = mpsc::channel();
        // A reader thread so that waits can time out; it ends when the engine closes stdout.
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    // Garbage bytes become U+FFFD rather than ending the conversation.
                    Ok(_) => {
                        if tx.send(String::from_utf8_lossy(&buf).trim().to_string()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut engine = EngineProcess { child, stdin, lines: rx, name: String::new(), options: Vec::new() };
        engine.send("usi")?;
        loop {
            let line = engine.next_line(timeout, "usiok")?;
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.trim().to_string();
            } else if let Some(option) = line.strip_prefix("option name ") {
                engine.options.push(option.to_string());
            } else if line == "usiok" {
                break;
            }
        }
        for (name, value) in &spec.options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready(timeout)?;
        Ok(engine)
    }

    /// The name the engine gave in `id name` (empty if it gave none).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The options the engine listed after `usi`, each as the text after `option name `.
    pub fn options(&self) -> &[String] {
        &self.options
    }

    /// Writes one line to the engine.
    pub fn send(&mut self, line: &str) -> Result<(), EngineFailure> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| EngineFailure::Write(e.to_string()))
    }

    fn next_line(&mut self, timeout: Duration, waiting_for: &'static str) -> Result<String, EngineFailure> {
        self.lines.recv_timeout(timeout).map_err(|e| match e {
            RecvTimeoutError::Timeout => EngineFailure::Silent { waiting_for, after: timeout },
            RecvTimeoutError::Disconnected => EngineFailure::Exited { waiting_for },
        })
    }

    /// `isready`, then waits for `readyok`.
    pub fn ready(&mut self, timeout: Duration) -> Result<(), EngineFailure> {
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if self.next_line(left, "readyok")? == "readyok" {
                return Ok(());
            }
        }
    }

    /// Tells the engine a new game starts (`usinewgame`) and waits until it is ready.
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), EngineFailure> {
        self.send("usinewgame")?;
        self.ready(timeout)
    }

    /// Sends `position` (the whole line, e.g. `position sfen … moves …`) and `go <go_args>`, and
    /// waits up to `deadline` after `go` for `bestmove`. Scores and depths of `info` lines are
    /// kept; other lines are ignored.
    pub fn go(&mut self, position: &str, go_args: &str, deadline: Duration) -> Result<Reply, EngineFailure> {
        self.send(position)?;
        self.send(&format!("go {go_args}"))?;
        let start = Instant::now();
        let (mut score, mut depth) = (None, None);
        loop {
            let left = deadline.saturating_sub(start.elapsed());
            let line = self.next_line(left, "bestmove").map_err(|e| match e {
                EngineFailure::Silent { waiting_for, .. } => {
                    EngineFailure::Silent { waiting_for, after: deadline }
                }
                other => other,
            })?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let best = words.next().unwrap_or("").to_string();
                    return Ok(Reply { best, score, depth, elapsed: start.elapsed() });
                }
                Some("info") => {
                    let (s, d) = parse_info(&line);
                    score = s.or(score);
                    depth = d.or(depth);
                }
                _ => {}
            }
        }
    }
}

/// The score and depth of an `info` line, where given.
pub fn parse_info(line: &str) -> (Option<UsiScore>, Option<u32>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let (mut score, mut depth) = (None, None);
    for (i, w) in words.iter().enumerate() {
        let next = words.get(i + 1).copied().unwrap_or("");
        match *w {
            "depth" => depth = next.parse().ok(),
            "cp" if i > 0 && words[i - 1] == "score" => score = next.parse().ok().map(UsiScore::Cp),
            "mate" if i > 0 && words[i - 1] == "score" => {
                // `mate +` / `mate -` (plies unknown) count as far mates.
                score = match next {
                    "+" => Some(UsiScore::Mate(999)),
                    "-" => Some(UsiScore::Mate(-999)),
                    n => n.parse().ok().map(UsiScore::Mate),
                }
            }
            // Nothing after a pv or a string is a field.
            "pv" | "string" => break,
            _ => {}
        }
    }
    (score, depth)
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let start = Instant::now();
        while start.elapsed() < QUIT_GRACE {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_score_and_depth() {
        let line = "info depth 7 seldepth 9 score cp -35 nodes 100 pv 3e4d 1a2b";
        assert_eq!(parse_info(line), (Some(UsiScore::Cp(-35)), Some(7)));
        assert_eq!(parse_info("info depth 3 score mate -4 pv 1a1b"), (Some(UsiScore::Mate(-4)), Some(3)));
        assert_eq!(parse_info("info string depth 9 score cp 1"), (None, None));
        assert_eq!(parse_info("info score mate + depth 2"), (Some(UsiScore::Mate(999)), Some(2)));
    }
}
