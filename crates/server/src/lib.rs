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
//! The root holds what running or embedding the server needs: [`serve`] and [`serve_on`] with
//! [`ServeOptions`] and [`Limits`], [`router`] over an [`AppState`] to mount the routes in
//! another axum application, and [`ServerError`]. The JSON reports and the query parsing are
//! internal; their shapes are documented in docs/server.md.

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

pub use limits::Limits;
pub use options::{ServeOptions, DEFAULT_ADDR};
pub use routes::router;
pub use run::{serve, serve_on, ServerError};
pub use state::AppState;
