//! The engine's side of the pipe, shared by the protocol loop and the search thread (which
//! prints thinking output): one line at a time, flushed at once.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

/// A writer shared between threads, written a whole line at a time.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Wraps `writer`.
    pub fn new(writer: Box<dyn Write + Send>) -> Output {
        Output(Arc::new(Mutex::new(writer)))
    }

    /// Writes `text` and a newline, then flushes.
    pub fn line(&self, text: &str) -> io::Result<()> {
        // A poisoned lock means another thread panicked mid-line; the writer itself is fine.
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        writeln!(w, "{text}")?;
        w.flush()
    }
}
