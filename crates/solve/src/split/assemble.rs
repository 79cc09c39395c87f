//! One certificate for the root from the subproblems' certificates and the lines above the
//! frontier.
//!
//! Every position with the winner to move keeps one line: the one with the lowest count among
//! the subproblems' certificates and the tree's own. Each line's replies lead to lines whose
//! counts are at least 2 lower, and keeping the lowest count of a position only lowers what its
//! predecessors lead to, so the merged lines stay a proof and their counts still fall along
//! every line (no cycle). The tree's lines are added from the frontier up, each with the count
//! its best child has in the merged lines. Last, the certificate is read out from the root over
//! the merged lines with every count recomputed from the lines below it (so only the lines the
//! root reaches are written, with the tightest counts), and checked with [`Certificate::check`].

use super::subproblem::Solved;
use super::tree::{Eval, NodeKind, Split};
use crate::certificate::{position_key, Certificate, Line, Value};
use crate::error::{CertificateError, SplitError};
use minishogi::{Color, Move, Position};
use std::collections::{HashMap, HashSet};

impl Split {
    /// The certificate of the root's proof from `results` (one per subproblem), checked.
    pub fn certificate(&self, results: &[Option<Solved>]) -> Result<Certificate, SplitError> {
        if results.len() != self.subproblems().len() {
            return Err(SplitError::Results { expected: self.subproblems().len(), given: results.len() });
        }
        let outcomes: Vec<_> = results.iter().map(|r| r.as_ref().map(|s| s.outcome)).collect();
        let evals = self.evaluate(&outcomes);
        if evals[0].win.is_none() {
            return Err(SplitError::NotProved);
        }
        let mut merged = Merged::default();
        let mut used = vec![false; results.len()];
        self.mark_used(0, &evals, &mut used);
        for (index, solved) in results.iter().enumerate().filter(|(i, _)| used[*i]) {
            let certificate = self.subproblem_certificate(index, solved.as_ref())?;
            for line in &certificate.lines {
                merged.offer(line.clone());
            }
        }
        self.count(0, &evals, &mut merged)?;
        let certificate = merged.read_out(&self.root, self.attacker)?;
        certificate.check()?;
        Ok(certificate)
    }

    /// Marks the subproblems the proof below `node` uses: the best child of the attacker's
    /// nodes, every child of the defender's.
    fn mark_used(&self, node: usize, evals: &[Eval], used: &mut [bool]) {
        match &self.nodes[node].kind {
            NodeKind::Frontier(s) => used[*s] = true,
            NodeKind::Repetition => {}
            NodeKind::Inner(children) => {
                if self.nodes[node].position.side_to_move() == self.attacker {
                    if let Some(&(_, best)) = best_child(children, evals) {
                        self.mark_used(best, evals, used);
                    }
                } else {
                    for &(_, child) in children {
                        self.mark_used(child, evals, used);
                    }
                }
            }
        }
    }

    fn subproblem_certificate<'a>(
        &self,
        index: usize,
        solved: Option<&'a Solved>,
    ) -> Result<&'a Certificate, SplitError> {
        let pos = &self.subproblems()[index];
        let fault =
            |reason: &str| SplitError::Subproblem { index, sfen: pos.to_sfen(), reason: reason.into() };
        let certificate = solved
            .and_then(|s| s.certificate.as_ref())
            .ok_or_else(|| fault("a win without a certificate"))?;
        if position_key(&certificate.root) != position_key(pos) {
            return Err(fault(&format!("the certificate's root is {}", certificate.root.to_sfen())));
        }
        let expected = if pos.side_to_move() == self.attacker { Value::Win } else { Value::Loss };
        if certificate.value != expected {
            return Err(fault(&format!("the certificate proves a {}", certificate.value)));
        }
        Ok(certificate)
    }

    /// The plies to the win from `node` in the merged lines, adding the line of each of the
    /// attacker's nodes of the proof on the way up.
    fn count(&self, node: usize, evals: &[Eval], merged: &mut Merged) -> Result<u32, SplitError> {
        let n = &self.nodes[node];
        let pos = &n.position;
        let attacker_to_move = pos.side_to_move() == self.attacker;
        match &n.kind {
            NodeKind::Repetition => Err(SplitError::NotProved),
            NodeKind::Frontier(_) if attacker_to_move => merged.count_of(pos),
            NodeKind::Frontier(_) => merged.loser_count(pos),
            NodeKind::Inner(children) if children.is_empty() => {
                if attacker_to_move {
                    Err(SplitError::NotProved)
                } else {
                    Ok(0)
                }
            }
            NodeKind::Inner(children) if attacker_to_move => {
                let &(best, child) = best_child(children, evals).ok_or(SplitError::NotProved)?;
                let plies = self.count(child, evals, merged)? + 1;
                merged.offer(Line { position: pos.clone(), best, plies });
                merged.count_of(pos)
            }
            NodeKind::Inner(children) => {
                let mut longest = 0;
                for &(_, child) in children {
                    longest = longest.max(self.count(child, evals, merged)? + 1);
                }
                Ok(longest)
            }
        }
    }
}

/// The attacker's move to the child with the shortest proved win.
fn best_child<'a>(children: &'a [(Move, usize)], evals: &[Eval]) -> Option<&'a (minishogi::Move, usize)> {
    children.iter().filter(|(_, c)| evals[*c].win.is_some()).min_by_key(|(_, c)| evals[*c].win)
}

/// The lines merged so far, one per position (the lowest count).
#[derive(Default)]
struct Merged {
    lines: HashMap<String, Line>,
}

impl Merged {
    fn offer(&mut self, line: Line) {
        let key = position_key(&line.position);
        match self.lines.get(&key) {
            Some(kept) if kept.plies <= line.plies => {}
            _ => {
                self.lines.insert(key, line);
            }
        }
    }

    fn missing(pos: &Position) -> SplitError {
        SplitError::Check(CertificateError::Invalid { reason: format!("no line for {}", pos.to_sfen()) })
    }

    /// The count of the line of `pos` (winner to move).
    fn count_of(&self, pos: &Position) -> Result<u32, SplitError> {
        self.lines.get(&position_key(pos)).map(|l| l.plies).ok_or_else(|| Merged::missing(pos))
    }

    /// The plies to the win from `pos` (loser to move): one more than its longest reply's.
    fn loser_count(&self, pos: &Position) -> Result<u32, SplitError> {
        let mut longest = 0;
        for &reply in pos.legal_move_list().iter() {
            longest = longest.max(self.count_of(&pos.after(reply))? + 1);
        }
        Ok(longest)
    }

    /// The certificate from `root` over the merged lines, every count recomputed.
    fn read_out(&self, root: &Position, attacker: Color) -> Result<Certificate, SplitError> {
        let mut out =
            ReadOut { merged: self, lines: Vec::new(), index: HashMap::new(), visiting: HashSet::new() };
        let (value, plies) = if root.side_to_move() == attacker {
            (Value::Win, out.winner(root)?)
        } else {
            let mut longest = 0;
            for &reply in root.legal_move_list().iter() {
                longest = longest.max(out.winner(&root.after(reply))? + 1);
            }
            (Value::Loss, longest)
        };
        Ok(Certificate { root: root.clone(), value, plies, lines: out.lines })
    }
}

struct ReadOut<'a> {
    merged: &'a Merged,
    lines: Vec<Line>,
    /// The line written for each position, by key.
    index: HashMap<String, usize>,
    /// The positions on the path being read: met again, the lines would loop (only lines that
    /// were never checked, such as a damaged cache's, can do that).
    visiting: HashSet<String>,
}

impl ReadOut<'_> {
    /// Writes the line of `pos` (winner to move) and those below it; returns its count. The
    /// merged counts fall along every move, so this ends; a line's count is one more than the
    /// longest reply's count plus one, or 1 when no reply is left.
    fn winner(&mut self, pos: &Position) -> Result<u32, SplitError> {
        let key = position_key(pos);
        if let Some(&i) = self.index.get(&key) {
            return Ok(self.lines[i].plies);
        }
        let line = self.merged.lines.get(&key).ok_or_else(|| Merged::missing(pos))?;
        if !self.visiting.insert(key.clone()) {
            return Err(SplitError::Check(CertificateError::Invalid {
                reason: format!("the lines loop through {}", pos.to_sfen()),
            }));
        }
        let after = pos.after(line.best);
        let mut plies = 1;
        for &reply in after.legal_move_list().iter() {
            plies = plies.max(self.winner(&after.after(reply))? + 2);
        }
        self.visiting.remove(&key);
        self.index.insert(key, self.lines.len());
        self.lines.push(Line { position: pos.clone(), best: line.best, plies });
        Ok(plies)
    }
}
