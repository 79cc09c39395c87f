//! What both answers, `/api/probe` and `/api/mainline`, say first: the position, where its value
//! comes from, and the value.

use crate::value::PositionValue;
use serde::Serialize;

/// The position asked about and its value (flattened into [`crate::ProbeReport`] and
/// [`crate::MainlineReport`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionSummary {
    /// The position, as SFEN.
    pub sfen: String,
    /// Its material set, e.g. `G` (`-` for kings only).
    pub material: String,
    /// Who moved first in the game: `sente` or `gote`.
    pub first_player: &'static str,
    /// True when the value is proved: read from a table (but not a draw from a table that
    /// predates repetition values), or a mate the solver proved. For a line, true when every
    /// value of it is.
    pub exact: bool,
    /// Where the value comes from: `tablebase`, `mate-solver` or `engine`.
    pub source: &'static str,
    /// The value from the view of the side to move.
    #[serde(flatten)]
    pub value: PositionValue,
}
