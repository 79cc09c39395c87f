//! The USI options in one table: the `usi` answer prints its lines, and `setoption` finds an
//! option in it and checks the value against the option's type and range.

use minishogi_engine::DEFAULT_MOVE_OVERHEAD;
use std::fmt;
use thiserror::Error;

/// The transposition table's size in MB when no `USI_Hash` is set.
pub(crate) const DEFAULT_HASH_MB: u64 = 16;

/// Which option (what `setoption` acts on).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum OptionId {
    Hash,
    Threads,
    Ponder,
    Variant,
    TablebaseDir,
    WeightsFile,
    EvalFile,
    Rules,
    MoveOverhead,
}

/// An option's USI type, default and accepted values.
#[derive(Copy, Clone, Debug)]
pub(crate) enum OptionType {
    /// A whole number in `min..=max`.
    Spin { default: u64, min: u64, max: u64 },
    /// `true` or `false`.
    Check { default: bool },
    /// One of `vars` (any case).
    Combo { default: &'static str, vars: &'static [&'static str] },
    /// Any text; `<empty>` is the empty string.
    Text { default: &'static str },
}

/// One option: its name as `usi` prints it, other names `setoption` accepts, and its type.
#[derive(Copy, Clone, Debug)]
pub(crate) struct UsiOption {
    pub(crate) id: OptionId,
    pub(crate) name: &'static str,
    aliases: &'static [&'static str],
    pub(crate) kind: OptionType,
}

/// Every option, in the order of the `usi` answer.
pub(crate) const OPTIONS: &[UsiOption] = &[
    UsiOption {
        id: OptionId::Hash,
        name: "USI_Hash",
        aliases: &["Hash"],
        kind: OptionType::Spin { default: DEFAULT_HASH_MB, min: 1, max: 65536 },
    },
    UsiOption {
        id: OptionId::Threads,
        name: "Threads",
        aliases: &[],
        kind: OptionType::Spin { default: 1, min: 1, max: 256 },
    },
    UsiOption {
        id: OptionId::Ponder,
        name: "USI_Ponder",
        aliases: &[],
        kind: OptionType::Check { default: false },
    },
    UsiOption {
        id: OptionId::Variant,
        name: "USI_Variant",
        aliases: &[],
        kind: OptionType::Combo { default: "minishogi", vars: &["minishogi"] },
    },
    UsiOption {
        id: OptionId::TablebaseDir,
        name: "TablebaseDir",
        aliases: &[],
        kind: OptionType::Text { default: "" },
    },
    UsiOption {
        id: OptionId::WeightsFile,
        name: "WeightsFile",
        aliases: &[],
        kind: OptionType::Text { default: "" },
    },
    UsiOption {
        id: OptionId::EvalFile,
        name: "EvalFile",
        aliases: &[],
        kind: OptionType::Text { default: "embedded" },
    },
    UsiOption {
        id: OptionId::Rules,
        name: "Rules",
        aliases: &[],
        kind: OptionType::Combo { default: "standard", vars: &["standard", "draw300"] },
    },
    UsiOption {
        id: OptionId::MoveOverhead,
        name: "MoveOverhead",
        aliases: &[],
        kind: OptionType::Spin { default: DEFAULT_MOVE_OVERHEAD.as_millis() as u64, min: 0, max: 10_000 },
    },
];

/// A `setoption` value checked against its option's type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum OptionValue {
    /// A spin's number, within its range.
    Number(u64),
    /// A check's value.
    Flag(bool),
    /// A combo's value, as the table spells it, or a string option's text (`<empty>` read as "").
    Text(String),
}

/// A `setoption` value that the option's type refuses.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{option} needs {expected}, got '{value}'")]
pub(crate) struct BadOptionValue {
    option: &'static str,
    expected: String,
    value: String,
}

impl UsiOption {
    /// The option called `name` (any case, aliases included).
    pub(crate) fn find(name: &str) -> Option<&'static UsiOption> {
        OPTIONS
            .iter()
            .find(|o| std::iter::once(&o.name).chain(o.aliases).any(|n| n.eq_ignore_ascii_case(name)))
    }

    /// Checks `value` against the option's type and range.
    pub(crate) fn read(&self, value: &str) -> Result<OptionValue, BadOptionValue> {
        let bad = |expected: String| BadOptionValue { option: self.name, expected, value: value.to_string() };
        match self.kind {
            OptionType::Spin { min, max, .. } => match value.parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(OptionValue::Number(n)),
                _ => Err(bad(format!("a number {min}..{max}"))),
            },
            OptionType::Check { .. } => match value.to_ascii_lowercase().as_str() {
                "true" => Ok(OptionValue::Flag(true)),
                "false" => Ok(OptionValue::Flag(false)),
                _ => Err(bad("true or false".to_string())),
            },
            OptionType::Combo { vars, .. } => match vars.iter().find(|v| v.eq_ignore_ascii_case(value)) {
                Some(v) => Ok(OptionValue::Text(v.to_string())),
                None => Err(bad(format!("one of {}", vars.join(", ")))),
            },
            OptionType::Text { .. } => {
                Ok(OptionValue::Text(if value == "<empty>" { "" } else { value }.to_string()))
            }
        }
    }
}

/// The option's line of the `usi` answer.
impl fmt::Display for UsiOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", self.name)?;
        match self.kind {
            OptionType::Spin { default, min, max } => write!(f, "spin default {default} min {min} max {max}"),
            OptionType::Check { default } => write!(f, "check default {default}"),
            OptionType::Combo { default, vars } => {
                write!(f, "combo default {default}")?;
                vars.iter().try_for_each(|v| write!(f, " var {v}"))
            }
            OptionType::Text { default } => {
                write!(f, "string default {}", if default.is_empty() { "<empty>" } else { default })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_of_the_usi_answer() {
        let lines: Vec<String> = OPTIONS.iter().map(|o| o.to_string()).collect();
        assert!(lines.contains(&"option name USI_Hash type spin default 16 min 1 max 65536".to_string()));
        assert!(lines.contains(&"option name USI_Ponder type check default false".to_string()));
        assert!(lines
            .contains(&"option name Rules type combo default standard var standard var draw300".to_string()));
        assert!(lines.contains(&"option name TablebaseDir type string default <empty>".to_string()));
    }

    #[test]
    fn values_are_checked_against_the_table() {
        let hash = UsiOption::find("hash").unwrap();
        assert_eq!(hash.id, OptionId::Hash);
        assert_eq!(hash.read("32"), Ok(OptionValue::Number(32)));
        assert_eq!(hash.read("0").unwrap_err().to_string(), "USI_Hash needs a number 1..65536, got '0'");
        assert!(UsiOption::find("Threads").unwrap().read("257").is_err());
        assert_eq!(UsiOption::find("MoveOverhead").unwrap().read("0"), Ok(OptionValue::Number(0)));
        assert_eq!(
            UsiOption::find("rules").unwrap().read("DRAW300"),
            Ok(OptionValue::Text("draw300".into()))
        );
        assert!(UsiOption::find("USI_Variant").unwrap().read("chess").is_err());
        assert_eq!(
            UsiOption::find("TablebaseDir").unwrap().read("<empty>"),
            Ok(OptionValue::Text(String::new()))
        );
        assert!(UsiOption::find("NoSuchOption").is_none());
    }
}
