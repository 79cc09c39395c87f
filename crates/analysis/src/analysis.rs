//! The answer of an analysis: the result from the side to move's view, whether it is proved and
//! by what, a best move and its line, as one line of text or one JSON object.

use minishogi::{Color, Move};
use minishogi_tablebase::By;
use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::fmt;

/// Win, loss or draw for the side to move, or not known.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// Neither side wins.
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
    /// An endgame table (the answer of `tb probe`).
    Tablebase,
    /// The df-pn mate solver (a mate for the side to move, or against each of its replies).
    MateSolver,
    /// The engine's search: an estimate.
    Engine,
}

impl Source {
    /// `"tablebase"`, `"mate-solver"` or `"engine"`.
    pub const fn name(self) -> &'static str {
        match self {
            Source::Tablebase => "tablebase",
            Source::MateSolver => "mate-solver",
            Source::Engine => "engine",
        }
    }
}

/// The analysis of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The position, as SFEN.
    pub sfen: String,
    /// Its material set, as the tables name it (`RG`, `-` for kings only).
    pub material: String,
    /// Who moved first in the game (decides repetitions under the standard rules).
    pub first_player: Color,
    /// True when `result` is proved (by the tables or the mate solver).
    pub exact: bool,
    /// The result from the side to move's view; [`GameResult::Unknown`] for an estimate.
    pub result: GameResult,
    /// How the game is decided, for a proved win or loss (and a table's perpetual-check draw).
    pub by: Option<By>,
    /// For a result by mate, the length of the proved mate in plies: the tables' distance, or
    /// the mate solver's shortest mate in the mode that proved it (a mate with quiet moves may
    /// be shorter than one by checks).
    pub plies: Option<u32>,
    /// A best move (none when the side to move has no legal move).
    pub best: Option<Move>,
    /// The line from the position: the mate, the table's line, or the engine's PV.
    pub line: Vec<Move>,
    /// What gave the answer.
    pub source: Source,
    /// For an engine estimate in centipawns, the score from the side to move's view.
    pub score_cp: Option<i32>,
    /// For an engine estimate that is a mate score, the plies to mate (negative: the side to
    /// move is mated) as the search saw it, not proved.
    pub score_mate: Option<i32>,
    /// For an engine estimate, the depth of the last completed iteration.
    pub depth: Option<u32>,
    /// Nodes searched by the mate solver and the engine together.
    pub nodes: u64,
    /// A warning about the answer (a table that predates repetition values), if any.
    pub warning: Option<String>,
}

impl Analysis {
    fn moves(&self) -> Vec<String> {
        self.line.iter().map(Move::to_string).collect()
    }

    /// `win in 9`, `loss by repetition`, `draw by perpetual check`, `unknown`.
    fn verdict(&self) -> String {
        let mut text = self.result.name().to_string();
        match (self.by, self.plies) {
            (Some(By::Mate), Some(n)) => text += &format!(" in {n}"),
            (Some(By::PerpetualCheck), _) => text += " by perpetual check",
            (Some(by), _) => text += &format!(" by {}", by.name()),
            (None, _) => {}
        }
        text
    }
}

/// `SFEN [material]: win in 9 (exact, tablebase); best G*2c; line G*2c …`, or for an estimate
/// `SFEN [material]: unknown (estimate: +35 cp at depth 12, engine); best …; line …`.
impl fmt::Display for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}]: {} (", self.sfen, self.material, self.verdict())?;
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
        write!(f, ", {}); best ", self.source.name())?;
        match self.best {
            Some(m) => write!(f, "{m}")?,
            None => f.write_str("none")?,
        }
        let line = if self.line.is_empty() { "-".to_string() } else { self.moves().join(" ") };
        write!(f, "; line {line}")
    }
}

/// `{"best", "by", "depth", "exact", "first_player", "line", "material", "nodes", "plies",
/// "result", "score_cp", "score_mate", "sfen", "source"}` in alphabetical order, as `tb probe
/// --json` orders its keys; the keys they share hold the same values for a table's answer.
impl Serialize for Analysis {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Analysis", 14)?;
        s.serialize_field("best", &self.best.map(|m| m.to_string()))?;
        s.serialize_field("by", &self.by.map(By::name))?;
        s.serialize_field("depth", &self.depth)?;
        s.serialize_field("exact", &self.exact)?;
        s.serialize_field("first_player", self.first_player.name())?;
        s.serialize_field("line", &self.moves())?;
        s.serialize_field("material", &self.material)?;
        s.serialize_field("nodes", &self.nodes)?;
        s.serialize_field("plies", &self.plies)?;
        s.serialize_field("result", self.result.name())?;
        s.serialize_field("score_cp", &self.score_cp)?;
        s.serialize_field("score_mate", &self.score_mate)?;
        s.serialize_field("sfen", &self.sfen)?;
        s.serialize_field("source", self.source.name())?;
        s.end()
    }
}
