//! Reading a records file back ([`crate::records::RecordWriter`] writes it): each game's players, result, how it
//! ended, its opening and its moves, replayed by the rules so that every move is checked.

use crate::error::RecordError;
use crate::opening::Opening;
use crate::records_file::RECORDS_HEADER;
use crate::Error;
use minishogi::{Color, Game, RuleSet};
use std::path::Path;

/// One game of a records file.
#[derive(Clone, Debug)]
pub struct RecordedGame {
    /// The game's number in its match.
    pub number: u64,
    /// The players' names: sente, gote.
    pub players: [String; 2],
    /// The winning colour, or `None` for a draw.
    pub winner: Option<Color>,
    /// How it ended: the termination's keyword (`checkmate`, `time-loss`, …).
    pub ending: String,
    /// The opening the engines started from.
    pub opening: Opening,
    /// The opening and the engines' moves, replayed.
    pub game: Game,
}

impl RecordedGame {
    /// Parses one line of a records file (without its newline).
    pub fn parse(line: &str, rules: RuleSet) -> Result<RecordedGame, RecordError> {
        let fields: Vec<&str> = line.split('\t').collect();
        let [number, sente, gote, result, ending, opening, moves, ..] = fields[..] else {
            return Err(RecordError::Fields { found: fields.len() });
        };
        let number = number.trim().parse().map_err(|_| RecordError::Number { text: number.to_string() })?;
        let winner = match result.trim() {
            "1-0" => Some(Color::Sente),
            "0-1" => Some(Color::Gote),
            "1/2-1/2" => None,
            other => return Err(RecordError::ResultText { text: other.to_string() }),
        };
        let opening = Opening::parse(opening, rules).map_err(RecordError::Opening)?;
        let mut game = opening.game(rules);
        for (i, text) in moves.split_whitespace().enumerate() {
            let (number, mv) = (i + 1, text.to_string());
            if game.outcome().is_some() {
                return Err(RecordError::AfterEnd { number, mv });
            }
            game.play_usi(text).map_err(|source| RecordError::Move { number, mv, source })?;
        }
        let ending = ending.split_whitespace().next().unwrap_or("").to_string();
        Ok(RecordedGame { number, players: [sente.into(), gote.into()], winner, ending, opening, game })
    }

    /// Whether the rules ended the game as recorded: the replayed moves reach the outcome, with
    /// the recorded winner. Games lost on time, by an illegal move, a crash or a resignation, and
    /// games stopped at a ply cap, are not.
    pub fn ended_by_rules(&self) -> bool {
        self.game.outcome().is_some_and(|o| o.winner == self.winner)
    }
}

/// Reads every game of a records file; the header and blank lines are skipped. A line that does
/// not parse, or whose moves are not legal, is an error naming the line.
pub fn read_records(path: &Path, rules: RuleSet) -> Result<Vec<RecordedGame>, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::io(path, e))?;
    let mut games = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line == RECORDS_HEADER || line.starts_with('#') {
            continue;
        }
        let game = RecordedGame::parse(line, rules).map_err(|source| Error::Record {
            path: path.to_path_buf(),
            line: i + 1,
            source,
        })?;
        games.push(game);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use minishogi::game::EndReason;

    // A game of a real match (data/matches/gen18-fs-1s-first100.tsv, game 3): our engine as
    // sente mates Fairy-Stockfish.
    const LINE: &str = "3\tminishogi\tfairy-stockfish\t1-0\tcheckmate\tstartpos moves 1e1d 2a2b 1d4d 1b1c\t4d2d 4a3b 2d2b 3a2b G*4b R*3a 3e2d 3b2a 4b5a 3a5a R*1e 5a4a 2d1c 2b1c 1e1c G*1b 1c5c S*4b 5c5b 2a4c 5b4b 4a4b 2e4c 4b4c P*4d B*2b S*3d 4c1c S*2d 1c1d 3d2e 1d1c 2d1c 1b1c 2e3d R*3a B*4b 3a4a R*5a 4a5a 4b5a+ R*3a 5a4b 3a2a 4b3b S*3a 3b4c 1c2d 3d3c 2d1e 4c3d 2b3c R*1b\t989 684";

    #[test]
    fn a_recorded_mate_replays_to_the_mate() {
        let g = RecordedGame::parse(LINE, RuleSet::Standard).unwrap();
        assert_eq!(g.number, 3);
        assert_eq!(g.winner, Some(Color::Sente));
        assert_eq!(g.opening.moves.len(), 4);
        assert_eq!(g.game.moves().len(), 4 + 53);
        assert_eq!(g.game.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
        assert!(g.ended_by_rules());
    }

    #[test]
    fn a_result_the_moves_do_not_reach_is_not_by_the_rules() {
        let lost_on_time = LINE.replacen("1-0\tcheckmate", "0-1\ttime-loss", 1);
        let g = RecordedGame::parse(&lost_on_time, RuleSet::Standard).unwrap();
        assert_eq!(g.ending, "time-loss");
        assert!(!g.ended_by_rules());
    }

    #[test]
    fn bad_lines_are_refused_with_the_reason() {
        let cases = [
            ("3\tminishogi", "fields"),
            (&LINE.replacen("1-0", "1-1", 1)[..], "result"),
            (&LINE.replacen("R*1b", "R*1b 1a1b", 1)[..], "after the game ended"),
            (&LINE.replacen("4d2d", "4d9d", 1)[..], "move 1"),
            (&LINE.replacen("startpos", "sfen x", 1)[..], "opening"),
        ];
        for (line, reason) in cases {
            let error = RecordedGame::parse(line, RuleSet::Standard).unwrap_err().to_string();
            assert!(error.contains(reason), "{error}");
        }
    }

    #[test]
    fn a_file_is_read_and_a_bad_line_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.tsv");
        std::fs::write(&path, format!("{RECORDS_HEADER}\n{LINE}\n\n{LINE}\n")).unwrap();
        assert_eq!(read_records(&path, RuleSet::Standard).unwrap().len(), 2);
        std::fs::write(&path, format!("{RECORDS_HEADER}\n{LINE}\nnonsense\n")).unwrap();
        let error = read_records(&path, RuleSet::Standard).unwrap_err().to_string();
        assert!(error.contains(":3:"), "{error}");
    }
}
