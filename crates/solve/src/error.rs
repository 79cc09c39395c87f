//! The errors of the solver crate.

use thiserror::Error;

/// Why a certificate could not be read, written or accepted.
#[derive(Debug, Error)]
pub enum CertificateError {
    /// The file could not be opened, read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// A line does not follow the format.
    #[error("line {line}: {reason}")]
    Syntax {
        /// The line number (1-based).
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The file ends before a required line.
    #[error("truncated certificate: {missing} is missing")]
    Truncated {
        /// The line expected.
        missing: &'static str,
    },
    /// A line's move is not legal in its position.
    #[error("line {line}: illegal move {mv}: {reason}")]
    IllegalMove {
        /// The line number (1-based).
        line: usize,
        /// The move as written.
        mv: String,
        /// Why it is illegal.
        reason: String,
    },
    /// The certificate is well formed but proves nothing.
    #[error("invalid proof: {reason}")]
    Invalid {
        /// What fails.
        reason: String,
    },
}

/// Why a proof could not be written out after a successful search.
#[derive(Debug, Error)]
pub enum ExtractError {
    /// A position of the proof tree could not be proved again within the budget after its
    /// table entry was lost.
    #[error("the proof of {sfen} was lost from the table and could not be found again within {plies} plies")]
    Lost {
        /// The position.
        sfen: String,
        /// The plies it had to be won in.
        plies: u32,
    },
    /// The certificate written failed its own check (a bug; nothing is written).
    #[error("the extracted certificate failed its check: {0}")]
    Check(#[from] CertificateError),
}
