//! Why an analysis could not be given.

use minishogi::error::{PositionMovesError, SfenError};
use minishogi_tablebase::TablebaseError;

/// An analysis that failed: the position could not be read, or its table could not.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// The text is no legal SFEN.
    #[error("bad SFEN '{sfen}': {error}")]
    BadSfen {
        /// The text given.
        sfen: String,
        /// What is wrong with it.
        error: SfenError,
    },
    /// A move played from the SFEN is malformed or illegal (the error names it by its index).
    #[error(transparent)]
    BadMove(PositionMovesError),
    /// The position's table exists but could not be read.
    #[error(transparent)]
    Table(#[from] TablebaseError),
}
