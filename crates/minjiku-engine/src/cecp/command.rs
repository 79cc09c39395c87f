//! One CECP command line, parsed: what XBoard (protocol version 2) sends to an engine, as far as
//! this engine uses it.

use std::time::Duration;

/// A command from the GUI.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `xboard`: the GUI announces the protocol.
    Xboard,
    /// `protover N`: the protocol version; the engine answers with its features.
    Protover(u32),
    /// `accepted FEATURE` / `rejected FEATURE`: the GUI's answer to a feature.
    FeatureReply,
    /// `new`: the start position, the engine plays Black, no depth limit.
    New,
    /// `variant NAME`: the variant of the next game.
    Variant(String),
    /// `force`: play neither side (moves are only recorded).
    Force,
    /// `go`: play the side to move, and move now.
    Go,
    /// `playother`: play the side not to move.
    PlayOther,
    /// `level MPS BASE INC`: a clock of `base` for `mps` moves (0: the whole game) plus `inc`
    /// per move.
    Level {
        /// Moves per time control (0: the whole game).
        moves: u32,
        /// Time per control.
        base: Duration,
        /// Increment per move.
        increment: Duration,
    },
    /// `st T`: a fixed time per move (seconds, fractions allowed).
    MoveTime(Duration),
    /// `sd D`: a depth limit.
    Depth(u32),
    /// `time N`: the engine's clock, in centiseconds.
    Time(Duration),
    /// `otim N`: the opponent's clock, in centiseconds.
    OpponentTime(Duration),
    /// `usermove MOVE` (or `usermove` as a bare move is not accepted: the feature is on).
    UserMove(String),
    /// `?`: move now.
    MoveNow,
    /// `ping N`: answered `pong N`.
    Ping(String),
    /// `result RESULT {COMMENT}`: the game is over.
    Result,
    /// `setboard FEN`: a position in the crate's notation.
    SetBoard(String),
    /// `undo`: take back one move.
    Undo,
    /// `remove`: take back two moves.
    Remove,
    /// `post` / `nopost`: print thinking output or not.
    Post(bool),
    /// `memory MB`: the size of the transposition table.
    Memory(usize),
    /// `egtpath TYPE PATH`: the directory of endgame tables of a type (this engine reads
    /// `minjiku`, its own tables).
    EgtPath {
        /// The table type, as announced in `feature egt`.
        kind: String,
        /// The directory.
        path: String,
    },
    /// Commands this engine has nothing to do for: `hard`, `easy`, `random`, `computer`,
    /// `name`, `rating`, `ics`, `draw`, `.`, `cores`, `white`, `black`.
    Ignored,
    /// `quit`.
    Quit,
}

/// Why a line is not a command this engine accepts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// The first word is no command.
    #[error("unknown command")]
    Unknown,
    /// A command without its argument.
    #[error("missing argument")]
    MissingArgument,
    /// An argument that does not parse.
    #[error("bad argument '{0}'")]
    BadArgument(String),
    /// A command this engine knows but does not support.
    #[error("not supported")]
    Unsupported,
}

/// Parses one line (without its newline); `Ok(None)` for an empty line.
pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let arg = || if rest.is_empty() { Err(CommandError::MissingArgument) } else { Ok(rest) };
    let command = match word {
        "" => return Ok(None),
        "xboard" => Command::Xboard,
        "protover" => Command::Protover(number(arg()?)?),
        "accepted" | "rejected" => Command::FeatureReply,
        "new" => Command::New,
        "variant" => Command::Variant(arg()?.to_string()),
        "force" => Command::Force,
        "go" => Command::Go,
        "playother" => Command::PlayOther,
        "level" => level(arg()?)?,
        "st" => Command::MoveTime(seconds(arg()?)?),
        "sd" => Command::Depth(number(arg()?)?),
        "time" => Command::Time(centiseconds(arg()?)?),
        "otim" => Command::OpponentTime(centiseconds(arg()?)?),
        "usermove" => Command::UserMove(arg()?.to_string()),
        "?" => Command::MoveNow,
        "ping" => Command::Ping(rest.to_string()),
        "result" => Command::Result,
        "setboard" => Command::SetBoard(arg()?.to_string()),
        "undo" => Command::Undo,
        "remove" => Command::Remove,
        "post" => Command::Post(true),
        "nopost" => Command::Post(false),
        "memory" => Command::Memory(number(arg()?)?),
        "egtpath" => {
            let (kind, path) = arg()?.split_once(char::is_whitespace).ok_or(CommandError::MissingArgument)?;
            Command::EgtPath { kind: kind.to_string(), path: path.trim().to_string() }
        }
        "hard" | "easy" | "random" | "computer" | "name" | "rating" | "ics" | "draw" | "." | "cores"
        | "white" | "black" | "hint" | "bk" => Command::Ignored,
        "analyze" | "exit" | "edit" | "pause" | "resume" => return Err(CommandError::Unsupported),
        "quit" => Command::Quit,
        _ => return Err(CommandError::Unknown),
    };
    Ok(Some(command))
}

fn number<T: std::str::FromStr>(text: &str) -> Result<T, CommandError> {
    text.parse().map_err(|_| CommandError::BadArgument(text.to_string()))
}

/// Seconds, whole or fractional (`st 0.1`), finite and not negative.
fn seconds(text: &str) -> Result<Duration, CommandError> {
    let value: f64 = number(text)?;
    Duration::try_from_secs_f64(value).map_err(|_| CommandError::BadArgument(text.to_string()))
}

/// Centiseconds (`time 6000`); XBoard may send a negative value once the flag has fallen.
fn centiseconds(text: &str) -> Result<Duration, CommandError> {
    let value: i64 = number(text)?;
    Ok(Duration::from_millis(value.max(0) as u64 * 10))
}

/// `level MPS BASE INC`: BASE in minutes or `minutes:seconds`, INC in seconds.
fn level(args: &str) -> Result<Command, CommandError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let [moves, base, increment] = words[..] else { return Err(CommandError::BadArgument(args.to_string())) };
    let base = match base.split_once(':') {
        Some((minutes, secs)) => {
            let minutes: u64 = number(minutes)?;
            let secs: u64 = number(secs)?;
            Duration::from_secs(minutes * 60 + secs)
        }
        None => seconds(base)?.saturating_mul(60),
    };
    Ok(Command::Level { moves: number(moves)?, base, increment: seconds(increment)? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_their_arguments() {
        assert_eq!(parse("protover 2"), Ok(Some(Command::Protover(2))));
        assert_eq!(parse("st 0.1"), Ok(Some(Command::MoveTime(Duration::from_millis(100)))));
        assert_eq!(parse("st 3"), Ok(Some(Command::MoveTime(Duration::from_secs(3)))));
        assert_eq!(parse("sd 7"), Ok(Some(Command::Depth(7))));
        assert_eq!(parse("time 6000"), Ok(Some(Command::Time(Duration::from_secs(60)))));
        assert_eq!(parse("otim -20"), Ok(Some(Command::OpponentTime(Duration::ZERO))));
        assert_eq!(
            parse("level 40 5 0"),
            Ok(Some(Command::Level { moves: 40, base: Duration::from_secs(300), increment: Duration::ZERO }))
        );
        assert_eq!(
            parse("level 0 2:30 1.5"),
            Ok(Some(Command::Level {
                moves: 0,
                base: Duration::from_secs(150),
                increment: Duration::from_millis(1500)
            }))
        );
        assert_eq!(parse("usermove h2a9+"), Ok(Some(Command::UserMove("h2a9+".into()))));
        assert_eq!(parse("  "), Ok(None));
        assert_eq!(parse("ping 7"), Ok(Some(Command::Ping("7".into()))));
        assert_eq!(
            parse("egtpath minjiku /t/my tables"),
            Ok(Some(Command::EgtPath { kind: "minjiku".into(), path: "/t/my tables".into() }))
        );
    }

    #[test]
    fn bad_lines_are_errors() {
        assert_eq!(parse("frobnicate"), Err(CommandError::Unknown));
        assert_eq!(parse("st"), Err(CommandError::MissingArgument));
        assert_eq!(parse("egtpath minjiku"), Err(CommandError::MissingArgument));
        assert_eq!(parse("st -1"), Err(CommandError::BadArgument("-1".into())));
        assert_eq!(parse("st NaN"), Err(CommandError::BadArgument("NaN".into())));
        assert_eq!(parse("sd x"), Err(CommandError::BadArgument("x".into())));
        assert_eq!(parse("level 40 5"), Err(CommandError::BadArgument("40 5".into())));
        assert_eq!(parse("level 40 a:b 0"), Err(CommandError::BadArgument("a".into())));
        assert_eq!(parse("analyze"), Err(CommandError::Unsupported));
        assert_eq!(parse("st 1e300"), Err(CommandError::BadArgument("1e300".into())));
    }
}
