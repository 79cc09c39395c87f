//! How random balanced openings are drawn (by [`crate::variant::random_opening`] for any game).

use crate::Error;

/// How openings are drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningConfig {
    /// Fewest random plies.
    pub min_plies: usize,
    /// Most random plies.
    pub max_plies: usize,
    /// Largest acceptable |score| (centipawns, side to move) after the random plies.
    pub max_score: i32,
    /// Nodes of the checking search.
    pub check_nodes: u64,
    /// Draws before giving up and taking the most level one seen.
    pub attempts: usize,
}

impl OpeningConfig {
    /// The same settings, checked: no fewer plies than the minimum asked for as the maximum.
    pub fn validated(self) -> Result<OpeningConfig, Error> {
        if self.min_plies > self.max_plies {
            return Err(Error::OpeningPlies { min: self.min_plies, max: self.max_plies });
        }
        Ok(self)
    }
}

impl Default for OpeningConfig {
    fn default() -> OpeningConfig {
        OpeningConfig { min_plies: 2, max_plies: 6, max_score: 150, check_nodes: 1500, attempts: 64 }
    }
}
