//! What the table commands print. Each library type a command reports is shown through
//! [`Text`] (a probe's answer also as JSON, through [`ProbeReply`]); the texts name the command
//! that fixes an error or rebuilds an outdated table.

mod build;
mod errors;
mod info;
mod memory;
mod minjiku;
mod probe;
mod rewrite;
mod units;
mod verify;

pub use errors::{describe, describe_minjiku};
pub use probe::ProbeReply;

/// A library value as the commands print it (`Display`).
pub struct Text<'a, T>(pub &'a T);
