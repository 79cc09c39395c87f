//! The worker threads every parallel run (self-play, tuning, matches) is installed on.

use crate::Error;
use rayon::{ThreadPool, ThreadPoolBuilder};

/// A rayon pool of `threads` workers, or one per core with `None`. Results of the runs do not
/// depend on the count; only their speed does.
pub fn thread_pool(threads: Option<usize>) -> Result<ThreadPool, Error> {
    let mut builder = ThreadPoolBuilder::new();
    if let Some(count) = threads {
        if count == 0 {
            return Err(Error::ZeroThreads);
        }
        builder = builder.num_threads(count);
    }
    Ok(builder.build()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_threads_is_an_error_and_one_is_one() {
        assert!(matches!(thread_pool(Some(0)), Err(Error::ZeroThreads)));
        assert_eq!(thread_pool(Some(1)).unwrap().current_num_threads(), 1);
    }
}
