//! Errors of the dataset files and of the games in them.

use crate::dataset::DatasetMeta;
use minishogi::error::SfenError;
use minishogi::Move;
use minishogi_engine::codec::CodecError;
use std::path::PathBuf;

/// What went wrong, with enough context for a user to act on.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A dataset file could not be read or written.
    #[error(transparent)]
    Codec(#[from] CodecError),
    /// A file operation failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A dataset file decodes but its games do not, or are inconsistent.
    #[error("{}: bad dataset: {problem}", path.display())]
    BadDataset {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        #[source]
        problem: DatasetProblem,
    },
    /// A game of the `dataset`-th dataset of a list (from 1) cannot be replayed.
    #[error("dataset {dataset} (seed {seed}): bad dataset: {source}")]
    BadGame {
        /// Which dataset of the list, from 1.
        dataset: usize,
        /// Its seed, which names the run that made it.
        seed: u64,
        /// What is wrong with the game.
        #[source]
        source: GameError,
    },
    /// A merge of no datasets.
    #[error("merge: bad dataset: no datasets to merge")]
    NothingToMerge,
    /// A part of a merge from another run than the first part.
    #[error(
        "dataset {part} of the merge: bad dataset: its metadata {found:?} differs from the first's {first:?}"
    )]
    MergeMismatch {
        /// Which part, from 1.
        part: usize,
        /// Its metadata.
        found: Box<DatasetMeta>,
        /// The first part's metadata.
        first: Box<DatasetMeta>,
    },
}

/// What is wrong with the games of a dataset file.
#[derive(Debug, thiserror::Error)]
pub enum DatasetProblem {
    /// The compressed games do not decompress.
    #[error("cannot decompress the games: {0}")]
    Decompress(#[source] std::io::Error),
    /// The games decompress to more than the 4 GiB accepted.
    #[error("the games decompress to more than 4 GiB")]
    TooLarge,
    /// The decompressed games do not decode.
    #[error("{0}")]
    Decode(#[source] CodecError),
    /// The header's game count is not the number of games stored.
    #[error("header says {stated} games, found {found}")]
    GameCount {
        /// Games the header counts.
        stated: u64,
        /// Games stored.
        found: usize,
    },
    /// A game whose moves and scores do not pair up.
    #[error("game {game}: {moves} moves but {scores} scores")]
    Scores {
        /// The game's index.
        game: usize,
        /// Its moves.
        moves: usize,
        /// Its scores.
        scores: usize,
    },
    /// A game a dataset cannot store (see [`crate::dataset::SelfplayGame::termination`]).
    #[error("game {game}: a dataset cannot hold a game ended by {termination}")]
    Unstorable {
        /// The game's index.
        game: usize,
        /// How it ended.
        termination: minishogi_arena::Termination,
    },
}

/// Why a game of a dataset cannot be replayed ([`crate::Dataset::for_each_position`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The start position is not a valid SFEN.
    #[error("game {game}: bad start SFEN: {source}")]
    Start {
        /// The game's index.
        game: usize,
        /// Why the SFEN does not parse.
        #[source]
        source: SfenError,
    },
    /// The rule set's name is not one of [`minishogi::RuleSet`]'s.
    #[error("game {game}: unknown rules {rules}")]
    Rules {
        /// The game's index.
        game: usize,
        /// The name stored.
        rules: String,
    },
    /// A stored move that is no move.
    #[error("game {game}, ply {ply}: malformed move {bits}")]
    MalformedMove {
        /// The game's index.
        game: usize,
        /// Plies before the move.
        ply: usize,
        /// The stored bits.
        bits: u16,
    },
    /// A move that is not legal where it was played.
    #[error("game {game}, ply {ply}: illegal move {mv}")]
    IllegalMove {
        /// The game's index.
        game: usize,
        /// Plies before the move.
        ply: usize,
        /// The move.
        mv: Move,
    },
}

impl Error {
    /// An I/O error on `path`.
    pub fn io(path: &std::path::Path, source: std::io::Error) -> Error {
        Error::Io { path: path.to_path_buf(), source }
    }
}

/// What is wrong with a text dataset ([`crate::text_dataset`]).
#[derive(Debug, thiserror::Error)]
pub enum TextDatasetError {
    /// The file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A line of the file is wrong.
    #[error("{}:{line}: bad dataset: {problem}", path.display())]
    Line {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        #[source]
        problem: LineProblem,
    },
    /// The dataset is of another game.
    #[error("{}: a dataset of '{found}', not of {expected}", path.display())]
    WrongGame {
        /// The file.
        path: PathBuf,
        /// The game asked for.
        expected: &'static str,
        /// The game of the file.
        found: String,
    },
}

/// What is wrong with one line of a text dataset.
#[derive(Debug, thiserror::Error)]
pub enum LineProblem {
    /// The first line is not the format's.
    #[error("not a text dataset (first line '{0}')")]
    Magic(String),
    /// A header line with an unknown key or a bad number.
    #[error("bad header line '{0}'")]
    Header(String),
    /// Not five tab-separated fields.
    #[error("expected 5 tab-separated fields, found {0}")]
    Fields(usize),
    /// A result other than `1-0`, `0-1`, `1/2-1/2`.
    #[error("bad result '{0}'")]
    Result(String),
    /// The opening's plies are not a number.
    #[error("bad opening length '{0}'")]
    Opening(String),
    /// A score is not a number or `-`.
    #[error("bad score '{0}'")]
    Score(String),
    /// The start position does not read.
    #[error("bad start position: {0}")]
    Position(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// A move does not read or is illegal.
    #[error("move {index}: {source}")]
    Move {
        /// Which move, from 1.
        index: usize,
        /// Why.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A move after the rules ended the game.
    #[error("move {index} comes after the end of the game")]
    AfterEnd {
        /// Which move, from 1.
        index: usize,
    },
    /// The scores do not pair up with the moves, or the opening is longer than the game.
    #[error("{moves} moves, {scores} scores, an opening of {opening} plies")]
    Scores {
        /// Moves read.
        moves: usize,
        /// Scores read.
        scores: usize,
        /// The opening's plies.
        opening: usize,
    },
    /// The stated result is not the one the rules give the final position.
    #[error("the line says '{stated}', the rules '{found}'")]
    Verdict {
        /// Result and ending as written.
        stated: String,
        /// As the rules decide them.
        found: String,
    },
}
