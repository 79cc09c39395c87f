//! The self-play command of the `minishogi` program (feature `clap`): the arguments of `selfplay`
//! and what it runs. What it prints last is returned. Errors are one line, naming the flag that
//! fixes them where there is one.

use crate::{selfplay, summary, SelfplayConfig};
use clap::Args;
use minishogi_arena::cli::{flag_error, OpeningArgs};
use minishogi_arena::{load_weights, EMBEDDED};
use minishogi_tablebase::cli::Threads;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `minishogi selfplay`.
#[derive(Args, Clone, Debug)]
pub struct SelfplayArgs {
    /// Number of games.
    #[arg(long)]
    pub games: usize,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
    /// Seed; the same seed gives the same games whatever the thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Weights that play: a file, `initial` or `embedded` (default).
    #[arg(long)]
    pub weights: Option<String>,
    /// The dataset to write.
    #[arg(long)]
    pub out: PathBuf,
    /// How openings are drawn.
    #[command(flatten)]
    pub opening: OpeningArgs,
}

impl SelfplayArgs {
    /// Plays the games (`on_game` after each) and writes the dataset; returns its summary and the
    /// speed.
    pub fn run(&self, on_game: &(dyn Fn() + Sync)) -> Result<String, String> {
        let spec = self.weights.as_deref().unwrap_or(EMBEDDED);
        let weights = load_weights(spec).map_err(flag_error)?;
        let config = SelfplayConfig {
            games: self.games,
            nodes: self.nodes,
            seed: self.seed,
            ply_cap: self.opening.ply_cap,
            opening: self.opening.config()?,
            ..SelfplayConfig::default()
        };
        let clock = Instant::now();
        let data = self.threads.install(|| selfplay(&config, &weights, spec, on_game))?;
        let secs = clock.elapsed().as_secs_f64();
        data.save(&self.out).map_err(|e| e.to_string())?;
        let speed = self.games as f64 * 60.0 / secs.max(1e-9);
        Ok(format!("{}\n{secs:.1} s, {speed:.1} games/min; wrote {}", summary(&data), self.out.display()))
    }
}
