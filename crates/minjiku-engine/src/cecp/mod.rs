//! The CECP protocol (XBoard / WinBoard, version 2) over the engine: [`Cecp`] reads the
//! commands of a GUI or a match runner, keeps the game, searches on a thread of its own and
//! answers `move MOVE` in the `minjiku` crate's coordinate notation. It only parses and prints;
//! what a search does is the engine's.
//!
//! ```
//! use minjiku_engine::{cecp::Cecp, Weights};
//! use std::io::{Cursor, Write};
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
//! let input = "xboard\nprotover 2\nnew\nsd 2\nusermove h2a9+\nping 1\n";
//! Cecp::new(Box::new(transcript.clone()), Weights::initial()).run(Cursor::new(input)).unwrap();
//! let text = String::from_utf8(transcript.0.lock().unwrap().clone()).unwrap();
//! assert!(text.lines().next().unwrap().ends_with("done=1"));
//! assert!(text.lines().any(|line| line.starts_with("move ")));
//! ```

mod command;
mod output;
mod session;
mod time_control;

pub use command::{parse, Command, CommandError};
pub use session::{Cecp, EGT_TYPE, ENGINE_NAME, VARIANT};
