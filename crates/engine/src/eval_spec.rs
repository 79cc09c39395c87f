//! What evaluates, as a user names it on the command line, in a USI option or in Python: one
//! word, one meaning (see `docs/engine.md`).
//!
//! - `embedded` (or empty): the shipped network, built into the binary — the engine's default;
//! - `linear`: the shipped linear weights, no network;
//! - `initial`: the hand-set linear weights tuning starts from, no network;
//! - anything else: the path of a file — a network where a network is asked for (`EvalFile`,
//!   `--network`, `--eval-file`), a weights file where linear weights are (`WeightsFile`,
//!   `--weights`, `--init`, `--a`/`--b`, `--linear`).

use crate::nnue::{shipped_network, Network, NetworkError};
use crate::weights::{Weights, WeightsError};
use std::convert::Infallible;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;

/// An evaluation named by a user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalSpec {
    /// `embedded`: the shipped network.
    Embedded,
    /// `linear`: the shipped linear weights.
    Linear,
    /// `initial`: the hand-set linear weights.
    Initial,
    /// A file: a network or a weights file, by what the place that reads it asks for.
    File(PathBuf),
}

/// A spec that cannot give what was asked for: linear weights from a network, or the other way.
#[derive(Debug, thiserror::Error)]
pub enum EvalSpecError {
    /// `embedded` where linear weights are asked for.
    #[error(
        "'embedded' is the shipped network, not linear weights: the shipped linear weights are 'linear'"
    )]
    NetworkNotWeights,
    /// `initial` where a network is asked for.
    #[error("'initial' names the hand-set linear weights, not a network: 'linear' evaluates with the linear weights")]
    WeightsNotNetwork,
    /// The weights file could not be read.
    #[error(transparent)]
    Weights(#[from] WeightsError),
    /// The network file could not be read.
    #[error(transparent)]
    Network(#[from] NetworkError),
}

impl EvalSpec {
    /// Reads a spec: the words above (exact, lower case), an empty text as `embedded`, anything
    /// else a path.
    pub fn parse(text: &str) -> EvalSpec {
        match text.trim() {
            "" | "embedded" => EvalSpec::Embedded,
            "linear" => EvalSpec::Linear,
            "initial" => EvalSpec::Initial,
            path => EvalSpec::File(PathBuf::from(path)),
        }
    }

    /// The linear weights named: `linear`, `initial` or a weights file (`embedded` is refused).
    pub fn weights(&self) -> Result<Weights, EvalSpecError> {
        match self {
            EvalSpec::Embedded => Err(EvalSpecError::NetworkNotWeights),
            EvalSpec::Linear => Ok(Weights::default_embedded()),
            EvalSpec::Initial => Ok(Weights::initial()),
            EvalSpec::File(path) => Ok(Weights::load(path)?),
        }
    }

    /// The network named, or `None` for `linear`: the linear weights evaluate (`initial` is
    /// refused: the hand-set weights are chosen where weights are).
    pub fn network(&self) -> Result<Option<Arc<Network>>, EvalSpecError> {
        match self {
            EvalSpec::Embedded => Ok(Some(shipped_network())),
            EvalSpec::Linear => Ok(None),
            EvalSpec::Initial => Err(EvalSpecError::WeightsNotNetwork),
            EvalSpec::File(path) => Ok(Some(Arc::new(Network::load(path)?))),
        }
    }

    /// The file named, if the spec is one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            EvalSpec::File(path) => Some(path),
            _ => None,
        }
    }
}

/// Never fails: any text that is not one of the words is a path.
impl FromStr for EvalSpec {
    type Err = Infallible;
    fn from_str(text: &str) -> Result<EvalSpec, Infallible> {
        Ok(EvalSpec::parse(text))
    }
}

/// The word, or the path as given: what `parse` reads back, and the name datasets record.
impl fmt::Display for EvalSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalSpec::Embedded => f.write_str("embedded"),
            EvalSpec::Linear => f.write_str("linear"),
            EvalSpec::Initial => f.write_str("initial"),
            EvalSpec::File(path) => write!(f, "{}", path.display()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_word_has_one_meaning() {
        for (text, spec) in [
            ("", EvalSpec::Embedded),
            ("embedded", EvalSpec::Embedded),
            ("linear", EvalSpec::Linear),
            ("initial", EvalSpec::Initial),
            ("nets/a.nnue", EvalSpec::File("nets/a.nnue".into())),
        ] {
            assert_eq!(EvalSpec::parse(text), spec, "{text}");
        }
        assert_eq!(EvalSpec::parse("initial").to_string(), "initial");
        assert_eq!(EvalSpec::Linear.weights().unwrap(), Weights::default_embedded());
        assert_eq!(EvalSpec::Initial.weights().unwrap(), Weights::initial());
        assert!(EvalSpec::Linear.network().unwrap().is_none());
        assert!(Arc::ptr_eq(&EvalSpec::Embedded.network().unwrap().unwrap(), &shipped_network()));
        assert!(matches!(EvalSpec::Embedded.weights(), Err(EvalSpecError::NetworkNotWeights)));
        assert!(matches!(EvalSpec::Initial.network(), Err(EvalSpecError::WeightsNotNetwork)));
    }

    #[test]
    fn a_file_is_read_as_what_is_asked_for() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.bin");
        Weights::initial().save(&path).unwrap();
        let spec = EvalSpec::parse(path.to_str().unwrap());
        assert_eq!(spec.weights().unwrap(), Weights::initial());
        assert!(matches!(spec.network(), Err(EvalSpecError::Network(_))), "a weights file is no network");
        let missing = EvalSpec::parse("/no/such/weights.bin").weights().unwrap_err();
        assert!(missing.to_string().contains("/no/such/weights.bin"), "{missing}");
    }
}
