//! Building a balanced opening book: random move sequences from the start position, screened
//! after every ply by a quick search, then scored by deep searches of one or more USI engines;
//! the openings every engine scores near zero are kept ([`build_book`]). The book is an openings
//! file, written as it is built by [`build_book_file`](crate::book_file::build_book_file).

use crate::engine_process::{EngineProcess, UsiScore};
use crate::error::EngineFailure;
use crate::opening::{position_command, Opening};
use crate::rng::Rng;
use crate::{EngineSpec, Error, TimeControl};
use minishogi::{Color, Game, Position, RuleSet};
use std::collections::HashSet;
use std::time::Duration;

/// An engine that scores candidates, and how deeply.
#[derive(Clone, Debug)]
pub struct Scorer {
    /// The engine.
    pub spec: EngineSpec,
    /// Its search per position (fixed depth or nodes are reproducible; a clock is not).
    pub limit: TimeControl,
}

/// Settings of a book build.
#[derive(Clone, Debug)]
pub struct BookSettings {
    /// Openings to keep.
    pub count: usize,
    /// Plies of each opening.
    pub plies: usize,
    /// Largest |score| (centipawns, from sente) any scorer may give a kept opening.
    pub max_score: i32,
    /// The quick search after each ply (by the first scorer), e.g. `nodes=2000`.
    pub screen: TimeControl,
    /// Largest |score| of the quick search after each ply.
    pub screen_max: i32,
    /// The deep searches; the first also screens.
    pub scorers: Vec<Scorer>,
    /// Seed of the random moves (candidate `i` uses stream `(seed, i)`).
    pub seed: u64,
    /// Give up after this many candidates.
    pub max_candidates: usize,
    /// Openings whose final positions the book leaves out (another book's, to extend it with a
    /// new seed); a candidate that reaches one counts toward `max_candidates` but is not scored.
    pub exclude: Vec<Opening>,
    /// The rule set.
    pub rules: RuleSet,
    /// Longest wait for the engines' answers.
    pub timeout: Duration,
}

/// A kept opening with each scorer's score from sente's side (centipawns).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The opening.
    pub opening: Opening,
    /// Scores by scorer, in the order of [`BookSettings::scorers`].
    pub scores: Vec<i32>,
}

/// Where a build is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BookProgress {
    /// Candidates drawn so far.
    pub candidates: usize,
    /// Candidates that passed the screen and reached the deep searches.
    pub scored: usize,
    /// Openings kept.
    pub kept: usize,
}

fn engine_error(spec: &EngineSpec, e: EngineFailure) -> Error {
    Error::EngineStart { command: spec.command.clone(), source: e }
}

/// The score of `game`'s position from sente's side, or `None` for a mate score or none at all.
fn score(
    process: &mut EngineProcess,
    game: &Game,
    limit: &TimeControl,
    timeout: Duration,
) -> Result<Option<i32>, EngineFailure> {
    let go = match limit {
        TimeControl::Nodes(n) => format!("nodes {n}"),
        TimeControl::Depth(d) => format!("depth {d}"),
        TimeControl::Clock { byoyomi, main, .. } => format!("byoyomi {}", (*byoyomi + *main).as_millis()),
    };
    // A fresh game each time; some engines (Fairy-Stockfish) still score a position by what
    // they searched before, so a book is reproduced by its whole build (docs/match.md).
    process.new_game(timeout)?;
    let reply = process.go(&position_command(game), &go, timeout)?;
    let sign = if game.position().side_to_move() == Color::Sente { 1 } else { -1 };
    Ok(match reply.score {
        Some(UsiScore::Cp(cp)) => Some(sign * cp),
        Some(UsiScore::Mate(_)) | None => None,
    })
}

/// A random opening of `plies` plies whose quick score stays within `screen_max` after each ply,
/// or `None` when it strays (or the game ends).
fn candidate(
    rng: &mut Rng,
    screener: &mut EngineProcess,
    settings: &BookSettings,
) -> Result<Option<Game>, EngineFailure> {
    let mut game = Game::new(Position::startpos(), settings.rules);
    for _ in 0..settings.plies {
        let moves = game.position().legal_move_list();
        if moves.is_empty() {
            return Ok(None);
        }
        game.play_unchecked(moves[rng.below(moves.len())]);
        if game.outcome().is_some() {
            return Ok(None);
        }
        match score(screener, &game, &settings.screen, settings.timeout)? {
            Some(s) if s.abs() <= settings.screen_max => {}
            _ => return Ok(None),
        }
    }
    Ok(Some(game))
}

/// Builds a book; `on_progress` hears after each candidate, with the opening if it was kept (so
/// a caller can write the book as it grows). Stops at `count` openings or `max_candidates`
/// candidates, whichever comes first (so the book may be shorter).
pub fn build_book(
    settings: &BookSettings,
    on_progress: &mut dyn FnMut(BookProgress, Option<&BookEntry>),
) -> Result<Vec<BookEntry>, Error> {
    if settings.scorers.is_empty() {
        return Err(Error::Zero { what: "the number of scoring engines" });
    }
    let mut engines = settings
        .scorers
        .iter()
        .map(|s| EngineProcess::start(&s.spec, settings.timeout).map_err(|e| engine_error(&s.spec, e)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut seen: HashSet<u64> =
        settings.exclude.iter().map(|o| o.game(settings.rules).position().hash()).collect();
    let mut book = Vec::new();
    let mut progress = BookProgress { candidates: 0, scored: 0, kept: 0 };
    while book.len() < settings.count && progress.candidates < settings.max_candidates {
        let mut rng = Rng::for_item(settings.seed, progress.candidates as u64);
        progress.candidates += 1;
        let screened = candidate(&mut rng, &mut engines[0], settings)
            .map_err(|e| engine_error(&settings.scorers[0].spec, e))?;
        if let Some(game) = screened.filter(|g| seen.insert(g.position().hash())) {
            progress.scored += 1;
            let mut scores = Vec::new();
            for (engine, scorer) in engines.iter_mut().zip(&settings.scorers) {
                match score(engine, &game, &scorer.limit, settings.timeout)
                    .map_err(|e| engine_error(&scorer.spec, e))?
                {
                    Some(s) if s.abs() <= settings.max_score => scores.push(s),
                    _ => break,
                }
            }
            if scores.len() == settings.scorers.len() {
                book.push(BookEntry { opening: Opening::of_game(&game), scores });
                progress.kept += 1;
                on_progress(progress, book.last());
                continue;
            }
        }
        on_progress(progress, None);
    }
    Ok(book)
}

/// A book line: the opening, then the scores as a comment (`# sente +12 minishogi depth=8`).
pub fn book_line(entry: &BookEntry, scorers: &[(String, TimeControl)]) -> String {
    let scores: Vec<String> =
        entry.scores.iter().zip(scorers).map(|(s, (name, limit))| format!("{s:+} {name} {limit}")).collect();
    format!("{}  # sente {}", entry.opening.to_line(), scores.join(", "))
}
