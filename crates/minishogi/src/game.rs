//! A game: positions with their history, and the end of the game by the rules, repetition
//! included.

use crate::{Color, Move, MoveError, MoveList, Position, Undo, UnknownName};
use std::str::FromStr;

/// Which repetition rule applies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum RuleSet {
    /// Fourfold repetition: the player who moved first loses, unless one side checked with every
    /// move since the first occurrence (that side loses; both: draw). No move limit.
    #[default]
    Standard,
    /// Fourfold repetition is a draw, and so is reaching 300 plies.
    DrawAt300,
}

impl RuleSet {
    /// The rule set's name as written in files and options (`standard`, `draw300`).
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Standard => "standard",
            RuleSet::DrawAt300 => "draw300",
        }
    }

    /// Parses a rule-set name.
    pub fn from_name(name: &str) -> Option<RuleSet> {
        match name.to_ascii_lowercase().as_str() {
            "standard" => Some(RuleSet::Standard),
            "draw300" | "draw-300" => Some(RuleSet::DrawAt300),
            _ => None,
        }
    }
}

/// A rule-set name (see [`RuleSet::from_name`]).
impl FromStr for RuleSet {
    type Err = UnknownName;

    fn from_str(name: &str) -> Result<RuleSet, UnknownName> {
        RuleSet::from_name(name).ok_or_else(|| UnknownName {
            name: name.to_string(),
            what: "rule set",
            expected: "standard or draw300",
        })
    }
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move is not in check but has no legal move.
    NoLegalMove,
    /// The position occurred for the fourth time.
    Repetition,
    /// A side lost by checking with every move of a fourfold repetition.
    PerpetualCheck,
    /// The ply limit of [`RuleSet::DrawAt300`].
    MoveLimit,
}

/// The result of a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
}

/// Plies after which [`RuleSet::DrawAt300`] declares a draw.
pub const PLY_LIMIT: usize = 300;

/// A game in progress: the current position, how it was reached, and the rule set.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    first_player: Color,
    rules: RuleSet,
    /// Hash of every position so far (start included) and whether its mover gave check.
    history: Vec<(u64, bool)>,
    moves: Vec<Move>,
    /// What [`Position::undo`] needs for each move, so that [`Game::undo`] takes O(1).
    undos: Vec<Undo>,
}

impl Game {
    /// A game starting from `start`; its side to move is the game's first player.
    pub fn new(start: Position, rules: RuleSet) -> Game {
        let first_player = start.side_to_move();
        Game::with_first_player(start, rules, first_player)
    }

    /// A game starting from `start` (with no earlier history) in a game that `first_player`
    /// began: the repetition rule then judges as if the game had started before `start` (for
    /// instance an endgame reached with the second player to move).
    pub fn with_first_player(start: Position, rules: RuleSet, first_player: Color) -> Game {
        Game {
            history: vec![(start.hash(), false)],
            position: start.clone(),
            start,
            first_player,
            rules,
            moves: Vec::new(),
            undos: Vec::new(),
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The side that moved first in the game.
    pub fn first_player(&self) -> Color {
        self.first_player
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a move after checking that it is legal and that the game has not ended.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        if !self.position.is_legal(m) {
            return Err(MoveError::Illegal { mv: m.to_string(), sfen: self.position.to_sfen() });
        }
        self.play_legal(m)
    }

    /// Plays a move that the caller knows to be legal in the current position (say, one of its
    /// legal move list), after checking that the game has not ended. A legal move means the
    /// side to move is not mated, so only the repetition rule and the move limit are checked
    /// (no move generation).
    pub fn play_legal(&mut self, m: Move) -> Result<(), MoveError> {
        if self.repetition_outcome().is_some() || self.move_limit_reached() {
            return Err(MoveError::Illegal { mv: m.to_string(), sfen: self.position.to_sfen() });
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// Parses and plays a USI move.
    pub fn play_usi(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = self.position.parse_move(text)?;
        self.play(m)?;
        Ok(m)
    }

    /// Plays a move known to be legal.
    pub fn play_unchecked(&mut self, m: Move) {
        self.undos.push(self.position.play(m));
        let check = self.position.in_check();
        self.history.push((self.position.hash(), check));
        self.moves.push(m);
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.history.pop();
        let undo = self.undos.pop().expect("one undo per move");
        self.position.undo(m, undo);
        Some(m)
    }

    /// How many times the current position has occurred (counting now).
    pub fn repetitions(&self) -> usize {
        let now = self.position.hash();
        self.history.iter().filter(|(h, _)| *h == now).count()
    }

    /// The outcome if the game has ended by the rules, else `None`.
    pub fn outcome(&self) -> Option<Outcome> {
        let mut list = MoveList::new();
        self.position.legal_moves(&mut list);
        if list.is_empty() {
            let reason = if self.position.in_check() { EndReason::Checkmate } else { EndReason::NoLegalMove };
            return Some(Outcome { winner: Some(!self.position.side_to_move()), reason });
        }
        if let Some(outcome) = self.repetition_outcome() {
            return Some(outcome);
        }
        if self.move_limit_reached() {
            return Some(Outcome { winner: None, reason: EndReason::MoveLimit });
        }
        None
    }

    fn move_limit_reached(&self) -> bool {
        self.rules == RuleSet::DrawAt300 && self.moves.len() >= PLY_LIMIT
    }

    fn repetition_outcome(&self) -> Option<Outcome> {
        let now = self.position.hash();
        let first = self.history.iter().position(|(h, _)| *h == now)?;
        if self.repetitions() < 4 {
            return None;
        }
        if self.rules == RuleSet::DrawAt300 {
            return Some(Outcome { winner: None, reason: EndReason::Repetition });
        }
        let outcome =
            repetition_verdict(&self.history[first..], self.position.side_to_move(), self.first_player);
        Some(outcome)
    }
}

/// The verdict of a fourfold repetition under the standard rules.
///
/// `since_first` holds the history from the first occurrence to now (its first entry is the first
/// occurrence itself, whose check flag belongs to a move before the cycle); `to_move` is the side
/// to move now.
pub fn repetition_verdict(since_first: &[(u64, bool)], to_move: Color, first_player: Color) -> Outcome {
    // Walking back from now, entries alternate: the last one was made by the side not to move.
    let mut all_checks = [true, true];
    let mut mover = !to_move;
    for &(_, check) in since_first[1..].iter().rev() {
        all_checks[mover.index()] &= check;
        mover = !mover;
    }
    match (all_checks[0], all_checks[1]) {
        (true, true) => Outcome { winner: None, reason: EndReason::PerpetualCheck },
        (true, false) => Outcome { winner: Some(Color::Gote), reason: EndReason::PerpetualCheck },
        (false, true) => Outcome { winner: Some(Color::Sente), reason: EndReason::PerpetualCheck },
        (false, false) => Outcome { winner: Some(!first_player), reason: EndReason::Repetition },
    }
}

#[cfg(test)]
mod tests {
    use super::{Game, RuleSet};
    use crate::Position;

    #[test]
    fn undo_restores_the_position_that_replaying_the_moves_gives() {
        let mut game = Game::new(Position::startpos(), RuleSet::Standard);
        // A fixed walk (a prime stride through the move lists) that captures and drops.
        for i in 0..60 {
            let list = game.position().legal_move_list();
            if list.is_empty() || game.outcome().is_some() {
                break;
            }
            game.play(list[(i * 7 + 3) % list.len()]).expect("a generated move is legal");
        }
        let drops = game.moves().iter().filter(|m| m.is_drop()).count();
        assert!(game.moves().len() > 20 && drops > 0, "the walk dropped nothing");
        while game.undo().is_some() {
            let mut replay = Position::startpos();
            for &m in game.moves() {
                replay.play(m);
            }
            assert_eq!(game.position(), &replay);
        }
        assert_eq!(game.position(), &Position::startpos());
    }

    #[test]
    fn rule_sets_parse_from_their_names() {
        assert_eq!("standard".parse::<RuleSet>(), Ok(RuleSet::Standard));
        assert_eq!(RuleSet::DrawAt300.name().parse::<RuleSet>(), Ok(RuleSet::DrawAt300));
        let error = "bogus".parse::<RuleSet>().expect_err("not a rule set");
        assert_eq!(error.to_string(), "'bogus' is not a rule set: standard or draw300");
    }
}
