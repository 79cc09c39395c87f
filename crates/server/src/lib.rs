//! The explorer's HTTP server: exact values of Minishogi positions from the endgame tables as a
//! JSON API (`/api/probe`, `/api/mainline`), and the web page that shows them, embedded in the
//! binary.
//!
//! The values come from [`minishogi_tablebase::Tablebase::probe`] and
//! [`minishogi_tablebase::Tablebase::line`], the code path of `minishogi tb probe`; this crate
//! only sorts, serialises and serves them. A position whose material has no table is answered by
//! [`minishogi_analysis::analyse`] (the mate solver, then the engine), marked `"exact": false`
//! unless a mate is proved. See docs/server.md for the JSON shapes and the limits.
//!
//! ```no_run
//! use minishogi_server::{serve, ServeOptions, DEFAULT_ADDR};
//!
//! // Serves the tables of ./tables (and the page) until the process is stopped.
//! serve(&ServeOptions::new("tables", DEFAULT_ADDR))?;
//! # Ok::<(), minishogi_server::ServerError>(())
//! ```
//!
//! A query names a position by its SFEN (spaces as `%20` or `+`, a promoted piece's `+` as
//! `%2B`) and the player who began the game:
//!
//! ```
//! use minishogi::Color;
//! use minishogi_server::PositionQuery;
//!
//! let query = PositionQuery::parse(Some("sfen=4k/5/5/5/K4+b+G+1&first_player=gote")).unwrap();
//! assert_eq!((query.position.to_sfen(), query.first_player), ("4k/5/5/5/K4 b G 1".to_string(), Color::Gote));
//! assert!(PositionQuery::parse(Some("sfen=+R3k/5/5/5/K4+b+-+1")).is_err());
//! ```

#![forbid(unsafe_code)]

mod analysed;
mod assets;
mod content_type;
mod error;
mod expensive;
mod limits;
mod mainline;
mod middleware;
mod options;
mod order;
mod probe;
mod query;
mod routes;
mod run;
mod state;
mod summary;
mod value;

pub use analysed::{analysed_mainline, analysed_probe, quick_limits};
pub use error::ApiError;
pub use limits::Limits;
pub use mainline::{mainline, EndOfLine, MainlineReport, PlyReport};
pub use options::{ServeOptions, DEFAULT_ADDR};
pub use probe::{probe, MoveReport, ProbeReport};
pub use query::PositionQuery;
pub use routes::router;
pub use run::{serve, serve_on, ServerError};
pub use state::AppState;
pub use summary::PositionSummary;
pub use value::PositionValue;
