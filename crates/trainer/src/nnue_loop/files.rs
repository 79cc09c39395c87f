//! Where a loop directory keeps each generation's products: `genNN.data` (self-play),
//! `genNN.float`/`genNN.nnue`/`genNN.loss.{csv,svg}` and the receipt `genNN.train` (training),
//! the receipt `genNN.match` (the match against the best), and `summary.md`, `best.nnue`.

use std::path::{Path, PathBuf};

/// The files of generation `generation` (1-based) in a loop directory.
#[derive(Clone, Debug)]
pub struct GenerationFiles {
    dir: PathBuf,
    stem: String,
}

impl GenerationFiles {
    /// The files of `generation` in `dir`.
    pub fn new(dir: &Path, generation: usize) -> GenerationFiles {
        GenerationFiles { dir: dir.to_path_buf(), stem: format!("gen{generation:02}") }
    }

    fn file(&self, extension: &str) -> PathBuf {
        self.dir.join(format!("{}.{extension}", self.stem))
    }

    /// The self-play dataset.
    pub fn data(&self) -> PathBuf {
        self.file("data")
    }

    /// The trained float network.
    pub fn float(&self) -> PathBuf {
        self.file("float")
    }

    /// The quantised network.
    pub fn network(&self) -> PathBuf {
        self.file("nnue")
    }

    /// The loss curve, without extension (`.csv` and `.svg` are added).
    pub fn curve(&self) -> PathBuf {
        self.file("loss")
    }

    /// The receipt of the training step.
    pub fn train_receipt(&self) -> PathBuf {
        self.file("train")
    }

    /// The receipt of the match step.
    pub fn match_receipt(&self) -> PathBuf {
        self.file("match")
    }

    /// The generation's name in reports (`gen01`).
    pub fn name(&self) -> &str {
        &self.stem
    }
}
