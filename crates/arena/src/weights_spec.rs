//! Which weights play or start a tuning run, as a user names them.

use crate::Error;
use minishogi_engine::Weights;
use std::path::Path;

/// The spec of the shipped default weights.
pub const EMBEDDED: &str = "embedded";
/// The spec of the hand-set weights tuning starts from.
pub const INITIAL: &str = "initial";

/// Loads weights named by `spec`: [`EMBEDDED`] (the shipped default), [`INITIAL`] (the hand-set
/// weights) or the path of a weights file. The spec doubles as the weights' name in datasets and
/// reports.
pub fn load_weights(spec: &str) -> Result<Weights, Error> {
    Weights::from_spec(spec)
        .map_err(|source| Error::WeightsFile { path: Path::new(spec).to_path_buf(), source })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_specs_and_a_missing_file() {
        assert_eq!(load_weights(INITIAL).unwrap(), Weights::initial());
        assert_eq!(load_weights(EMBEDDED).unwrap(), Weights::default_embedded());
        let err = load_weights("/nonexistent/w.bin").unwrap_err().to_string();
        assert!(err.starts_with("/nonexistent/w.bin: "), "{err}");
    }
}
