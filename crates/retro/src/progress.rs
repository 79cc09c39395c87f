//! Progress reports of long computations (generation, verification), for the caller to display.

/// A report of progress: `done` of `total` slots in the current phase.
#[derive(Copy, Clone, Debug)]
pub struct Progress<'a> {
    /// What is being done. Generation: `"moves"` (counting moves), `"mate N"` (the pass that
    /// handles distance N) or `"values"` (final encoding); verification: `"verify"`.
    pub phase: &'a str,
    /// Slots done in this phase.
    pub done: u64,
    /// Slots in this phase.
    pub total: u64,
}
