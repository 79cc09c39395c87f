//! How to start an engine: its command line (split like a shell would, quotes honoured), its
//! `setoption` pairs, and the name it goes by in reports.

use crate::Error;

/// An engine to start as a child process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The command line as given, for messages.
    pub command: String,
    /// Program and arguments.
    pub argv: Vec<String>,
    /// `setoption name N value V` pairs, sent in this order after `usiok`.
    pub options: Vec<(String, String)>,
    /// The name in reports; `None` takes the engine's `id name`.
    pub name: Option<String>,
}

impl EngineSpec {
    /// An engine started by `command` (e.g. `"minishogi usi"`), with `NAME=VALUE` options.
    pub fn new(command: &str, options: &[String]) -> Result<EngineSpec, Error> {
        let argv = split_command(command)?;
        let options = options.iter().map(|o| parse_option(o)).collect::<Result<Vec<_>, _>>()?;
        Ok(EngineSpec { command: command.to_string(), argv, options, name: None })
    }

    /// The same engine under another name in reports.
    pub fn named(self, name: Option<String>) -> EngineSpec {
        EngineSpec { name, ..self }
    }
}

/// Splits `NAME=VALUE` at the first `=`.
pub fn parse_option(option: &str) -> Result<(String, String), Error> {
    match option.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => Ok((name.trim().to_string(), value.to_string())),
        _ => Err(Error::EngineOption { option: option.to_string() }),
    }
}

/// Splits a command line into words at whitespace; single or double quotes keep spaces in a word.
pub fn split_command(command: &str) -> Result<Vec<String>, Error> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in command.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '\'' || c == '"' => (quote, in_word) = (Some(c), true),
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    let bad = |message| Error::EngineCommand { command: command.to_string(), message };
    if quote.is_some() {
        return Err(bad("unclosed quote"));
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(bad("empty"));
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell_and_options_at_the_first_equals() {
        assert_eq!(split_command("minishogi usi").unwrap(), ["minishogi", "usi"]);
        assert_eq!(split_command(" 'my engine' --x \"a b\"  ").unwrap(), ["my engine", "--x", "a b"]);
        assert!(split_command("  ").is_err());
        assert!(split_command("a 'b").is_err());
        assert_eq!(parse_option("EvalFile=a=b.nnue").unwrap(), ("EvalFile".into(), "a=b.nnue".into()));
        assert!(parse_option("Hash").is_err());
        assert!(EngineSpec::new("x", &["=1".into()]).is_err());
    }
}
