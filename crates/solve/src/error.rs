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

/// Why a split of a solve into subproblems could not be made or combined.
#[derive(Debug, Error)]
pub enum SplitError {
    /// The tree above the frontier would hold more nodes than the split allows.
    #[error(
        "the tree of {plies} plies above the frontier has more than {limit} nodes: split at fewer plies"
    )]
    TooLarge {
        /// The plies asked for.
        plies: u32,
        /// The most nodes a split holds.
        limit: usize,
    },
    /// The results given do not match the subproblems.
    #[error("{expected} subproblem results expected, {given} given")]
    Results {
        /// The number of subproblems.
        expected: usize,
        /// The number of results given.
        given: usize,
    },
    /// The root is not proved by the results: there is no certificate to assemble.
    #[error("the results do not prove the root")]
    NotProved,
    /// A subproblem the proof uses has no certificate, or one of another position or value.
    #[error("subproblem {index} ({sfen}): {reason}")]
    Subproblem {
        /// The subproblem's index.
        index: usize,
        /// Its position.
        sfen: String,
        /// What is wrong with its certificate.
        reason: String,
    },
    /// The assembled certificate failed its check (a bug or a wrong subproblem certificate;
    /// nothing is written).
    #[error("the assembled certificate failed its check: {0}")]
    Check(#[from] CertificateError),
}
