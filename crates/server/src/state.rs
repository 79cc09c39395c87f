//! What every request handler shares: the tables, the workers, the limits.

use crate::expensive::Workers;
use crate::limits::Limits;
use minishogi_tablebase::Tablebase;
use std::sync::Arc;

/// The server's shared state (cheap to clone).
#[derive(Clone, Debug)]
pub struct AppState {
    /// The table directory, opened lazily per material set.
    pub tablebase: Arc<Tablebase>,
    /// The limits in force.
    pub limits: Limits,
    pub(crate) probe_workers: Workers,
}

impl AppState {
    /// The state of a server over `tablebase` with `limits`.
    pub fn new(tablebase: Tablebase, limits: Limits) -> AppState {
        let probe_workers = Workers::new(limits.probe_workers, limits.timeout);
        AppState { tablebase: Arc::new(tablebase), limits, probe_workers }
    }
}
