//! Flag values that clap parses (`value_parser`s), whose errors read as a command's one-line
//! error with exit status 1, not as clap's usage message.

use clap::error::{ContextKind, ContextValue};
use minishogi_arena::{parse_duration, TimeControl};
use std::fmt;
use std::time::Duration;

/// A flag value that does not parse.
#[derive(Debug)]
pub enum BadValue {
    /// The whole message.
    Message(String),
    /// The rest of a message that starts with the flag's name, e.g. ` must be depth=D or nodes=N`.
    AfterFlag(String),
}

impl fmt::Display for BadValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadValue::Message(message) | BadValue::AfterFlag(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for BadValue {}

/// The one-line message of a clap error raised by a parser of this module (`None` for clap's own).
pub fn one_line(e: &clap::Error) -> Option<String> {
    match std::error::Error::source(e)?.downcast_ref::<BadValue>()? {
        BadValue::Message(message) => Some(message.clone()),
        BadValue::AfterFlag(rest) => {
            let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else { return None };
            Some(format!("{}{rest}", arg.split(' ').next().unwrap_or_default()))
        }
    }
}

/// A Minishogi position in SFEN (or `startpos`).
pub fn sfen(text: &str) -> Result<minishogi::Position, BadValue> {
    super::stdin_lines::parse_sfen(text).map_err(BadValue::Message)
}

/// A Minjiku position in Minjiku notation (or `startpos`).
pub fn fen(text: &str) -> Result<minjiku::Position, BadValue> {
    minjiku::Position::from_fen(text).map_err(|e| BadValue::Message(format!("bad position '{text}': {e}")))
}

/// A Minishogi material set such as `RG`.
pub fn material(text: &str) -> Result<minishogi_tablebase::Material, BadValue> {
    minishogi_tablebase::Material::parse(text).map_err(|e| BadValue::Message(e.to_string()))
}

/// A Minjiku material set such as `KQvK`.
pub fn minjiku_material(text: &str) -> Result<minjiku_tablebase::Material, BadValue> {
    minjiku_tablebase::Material::parse(text).map_err(|e| BadValue::Message(e.to_string()))
}

/// A time control: `byoyomi=200ms`, `40+0.4`, `nodes=N`, ….
pub fn time_control(text: &str) -> Result<TimeControl, BadValue> {
    text.parse().map_err(|e: minishogi_arena::Error| BadValue::Message(e.to_string()))
}

/// A search of fixed size: `depth=D` or `nodes=N`.
pub fn fixed_limit(text: &str) -> Result<TimeControl, BadValue> {
    match time_control(text)? {
        tc if !tc.is_clock() => Ok(tc),
        _ => Err(BadValue::AfterFlag(format!(" must be depth=D or nodes=N, got '{text}'"))),
    }
}

/// A duration such as `100ms` or `2s`.
pub fn duration(text: &str) -> Result<Duration, BadValue> {
    let bad = || BadValue::AfterFlag(format!(" '{text}' is not a duration (e.g. 100ms, 2s)"));
    parse_duration(text).ok_or_else(bad)
}
