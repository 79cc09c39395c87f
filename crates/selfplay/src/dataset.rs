//! Self-play datasets: games stored as their start position, moves and per-move search scores,
//! with the result; the labelled positions are recovered by replaying the moves.
//!
//! File layout: a versioned file of the engine's codec (magic `MSSP`, version, length, checksum)
//! whose payload is `DatasetFile`: the metadata in the clear and the games as bincode
//! compressed with zstd. A game costs about 4 bytes per move before compression.
//!
//! What can be wrong with a file is a [`DatasetProblem`], with a game in it a [`GameError`].

pub use crate::error::{DatasetProblem, GameError};

use crate::stored_termination;
use crate::Error;
use minishogi::game::Outcome;
use minishogi::{Color, Game, Move, Position, RuleSet};
use minishogi_arena::Termination;
use minishogi_engine::codec::{decode_payload, encode_payload, load_versioned, save_versioned};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Magic bytes of a dataset file.
pub(crate) const MAGIC: [u8; 4] = *b"MSSP";
/// Format version of a dataset file.
pub(crate) const VERSION: u32 = 1;
/// Largest decompressed game list accepted.
const MAX_RAW: u64 = 1 << 32;
/// The score of a move that was not searched (opening moves).
pub const NO_SCORE: i16 = i16::MIN;

/// One self-play game as a dataset stores it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SelfplayGame {
    /// The SFEN the game started from.
    pub start: String,
    /// Number of leading moves that are the (unsearched) random opening.
    pub opening_plies: u16,
    /// The moves, packed as [`Move::to_u16`].
    pub moves: Vec<u16>,
    /// Per move: the search score for the side that made it (centipawns; mates as ±(30000 − plies)),
    /// or [`NO_SCORE`] for opening moves.
    pub scores: Vec<i16>,
    /// The winner: `Some(0)` sente, `Some(1)` gote, `None` a draw.
    pub winner: Option<u8>,
    /// How the game ended: by the rules ([`Termination::Rules`]) or at the self-play ply cap,
    /// scored a draw ([`Termination::PlyCap`]); a dataset holds no other ending.
    #[serde(with = "stored_termination")]
    pub termination: Termination,
    /// The rule set (`standard` or `draw300`).
    pub rules: String,
}

impl SelfplayGame {
    /// The winning colour, if any.
    pub fn winner_color(&self) -> Option<Color> {
        self.winner.map(|w| if w == 0 { Color::Sente } else { Color::Gote })
    }

    /// Encodes an outcome's winner.
    pub fn encode_winner(outcome: Option<Outcome>) -> Option<u8> {
        outcome.and_then(|o| o.winner).map(|c| c.index() as u8)
    }

    /// A 64-bit FNV-1a hash of what makes the game the game it is: rules, start and moves.
    /// Stable across builds and platforms, so that it can pick a game's side of a split or find
    /// a game played twice.
    pub fn content_hash(&self) -> u64 {
        const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
        const PRIME: u64 = 0x0000_0100_0000_01b3;
        let moves = self.moves.iter().flat_map(|m| m.to_le_bytes());
        let bytes = self.rules.bytes().chain([0]).chain(self.start.bytes()).chain([0]).chain(moves);
        bytes.fold(OFFSET, |h, b| (h ^ u64::from(b)).wrapping_mul(PRIME))
    }
}

/// What produced a dataset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DatasetMeta {
    /// The program and version that wrote it.
    pub generator: String,
    /// The seed of the run.
    pub seed: u64,
    /// Nodes searched per move.
    pub nodes: u64,
    /// A description of the weights that played (file name or `initial` / `linear`).
    pub weights: String,
    /// Plies after which a game not ended by the rules is scored a draw.
    pub ply_cap: u32,
}

/// The payload of a dataset file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct DatasetFile {
    /// Metadata, readable without decompressing the games.
    pub meta: DatasetMeta,
    /// Number of games.
    pub games: u64,
    /// `Vec<SelfplayGame>` as bincode, compressed with zstd.
    pub compressed: Vec<u8>,
}

/// A dataset in memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dataset {
    /// What produced it.
    pub meta: DatasetMeta,
    /// The games.
    pub games: Vec<SelfplayGame>,
}

/// A position from a game with its labels.
#[derive(Clone, Debug)]
pub struct LabelledPosition {
    /// The position before the move.
    pub position: Position,
    /// The move played (the search's best move).
    pub best: Move,
    /// The search score for the side to move.
    pub score: i16,
    /// The game's result for the side to move: 1 win, ½ draw, 0 loss.
    pub result: f32,
    /// Index of the game in the dataset.
    pub game: u32,
    /// Plies played before this position.
    pub ply: u32,
}

impl Dataset {
    /// Writes the dataset (atomically: temporary name, then rename). A game that ended otherwise
    /// than by the rules or at the ply cap is refused.
    pub fn save(&self, path: &Path) -> Result<(), Error> {
        if let Some((game, g)) =
            self.games.iter().enumerate().find(|(_, g)| !stored_termination::is_storable(&g.termination))
        {
            let problem = DatasetProblem::Unstorable { game, termination: g.termination.clone() };
            return Err(Error::BadDataset { path: path.to_path_buf(), problem });
        }
        let raw = encode_payload(&self.games);
        let compressed = zstd::bulk::compress(&raw, 19).map_err(|e| Error::io(path, e))?;
        let file = DatasetFile { meta: self.meta.clone(), games: self.games.len() as u64, compressed };
        save_versioned(path, MAGIC, VERSION, &file)?;
        Ok(())
    }

    /// Reads a dataset written by [`Dataset::save`].
    pub fn load(path: &Path) -> Result<Dataset, Error> {
        let file: DatasetFile = load_versioned(path, MAGIC, VERSION)?;
        let bad = |problem: DatasetProblem| Error::BadDataset { path: path.to_path_buf(), problem };
        // Stream the decompression (no up-front buffer) and refuse more than 4 GiB.
        let mut raw = Vec::new();
        let decoder = zstd::stream::read::Decoder::new(file.compressed.as_slice())
            .map_err(|e| bad(DatasetProblem::Decompress(e)))?;
        std::io::Read::read_to_end(&mut std::io::Read::take(decoder, MAX_RAW), &mut raw)
            .map_err(|e| bad(DatasetProblem::Decompress(e)))?;
        if raw.len() as u64 >= MAX_RAW {
            return Err(bad(DatasetProblem::TooLarge));
        }
        let games: Vec<SelfplayGame> = decode_payload(&raw).map_err(|e| bad(DatasetProblem::Decode(e)))?;
        if games.len() as u64 != file.games {
            return Err(bad(DatasetProblem::GameCount { stated: file.games, found: games.len() }));
        }
        for (game, g) in games.iter().enumerate() {
            if g.moves.len() != g.scores.len() || usize::from(g.opening_plies) > g.moves.len() {
                let (moves, scores) = (g.moves.len(), g.scores.len());
                return Err(bad(DatasetProblem::Scores { game, moves, scores }));
            }
        }
        Ok(Dataset { meta: file.meta, games })
    }

    /// Reads the datasets at `paths` in order, telling `loaded` of each as it is read.
    pub fn load_all(
        paths: &[PathBuf],
        mut loaded: impl FnMut(&Path, &Dataset),
    ) -> Result<Vec<Dataset>, Error> {
        let mut datasets = Vec::with_capacity(paths.len());
        for path in paths {
            let d = Dataset::load(path)?;
            loaded(path, &d);
            datasets.push(d);
        }
        Ok(datasets)
    }

    /// Number of searched (labelled) positions.
    pub fn labelled_count(&self) -> usize {
        self.games.iter().map(|g| g.moves.len() - usize::from(g.opening_plies)).sum()
    }

    /// Replays every game and calls `visit` for each searched position. An illegal move or a bad
    /// start position is an error naming the game.
    pub fn for_each_position(&self, mut visit: impl FnMut(&LabelledPosition)) -> Result<(), GameError> {
        for (gi, g) in self.games.iter().enumerate() {
            let start =
                Position::from_sfen(&g.start).map_err(|source| GameError::Start { game: gi, source })?;
            let rules = RuleSet::from_name(&g.rules)
                .ok_or_else(|| GameError::Rules { game: gi, rules: g.rules.clone() })?;
            let mut game = Game::new(start, rules);
            let winner = g.winner_color();
            for (ply, (&bits, &score)) in g.moves.iter().zip(&g.scores).enumerate() {
                let m = Move::from_u16(bits).ok_or(GameError::MalformedMove { game: gi, ply, bits })?;
                if !game.position().is_legal(m) {
                    return Err(GameError::IllegalMove { game: gi, ply, mv: m });
                }
                if ply >= usize::from(g.opening_plies) {
                    let stm = game.position().side_to_move();
                    let result = match winner {
                        None => 0.5,
                        Some(c) if c == stm => 1.0,
                        Some(_) => 0.0,
                    };
                    visit(&LabelledPosition {
                        position: game.position().clone(),
                        best: m,
                        score,
                        result,
                        game: gi as u32,
                        ply: ply as u32,
                    });
                }
                game.play_unchecked(m);
            }
        }
        Ok(())
    }
}

/// Summary counts of a dataset: games, positions, results by colour, terminations.
pub fn summary(data: &Dataset) -> String {
    let (mut sente, mut gote, mut draws) = (0, 0, 0);
    let mut plies = 0usize;
    for g in &data.games {
        match g.winner {
            Some(0) => sente += 1,
            Some(_) => gote += 1,
            None => draws += 1,
        }
        plies += g.moves.len();
    }
    let n = data.games.len().max(1);
    format!(
        "{} games, {} labelled positions, sente {} / gote {} / draws {}, {:.1} plies per game",
        data.games.len(),
        data.labelled_count(),
        sente,
        gote,
        draws,
        plies as f64 / n as f64
    )
}
