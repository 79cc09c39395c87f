//! The USI side of an engine run as a child process: starting it and talking to it
//! ([`EngineProcess`]), what went wrong when it failed ([`EngineFailure`]), its replies to `go`
//! ([`Reply`], [`UsiScore`], read from `info` lines by [`parse_info`]), and the text forms of its
//! command line and options ([`split_command`], [`parse_option`]). A match starts engines from an
//! [`crate::EngineSpec`].

pub use crate::engine_process::{parse_info, EngineProcess, Reply, UsiScore};
pub use crate::engine_spec::{parse_option, split_command};
pub use crate::error::EngineFailure;
