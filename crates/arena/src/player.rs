//! The two kinds of player a match seats: this program's search in the same process, or a USI
//! engine run as a child process. The game loop ([`crate::game::play_game`]) talks to both through
//! [`Player`], so a match of weight sets and a match of engine processes are the same match.

use crate::engine_process::{EngineProcess, Reply};
use crate::error::EngineFailure;
use crate::evaluation::Evaluation;
use crate::game_settings::GameSettings;
use crate::opening::position_command;
use crate::{EngineSpec, Error, TimeControl};
use minishogi::Game;
use minishogi_engine::{Limits, Searcher, Weights};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Transposition table of an in-process player, in megabytes.
const SEARCH_HASH_MB: usize = 2;

/// One side of a game, asked for a move in each position where it is to move.
pub trait Player {
    /// Gets ready for a new game (starting an engine process if none runs).
    fn new_game(&mut self, settings: &GameSettings) -> Result<(), EngineFailure>;

    /// The reply to `game`'s position: `go_args` are the arguments of USI `go` (the clocks or
    /// a fixed search), and `deadline` is how long the move may take.
    fn go(
        &mut self,
        game: &Game,
        go_args: &str,
        deadline: Duration,
        settings: &GameSettings,
    ) -> Result<Reply, EngineFailure>;

    /// Tells the player how the game ended for it: `win`, `lose` or `draw`.
    fn game_over(&mut self, verdict: &str);
}

/// How to make a player; each worker of a match makes its own.
#[derive(Clone, Debug)]
pub enum PlayerSpec {
    /// This program's search with an evaluation, a fixed number of nodes per move.
    Search {
        /// The name in reports.
        name: String,
        /// What it evaluates positions with.
        evaluation: Evaluation,
        /// Nodes per move.
        nodes: u64,
    },
    /// A USI engine as a child process.
    Process {
        /// How to start it.
        engine: EngineSpec,
        /// Its time control.
        time_control: TimeControl,
        /// What to send after `go` instead of the time control's arguments (no clock is kept
        /// then: the time control should be a fixed search).
        go: Option<String>,
    },
}

impl PlayerSpec {
    /// This program's search with `weights`, named `name`, searching `nodes` per move.
    pub fn weights(name: String, weights: Weights, nodes: u64) -> PlayerSpec {
        PlayerSpec::Search { name, evaluation: Evaluation::Linear(Box::new(weights)), nodes }
    }

    /// An engine process under `time_control`.
    pub fn process(engine: EngineSpec, time_control: TimeControl) -> PlayerSpec {
        PlayerSpec::Process { engine, time_control, go: None }
    }

    /// A USI engine opposing this program's search at fixed nodes: `command` is its command
    /// line, `go` what follows `go` (default `nodes <nodes>`), `options` are `NAME=VALUE`
    /// strings for `setoption`, sent after the variant (`USI_Variant minishogi`).
    pub fn usi(command: &str, go: Option<&str>, nodes: u64, options: &[String]) -> Result<PlayerSpec, Error> {
        let mut engine = EngineSpec::new(command, options)?;
        engine.options.insert(0, ("USI_Variant".into(), "minishogi".into()));
        let go = go.map_or_else(|| format!("nodes {nodes}"), str::to_string);
        Ok(PlayerSpec::Process { engine, time_control: TimeControl::Nodes(nodes), go: Some(go) })
    }

    /// The name in reports: the one given, else the engine's command line.
    pub fn name(&self) -> String {
        match self {
            PlayerSpec::Search { name, .. } => name.clone(),
            PlayerSpec::Process { engine, .. } => {
                engine.name.clone().unwrap_or_else(|| engine.command.clone())
            }
        }
    }

    /// The time control the game's clock keeps for this player (a fixed search in this process).
    pub fn time_control(&self) -> TimeControl {
        match self {
            PlayerSpec::Search { nodes, .. } => TimeControl::Nodes(*nodes),
            PlayerSpec::Process { time_control, .. } => *time_control,
        }
    }

    /// A player of this kind; an engine process starts with its first game.
    pub fn create(&self) -> Box<dyn Player + '_> {
        match self {
            PlayerSpec::Search { evaluation, nodes, .. } => Box::new(SearchPlayer {
                searcher: evaluation.searcher(SEARCH_HASH_MB),
                limits: Limits::nodes(*nodes),
            }),
            PlayerSpec::Process { engine, go, .. } => {
                Box::new(ProcessPlayer { spec: engine, go: go.as_deref(), process: None })
            }
        }
    }
}

/// This program's search, a fixed number of nodes per move.
struct SearchPlayer {
    searcher: Searcher,
    limits: Limits,
}

impl Player for SearchPlayer {
    fn new_game(&mut self, _: &GameSettings) -> Result<(), EngineFailure> {
        self.searcher.clear();
        Ok(())
    }

    fn go(&mut self, game: &Game, _: &str, _: Duration, _: &GameSettings) -> Result<Reply, EngineFailure> {
        let start = Instant::now();
        let stop = AtomicBool::new(false);
        let best = self.searcher.search(game, &self.limits, &stop, &mut |_| {}).best;
        let best = best.map_or_else(|| "resign".to_string(), |m| m.to_string());
        Ok(Reply { best, score: None, depth: None, elapsed: start.elapsed() })
    }

    fn game_over(&mut self, _: &str) {}
}

/// A USI engine process, started for the first game and again after a failure.
struct ProcessPlayer<'a> {
    spec: &'a EngineSpec,
    go: Option<&'a str>,
    process: Option<EngineProcess>,
}

impl Player for ProcessPlayer<'_> {
    fn new_game(&mut self, settings: &GameSettings) -> Result<(), EngineFailure> {
        let process = match self.process.take() {
            Some(p) => p,
            None => EngineProcess::start(self.spec, settings.handshake_timeout)?,
        };
        let process = self.process.insert(process);
        process.new_game(settings.handshake_timeout).inspect_err(|_| self.process = None)
    }

    fn go(
        &mut self,
        game: &Game,
        go_args: &str,
        deadline: Duration,
        settings: &GameSettings,
    ) -> Result<Reply, EngineFailure> {
        let Some(process) = self.process.as_mut() else {
            return Err(EngineFailure::Exited { waiting_for: "bestmove" });
        };
        // Synchronise outside the clock: the engine has finished with the previous search.
        let reply = process
            .ready(settings.handshake_timeout)
            .and_then(|()| process.go(&position_command(game), self.go.unwrap_or(go_args), deadline));
        // After a failure its state is unknown (still searching, or dead): start a new one.
        reply.inspect_err(|_| self.process = None)
    }

    fn game_over(&mut self, verdict: &str) {
        if let Some(process) = self.process.as_mut() {
            if process.send(&format!("gameover {verdict}")).is_err() {
                self.process = None;
            }
        }
    }
}
