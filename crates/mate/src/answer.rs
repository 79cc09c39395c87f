//! A solved position as the `mate` command prints it: one line of text, or one JSON object.

use crate::solver::{MateResult, Report};
use serde::Serialize;
use std::fmt;

/// One position's answer: what was proved, the line and what it cost. Serialised as the JSON
/// object `{"line","nodes","plies","result","sfen","shortest","time_ms"}` (`result` is `mate`,
/// `nomate` or `unknown`; `plies` and `shortest` are `null` unless it is `mate`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The mating line in USI notation (empty unless a mate was proved).
    pub line: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// The length of the proved mate, in plies.
    pub plies: Option<u32>,
    /// `mate`, `nomate` or `unknown`.
    pub result: &'static str,
    /// The position as given.
    pub sfen: String,
    /// Whether the mate is proved shortest.
    pub shortest: Option<bool>,
    /// Wall time in milliseconds.
    pub time_ms: u64,
}

impl Answer {
    /// The answer for `sfen` from the solver's `report`.
    pub fn new(sfen: &str, report: &Report) -> Answer {
        let (result, plies, shortest, line) = match &report.result {
            MateResult::Mate { plies, line, shortest } => {
                ("mate", Some(*plies), Some(*shortest), line.iter().map(|m| m.to_string()).collect())
            }
            MateResult::NoMate => ("nomate", None, None, Vec::new()),
            MateResult::Unknown => ("unknown", None, None, Vec::new()),
        };
        let time_ms = u64::try_from(report.elapsed.as_millis()).unwrap_or(u64::MAX);
        Answer { line, nodes: report.nodes, plies, result, sfen: sfen.to_string(), shortest, time_ms }
    }
}

/// `mate in 3: R*4c 5b5a 4d5c (43 nodes, 0 ms)` (`mate in 9 (not proved shortest): …` when the
/// budget ran out in the post-search), `no mate (…)` or `unknown: the budget ran out (…)`.
impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cost = format!("({} nodes, {} ms)", self.nodes, self.time_ms);
        match (self.result, self.plies, self.shortest) {
            ("mate", Some(n), Some(shortest)) => {
                let note = if shortest { "" } else { " (not proved shortest)" };
                write!(f, "mate in {n}{note}: {} {cost}", self.line.join(" "))
            }
            ("nomate", ..) => write!(f, "no mate {cost}"),
            _ => write!(f, "unknown: the budget ran out {cost}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Answer;
    use crate::{solve, Limits, MateResult, Mode, Report};
    use minishogi::Position;
    use std::time::Duration;

    #[test]
    fn a_mate_prints_its_line_and_serialises_with_sorted_keys() {
        let pos = Position::from_sfen("4k/5/4P/5/K4 b G 1").expect("legal");
        let mut report = solve(&pos, Mode::Tsume, &Limits::default());
        report.elapsed = Duration::from_millis(7);
        let answer = Answer::new("4k/5/4P/5/K4 b G 1", &report);
        let nodes = report.nodes;
        assert_eq!(answer.to_string(), format!("mate in 1: G*1b ({nodes} nodes, 7 ms)"));
        assert_eq!(
            serde_json::to_string(&answer).expect("serialises"),
            format!(
                r#"{{"line":["G*1b"],"nodes":{nodes},"plies":1,"result":"mate","sfen":"4k/5/4P/5/K4 b G 1","shortest":true,"time_ms":7}}"#
            )
        );
    }

    #[test]
    fn no_mate_unknown_and_an_unproved_shortest_mate() {
        let report = |result| Report { result, nodes: 5, elapsed: Duration::from_millis(2) };
        assert_eq!(Answer::new("s", &report(MateResult::NoMate)).to_string(), "no mate (5 nodes, 2 ms)");
        let unknown = Answer::new("s", &report(MateResult::Unknown));
        assert_eq!(unknown.to_string(), "unknown: the budget ran out (5 nodes, 2 ms)");
        assert_eq!((unknown.plies, unknown.shortest, unknown.result), (None, None, "unknown"));
        let long =
            Answer::new("s", &report(MateResult::Mate { plies: 9, line: Vec::new(), shortest: false }));
        assert_eq!(long.to_string(), "mate in 9 (not proved shortest):  (5 nodes, 2 ms)");
    }
}
