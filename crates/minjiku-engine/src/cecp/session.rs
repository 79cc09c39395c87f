//! The protocol loop: reads commands on one thread, searches on another, and keeps the game.
//! Every input line gets either its effect or an `Error (…): …` / `Illegal move: …` line; no
//! input stops the loop but `quit` and the end of the input.

use super::command::{parse, Command};
use super::output::Output;
use super::time_control::TimeControl;
use crate::score::{DECISIVE, MATE, RULE_WIN};
use crate::{Info, SearchResult, Searcher, Weights};
use minjiku::game::{EndReason, Outcome};
use minjiku::{Color, Game, Move, Position};
use minjiku_tablebase::MinjikuTablebase;
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;

/// The name the engine gives itself.
pub const ENGINE_NAME: &str = "minishogi-minjiku";
/// The variant name announced in `feature variants`.
pub const VARIANT: &str = "minjiku";
/// Size of the transposition table until `memory` says otherwise.
const DEFAULT_HASH_MB: usize = 32;
/// The table type of `feature egt` and `egtpath`: this engine's own Minjiku tables.
pub const EGT_TYPE: &str = "minjiku";

/// What the loop waits for.
enum Event {
    /// A line of input.
    Line(String),
    /// The input ended (or could not be read).
    End,
    /// A search finished: the searcher comes back with its result.
    Done { searcher: Box<Searcher>, result: SearchResult, id: u64 },
}

/// A search running on its own thread.
struct Thinking {
    stop: Arc<AtomicBool>,
    id: u64,
}

/// A CECP session: the game, the settings and the engine.
pub struct Cecp {
    out: Output,
    start: Position,
    game: Game,
    /// The side the engine plays, or `None` in force mode.
    engine_side: Option<Color>,
    time: TimeControl,
    post: bool,
    /// `None` while a search holds it.
    searcher: Option<Searcher>,
    thinking: Option<Thinking>,
    next_id: u64,
    /// Lines read while waiting for a cancelled search, to be handled next.
    pending: VecDeque<String>,
}

impl Cecp {
    /// A session writing to `writer`, with `weights` and the default table size.
    pub fn new(writer: Box<dyn Write + Send>, weights: Weights) -> Cecp {
        Cecp {
            out: Output::new(writer),
            start: Position::startpos(),
            game: Game::new(Position::startpos()),
            engine_side: Some(Color::Black),
            time: TimeControl::default(),
            post: false,
            searcher: Some(Searcher::new(weights, DEFAULT_HASH_MB)),
            thinking: None,
            next_id: 0,
            pending: VecDeque::new(),
        }
    }

    /// Probes `tables` in every search (see [`Searcher::set_tables`]); `egtpath minjiku DIR`
    /// does the same from the protocol.
    pub fn set_tables(&mut self, tables: Option<Arc<MinjikuTablebase>>) {
        if let Some(searcher) = self.searcher.as_mut() {
            searcher.set_tables(tables);
        }
    }

    /// Runs the session on `input` until `quit` or the end of the input (after the search in
    /// progress, if any, has moved). Errors are those of writing the output.
    pub fn run<R: BufRead + Send + 'static>(mut self, input: R) -> io::Result<()> {
        let (tx, rx) = channel();
        let reader = tx.clone();
        std::thread::spawn(move || {
            for line in input.lines() {
                let Ok(line) = line else { break };
                if reader.send(Event::Line(line)).is_err() {
                    return;
                }
            }
            let _ = reader.send(Event::End);
        });
        loop {
            let event = match self.pending.pop_front() {
                Some(line) => Event::Line(line),
                None => match rx.recv() {
                    Ok(event) => event,
                    Err(_) => return Ok(()),
                },
            };
            match event {
                Event::Line(line) => {
                    if !self.handle(&line, &tx, &rx)? {
                        self.stop_thinking();
                        return Ok(());
                    }
                }
                Event::Done { searcher, result, id } => self.finished(searcher, result, id)?,
                Event::End => {
                    // Let a search in progress move before leaving.
                    while self.thinking.is_some() {
                        match rx.recv() {
                            Ok(Event::Done { searcher, result, id }) => {
                                self.finished(searcher, result, id)?
                            }
                            Ok(_) => {}
                            Err(_) => break,
                        }
                    }
                    return Ok(());
                }
            }
        }
    }

    /// Handles one line; `false` on `quit`.
    fn handle(&mut self, line: &str, tx: &Sender<Event>, rx: &Receiver<Event>) -> io::Result<bool> {
        let command = match parse(line) {
            Ok(Some(command)) => command,
            Ok(None) => return Ok(true),
            Err(e) => {
                self.out.line(&format!("Error ({e}): {}", line.trim()))?;
                return Ok(true);
            }
        };
        // Commands that change the game or the side played end a search in progress first.
        let cancels = matches!(
            command,
            Command::New
                | Command::Force
                | Command::Go
                | Command::PlayOther
                | Command::UserMove(_)
                | Command::Result
                | Command::SetBoard(_)
                | Command::Undo
                | Command::Remove
                | Command::Variant(_)
                | Command::Memory(_)
                | Command::EgtPath { .. }
        );
        if cancels {
            self.cancel(rx);
        }
        match command {
            Command::Xboard | Command::FeatureReply | Command::Ignored | Command::OpponentTime(_) => {}
            Command::Protover(_) => self.out.line(&format!(
                "feature myname=\"{ENGINE_NAME}\" setboard=1 usermove=1 ping=1 playother=1 sigint=0 sigterm=0 \
                 colors=0 analyze=0 draw=0 reuse=1 memory=1 egt=\"{EGT_TYPE}\" variants=\"{VARIANT}\" done=1"
            ))?,
            Command::New => {
                self.set_position(Position::startpos());
                self.engine_side = Some(Color::Black);
                self.time.set_depth(None);
                if let Some(searcher) = self.searcher.as_mut() {
                    searcher.clear();
                }
            }
            Command::Variant(name) => {
                if name != VARIANT && name != "normal" {
                    self.out.line(&format!("Error (unknown variant, only {VARIANT}): variant {name}"))?;
                }
            }
            Command::Force => self.engine_side = None,
            Command::Go => {
                self.engine_side = Some(self.game.position().side_to_move());
                self.think(tx)?;
            }
            Command::PlayOther => self.engine_side = Some(!self.game.position().side_to_move()),
            Command::Level { moves, base, increment } => self.time.set_level(moves, base, increment),
            Command::MoveTime(t) => self.time.set_move_time(t),
            Command::Depth(d) => self.time.set_depth(Some(d)),
            Command::Time(t) => self.time.set_clock(t),
            Command::UserMove(text) => self.user_move(&text, tx)?,
            Command::MoveNow => {
                if let Some(thinking) = &self.thinking {
                    thinking.stop.store(true, Ordering::Relaxed);
                }
            }
            Command::Ping(n) => self.out.line(&format!("pong {n}"))?,
            Command::Result => self.engine_side = None,
            Command::SetBoard(fen) => match Position::from_fen(&fen) {
                Ok(pos) => self.set_position(pos),
                Err(e) => self.out.line(&format!("Error (bad position: {e}): setboard {fen}"))?,
            },
            Command::Undo => self.take_back(1),
            Command::Remove => self.take_back(2),
            Command::Post(on) => self.post = on,
            Command::Memory(mb) => {
                if let Some(searcher) = self.searcher.as_mut() {
                    searcher.resize_hash(mb.clamp(1, 65_536));
                }
            }
            Command::EgtPath { kind, path } if kind == EGT_TYPE => {
                match MinjikuTablebase::open(std::path::Path::new(&path)) {
                    Ok(tables) => self.set_tables(Some(Arc::new(tables))),
                    Err(e) => self.out.line(&format!("Error (cannot open the tables: {e}): egtpath {kind} {path}"))?,
                }
            }
            Command::EgtPath { kind, path } => {
                self.out.line(&format!("Error (unknown table type, only {EGT_TYPE}): egtpath {kind} {path}"))?
            }
            Command::Quit => return Ok(false),
        }
        Ok(true)
    }

    fn set_position(&mut self, pos: Position) {
        self.start = pos.clone();
        self.game = Game::new(pos);
    }

    /// Takes back `plies` moves (as many as there are) by replaying the rest from the start.
    fn take_back(&mut self, plies: usize) {
        let moves = self.game.moves();
        let keep = moves.len().saturating_sub(plies);
        let kept: Vec<Move> = moves[..keep].to_vec();
        let mut game = Game::new(self.start.clone());
        for m in kept {
            // These moves were legal in this very sequence before.
            let _ = game.play(m);
        }
        self.game = game;
    }

    fn user_move(&mut self, text: &str, tx: &Sender<Event>) -> io::Result<()> {
        if self.game.outcome().is_some() {
            return self.out.line(&format!("Illegal move (the game is over): {text}"));
        }
        let parsed = self.game.position().parse_move(text);
        let Ok(m) = parsed else { return self.out.line(&format!("Illegal move: {text}")) };
        if self.game.play(m).is_err() {
            return self.out.line(&format!("Illegal move: {text}"));
        }
        if self.announce_end()? {
            return Ok(());
        }
        if self.engine_side == Some(self.game.position().side_to_move()) {
            self.think(tx)?;
        }
        Ok(())
    }

    /// Prints the result if the game is over (and leaves the engine in force mode); true then.
    fn announce_end(&mut self) -> io::Result<bool> {
        let Some(outcome) = self.game.outcome() else { return Ok(false) };
        self.engine_side = None;
        self.out.line(&result_line(outcome))?;
        Ok(true)
    }

    /// Starts a search for the side to move on its own thread.
    fn think(&mut self, tx: &Sender<Event>) -> io::Result<()> {
        if self.announce_end()? {
            return Ok(());
        }
        let Some(mut searcher) = self.searcher.take() else { return Ok(()) };
        let stop = Arc::new(AtomicBool::new(false));
        let id = self.next_id;
        self.next_id += 1;
        self.thinking = Some(Thinking { stop: Arc::clone(&stop), id });
        let move_number = (self.game.moves().len() / 2 + 1) as u32;
        let limits = self.time.limits(move_number);
        let game = self.game.clone();
        let out = self.out.clone();
        let post = self.post;
        let tx = tx.clone();
        std::thread::Builder::new().name("search".into()).spawn(move || {
            let mut report = |info: &Info| {
                if post {
                    let _ = out.line(&thinking_line(&game, info));
                }
            };
            let result = searcher.search(&game, &limits, &stop, &mut report);
            let _ = tx.send(Event::Done { searcher: Box::new(searcher), result, id });
        })?;
        Ok(())
    }

    /// A search came back: its move is played and sent unless it was cancelled.
    fn finished(&mut self, searcher: Box<Searcher>, result: SearchResult, id: u64) -> io::Result<()> {
        self.searcher = Some(*searcher);
        let current = self.thinking.as_ref().is_some_and(|t| t.id == id);
        if !current {
            return Ok(());
        }
        self.thinking = None;
        let Some(best) = result.best else { return self.announce_end().map(|_| ()) };
        let text = self.game.position().move_to_coord(best);
        if self.game.play(best).is_err() {
            // The search only returns legal moves; say so rather than send a bad one.
            return self.out.line(&format!("Error (internal: search returned an illegal move): {text}"));
        }
        self.out.line(&format!("move {text}"))?;
        self.announce_end().map(|_| ())
    }

    /// Stops a search in progress and waits for it, discarding its move; lines that arrive
    /// meanwhile are kept for later.
    fn cancel(&mut self, rx: &Receiver<Event>) {
        let Some(thinking) = self.thinking.take() else { return };
        thinking.stop.store(true, Ordering::Relaxed);
        while let Ok(event) = rx.recv() {
            match event {
                Event::Done { searcher, id, .. } if id == thinking.id => {
                    self.searcher = Some(*searcher);
                    return;
                }
                Event::Done { searcher, .. } => self.searcher = Some(*searcher),
                Event::Line(line) => self.pending.push_back(line),
                Event::End => self.pending.push_back("quit".into()),
            }
        }
    }

    /// Asks a search in progress to stop (on `quit`).
    fn stop_thinking(&mut self) {
        if let Some(thinking) = &self.thinking {
            thinking.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// The result line XBoard expects, e.g. `1-0 {White mates}`.
fn result_line(outcome: Outcome) -> String {
    let score = match outcome.winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    };
    let winner = outcome.winner.map_or("", |c| if c == Color::White { "White" } else { "Black" });
    let comment = match outcome.reason {
        EndReason::Checkmate => format!("{winner} mates"),
        EndReason::NoLegalMove => format!("{winner} wins, the opponent has no legal move"),
        EndReason::Repetition => "fourfold repetition".to_string(),
        EndReason::PerpetualCheck => format!("{winner} wins, perpetual check"),
    };
    format!("{score} {{{comment}}}")
}

/// Thinking output: `DEPTH SCORE TIME NODES PV`, time in centiseconds, mate scores in XBoard's
/// convention (100000 + moves to mate, negated when mated).
fn thinking_line(game: &Game, info: &Info) -> String {
    let score = if info.score.abs() >= MATE - 1_000 {
        let moves = (MATE - info.score.abs() + 1) / 2;
        info.score.signum() * (100_000 + moves)
    } else if info.score.abs() >= DECISIVE {
        // A win by the repetition rule: shown as a large score, below the mates.
        info.score.signum() * (RULE_WIN / 10)
    } else {
        info.score
    };
    let mut pos = game.position().clone();
    let mut pv = String::new();
    for &m in &info.pv {
        if !pos.is_legal(m) {
            break;
        }
        pv.push(' ');
        pv.push_str(&pos.move_to_coord(m));
        pos.play(m);
    }
    format!("{} {} {} {}{}", info.depth, score, info.time.as_millis() / 10, info.nodes, pv)
}
