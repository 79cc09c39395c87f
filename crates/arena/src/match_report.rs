//! The report of a match of weight sets ([`crate::play_match`]), player 1 being A: the last
//! status line, pairs by points, capped games, the SPRT's decision, the time and the Elo.

use std::fmt;

use crate::elo::SprtDecision;
use crate::match_config::MatchConfig;
use crate::match_score::MatchScore;

/// The end of a match: the last status line, pairs by points, capped games, the SPRT's
/// decision, the time taken and the Elo estimate.
#[derive(Clone, Debug)]
pub struct MatchReport<'a> {
    /// The match's settings.
    pub config: &'a MatchConfig,
    /// Its final score.
    pub state: &'a MatchScore,
    /// Seconds it took.
    pub seconds: f64,
}

impl fmt::Display for MatchReport<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (state, config) = (self.state, self.config);
        writeln!(f, "{}", state.pairs_status_line(config.games()))?;
        writeln!(f, "pentanomial (pairs by A's points 0, 0.5, 1, 1.5, 2): {:?}", state.pentanomial.counts)?;
        if state.capped() > 0 {
            writeln!(
                f,
                "{} games reached the ply cap ({}) and were scored draws",
                state.capped(),
                config.ply_cap
            )?;
        }
        if let (Some(d), Some(l), Some(sprt)) = (state.decision, state.llr, config.sprt) {
            let verdict = match d {
                SprtDecision::AcceptH1 => "H1 accepted (A is stronger)",
                SprtDecision::AcceptH0 => "H0 accepted (A is not stronger)",
                SprtDecision::Continue => "no decision",
            };
            writeln!(f, "SPRT [{}, {}]: LLR {l:.2}, {verdict}", sprt.elo0, sprt.elo1)?;
        }
        writeln!(f, "{:.0} s", self.seconds)?;
        match state.elo() {
            Some(e) => write!(f, "{e}"),
            None => f.write_str("no games played"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::MatchReport;
    use crate::elo::{Sprt, SprtDecision};
    use crate::match_config::MatchConfig;
    use crate::match_score::MatchScore;

    #[test]
    fn the_report_has_the_record_the_pairs_and_the_decision() {
        let sprt = Sprt::new(0.0, 10.0, 0.05).expect("valid bounds");
        let config = MatchConfig { sprt: Some(sprt), ..MatchConfig::for_games(4) };
        let mut state =
            MatchScore { llr: Some(0.5), decision: Some(SprtDecision::Continue), ..MatchScore::default() };
        for (first, second) in [(1.0, 0.0), (0.5, 0.5)] {
            state.pentanomial.add_pair(first, second);
            state.pair_tally.add(first);
            state.pair_tally.add(second);
        }
        let line = state.pairs_status_line(4);
        assert!(line.starts_with("     4/4  A +1 =2 -1"), "{line}");
        let text = MatchReport { config: &config, state: &state, seconds: 3.2 }.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "pentanomial (pairs by A's points 0, 0.5, 1, 1.5, 2): [0, 0, 2, 0, 0]");
        assert_eq!(lines[2], "SPRT [0, 10]: LLR 0.50, no decision");
        assert_eq!(lines[3], "3 s");
        assert_eq!(lines.len(), 5, "{text}");
        let empty =
            MatchReport { config: &MatchConfig::default(), state: &MatchScore::default(), seconds: 0.0 };
        assert!(empty.to_string().ends_with("0 s\nno games played"));
    }
}
