//! Writing the proof tree out of the transposition table after a successful search, as a
//! certificate: at each position with the winner to move, the move whose proof is shortest
//! among those within the plies the position must be won in, then every reply of the loser.
//! Each count is recomputed from the lines below it (never copied from the table), and a proof
//! lost from the table (replaced or collected) is searched again with the bound it must keep.

use crate::budget::start_phase;
use crate::certificate::{Certificate, Line, Value};
use crate::error::ExtractError;
use crate::key::{board_key, root_path_key};
use crate::search::{prove, SolvePolicy, SolveTable};
use minishogi::{Color, Move, Position};
use minishogi_mate::dfpn::repetition::RepetitionTable;
use minishogi_mate::dfpn::{Budget, Search};
use std::collections::HashMap;

/// Writes the proof that `attacker` wins from `root` within `plies` plies out of `tt`,
/// searching again with `budget` where the table lost a proof.
pub fn extract(
    tt: &mut SolveTable,
    repetitions: &mut RepetitionTable,
    budget: &mut Budget,
    root: &Position,
    attacker: Color,
    plies: u32,
) -> Result<Certificate, ExtractError> {
    let mut x = Extractor { tt, repetitions, budget, attacker, lines: Vec::new(), index: HashMap::new() };
    let (value, plies) = if root.side_to_move() == attacker {
        (Value::Win, x.winner(root, plies)?)
    } else {
        let mut longest = 0;
        for &reply in root.legal_move_list().iter() {
            longest = longest.max(x.winner(&root.after(reply), plies.saturating_sub(1))? + 1);
        }
        (Value::Loss, longest)
    };
    let certificate = Certificate { root: root.clone(), value, plies, lines: x.lines };
    certificate.check()?;
    Ok(certificate)
}

struct Extractor<'a> {
    tt: &'a mut SolveTable,
    repetitions: &'a mut RepetitionTable,
    budget: &'a mut Budget,
    attacker: Color,
    lines: Vec<Line>,
    /// The line of each position written, by hash.
    index: HashMap<u64, usize>,
}

impl Extractor<'_> {
    /// Writes the lines proving that the attacker, to move at `pos`, wins within `bound` plies,
    /// and returns the count written for `pos`.
    fn winner(&mut self, pos: &Position, bound: u32) -> Result<u32, ExtractError> {
        let hash = pos.hash();
        if let Some(&i) = self.index.get(&hash) {
            if self.lines[i].plies <= bound {
                return Ok(self.lines[i].plies);
            }
        }
        let (best, child_plies) = match self.best_move(pos, bound) {
            Some(found) => found,
            None => {
                self.search_again(pos, bound);
                self.best_move(pos, bound)
                    .ok_or_else(|| ExtractError::Lost { sfen: pos.to_sfen(), plies: bound })?
            }
        };
        let after = pos.after(best);
        let mut count = 1;
        for &reply in after.legal_move_list().iter() {
            let next = after.after(reply);
            count = count.max(self.winner(&next, child_plies.saturating_sub(1))? + 2);
        }
        let line = Line { position: pos.clone(), best, plies: count };
        match self.index.get(&hash) {
            // A line written below this one (through a cycle) with a lower count serves every
            // reference to the position: keep it.
            Some(&i) if self.lines[i].plies <= count => return Ok(self.lines[i].plies),
            Some(&i) => self.lines[i] = line,
            None => {
                self.index.insert(hash, self.lines.len());
                self.lines.push(line);
            }
        }
        Ok(count)
    }

    /// The attacker's move at `pos` whose proof in the table is shortest and within `bound`
    /// plies, with the plies of that proof after the move (0 when it leaves no legal reply).
    fn best_move(&self, pos: &Position, bound: u32) -> Option<(Move, u32)> {
        let mut best: Option<(Move, u32)> = None;
        for &m in pos.legal_move_list().iter() {
            let child = pos.after(m);
            let plies = if !child.has_legal_move() {
                0
            } else {
                match self.tt.proof(board_key(&child, self.attacker), child.hand(self.attacker)) {
                    Some(p) => u32::from(p),
                    None => continue,
                }
            };
            if plies < bound && best.is_none_or(|(_, b)| plies < b) {
                best = Some((m, plies));
            }
        }
        best
    }

    /// Proves `pos` again within `bound` plies, after the table lost its proof.
    fn search_again(&mut self, pos: &Position, bound: u32) {
        let mut root = pos.clone();
        let path_key = root_path_key(root.hash(), self.attacker) ^ 0x5EA4_C4A6_A1A5;
        start_phase(self.budget, u64::MAX, 1000);
        let remaining = u16::try_from(bound).unwrap_or(u16::MAX - 1);
        let mut search = Search::new(SolvePolicy, self.tt, self.repetitions, self.budget, self.attacker);
        prove(&mut search, &mut root, remaining, path_key);
    }
}
