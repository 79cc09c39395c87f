//! Best moves and lines that realise a table's exact verdict under the standard rules.
//!
//! For a mate the best move keeps the distance. For a mate-only
//! draw the move follows the progress measure of [`crate::DrawValue`], so that the play it gives
//! reaches the fourfold repetition with the stated verdict: the winner lowers its measure (and so
//! makes its non-checking moves), the loser keeps to the mate-only draws and resists longest, and
//! in a draw each side keeps the other's non-checking moves finite.

use minishogi::{Color, Game, Move, MoveList, Position, RuleSet};

use crate::draw_value::{split, Case, CycleOutcome, DrawValue};
use crate::error::TablebaseError;
use crate::material_table::MaterialTable;
use crate::verdict::Verdict;
use minishogi_retro::Value;

/// Most plies of a line (a mate is at most 249 plies; a repetition line is a prefix and three
/// cycles, far shorter in every table).
const MAX_LINE: usize = 4000;

/// What the strategy needs of a table: stored values and repetition entries by position.
pub(crate) trait Stored {
    /// The mate-only value of `position`.
    fn value(&self, position: &Position) -> Result<Value, TablebaseError>;
    /// Both repetition entries of `position` (first player to move, second player to move), or
    /// `None` when the table has no repetition values or the position is not a mate-only draw.
    fn entries(&self, position: &Position) -> Result<Option<[DrawValue; 2]>, TablebaseError>;
    /// The bases of the first player's and the draws' pair measures.
    fn bases(&self) -> (u32, u32);
    /// The error for a table whose values contradict each other at `position`.
    fn inconsistent(&self, position: &Position, detail: &str) -> TablebaseError;
}

/// A move of a mate-only draw that realises its outcome for `case` (`None` only if there is no
/// move to a mate-only draw, which a consistent table never has).
pub(crate) fn repetition_move(
    table: &dyn Stored,
    position: &Position,
    entry: DrawValue,
    case: Case,
) -> Result<Option<Move>, TablebaseError> {
    let (first_base, draw_base) = table.bases();
    let first_moves = case == Case::FirstPlayerToMove;
    let b = u32::from(!position.in_check());
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    // The best (key, move) so far: the smallest key wins, the first move among equal keys.
    let mut best: Option<(u64, Move)> = None;
    for &m in moves.iter() {
        let child = position.after(m);
        if !table.value(&child)?.is_draw() {
            continue;
        }
        let Some(pair) = table.entries(&child)? else { continue };
        let ce = pair[case.after_move().index()];
        let p = u64::from(ce.progress());
        let key = match (entry.outcome(), ce.outcome(), first_moves) {
            // The winner lowers its measure; the loser keeps it as high as it can.
            (Some(CycleOutcome::SecondPlayerWins), Some(CycleOutcome::SecondPlayerWins), false) => {
                (p + 1 == u64::from(entry.progress())).then_some(p)
            }
            (Some(CycleOutcome::SecondPlayerWins), Some(CycleOutcome::SecondPlayerWins), true) => {
                Some(u64::MAX - p)
            }
            (Some(CycleOutcome::FirstPlayerWins), Some(CycleOutcome::FirstPlayerWins), true) => {
                let (k, t) = split(entry.progress(), first_base);
                let (kc, tc) = split(ce.progress(), first_base);
                let ok = if b == 1 { kc < k } else { (kc, tc) < (k, t) };
                ok.then_some(p)
            }
            (Some(CycleOutcome::FirstPlayerWins), Some(CycleOutcome::FirstPlayerWins), false) => {
                Some(u64::MAX - p)
            }
            (Some(CycleOutcome::Draw), Some(CycleOutcome::Draw), true) => {
                let (c, _) = split(entry.progress(), draw_base);
                let (cc, _) = split(ce.progress(), draw_base);
                (cc + b <= c).then_some(u64::from(cc))
            }
            (Some(CycleOutcome::Draw), Some(CycleOutcome::Draw), false) => {
                let (_, d) = split(entry.progress(), draw_base);
                let (_, dd) = split(ce.progress(), draw_base);
                (dd + b <= d).then_some(u64::from(dd))
            }
            _ => None,
        };
        if let Some(key) = key {
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, m));
            }
        }
    }
    Ok(best.map(|(_, m)| m))
}

/// The line of best moves from `position` in a game that `first_player` began, under `rules`,
/// to the end of the game: a mate, or for a mate-only draw under the standard rules the fourfold
/// repetition (replayed with [`Game`], so its verdict is the rules' own). Under `draw300`, and for
/// tables without repetition values, a mate-only draw gives one drawing move.
pub(crate) fn exact_line(
    table: &dyn Stored,
    position: &Position,
    first_player: Color,
    rules: RuleSet,
    mate_move: &dyn Fn(&Position) -> Result<Option<Move>, TablebaseError>,
) -> Result<Vec<Move>, TablebaseError> {
    let mut game = Game::with_first_player(position.clone(), RuleSet::Standard, first_player);
    loop {
        if game.outcome().is_some() {
            return Ok(game.moves().to_vec());
        }
        let pos = game.position().clone();
        let value = table.value(&pos)?;
        let entries = if value.is_draw() && rules == RuleSet::Standard { table.entries(&pos)? } else { None };
        let m = match entries {
            Some(pair) => {
                let case = Case::of(pos.side_to_move(), first_player);
                repetition_move(table, &pos, pair[case.index()], case)?
            }
            None => mate_move(&pos)?,
        };
        let Some(m) = m else {
            if value.dtm() == Some(0) {
                return Ok(game.moves().to_vec());
            }
            return Err(table.inconsistent(&pos, "no move realises the stored value"));
        };
        game.play_unchecked(m);
        if value.is_draw() && entries.is_none() {
            return Ok(game.moves().to_vec());
        }
        if game.moves().len() > MAX_LINE {
            return Err(table.inconsistent(position, "the line does not end"));
        }
    }
}

impl MaterialTable {
    /// The verdict of `position` (one index and one value read, and for a mate-only draw under the
    /// standard rules one repetition entry), with that entry.
    pub(crate) fn verdict_and_entry(
        &self,
        position: &Position,
        first_player: Color,
        rules: RuleSet,
    ) -> Result<(Verdict, Option<DrawValue>), TablebaseError> {
        let index = self.index_of(position)?;
        let value = self.value_at(position, index)?;
        let case = Case::of(position.side_to_move(), first_player);
        let entry = if value.is_draw() && rules == RuleSet::Standard {
            self.draw_entries(index)?.map(|pair| pair[case.index()])
        } else {
            None
        };
        Ok((Verdict::of(value, entry, case, rules), entry))
    }
}

impl Stored for MaterialTable {
    fn value(&self, position: &Position) -> Result<Value, TablebaseError> {
        MaterialTable::value(self, position)
    }

    fn entries(&self, position: &Position) -> Result<Option<[DrawValue; 2]>, TablebaseError> {
        if !self.has_repetition() {
            return Ok(None);
        }
        match self.indexer.index(position) {
            Some(index) => self.draw_entries(index),
            None => Ok(None),
        }
    }

    fn bases(&self) -> (u32, u32) {
        MaterialTable::bases(self)
    }

    fn inconsistent(&self, position: &Position, detail: &str) -> TablebaseError {
        TablebaseError::Inconsistent {
            path: self.table.path().to_path_buf(),
            sfen: position.to_sfen(),
            detail: detail.to_string(),
        }
    }
}
