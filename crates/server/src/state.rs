//! What every request handler shares: the tables, the workers, the limits, the analysis budget.

use crate::expensive::Workers;
use crate::limits::Limits;
use minishogi_analysis::AnalysisLimits;
use minishogi_tablebase::Tablebase;
use std::sync::Arc;

/// The server's shared state (cheap to clone).
#[derive(Clone, Debug)]
pub struct AppState {
    /// The table directory, opened lazily per material set.
    pub tablebase: Arc<Tablebase>,
    /// The limits in force.
    pub limits: Limits,
    /// The budget of an analysis of a position without a table (`None`: no analysis).
    pub analysis: Option<AnalysisLimits>,
    pub(crate) probe_workers: Workers,
    pub(crate) search_workers: Workers,
}

impl AppState {
    /// The state of a server over `tablebase` with `limits`, analysing positions without a
    /// table within `analysis`.
    pub fn new(tablebase: Tablebase, limits: Limits, analysis: Option<AnalysisLimits>) -> AppState {
        let probe_workers = Workers::new(limits.probe_workers, limits.timeout);
        let search_workers = Workers::new(limits.search_workers, limits.search_timeout);
        AppState { tablebase: Arc::new(tablebase), limits, analysis, probe_workers, search_workers }
    }
}
