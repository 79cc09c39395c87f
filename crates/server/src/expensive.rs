//! Work that blocks (table reads, searches) runs on tokio's blocking threads, a bounded number at
//! once, and gives up answering after a time limit.

use crate::error::ApiError;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;
use tokio::time::Instant;

/// A bounded set of workers for blocking work, with a time limit per answer.
#[derive(Clone, Debug)]
pub struct Workers {
    permits: Arc<Semaphore>,
    timeout: Duration,
}

impl Workers {
    /// At most `count` jobs at once (at least one), each answered within `timeout`.
    pub fn new(count: usize, timeout: Duration) -> Workers {
        Workers { permits: Arc::new(Semaphore::new(count.max(1))), timeout }
    }

    /// Runs `work` on a blocking thread once a worker is free. Waiting and working together may
    /// take `timeout`; past it the answer is [`ApiError::timed_out`], and the work (which cannot be
    /// stopped) keeps its worker until it returns, so the bound holds. A panic is a 500.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let permits = Arc::clone(&self.permits);
        let task = async move {
            let permit =
                permits.acquire_owned().await.map_err(|_| ApiError::internal("the workers are shut down"))?;
            let joined = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                work()
            })
            .await;
            joined.map_err(|e| match e.is_panic() {
                true => ApiError::internal("the answer failed (a bug in the server: see its log)"),
                false => ApiError::internal("the answer was cancelled"),
            })?
        };
        let deadline = Instant::now() + self.timeout;
        match tokio::time::timeout_at(deadline, task).await {
            // The timer ticks by milliseconds: an answer ready past the deadline is late too.
            Ok(answer) if Instant::now() <= deadline => answer,
            _ => Err(ApiError::timed_out(self.timeout.as_secs_f64())),
        }
    }
}
