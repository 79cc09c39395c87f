//! The answer of an analysis: the result from the side to move's view, whether it is proved and
//! by what, a best move and its line, as one line of text or one JSON object.

use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::fmt;

/// Win, loss or draw for the side to move, or not known.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// Neither side mates.
    Draw,
    /// Nothing proved it (the engine's estimate is all there is).
    Unknown,
}

impl GameResult {
    /// `"win"`, `"loss"`, `"draw"` or `"unknown"`.
    pub const fn name(self) -> &'static str {
        match self {
            GameResult::Win => "win",
            GameResult::Loss => "loss",
            GameResult::Draw => "draw",
            GameResult::Unknown => "unknown",
        }
    }
}

/// What gave the answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The rules: the side to move has no legal move and has lost.
    Rules,
    /// An endgame table (the answer of `minjiku tb probe`).
    Tablebase,
    /// The engine's search: an estimate.
    Engine,
}

impl Source {
    /// `"rules"`, `"tablebase"` or `"engine"`.
    pub const fn name(self) -> &'static str {
        match self {
            Source::Rules => "rules",
            Source::Tablebase => "tablebase",
            Source::Engine => "engine",
        }
    }
}

/// The analysis of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The position, in Minjiku notation.
    pub fen: String,
    /// Its material set as the tables name it (`KJvKA`; every piece for a full board).
    pub material: String,
    /// True when `result` is proved (by the tables or the rules).
    pub exact: bool,
    /// The result from the side to move's view; [`GameResult::Unknown`] for an estimate.
    pub result: GameResult,
    /// For a proved win or loss, the distance to mate in plies (the table's, or 0 when the side
    /// to move has no legal move).
    pub plies: Option<u32>,
    /// A best move in coordinates (none when the side to move has no legal move).
    pub best: Option<String>,
    /// The line from the position in coordinates: the table's line or the engine's PV.
    pub line: Vec<String>,
    /// What gave the answer.
    pub source: Source,
    /// For an engine estimate in centipawns, the score from the side to move's view (a win by
    /// the repetition rule the search sees is a score near 50,000).
    pub score_cp: Option<i32>,
    /// For an engine estimate that is a mate score, the plies to mate (negative: the side to
    /// move is mated) as the search saw it, not proved.
    pub score_mate: Option<i32>,
    /// For an engine estimate, the depth of the last completed iteration.
    pub depth: Option<u32>,
    /// Nodes the engine searched.
    pub nodes: u64,
    /// A warning about the answer (a table's line cut short by a missing set), if any.
    pub warning: Option<String>,
}

impl Analysis {
    /// `win in 9`, `draw`, `unknown`.
    fn verdict(&self) -> String {
        match (self.result, self.plies) {
            (GameResult::Win | GameResult::Loss, Some(n)) => format!("{} in {n}", self.result.name()),
            (result, _) => result.name().to_string(),
        }
    }
}

/// `FEN [material]: win in 9 (exact, tablebase); best e5d6; line e5d6 …`, or for an estimate
/// `FEN [material]: unknown (estimate: +35 cp at depth 8, engine); best …; line …`.
impl fmt::Display for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}]: {} (", self.fen, self.material, self.verdict())?;
        match (self.exact, self.score_cp, self.score_mate) {
            (true, _, _) => f.write_str("exact")?,
            (false, _, _) if self.source == Source::Tablebase => {
                f.write_str("mate-only table: nobody mates")?
            }
            (false, Some(cp), _) => write!(f, "estimate: {cp:+} cp")?,
            (false, _, Some(n)) if n > 0 => write!(f, "estimate: mate in {n}, not proved")?,
            (false, _, Some(n)) => write!(f, "estimate: mated in {}, not proved", -n)?,
            (false, None, None) => f.write_str("estimate")?,
        }
        if let Some(depth) = self.depth {
            write!(f, " at depth {depth}")?;
        }
        write!(f, ", {}); best {}", self.source.name(), self.best.as_deref().unwrap_or("none"))?;
        let line = if self.line.is_empty() { "-".to_string() } else { self.line.join(" ") };
        write!(f, "; line {line}")
    }
}

/// `{"best", "by", "depth", "exact", "fen", "line", "material", "nodes", "plies", "result",
/// "score_cp", "score_mate", "source"}` in alphabetical order, the keys of `minishogi analyse`
/// (`fen` for its `sfen`; no `first_player`: Minjiku's repetition rule does not depend on it).
impl Serialize for Analysis {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let by = self.plies.filter(|_| self.exact).map(|_| "mate");
        let mut s = serializer.serialize_struct("Analysis", 13)?;
        s.serialize_field("best", &self.best)?;
        s.serialize_field("by", &by)?;
        s.serialize_field("depth", &self.depth)?;
        s.serialize_field("exact", &self.exact)?;
        s.serialize_field("fen", &self.fen)?;
        s.serialize_field("line", &self.line)?;
        s.serialize_field("material", &self.material)?;
        s.serialize_field("nodes", &self.nodes)?;
        s.serialize_field("plies", &self.plies)?;
        s.serialize_field("result", self.result.name())?;
        s.serialize_field("score_cp", &self.score_cp)?;
        s.serialize_field("score_mate", &self.score_mate)?;
        s.serialize_field("source", self.source.name())?;
        s.end()
    }
}
