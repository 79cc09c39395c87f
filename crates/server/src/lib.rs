//! The explorer's HTTP server: exact values of Minishogi positions from the endgame tables as a
//! JSON API (`/api/probe`, `/api/mainline`), and the web page that shows them, embedded in the
//! binary.
//!
//! The values come from [`minishogi_tablebase::Tablebase::answer`] and
//! [`minishogi_tablebase::Tablebase::verdict`], the code path of `minishogi tb probe`; this crate
//! only sorts, serialises and serves them. A position whose material has no table is answered by
//! [`minishogi_analysis::analyse`] (the mate solver, then the engine), marked `"exact": false`
//! unless a mate is proved. See docs/server.md for the JSON shapes and the limits.

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
pub use assets::{Asset, ASSETS};
pub use content_type::content_type_of;
pub use error::ApiError;
pub use limits::Limits;
pub use mainline::{mainline, EndOfLine, MainlineReport, PlyReport};
pub use options::{ServeOptions, DEFAULT_ADDR};
pub use order::{analysis_rank, move_rank, MoveRank};
pub use probe::{probe, MoveReport, ProbeReport};
pub use query::PositionQuery;
pub use routes::router;
pub use run::{serve, serve_on, ServerError};
pub use state::AppState;
pub use summary::PositionSummary;
pub use value::PositionValue;
