//! Driving an external USI engine as a child process: handshake, `position`, `go`, `bestmove`.

use crate::Error;
use minishogi::{Game, Move};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// How long to wait for the handshake and for each move before declaring the engine dead.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(30);

/// A running external engine.
pub struct UsiEngine {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
    move_timeout: Duration,
}

impl UsiEngine {
    /// Starts `command` (program and arguments separated by spaces), performs the USI handshake
    /// (`usi` … `usiok`, minishogi variant, `options`, `isready` … `readyok`).
    ///
    /// `options` are `(name, value)` pairs sent with `setoption`; `move_timeout` bounds the wait
    /// for each `bestmove`.
    pub fn start(
        command: &str,
        options: &[(String, String)],
        move_timeout: Duration,
    ) -> Result<UsiEngine, Error> {
        let mut parts = command.split_whitespace();
        let program = parts.next().ok_or(Error::EmptyEngineCommand)?;
        let mut child = Command::new(program)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Error::Usi { engine: command.into(), message: format!("cannot start: {e}") })?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| Error::Usi { engine: command.into(), message: "no stdin".into() })?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| Error::Usi { engine: command.into(), message: "no stdout".into() })?;
        let (tx, rx) = mpsc::channel();
        // A reader thread so that waits can time out; it ends when the engine closes stdout.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UsiEngine {
            command: command.into(),
            child,
            stdin,
            lines: rx,
            name: command.into(),
            move_timeout,
        };
        engine.send("usi")?;
        loop {
            let line = engine.next_line(HANDSHAKE_TIMEOUT, "usiok")?;
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.trim().to_string();
            }
            if line.trim() == "usiok" {
                break;
            }
        }
        engine.send("setoption name USI_Variant value minishogi")?;
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    /// The name the engine gave in `id name`, or its command.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn error(&self, message: String) -> Error {
        Error::Usi { engine: self.command.clone(), message }
    }

    fn send(&mut self, line: &str) -> Result<(), Error> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| self.error(format!("cannot write '{line}': {e}")))
    }

    fn next_line(&mut self, timeout: Duration, waiting_for: &str) -> Result<String, Error> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                Err(self.error(format!("no '{waiting_for}' within {} s", timeout.as_secs_f64())))
            }
            Err(RecvTimeoutError::Disconnected) => {
                Err(self.error(format!("exited while we waited for '{waiting_for}'")))
            }
        }
    }

    fn ready(&mut self) -> Result<(), Error> {
        self.send("isready")?;
        while self.next_line(HANDSHAKE_TIMEOUT, "readyok")?.trim() != "readyok" {}
        Ok(())
    }

    /// Tells the engine a new game starts.
    pub fn new_game(&mut self) -> Result<(), Error> {
        self.send("usinewgame")?;
        self.ready()
    }

    /// Sends the game (start SFEN and moves) and `go <go>`, and returns the engine's legal
    /// best move. `bestmove resign` / `win` and illegal or garbled moves are errors only in the
    /// last case: a resignation is `Ok(None)`.
    pub fn best_move(&mut self, game: &Game, go: &str) -> Result<Option<Move>, Error> {
        let mut position = format!("position sfen {}", game.start().to_sfen());
        if !game.moves().is_empty() {
            position.push_str(" moves");
            for m in game.moves() {
                position.push(' ');
                position.push_str(&m.to_string());
            }
        }
        // Synchronise first: some engines still count the last search as running for a moment
        // after `bestmove`, and would ignore the next `position`.
        self.ready()?;
        self.send(&position)?;
        self.send(&format!("go {go}"))?;
        loop {
            let line = self.next_line(self.move_timeout, "bestmove").map_err(|e| match e {
                Error::Usi { engine, message } => {
                    Error::Usi { engine, message: format!("{message} after '{position}'") }
                }
                other => other,
            })?;
            let mut words = line.split_whitespace();
            if words.next() != Some("bestmove") {
                continue;
            }
            let text = words.next().unwrap_or("");
            if text == "resign" || text == "win" {
                return Ok(None);
            }
            return match game.position().parse_move(text) {
                Ok(m) => Ok(Some(m)),
                Err(_) => Err(Error::IllegalMove {
                    player: self.name.clone(),
                    mv: text.to_string(),
                    sfen: game.position().to_sfen(),
                }),
            };
        }
    }
}

impl Drop for UsiEngine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        // Give the engine a moment to exit by itself, then make sure it does.
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
