//! The positions of the game and of the line being searched, and the score of a repetition
//! under the game's rules.

use crate::score::REPETITION_WIN;
use minishogi::game::repetition_verdict;
use minishogi::{Color, RuleSet};

/// Buckets of the repetition filter (low bits of the hash).
const BUCKETS: usize = 4096;

/// Hashes since the game's start and along the current line, with "gave check" flags.
pub(crate) struct Line {
    entries: Vec<(u64, bool)>,
    /// How many entries fall in each bucket of the low hash bits (a repetition filter).
    count: Box<[u32; BUCKETS]>,
    /// Repetitions are not looked for below this index (a null move breaks the line).
    floor: usize,
    /// The index of the search's root: a repetition whose earlier occurrence lies before it
    /// ends the game only as the rule's fourth occurrence.
    root: usize,
}

#[inline]
fn bucket(hash: u64) -> usize {
    (hash & (BUCKETS as u64 - 1)) as usize
}

impl Line {
    /// The line of a game: its positions' hashes and whether the move to each gave check, the
    /// last one the search's root.
    pub fn new(entries: Vec<(u64, bool)>) -> Line {
        let mut count = Box::new([0u32; BUCKETS]);
        for &(h, _) in &entries {
            count[bucket(h)] += 1;
        }
        let root = entries.len().saturating_sub(1);
        Line { entries, count, floor: 0, root }
    }

    /// True when `hash` is on the line (the game's positions, at the root).
    pub fn contains(&self, hash: u64) -> bool {
        self.count[bucket(hash)] > 0 && self.entries.iter().any(|&(h, _)| h == hash)
    }

    /// A move reached `hash`, checking or not.
    #[inline]
    pub fn push(&mut self, hash: u64, gave_check: bool) {
        self.entries.push((hash, gave_check));
        self.count[bucket(hash)] += 1;
    }

    /// Takes back the last [`Line::push`].
    #[inline]
    pub fn pop(&mut self) {
        if let Some((h, _)) = self.entries.pop() {
            self.count[bucket(h)] -= 1;
        }
    }

    /// A null move reached `hash`: no repetition is looked for across it. Returns what
    /// [`Line::pop_null`] restores.
    pub fn push_null(&mut self, hash: u64) -> usize {
        let saved_floor = self.floor;
        self.entries.push((hash, false));
        self.floor = self.entries.len() - 1;
        saved_floor
    }

    /// Takes back a [`Line::push_null`].
    pub fn pop_null(&mut self, saved_floor: usize) {
        self.entries.pop();
        self.floor = saved_floor;
    }

    /// Whether the move to the current position gave check (the side to move is in check).
    #[inline]
    pub fn gave_check(&self) -> bool {
        self.entries.last().is_some_and(|e| e.1)
    }

    /// The score at `ply` of the current position (`hash`, `stm` to move) if its repetition
    /// decides the game. A position that occurred before on the searched line (the root
    /// included) closes a cycle every move of which the search chose, so it is scored as the
    /// final repetition. One that occurred only in the game before the root is not: the side to
    /// move may leave the cycle this time, so it decides only as the rule's fourth occurrence.
    pub fn repetition_score(
        &self,
        hash: u64,
        stm: Color,
        rules: RuleSet,
        first_player: Color,
        ply: usize,
    ) -> Option<i32> {
        if self.count[bucket(hash)] < 2 {
            return None;
        }
        let now = self.entries.len() - 1;
        // The same side is to move every second entry; a cycle takes at least four plies.
        let mut earlier =
            (self.floor..=now.checked_sub(4)?).rev().step_by(2).filter(|&i| self.entries[i].0 == hash);
        let last = earlier.next()?;
        // Before the root only a fourth occurrence ends the game: the cycle runs from the first of the
        // four, the third earlier one.
        let since = if last >= self.root { last } else { earlier.nth(1)? };
        if rules == RuleSet::DrawAt300 {
            return Some(0);
        }
        let outcome = repetition_verdict(&self.entries[since..], stm, first_player);
        let win = REPETITION_WIN - ply as i32;
        Some(match outcome.winner {
            Some(c) if c == stm => win,
            Some(_) => -win,
            None => 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Line;
    use crate::score::REPETITION_WIN;
    use minishogi::{Color, RuleSet};

    /// Four positions of a cycle, sente to move in the first and third (no move gives check).
    const CYCLE: [u64; 4] = [11, 22, 33, 44];

    fn score(line: &Line, ply: usize) -> Option<i32> {
        // Sente moved first, so the repetition is gote's win and sente's loss; sente to move.
        line.repetition_score(CYCLE[0], Color::Sente, RuleSet::Standard, Color::Sente, ply)
    }

    fn line_of(hashes: &[u64]) -> Line {
        Line::new(hashes.iter().map(|&h| (h, false)).collect())
    }

    #[test]
    fn a_cycle_through_the_root_is_final() {
        let mut line = line_of(&CYCLE[..1]);
        for &h in &CYCLE[1..] {
            line.push(h, false);
        }
        line.push(CYCLE[0], false);
        assert_eq!(score(&line, 4), Some(-(REPETITION_WIN - 4)));
    }

    #[test]
    fn a_position_of_the_game_decides_at_its_fourth_occurrence() {
        for earlier in 1..=3 {
            let game: Vec<u64> = CYCLE.iter().copied().cycle().take(4 * earlier).collect();
            let mut line = line_of(&game);
            line.push(CYCLE[0], false);
            let expected = (earlier == 3).then_some(-(REPETITION_WIN - 1));
            assert_eq!(score(&line, 1), expected, "{earlier} earlier occurrences, all before the root");
        }
    }

    #[test]
    fn a_null_move_breaks_the_cycle() {
        let mut line = line_of(&CYCLE[..1]);
        line.push(CYCLE[1], false);
        line.push_null(CYCLE[2]);
        line.push(CYCLE[3], false);
        line.push(CYCLE[0], false);
        assert_eq!(score(&line, 4), None);
    }
}
