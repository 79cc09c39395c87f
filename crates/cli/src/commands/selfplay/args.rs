//! Flags shared by several subcommands, and the library settings they stand for.

use clap::Args;
use minishogi_selfplay::games::SelfplayConfig;
use minishogi_selfplay::matches::MatchConfig;
use minishogi_selfplay::openings::OpeningConfig;
use minishogi_selfplay::tune::TuneConfig;
use minishogi_selfplay::Error;

/// The library's error as one line, naming the flag that fixes it where there is one.
pub fn flag_error(error: Error) -> String {
    match error {
        Error::OpeningPlies { .. } => "--opening-min is larger than --opening-max".into(),
        Error::Lambda(_) | Error::ValidationFraction(_) => {
            "--lambda must be in [0, 1] and --validation in [0, 1)".into()
        }
        Error::Sprt { .. } => "SPRT needs 0 < --error-rate < 0.5 and --elo1 > --elo0".into(),
        Error::ZeroThreads => "--threads must be at least 1".into(),
        Error::EngineOption { option } => format!("--engine-option '{option}' is not NAME=VALUE"),
        other => other.to_string(),
    }
}

/// Opening options shared by self-play, matches and training.
#[derive(Args, Clone)]
pub struct OpeningArgs {
    /// Fewest random plies of an opening.
    #[arg(long, default_value_t = 2)]
    opening_min: usize,
    /// Most random plies of an opening.
    #[arg(long, default_value_t = 6)]
    opening_max: usize,
    /// Largest |score| (centipawns) a shallow search may find after the random plies.
    #[arg(long, default_value_t = 150)]
    opening_balance: i32,
    /// A game still running after this many plies is stopped and scored a draw.
    #[arg(long, default_value_t = 300)]
    pub ply_cap: usize,
}

impl OpeningArgs {
    /// The opening settings, checked.
    pub fn config(&self) -> Result<OpeningConfig, String> {
        let config = OpeningConfig {
            min_plies: self.opening_min,
            max_plies: self.opening_max,
            max_score: self.opening_balance,
            ..OpeningConfig::default()
        };
        config.validated().map_err(flag_error)
    }

    /// The self-play and match settings of a training loop (`train`, `nnue loop`): both start
    /// from these openings and stop games at the same ply cap.
    pub fn loop_configs(
        &self,
        games: usize,
        nodes: u64,
        match_games: usize,
    ) -> Result<(SelfplayConfig, MatchConfig), String> {
        let opening = self.config()?;
        let ply_cap = self.ply_cap;
        let selfplay =
            SelfplayConfig { games, nodes, ply_cap, opening: opening.clone(), ..SelfplayConfig::default() };
        let matches = MatchConfig { opening, ply_cap, ..MatchConfig::for_games(match_games) };
        Ok((selfplay, matches))
    }
}

/// Tuning options shared by `tune` and `train`.
#[derive(Args, Clone)]
pub struct TuneArgs {
    /// Maximum passes over the training positions.
    #[arg(long, default_value_t = 60)]
    epochs: usize,
    /// Adam step size in centipawns.
    #[arg(long, default_value_t = 2.0)]
    lr: f64,
    /// Weight of the game result in the target (the rest is the search score): 1 = results only.
    #[arg(long, default_value_t = 0.2)]
    lambda: f64,
    /// Positions per step.
    #[arg(long, default_value_t = 4096)]
    batch: usize,
    /// Fraction of games held out for validation.
    #[arg(long, default_value_t = 0.1)]
    validation: f64,
    /// Sigmoid scale in centipawns (default: fitted to the results first).
    #[arg(long)]
    k: Option<f64>,
    /// Stop after this many epochs without a better validation loss.
    #[arg(long, default_value_t = 8)]
    patience: usize,
}

impl TuneArgs {
    /// The tuning settings with `seed`, checked.
    pub fn config(&self, seed: u64) -> Result<TuneConfig, String> {
        let config = TuneConfig {
            epochs: self.epochs,
            batch_size: self.batch,
            learning_rate: self.lr,
            lambda: self.lambda,
            k: self.k,
            seed,
            patience: self.patience,
            frozen: Vec::new(),
            validation: self.validation,
        };
        config.validated().map_err(flag_error)
    }
}
