//! Running work on a pool of a chosen number of threads (the generator, the verifier and the CLI's
//! table commands all take a thread count).

/// The worker thread pool could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot start {threads} worker threads: {message}")]
pub struct ThreadPoolError {
    /// Requested threads.
    pub threads: usize,
    /// The operating system's reason.
    pub message: String,
}

/// Runs `f` on a pool of `threads` workers, or on rayon's global pool for `None`.
pub fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> T + Send,
) -> Result<T, ThreadPoolError> {
    match threads {
        None => Ok(f()),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map(|pool| pool.install(f))
            .map_err(|e| ThreadPoolError { threads: n, message: e.to_string() }),
    }
}
