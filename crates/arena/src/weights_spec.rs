//! Which weights play or start a tuning run, as a user names them: an [`EvalSpec`] that names
//! linear weights (`linear`, `initial` or a weights file).

use crate::Error;
use minishogi_engine::{EvalSpec, EvalSpecError, Weights};
use std::path::Path;

/// Loads the linear weights named by `spec` ([`EvalSpec::parse`]): `linear` (the shipped
/// weights), `initial` (the hand-set weights) or the path of a weights file; `embedded`, the
/// shipped network, is refused. The spec doubles as the weights' name in datasets and reports.
pub fn load_weights(spec: &str) -> Result<Weights, Error> {
    EvalSpec::parse(spec).weights().map_err(|e| match e {
        EvalSpecError::Weights(source) => Error::WeightsFile { path: Path::new(spec).to_path_buf(), source },
        other => Error::EvalSpec(other),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_specs_and_a_missing_file() {
        assert_eq!(load_weights("initial").unwrap(), Weights::initial());
        assert_eq!(load_weights("linear").unwrap(), Weights::default_embedded());
        let err = load_weights("embedded").unwrap_err().to_string();
        assert!(err.contains("the shipped linear weights are 'linear'"), "{err}");
        let err = load_weights("/nonexistent/w.bin").unwrap_err().to_string();
        assert!(err.starts_with("/nonexistent/w.bin: "), "{err}");
    }
}
