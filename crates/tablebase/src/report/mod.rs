//! What the `minishogi tb` commands print, as types: each report holds its figures and renders
//! them with `Display` (a probe's answer also as JSON, through `serde`). The texts name the
//! command that rebuilds a table where the report itself shows the table is outdated.

mod build;
mod info;
mod memory;
mod probe;
mod rewrite;
mod units;
mod verify;

pub use info::TableInfo;
pub use memory::MemoryCheck;
pub use probe::ProbeAnswer;
pub use rewrite::RewrittenTable;
pub use units::{human_bytes, thousands};
