//! Openings: a start position and the moves played from it, one per line in a file, written like
//! the arguments of USI `position` (`startpos moves 3e4d 3a2b`, `sfen <SFEN> moves …`, or the
//! bare SFEN followed by `moves …`); `#` starts a comment. Generated openings are balanced random
//! openings ([`crate::openings::random_opening`]).

use crate::error::OpeningError;
use crate::opening_config::OpeningConfig;
use crate::random_opening::random_opening;
use crate::rng::Rng;
use crate::Error;
use minishogi::position::STARTPOS_SFEN;
use minishogi::{Game, Move, Position, RuleSet};
use minishogi_engine::{Searcher, Weights};
use std::path::Path;

/// A start position and the moves played from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The position before the first move.
    pub start: Position,
    /// The opening moves, all legal.
    pub moves: Vec<Move>,
}

impl Opening {
    /// The start position with no moves.
    pub fn startpos() -> Opening {
        Opening { start: Position::startpos(), moves: Vec::new() }
    }

    /// The opening a game was played from: its start and moves.
    pub fn of_game(game: &Game) -> Opening {
        Opening { start: game.start().clone(), moves: game.moves().to_vec() }
    }

    /// Parses one line (without its comment); the moves must be legal and leave a game that has
    /// not ended.
    pub fn parse(line: &str, rules: RuleSet) -> Result<Opening, OpeningError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let moves_at = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
        let (head, tail) = words.split_at(moves_at);
        let sfen = match head {
            ["startpos"] => STARTPOS_SFEN.to_string(),
            ["sfen", rest @ ..] | rest => rest.join(" "),
        };
        let start = Position::from_sfen(&sfen).map_err(|source| OpeningError::Sfen { sfen, source })?;
        let mut game = Game::new(start, rules);
        for text in tail.iter().skip(1) {
            game.play_usi(text).map_err(|source| OpeningError::Move { mv: text.to_string(), source })?;
        }
        if let Some(outcome) = game.outcome() {
            return Err(OpeningError::GameOver { reason: outcome.reason });
        }
        Ok(Opening::of_game(&game))
    }

    /// The line form: `startpos moves …` or `sfen <SFEN> moves …` (no `moves` without moves).
    pub fn to_line(&self) -> String {
        let mut line = if self.start == Position::startpos() {
            "startpos".to_string()
        } else {
            format!("sfen {}", self.start.to_sfen())
        };
        if !self.moves.is_empty() {
            line.push_str(" moves");
            for m in &self.moves {
                line.push(' ');
                line.push_str(&m.to_string());
            }
        }
        line
    }

    /// A game that has played the opening.
    pub fn game(&self, rules: RuleSet) -> Game {
        let mut game = Game::new(self.start.clone(), rules);
        for &m in &self.moves {
            game.play_unchecked(m);
        }
        game
    }
}

/// The USI `position` command for a game: its start and every move so far.
pub fn position_command(game: &Game) -> String {
    format!("position {}", Opening::of_game(game).to_line())
}

/// Reads an openings file: one opening per line; blank lines and `#` comments are skipped.
pub fn load_openings(path: &Path, rules: RuleSet) -> Result<Vec<Opening>, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::io(path, e))?;
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let opening = Opening::parse(line, rules).map_err(|source| Error::Opening {
            path: path.to_path_buf(),
            line: i + 1,
            source,
        })?;
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err(Error::NoOpenings { path: path.to_path_buf() });
    }
    Ok(openings)
}

/// `count` balanced random openings ([`random_opening`]), opening `i` from the stream
/// `(seed, i)` and checked with the initial weights, so that neither player chooses them.
pub fn generate_openings(count: usize, seed: u64, config: &OpeningConfig, rules: RuleSet) -> Vec<Opening> {
    let mut checker = Searcher::new(Weights::initial(), 1);
    (0..count)
        .map(|i| {
            Opening::of_game(&random_opening(&mut Rng::for_item(seed, i as u64), &mut checker, config, rules))
        })
        .collect()
}

/// The openings of a match and its number of pairs (each opening is played with both colours):
/// those of the openings `file`, one pair each or, with `games`, `games / 2` pairs (rounded up)
/// cycling through them; without a file, `games / 2` random balanced openings
/// ([`generate_openings`] from `seed`). Neither a file nor `games` is [`Error::NoGameCount`].
pub fn match_openings(
    file: Option<&Path>,
    games: Option<usize>,
    seed: u64,
    config: &OpeningConfig,
    rules: RuleSet,
) -> Result<(Vec<Opening>, usize), Error> {
    let openings = match (file, games) {
        (Some(path), _) => load_openings(path, rules)?,
        (None, Some(games)) => generate_openings(games.div_ceil(2), seed, config, rules),
        (None, None) => return Err(Error::NoGameCount),
    };
    let pairs = games.map_or(openings.len(), |games| games.div_ceil(2));
    Ok((openings, pairs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_pairs_its_games_or_its_openings() {
        let config = OpeningConfig::default();
        let rules = RuleSet::Standard;
        assert!(matches!(match_openings(None, None, 1, &config, rules), Err(Error::NoGameCount)));
        let (openings, pairs) = match_openings(None, Some(3), 1, &config, rules).unwrap();
        assert_eq!((openings.len(), pairs), (2, 2));
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("book.txt");
        std::fs::write(&file, "startpos moves 3e4d\n# a comment\nstartpos moves 2e3d\nstartpos\n").unwrap();
        let (openings, pairs) = match_openings(Some(&file), None, 1, &config, rules).unwrap();
        assert_eq!((openings.len(), pairs), (3, 3));
        let (openings, pairs) = match_openings(Some(&file), Some(10), 1, &config, rules).unwrap();
        assert_eq!((openings.len(), pairs), (3, 5));
    }

    #[test]
    fn lines_parse_in_every_form_and_round_trip() {
        let rules = RuleSet::Standard;
        let a = Opening::parse("startpos moves 3e4d 3a2b", rules).unwrap();
        assert_eq!(a.to_line(), "startpos moves 3e4d 3a2b");
        let b = Opening::parse(&format!("{STARTPOS_SFEN} moves 3e4d 3a2b"), rules).unwrap();
        assert_eq!(a, b);
        let c = Opening::parse(&format!("sfen {STARTPOS_SFEN} moves 3e4d 3a2b"), rules).unwrap();
        assert_eq!(a, c);
        assert_eq!(Opening::parse("startpos", rules).unwrap(), Opening::startpos());
        let other = Opening::parse("rbsgk/4p/5/P4/KGSBR w - 1", rules).unwrap();
        assert_eq!(other.to_line(), "sfen rbsgk/4p/5/P4/KGSBR w - 1");
        let illegal = Opening::parse("startpos moves 3e2e", rules).unwrap_err();
        assert!(matches!(&illegal, OpeningError::Move { mv, .. } if mv == "3e2e"), "{illegal}");
        assert!(illegal.to_string().contains("3e2e"), "{illegal}");
        let garbage = Opening::parse("garbage", rules).unwrap_err();
        assert!(matches!(garbage, OpeningError::Sfen { .. }), "{garbage}");
        assert!(garbage.to_string().contains("bad SFEN"), "{garbage}");
        assert_eq!(position_command(&a.game(rules)), "position startpos moves 3e4d 3a2b");
    }

    #[test]
    fn a_file_reports_its_bad_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("book.txt");
        std::fs::write(&path, "# a book\nstartpos moves 3e4d  # level\n\nstartpos moves 9z9z\n").unwrap();
        let err = load_openings(&path, RuleSet::Standard).unwrap_err().to_string();
        assert!(
            err.ends_with(":4: move '9z9z': '9z9z' is not a USI move (expected e.g. 5e4d, 2b1a+ or P*3c)"),
            "{err}"
        );
        std::fs::write(&path, "# nothing\n").unwrap();
        assert!(matches!(load_openings(&path, RuleSet::Standard), Err(Error::NoOpenings { .. })));
    }
}
