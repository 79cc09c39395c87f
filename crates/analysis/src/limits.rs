//! How much an analysis may spend on the mate solver and on the engine.

use minishogi_mate::DEFAULT_TABLE_MB;
use std::time::Duration;

/// The budget of one analysis. The defaults answer in about a second at most: 0.4 s of mate
/// solving and 0.5 s of engine search (the tables cost a few reads).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisLimits {
    /// Nodes at most for all the mate solver's searches together (`None`: no node limit).
    pub mate_nodes: Option<u64>,
    /// Wall time at most for all the mate solver's searches together (`None`: no time limit;
    /// with neither limit the solver runs until it answers).
    pub mate_time: Option<Duration>,
    /// After tsume finds no mate, look for a forced mate with quiet moves within this many
    /// plies (0: skip).
    pub any_move_plies: u32,
    /// When the side to move has no mate, look for the opponent's mate after every reply (a
    /// mate against every reply is a proved loss).
    pub reply_mates: bool,
    /// Time at most for the engine's search (`None`: not limited by time).
    pub engine_time: Option<Duration>,
    /// Depth at most of the engine's search (`None`: not limited by depth).
    pub engine_depth: Option<u32>,
    /// Nodes at most for the engine's search (`None`: not limited by nodes; with no engine
    /// limit at all the search stops at depth [`AnalysisLimits::FALLBACK_DEPTH`]).
    pub engine_nodes: Option<u64>,
    /// Size of the mate solver's and of the engine's transposition tables, in MB each.
    pub hash_mb: usize,
}

impl AnalysisLimits {
    /// The engine's depth when none of its limits is set.
    pub const FALLBACK_DEPTH: u32 = 8;

    /// The default limits with the solver's time, the engine's time and the engine's depth that
    /// are given: a depth replaces the engine's default time unless a time is given too.
    pub fn with(
        mate_time: Option<Duration>,
        engine_time: Option<Duration>,
        engine_depth: Option<u32>,
    ) -> Self {
        let mut limits = AnalysisLimits::default();
        limits.mate_time = mate_time.or(limits.mate_time);
        if engine_depth.is_some() {
            limits.engine_depth = engine_depth;
            limits.engine_time = None;
        }
        limits.engine_time = engine_time.or(limits.engine_time);
        limits
    }
}

impl Default for AnalysisLimits {
    fn default() -> Self {
        AnalysisLimits {
            mate_nodes: None,
            mate_time: Some(Duration::from_millis(400)),
            any_move_plies: 5,
            reply_mates: true,
            engine_time: Some(Duration::from_millis(500)),
            engine_depth: None,
            engine_nodes: None,
            hash_mb: DEFAULT_TABLE_MB,
        }
    }
}
