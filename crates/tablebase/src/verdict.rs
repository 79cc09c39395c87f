//! The exact result of a position as a table answers it, for a game that starts there with no
//! earlier history under either rule set: win, draw or loss, how, and in how many plies.

use std::fmt;

use minishogi::game::EndReason;
use minishogi::{Color, Game, RuleSet};

use crate::draw_value::{Case, CycleOutcome, DrawValue};
use minishogi_retro::Value;

/// Win, draw or loss for the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move wins.
    Win,
    /// Neither side wins.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Wdl {
    /// `"win"`, `"draw"` or `"loss"`.
    pub const fn name(self) -> &'static str {
        match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        }
    }
}

/// How a game is decided.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum By {
    /// Checkmate (or no legal move).
    Mate,
    /// Fourfold repetition, which the first player loses.
    Repetition,
    /// Fourfold repetition in which a side checked with every move (a draw if both did).
    PerpetualCheck,
}

impl By {
    /// `"mate"`, `"repetition"` or `"perpetual-check"`.
    pub const fn name(self) -> &'static str {
        match self {
            By::Mate => "mate",
            By::Repetition => "repetition",
            By::PerpetualCheck => "perpetual-check",
        }
    }
}

/// The result of a position under a rule set, from the side to move's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// Win, draw or loss.
    pub result: Wdl,
    /// How; `None` for a draw under `draw300`, and for a mate-only draw read from a table that
    /// predates repetition values.
    pub by: Option<By>,
    /// Plies to mate, for a result by mate.
    pub plies: Option<u16>,
}

impl Verdict {
    /// The verdict of a table entry: the mate-only `value`, and for a mate-only draw the
    /// repetition entry of the case asked for (`None` when the table has no repetition values).
    pub fn of(value: Value, entry: Option<DrawValue>, case: Case, rules: RuleSet) -> Verdict {
        if let Some(d) = value.dtm() {
            let result = if value.is_win() { Wdl::Win } else { Wdl::Loss };
            return Verdict { result, by: Some(By::Mate), plies: Some(d) };
        }
        let draw = Verdict { result: Wdl::Draw, by: None, plies: None };
        if rules == RuleSet::DrawAt300 {
            return draw;
        }
        let first = case == Case::FirstPlayerToMove;
        let (result, by) = match entry.and_then(DrawValue::outcome) {
            None => return draw,
            Some(CycleOutcome::SecondPlayerWins) => {
                (if first { Wdl::Loss } else { Wdl::Win }, By::Repetition)
            }
            Some(CycleOutcome::FirstPlayerWins) => {
                (if first { Wdl::Win } else { Wdl::Loss }, By::PerpetualCheck)
            }
            Some(CycleOutcome::Draw) => (Wdl::Draw, By::PerpetualCheck),
        };
        Verdict { result, by: Some(by), plies: None }
    }

    /// The verdict that `game`, finished, realises for `start_mover` (the side to move at its
    /// start), named as the tables name it: the first player's loss by checking with every move
    /// is, like every repetition the first player loses, a win "by repetition" of the second
    /// (the first player loses a repetition unless only the second player checks throughout).
    /// `plies` is the game's length for a result by mate; the move limit of
    /// `draw300` is a draw with no `by`. `None` while the game goes on.
    pub fn of_finished_game(game: &Game, start_mover: Color) -> Option<Verdict> {
        let outcome = game.outcome()?;
        let result = match outcome.winner {
            None => Wdl::Draw,
            Some(w) if w == start_mover => Wdl::Win,
            Some(_) => Wdl::Loss,
        };
        let by = match outcome.reason {
            EndReason::Checkmate | EndReason::NoLegalMove => Some(By::Mate),
            EndReason::Repetition => Some(By::Repetition),
            EndReason::PerpetualCheck if outcome.winner == Some(!game.first_player()) => Some(By::Repetition),
            EndReason::PerpetualCheck => Some(By::PerpetualCheck),
            EndReason::MoveLimit => None,
        };
        let plies = (by == Some(By::Mate)).then(|| u16::try_from(game.moves().len()).unwrap_or(u16::MAX));
        Some(Verdict { result, by, plies })
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.result.name())?;
        match (self.by, self.plies) {
            (Some(By::Mate), Some(n)) => write!(f, " in {n}"),
            (Some(By::PerpetualCheck), _) => f.write_str(" by perpetual check"),
            (Some(by), _) => write!(f, " by {}", by.name()),
            (None, _) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{By, Verdict, Wdl};
    use minishogi::{Color, Game, Position, RuleSet};

    /// Kings only, `moves` played from `sfen` with `first` as the first player.
    fn played(sfen: &str, first: Color, rules: RuleSet, moves: &[&str]) -> Game {
        let pos = Position::from_sfen(sfen).expect("a position");
        let mut game = Game::with_first_player(pos, rules, first);
        for m in moves {
            game.play_usi(m).expect("a legal move");
        }
        game
    }

    const SHUFFLE: [&str; 4] = ["5e4e", "1a2a", "4e5e", "2a1a"];

    #[test]
    fn a_fourfold_repetition_is_the_first_players_loss_by_repetition() {
        let moves: Vec<&str> = SHUFFLE.iter().cycle().take(12).copied().collect();
        let game = played("4k/5/5/5/K4 b - 1", Color::Sente, RuleSet::Standard, &moves);
        let lost = Verdict { result: Wdl::Loss, by: Some(By::Repetition), plies: None };
        assert_eq!(Verdict::of_finished_game(&game, Color::Sente), Some(lost));
        let won = Verdict { result: Wdl::Win, by: Some(By::Repetition), plies: None };
        assert_eq!(Verdict::of_finished_game(&game, Color::Gote), Some(won));
        let unfinished = played("4k/5/5/5/K4 b - 1", Color::Sente, RuleSet::Standard, &moves[..11]);
        assert_eq!(Verdict::of_finished_game(&unfinished, Color::Sente), None);
    }

    #[test]
    fn a_mate_counts_the_plies_of_the_game() {
        // Gold drop mate: 1. G*1b.
        let game = played("4k/5/4P/5/K4 b G 1", Color::Sente, RuleSet::Standard, &["G*1b"]);
        let won = Verdict { result: Wdl::Win, by: Some(By::Mate), plies: Some(1) };
        assert_eq!(Verdict::of_finished_game(&game, Color::Sente), Some(won));
    }
}
