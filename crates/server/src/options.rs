//! What `minishogi serve` is told: where the tables are, where to listen, the limits.

use crate::limits::Limits;
use minishogi_analysis::AnalysisLimits;
use std::path::PathBuf;

/// The address `minishogi serve` listens on by default (this machine only).
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// How to run the server.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The table directory.
    pub dir: PathBuf,
    /// The address to listen on, e.g. `127.0.0.1:8080`.
    pub addr: String,
    /// Request sizes, workers and time per answer.
    pub limits: Limits,
    /// The budget of the analysis of a position without a table (mate solver, then engine);
    /// `None` answers such a position with the missing table's error.
    pub analysis: Option<AnalysisLimits>,
}

impl ServeOptions {
    /// Tables in `dir`, listening on `addr`, with the default limits, positions without a table
    /// analysed with the default budget (about a second).
    pub fn new(dir: impl Into<PathBuf>, addr: impl Into<String>) -> ServeOptions {
        let analysis = Some(AnalysisLimits::default());
        ServeOptions { dir: dir.into(), addr: addr.into(), limits: Limits::default(), analysis }
    }
}
