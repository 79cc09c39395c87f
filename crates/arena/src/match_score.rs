//! The running score of a match from player 1's side: single games, pairs (the pentanomial),
//! how games ended, and the SPRT (the statistics are in [`crate::elo`]).

use crate::elo::{EloEstimate, Pentanomial, Sprt, SprtDecision, Tally};
use std::collections::{BTreeMap, HashMap};
use std::fmt;

/// The score of a match so far.
#[derive(Clone, Debug, Default)]
pub struct MatchScore {
    /// The players' names: player 1, player 2.
    pub names: [String; 2],
    /// Player 1's single-game results.
    pub tally: Tally,
    /// Player 1's results in the games of finished pairs (those the pentanomial counts).
    pub pair_tally: Tally,
    /// Finished pairs by player 1's points.
    pub pentanomial: Pentanomial,
    /// Games by how they ended (the termination keyword).
    pub endings: BTreeMap<&'static str, u64>,
    /// The SPRT's log-likelihood ratio after the last finished pair, when a test runs.
    pub llr: Option<f64>,
    /// The SPRT's decision, when a test runs.
    pub decision: Option<SprtDecision>,
}

impl MatchScore {
    /// Player 1's Elo over player 2 with its 95% interval, from the pairs so far.
    pub fn elo(&self) -> Option<EloEstimate> {
        self.pentanomial.elo()
    }

    /// One line for a running match of `total` games: games, engine 1's record, Elo, LLR.
    pub fn status_line(&self, total: usize) -> String {
        let elo = self
            .elo()
            .map_or(String::new(), |e| format!("  Elo {:+.0} ± {:.0}", e.elo, (e.high - e.low) / 2.0));
        let llr = self.llr.map_or(String::new(), |l| format!("  LLR {l:.2}"));
        format!("{}/{total}  {} {}{elo}{llr}", self.tally.games(), self.names[0], self.tally)
    }

    /// The status line of a match of weight sets, player 1 being A: the games of finished pairs,
    /// A's record in them, Elo and LLR.
    pub fn pairs_status_line(&self, total: usize) -> String {
        let games = self.pair_tally.games();
        let elo = self
            .elo()
            .map_or(String::new(), |e| format!("  Elo {:+.0} ± {:.0}", e.elo, (e.high - e.low) / 2.0));
        let llr = self.llr.map_or(String::new(), |l| format!("  LLR {l:.2}"));
        format!("{games:>6}/{total}  A {}{elo}{llr}", self.pair_tally)
    }

    /// Games that reached the ply cap (and were scored draws).
    pub fn capped(&self) -> u64 {
        self.endings.get("ply-cap").copied().unwrap_or(0)
    }
}

/// Keeps a match's score as its games finish in any order: a game counts at once, a pair once
/// both its games are in (pair `p` is games `2p + 1` and `2p + 2`). Every match runner scores
/// through this.
#[derive(Debug, Default)]
pub(crate) struct PairScorer {
    /// Player 1's points in the first finished game of each pair still waiting for the other.
    first_of_pair: HashMap<usize, f64>,
}

impl PairScorer {
    /// Counts game `number` (from 1), where player 1 scored `points` and the game ended as
    /// `ending`. After a finished pair the SPRT (if any) is run, unless the match is already
    /// `stopping`; returns true when it has just decided.
    pub(crate) fn add(
        &mut self,
        score: &mut MatchScore,
        number: usize,
        points: f64,
        ending: &'static str,
        sprt: Option<&Sprt>,
        stopping: bool,
    ) -> bool {
        score.tally.add(points);
        *score.endings.entry(ending).or_default() += 1;
        let pair = (number - 1) / 2;
        let Some(first) = self.first_of_pair.remove(&pair) else {
            self.first_of_pair.insert(pair, points);
            return false;
        };
        score.pentanomial.add_pair(first, points);
        score.pair_tally.add(first);
        score.pair_tally.add(points);
        // Once decided, the verdict stands; pairs under way still count in the score.
        let (Some(sprt), false) = (sprt, stopping) else { return false };
        score.llr = Some(sprt.llr(&score.pentanomial));
        let decision = sprt.decide(&score.pentanomial);
        score.decision = Some(decision);
        decision != SprtDecision::Continue
    }
}

/// The final report: record, pentanomial, endings, SPRT verdict and the Elo estimate.
impl fmt::Display for MatchScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} vs {}: {}", self.names[0], self.names[1], self.tally)?;
        writeln!(
            f,
            "pentanomial (pairs by {}'s points 0, 0.5, 1, 1.5, 2): {:?}",
            self.names[0], self.pentanomial.counts
        )?;
        let endings: Vec<String> = self.endings.iter().map(|(k, n)| format!("{k} {n}")).collect();
        writeln!(f, "endings: {}", endings.join(", "))?;
        if let (Some(llr), Some(decision)) = (self.llr, self.decision) {
            let verdict = match decision {
                SprtDecision::AcceptH1 => "H1 accepted (engine 1 is stronger)",
                SprtDecision::AcceptH0 => "H0 accepted (engine 1 is not stronger)",
                SprtDecision::Continue => "no decision",
            };
            writeln!(f, "SPRT: LLR {llr:.2}, {verdict}")?;
        }
        match self.elo() {
            Some(e) => write!(f, "{e}"),
            None => f.write_str("no finished pairs"),
        }
    }
}
