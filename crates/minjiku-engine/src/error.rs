//! Errors of the analysis of a position ([`crate::analysis`]).

use minjiku::error::PositionMovesError;

/// Why a position could not be analysed.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// The position or one of the moves after it does not read.
    #[error("bad position '{text}': {error}")]
    BadPosition {
        /// The text given.
        text: String,
        /// What is wrong with it.
        #[source]
        error: PositionMovesError,
    },
    /// A table file of the position's set could not be read (damaged, truncated).
    #[error(transparent)]
    Tables(#[from] minjiku_tablebase::MinjikuTbError),
}
