//! The training flags `nnue train` and `nnue loop` share, and the settings they stand for.

use clap::Args;
use minishogi_selfplay::nnue_train::NetTrainConfig;

/// Flags of a network training run.
#[derive(Args, Clone)]
pub struct TrainingArgs {
    /// Passes over the training samples.
    #[arg(long, default_value_t = 20)]
    pub epochs: usize,
    /// Samples per Adam step.
    #[arg(long, default_value_t = 2048)]
    pub batch_size: usize,
    /// Learning rate at the start (cosine decay to --final-lr times it).
    #[arg(long, default_value_t = 2e-3)]
    pub lr: f32,
    /// Final learning rate as a fraction of --lr.
    #[arg(long, default_value_t = 0.05)]
    pub final_lr: f32,
    /// Weight of the game result in the target (the rest is the search score).
    #[arg(long, default_value_t = 0.3)]
    pub lambda: f32,
    /// Fraction of games held out for validation.
    #[arg(long, default_value_t = 0.1)]
    pub validation: f64,
}

impl TrainingArgs {
    /// The training settings with `seed`, checked.
    pub fn config(&self, seed: u64) -> Result<NetTrainConfig, String> {
        if !(0.0..1.0).contains(&self.validation) {
            return Err("--validation must be in [0, 1)".into());
        }
        NetTrainConfig {
            epochs: self.epochs,
            batch_size: self.batch_size,
            learning_rate: self.lr,
            final_lr_fraction: self.final_lr,
            lambda: self.lambda,
            seed,
        }
        .validated()
        .map_err(|e| e.to_string())
    }
}
