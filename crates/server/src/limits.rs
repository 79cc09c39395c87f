//! How much the server takes on: request sizes, workers and time per answer, for table probes
//! and for the analyses of positions without a table.

use std::time::Duration;

/// The server's limits (see docs/server.md, "Limits"): what the service takes on (request sizes,
/// workers, time per answer). Not a search budget like the engine's or the mate solver's
/// `Limits`: the budget of an analysis the server runs is an `AnalysisLimits`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Longest request target (path and query) in bytes; longer is a 400.
    pub max_uri_bytes: usize,
    /// Largest request body in bytes (the API reads none; a larger `Content-Length` is a 400).
    pub max_body_bytes: u64,
    /// Table probes answered at once; more wait for a worker.
    pub probe_workers: usize,
    /// Longest time a table answer may take, waiting for a worker included; longer is a 503.
    pub timeout: Duration,
    /// Analyses (mate solver and engine, for positions without a table) run at once.
    pub search_workers: usize,
    /// Longest time an analysis may take, waiting for a worker included; longer is a 503.
    pub search_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Limits {
            max_uri_bytes: 4096,
            max_body_bytes: 0,
            probe_workers: 2 * cores,
            timeout: Duration::from_secs(10),
            search_workers: cores,
            search_timeout: Duration::from_secs(30),
        }
    }
}
