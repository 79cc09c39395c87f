//! The USI protocol over the Minishogi engine: [`Usi`] reads the commands of a shogi GUI (or a
//! match runner), calls the engine's search or the mate solver for each, and writes `info`,
//! `bestmove` and `checkmate` lines. It only parses and prints; what a search does is
//! `minishogi_engine`'s.
//!
//! ```
//! use minishogi_usi::Usi;
//! use std::io::Write;
//! use std::sync::{Arc, Mutex};
//!
//! /// Collects what the engine writes.
//! #[derive(Clone, Default)]
//! struct Transcript(Arc<Mutex<Vec<u8>>>);
//!
//! impl Write for Transcript {
//!     fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
//!         self.0.lock().unwrap().write(bytes)
//!     }
//!     fn flush(&mut self) -> std::io::Result<()> {
//!         Ok(())
//!     }
//! }
//!
//! let transcript = Transcript::default();
//! let mut usi = Usi::new(Box::new(transcript.clone()));
//! usi.run("isready\nposition startpos moves 5d5c\ngo depth 2\nstop\nquit\n".as_bytes()).unwrap();
//! let text = String::from_utf8(transcript.0.lock().unwrap().clone()).unwrap();
//! assert!(text.starts_with("readyok\n"));
//! assert!(text.lines().any(|line| line.starts_with("bestmove ")));
//! ```

#![forbid(unsafe_code)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

mod lines;
mod mate;
mod options;
mod parse;
mod protocol;

pub use protocol::Usi;
