//! A step's receipt: a small text file of `key value` lines, written (atomically) after the
//! step's products, so that its presence marks the step finished and a rerun can skip it.

use crate::Error;
use std::path::Path;
use std::str::FromStr;

/// The lines of a receipt, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Receipt {
    entries: Vec<(String, String)>,
}

impl Receipt {
    /// An empty receipt.
    pub fn new() -> Receipt {
        Receipt::default()
    }

    /// Adds `key value` (the value must not contain a newline).
    pub fn with(mut self, key: &str, value: impl std::fmt::Display) -> Receipt {
        self.entries.push((key.to_string(), value.to_string()));
        self
    }

    /// The value of `key`, if present.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The value of `key` parsed, or an error naming the file and the key.
    pub fn parse<T: FromStr>(&self, key: &str, path: &Path) -> Result<T, Error> {
        self.get(key)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| Error::BadReceipt { path: path.to_path_buf(), key: key.to_string() })
    }

    /// Writes the receipt to `path` (a temporary name, then renamed).
    pub fn save(&self, path: &Path) -> Result<(), Error> {
        let text: String = self.entries.iter().map(|(k, v)| format!("{k} {v}\n")).collect();
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        std::fs::write(&tmp, text).map_err(|e| Error::io(Path::new(&tmp), e))?;
        std::fs::rename(&tmp, path).map_err(|e| Error::io(path, e))
    }

    /// Reads a receipt; `Ok(None)` when the file does not exist (the step has not finished).
    pub fn load(path: &Path) -> Result<Option<Receipt>, Error> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(Error::io(path, e)),
        };
        let entries = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let (k, v) = l.split_once(' ').unwrap_or((l, ""));
                (k.to_string(), v.to_string())
            })
            .collect();
        Ok(Some(Receipt { entries }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_reports_a_bad_key() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("gen01.match");
        assert_eq!(Receipt::load(&path).unwrap(), None);
        let r = Receipt::new().with("kept", "yes").with("pentanomial", "1 2 3 4 5").with("wins", 7);
        r.save(&path).unwrap();
        let back = Receipt::load(&path).unwrap().unwrap();
        assert_eq!(back, r);
        assert_eq!(back.parse::<u64>("wins", &path).unwrap(), 7);
        let err = back.parse::<u64>("kept", &path).unwrap_err().to_string();
        assert!(err.contains("gen01.match") && err.contains("'kept'"), "{err}");
    }
}
