//! Time controls and their text form (`--tc`).
//!
//! | text | meaning |
//! |------|---------|
//! | `byoyomi=200ms` | no main time, 200 ms per move (shogi's byoyomi) |
//! | `main=60s,byoyomi=1s` | 60 s main time, then 1 s per move |
//! | `40+0.4`, `main=40s,inc=400ms` | 40 s main time, 0.4 s added after each move (Fischer) |
//! | `60`, `main=1m` | sudden death: 60 s for the whole game |
//! | `nodes=5000` | `go nodes 5000` every move, no clock |
//! | `depth=6` | `go depth 6` every move, no clock |
//!
//! A duration is a number with `ms`, `s` or `m`; a bare number is seconds (`40+0.4`).

use crate::Error;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How long an engine may think: a clock, or a fixed amount of search per move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A game clock: `main` time for the game, `increment` added after each move, then `byoyomi`
    /// per move once main time is spent (at most one of the last two is non-zero).
    Clock {
        /// Main time for the whole game.
        main: Duration,
        /// Added after each move.
        increment: Duration,
        /// Time per move once main time is spent.
        byoyomi: Duration,
    },
    /// A fixed number of nodes per move.
    Nodes(u64),
    /// A fixed depth per move.
    Depth(u32),
}

impl TimeControl {
    /// Byoyomi only: `per_move` for every move.
    pub fn byoyomi(per_move: Duration) -> TimeControl {
        TimeControl::Clock { main: Duration::ZERO, increment: Duration::ZERO, byoyomi: per_move }
    }

    /// True when a clock runs (not fixed nodes or depth).
    pub fn is_clock(&self) -> bool {
        matches!(self, TimeControl::Clock { .. })
    }
}

fn bad(text: &str, message: impl Into<String>) -> Error {
    Error::TimeControl { text: text.to_string(), message: message.into() }
}

/// Parses `200ms`, `1.5s`, `2m` or a bare number of seconds.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let (number, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = text.strip_suffix('m') {
        (n, 60.0)
    } else {
        (text, 1.0)
    };
    let value: f64 = number.trim().parse().ok()?;
    (value.is_finite() && value >= 0.0).then(|| Duration::from_secs_f64(value * scale))
}

fn duration_field(tc: &str, text: &str) -> Result<Duration, Error> {
    parse_duration(text).ok_or_else(|| bad(tc, format!("'{text}' is not a duration (e.g. 200ms, 1.5s, 2m)")))
}

impl FromStr for TimeControl {
    type Err = Error;

    fn from_str(text: &str) -> Result<TimeControl, Error> {
        let tc = text.trim();
        if let Some(n) = tc.strip_prefix("nodes=") {
            let n: u64 = n.parse().map_err(|_| bad(tc, "nodes=N needs a whole number"))?;
            return if n == 0 { Err(bad(tc, "nodes must be at least 1")) } else { Ok(TimeControl::Nodes(n)) };
        }
        if let Some(d) = tc.strip_prefix("depth=") {
            let d: u32 = d.parse().map_err(|_| bad(tc, "depth=D needs a whole number"))?;
            return if d == 0 { Err(bad(tc, "depth must be at least 1")) } else { Ok(TimeControl::Depth(d)) };
        }
        let (mut main, mut increment, mut byoyomi) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
        if tc.contains('=') {
            for field in tc.split(',') {
                let (key, value) =
                    field.split_once('=').ok_or_else(|| bad(tc, format!("'{field}' is not KEY=VALUE")))?;
                let value = duration_field(tc, value)?;
                match key.trim() {
                    "main" => main = value,
                    "inc" => increment = value,
                    "byoyomi" => byoyomi = value,
                    other => {
                        return Err(bad(
                            tc,
                            format!("unknown key '{other}' (main, inc, byoyomi, nodes, depth)"),
                        ))
                    }
                }
            }
        } else {
            // cutechess style: `main` or `main+increment`.
            let (m, i) = tc.split_once('+').unwrap_or((tc, "0"));
            main = duration_field(tc, m)?;
            increment = duration_field(tc, i)?;
        }
        if increment > Duration::ZERO && byoyomi > Duration::ZERO {
            return Err(bad(tc, "an increment and a byoyomi together are not supported"));
        }
        if main.is_zero() && increment.is_zero() && byoyomi.is_zero() {
            return Err(bad(tc, "no time at all"));
        }
        Ok(TimeControl::Clock { main, increment, byoyomi })
    }
}

fn write_duration(f: &mut fmt::Formatter<'_>, d: Duration) -> fmt::Result {
    if d.subsec_millis() == 0 && d.subsec_nanos() == 0 {
        write!(f, "{}s", d.as_secs())
    } else {
        write!(f, "{}ms", d.as_millis())
    }
}

/// The canonical text form, which parses back to the same time control.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Nodes(n) => write!(f, "nodes={n}"),
            TimeControl::Depth(d) => write!(f, "depth={d}"),
            TimeControl::Clock { main, increment, byoyomi } => {
                let mut fields: Vec<(&str, Duration)> = Vec::new();
                if !main.is_zero() {
                    fields.push(("main", main));
                }
                if !increment.is_zero() {
                    fields.push(("inc", increment));
                }
                if !byoyomi.is_zero() {
                    fields.push(("byoyomi", byoyomi));
                }
                for (i, (key, value)) in fields.into_iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{key}=")?;
                    write_duration(f, value)?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn every_documented_form_parses() {
        let clock = |main, increment, byoyomi| TimeControl::Clock {
            main: ms(main),
            increment: ms(increment),
            byoyomi: ms(byoyomi),
        };
        assert_eq!("byoyomi=200ms".parse::<TimeControl>().unwrap(), clock(0, 0, 200));
        assert_eq!("main=60s,byoyomi=1s".parse::<TimeControl>().unwrap(), clock(60_000, 0, 1000));
        assert_eq!("40+0.4".parse::<TimeControl>().unwrap(), clock(40_000, 400, 0));
        assert_eq!("main=40s,inc=400ms".parse::<TimeControl>().unwrap(), clock(40_000, 400, 0));
        assert_eq!("60".parse::<TimeControl>().unwrap(), clock(60_000, 0, 0));
        assert_eq!("main=1m".parse::<TimeControl>().unwrap(), clock(60_000, 0, 0));
        assert_eq!("nodes=5000".parse::<TimeControl>().unwrap(), TimeControl::Nodes(5000));
        assert_eq!("depth=6".parse::<TimeControl>().unwrap(), TimeControl::Depth(6));
    }

    #[test]
    fn nonsense_is_refused_with_the_reason() {
        for (text, reason) in [
            ("byoyomi=fast", "not a duration"),
            ("main=1s,inc=1s,byoyomi=1s", "together"),
            ("0", "no time"),
            ("nodes=0", "at least 1"),
            ("depth=x", "whole number"),
            ("moves=40", "unknown key"),
        ] {
            let err = text.parse::<TimeControl>().unwrap_err().to_string();
            assert!(err.contains(reason), "{text}: {err}");
        }
    }

    #[test]
    fn the_text_form_round_trips() {
        for text in ["byoyomi=200ms", "main=60s,byoyomi=1s", "main=40s,inc=400ms", "nodes=5000", "depth=6"] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.to_string(), text);
        }
    }
}
