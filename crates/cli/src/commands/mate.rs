//! `mate`: its arguments besides the positions, and the answer to one SFEN.

use crate::flags::parse_sfen;
use crate::output::CliResult;
use crate::stdin_lines::Positions;
use clap::Args;
use minishogi_mate::{Answer, Limits, Mode, Solver};
use std::time::Duration;

/// Nodes searched per position when neither `--nodes` nor `--time` is given.
pub const DEFAULT_NODES: u64 = 1_000_000;

/// Arguments of `mate` besides the positions.
#[derive(Args, Clone, Debug)]
pub struct MateArgs {
    /// Nodes at most per position (default 1,000,000 unless --time is given).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Milliseconds at most per position.
    #[arg(long, value_name = "MS")]
    pub time: Option<u64>,
    /// Any forced mate, quiet moves allowed, instead of tsume (the attacker checks every move).
    #[arg(long, requires = "max_plies")]
    pub any_move: bool,
    /// With --any-move: the longest mate looked for, in plies.
    #[arg(long, value_name = "P", requires = "any_move")]
    pub max_plies: Option<u32>,
}

impl MateArgs {
    /// What is looked for: tsume, or with `--any-move` any mate within `--max-plies`.
    pub fn mode(&self) -> Mode {
        self.max_plies.filter(|_| self.any_move).map_or(Mode::Tsume, |max_plies| Mode::AnyMove { max_plies })
    }

    /// The budget per position: `--nodes` and `--time` ([`DEFAULT_NODES`] with neither).
    pub fn limits(&self) -> Limits {
        let nodes = self.nodes.or(self.time.is_none().then_some(DEFAULT_NODES));
        Limits { nodes, time: self.time.map(Duration::from_millis), stop: None }
    }

    /// Solves one SFEN with `solver`.
    fn solve(&self, solver: &mut Solver, sfen: &str) -> Result<Answer, String> {
        Ok(Answer::new(sfen, &solver.solve(&parse_sfen(sfen)?, self.mode(), &self.limits())))
    }
}

/// `mate`: proves a mate or its absence for each position.
pub fn exec(a: &Positions<MateArgs>) -> CliResult {
    let mut solver = Solver::default();
    a.answer("solved", |sfen| a.args.solve(&mut solver, sfen))
}
