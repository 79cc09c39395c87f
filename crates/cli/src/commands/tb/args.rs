//! The command line of `tb`: subcommands and their arguments.

use crate::commands::flag_values;
use crate::commands::shared_args::{DirArg, FilesArgs, ThreadsArg};
use crate::commands::stdin_lines::SfensArg;
use clap::{Args, Subcommand};
use minishogi::{Color, RuleSet};
use minishogi_tablebase::{Material, WriteOptions};

/// Arguments of `tb`.
#[derive(Args)]
pub struct TbArgs {
    #[command(subcommand)]
    pub command: TbCommand,
}

#[derive(Subcommand)]
pub enum TbCommand {
    /// Generate tables (skips those already present with a valid header).
    Gen(GenArgs),
    /// Value, best move and mating line of positions.
    Probe(ProbeArgs),
    /// Check table files: checksums, then every value against the rules.
    Verify(FilesArgs),
    /// Counts by value, longest mate, sizes of table files.
    Info(FilesArgs),
    /// Rewrite table files in place in this build's file format (values unchanged; read back and
    /// checked against the header's counts first). Older tables become smaller.
    Rewrite(RewriteArgs),
}

/// The compression level of tables written.
#[derive(Args)]
pub struct LevelArg {
    /// zstd compression level of the blocks (1-22): higher is smaller and slower to write, reading
    /// speed is about the same.
    #[arg(long, default_value_t = WriteOptions::default().level, value_parser = clap::value_parser!(i32).range(1..=22))]
    pub level: i32,
}

/// Arguments of `tb gen`.
#[derive(Args)]
pub struct GenArgs {
    /// Material sets such as `RG`, `BSP`, `-` (kings only). Default: every set of at most two pieces.
    #[arg(value_parser = flag_values::material)]
    pub materials: Vec<Material>,
    /// Also every set of at most K pieces (`--max-pieces 3`: all 51 sets up to three pieces).
    #[arg(long, value_name = "K")]
    pub max_pieces: Option<u32>,
    #[command(flatten)]
    pub dir: DirArg,
    #[command(flatten)]
    pub threads: ThreadsArg,
    /// Regenerate tables even if they exist.
    #[arg(long)]
    pub force: bool,
    /// Verify each table against the rules after writing it.
    #[arg(long)]
    pub verify: bool,
    #[command(flatten)]
    pub level: LevelArg,
}

/// Arguments of `tb probe`.
#[derive(Args)]
pub struct ProbeArgs {
    #[command(flatten)]
    pub positions: SfensArg,
    #[command(flatten)]
    pub dir: DirArg,
    /// Who moved first in the game: `sente` (an even game) or `gote` (a handicap game). Under the
    /// standard rules this decides who wins a position nobody can win by mate.
    #[arg(long, default_value = "sente")]
    pub first_player: Color,
    /// Repetition rule: `standard` (fourfold repetition: the first player loses, a perpetual
    /// checker loses) or `draw300` (fourfold repetition and 300 plies are draws).
    #[arg(long, default_value = "standard")]
    pub rules: RuleSet,
}

/// Arguments of `tb rewrite`.
#[derive(Args)]
pub struct RewriteArgs {
    #[command(flatten)]
    pub files: FilesArgs,
    #[command(flatten)]
    pub level: LevelArg,
}
