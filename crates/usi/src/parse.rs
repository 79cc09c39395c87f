//! The arguments of the USI commands that carry some: `position`, `go` and `go mate`.

use minishogi::error::PositionMovesError;
use minishogi::{Game, PositionWithMoves, RuleSet};
use minishogi_engine::{Clock, Limits};
use std::time::Duration;
use thiserror::Error;

/// What is wrong with the arguments of a USI command; the loop answers it as `info string`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub(crate) enum ArgError {
    /// `position` without `startpos` or `sfen <sfen>`.
    #[error("expected 'startpos' or 'sfen <sfen>'")]
    PositionStart,
    /// The SFEN or one of the moves of `position`.
    #[error(transparent)]
    Position(#[from] PositionMovesError),
    /// A `go` parameter without its value.
    #[error("'{0}' needs a value")]
    MissingValue(String),
    /// A `go` parameter whose value is not a number.
    #[error("'{key}' needs a number, got '{value}'")]
    NotANumber {
        /// The parameter.
        key: String,
        /// What came instead of a number.
        value: String,
    },
    /// A `go` parameter USI does not have.
    #[error("unknown go parameter '{0}'")]
    UnknownGoParameter(String),
    /// `go mate` with something other than milliseconds or `infinite`.
    #[error("'go mate' needs milliseconds or 'infinite', got '{0}'")]
    MateTime(String),
    /// `go mate` with no value.
    #[error("'go mate' needs milliseconds or 'infinite'")]
    MateTimeMissing,
    /// `go mate` with more than one value.
    #[error("'go mate' takes one value, got {0}")]
    MateTimeCount(usize),
}

/// Parses the arguments of `position` (`startpos|sfen <sfen> [moves ...]`) with the rules
/// crate's [`PositionWithMoves`]; the game keeps the history for the repetition rule.
pub(crate) fn parse_position(args: &[&str], rules: RuleSet) -> Result<Game, ArgError> {
    if !matches!(args, ["startpos", ..] | ["sfen", _, ..]) {
        return Err(ArgError::PositionStart);
    }
    let line = PositionWithMoves::parse(&args.join(" "))?;
    Ok(line.game(rules)?)
}

/// Parses the arguments of `go`; the flag is `ponder`.
pub(crate) fn parse_go(args: &[&str]) -> Result<(Limits, bool), ArgError> {
    let mut limits = Limits::default();
    let mut clock = Clock::default();
    let mut has_clock = false;
    let mut ponder = false;
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let mut value = None;
        let mut num = || -> Result<u64, ArgError> {
            let v = args.get(i + 1).ok_or_else(|| ArgError::MissingValue(key.to_string()))?;
            value = Some(());
            v.parse::<i64>()
                .map(|x| x.max(0) as u64)
                .map_err(|_| ArgError::NotANumber { key: key.to_string(), value: v.to_string() })
        };
        let ms = Duration::from_millis;
        match key {
            "btime" => (clock.time[0], has_clock) = (ms(num()?), true),
            "wtime" => (clock.time[1], has_clock) = (ms(num()?), true),
            "binc" => (clock.inc[0], has_clock) = (ms(num()?), true),
            "winc" => (clock.inc[1], has_clock) = (ms(num()?), true),
            "byoyomi" => (clock.byoyomi, has_clock) = (ms(num()?), true),
            "movetime" => limits.movetime = Some(ms(num()?)),
            "depth" => limits.depth = Some(num()?.clamp(1, 100) as u32),
            "nodes" => limits.nodes = Some(num()?),
            "infinite" => limits.infinite = true,
            "ponder" => ponder = true,
            "movestogo" => {
                num()?;
            }
            other => return Err(ArgError::UnknownGoParameter(other.to_string())),
        }
        i += if value.is_some() { 2 } else { 1 };
    }
    if has_clock {
        limits.clock = Some(clock);
    }
    Ok((limits, ponder))
}

/// Parses the arguments after `go mate`: milliseconds, or `infinite` (until solved or `stop`),
/// which is `None`.
pub(crate) fn parse_mate_time(args: &[&str]) -> Result<Option<Duration>, ArgError> {
    match args {
        ["infinite"] => Ok(None),
        [ms] => ms
            .parse::<u64>()
            .map(|ms| Some(Duration::from_millis(ms)))
            .map_err(|_| ArgError::MateTime(ms.to_string())),
        [] => Err(ArgError::MateTimeMissing),
        _ => Err(ArgError::MateTimeCount(args.len())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_go() {
        let (l, p) = parse_go(&["btime", "1000", "wtime", "2000", "byoyomi", "500"]).unwrap();
        assert!(!p);
        let c = l.clock.unwrap();
        assert_eq!(c.time, [Duration::from_millis(1000), Duration::from_millis(2000)]);
        assert_eq!(c.byoyomi, Duration::from_millis(500));
        assert!(parse_go(&["depth"]).is_err());
        assert!(parse_go(&["depth", "x"]).is_err());
        assert!(parse_go(&["sideways"]).is_err());
        // `go mate` is the tsume solver's (see `mate`); mates in n come from `go depth`.
        assert!(parse_go(&["mate", "3"]).is_err());
        assert_eq!(parse_go(&["depth", "3"]).unwrap().0.depth, Some(3));
        assert!(parse_go(&["ponder", "infinite"]).unwrap().1);
    }

    #[test]
    fn parses_position() {
        let g = parse_position(&["startpos", "moves", "5d5c", "1b1c"], RuleSet::Standard).unwrap();
        assert_eq!(g.position().to_sfen(), "rbsgk/5/P3p/5/KGSBR b - 3");
        let g = parse_position(&["sfen", "4k/5/5/P4/KGSBR", "w", "-", "1"], RuleSet::Standard).unwrap();
        assert_eq!(g.first_player(), minishogi::Color::Gote);
        assert!(parse_position(&["startpos", "moves", "5d5b"], RuleSet::Standard).is_err());
        assert!(parse_position(&["sfen", "xyz"], RuleSet::Standard).is_err());
        assert!(parse_position(&[], RuleSet::Standard).is_err());
        assert!(parse_position(&["sfen"], RuleSet::Standard).is_err());
        // A bare SFEN is the command line's form, not USI's.
        assert!(parse_position(&["4k/5/5/P4/KGSBR", "w", "-", "1"], RuleSet::Standard).is_err());
        let error = parse_position(&["startpos", "moves", "5d5c", "1a1b"], RuleSet::Standard).unwrap_err();
        assert_eq!(error.to_string(), "move 2 \"1a1b\": illegal in rbsgk/4p/P4/5/KGSBR w - 2");
        assert!(parse_position(&["startpos", "moves"], RuleSet::Standard).unwrap().moves().is_empty());
    }

    #[test]
    fn parses_the_time() {
        assert_eq!(parse_mate_time(&["infinite"]), Ok(None));
        assert_eq!(parse_mate_time(&["250"]), Ok(Some(Duration::from_millis(250))));
        assert!(parse_mate_time(&[]).is_err());
        assert!(parse_mate_time(&["soon"]).is_err());
    }
}
