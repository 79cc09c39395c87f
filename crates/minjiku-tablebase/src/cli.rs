//! The Minjiku commands of the `minishogi` program (feature `clap`): the arguments of
//! `minjiku moves|perft|show` and `minjiku tb gen|probe|verify|info`, and what each runs. The
//! table commands report through [`minishogi_tablebase::cli::Report`], as the Minishogi ones do.

use crate::{build, default_sets, info, verify, BuildEvent, BuildOptions, Material, MinjikuTablebase};
use clap::Args;
use minishogi::cli::{FlagError, PerftOptions, PerftReport};
use minishogi_tablebase::cli::{Report, Reporter, TableFiles, Threads};
use minjiku::{PerftDivide, Position};
use std::path::PathBuf;

/// The value parser of `--fen`: a position in Minjiku notation (or `startpos`).
pub fn fen_flag(text: &str) -> Result<Position, FlagError> {
    Position::from_fen(text).map_err(|e| FlagError::Message(format!("bad position '{text}': {e}")))
}

/// The value parser of a Minjiku material set such as `KQvK`.
pub fn material_flag(text: &str) -> Result<Material, FlagError> {
    Material::parse(text).map_err(|e| FlagError::Message(e.to_string()))
}

/// A position given on the command line.
#[derive(Args, Clone, Debug)]
pub struct FenArg {
    /// The position in Minjiku notation (see docs/minjiku.md), or `startpos`.
    #[arg(long, value_parser = fen_flag)]
    pub fen: Position,
}

/// Arguments of `minjiku perft`.
#[derive(Args, Clone, Debug)]
pub struct PerftArgs {
    /// The position.
    #[command(flatten)]
    pub fen: FenArg,
    /// The depth and what is printed.
    #[command(flatten)]
    pub perft: PerftOptions,
}

impl PerftArgs {
    /// Counts the leaves on all cores.
    pub fn run(&self) -> PerftReport {
        let pos = &self.fen.fen;
        self.perft.run(
            |depth| {
                let divide = PerftDivide::new(pos, depth);
                (divide.to_string(), divide.nodes)
            },
            |depth| minjiku::perft_parallel(pos, depth),
            |nodes, secs| format!("time {secs:.3} s, {:.0} nodes/s", nodes as f64 / secs),
        )
    }
}

/// The table directory.
#[derive(Args, Clone, Debug)]
pub struct DirArg {
    /// Table directory.
    #[arg(long, default_value = "minjiku-tables")]
    pub dir: PathBuf,
}

/// Arguments of `minjiku tb gen`.
#[derive(Args, Clone, Debug)]
pub struct GenArgs {
    /// Sets such as `KQvK`, `KJvKA`, `K+DvK`. Default: every `K+X vs K`.
    #[arg(value_parser = material_flag)]
    pub materials: Vec<Material>,
    /// With no set named, also the default two-piece sets (`KJvKA`, `KFvKJ`, `K+DvK+Y`, `K+S+SvK`;
    /// 10^8 slots each).
    #[arg(long)]
    pub pairs: bool,
    /// The table directory.
    #[command(flatten)]
    pub dir: DirArg,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
    /// Regenerate the named tables even if they exist.
    #[arg(long)]
    pub force: bool,
}

impl GenArgs {
    /// Generates the tables asked for and every table they need (files present are read).
    pub fn run(&self, report: Reporter<'_>) -> Result<(), String> {
        self.threads.install(|| {
            let sets =
                if self.materials.is_empty() { default_sets(self.pairs) } else { self.materials.clone() };
            let dir = &self.dir.dir;
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            let events = |e: BuildEvent<'_>| match e {
                BuildEvent::Generating(m, _) => report(Report::Start(m.name())),
                BuildEvent::Progress(p) => report(Report::Progress(p)),
                BuildEvent::Written(summary) => {
                    report(Report::Done);
                    report(Report::Out(summary.to_string()));
                }
                BuildEvent::Loaded(..) => {}
            };
            let options = BuildOptions { threads: None, force: self.force, events: Some(&events) };
            build(dir, &sets, &options).map(|_| ()).map_err(|e| e.to_string())
        })?
    }
}

/// Arguments of `minjiku tb probe`.
#[derive(Args, Clone, Debug)]
pub struct ProbeArgs {
    /// The position in Minjiku notation (docs/minjiku.md).
    #[arg(long, value_parser = fen_flag)]
    pub fen: Position,
    /// The table directory.
    #[command(flatten)]
    pub dir: DirArg,
}

impl ProbeArgs {
    /// The value and line of play of the position, as the line to print.
    pub fn run(&self) -> Result<String, String> {
        let tb = MinjikuTablebase::open(&self.dir.dir).map_err(|e| e.to_string())?;
        Ok(match tb.line(&self.fen).map_err(|e| e.to_string())? {
            Some(line) => line.to_string(),
            None => "not in the tables (a piece on an extra square)".into(),
        })
    }
}

/// `minjiku tb verify`: checks each file (checksums, then every value against the rules'
/// forward moves); the first failure ends the run.
pub fn verify_files(files: &TableFiles, report: Reporter<'_>) -> Result<(), String> {
    files.threads.install(|| {
        files.files.iter().try_for_each(|path| {
            report(Report::Start("verify".into()));
            let verified = verify(path, None, Some(&|p| report(Report::Progress(p))));
            report(Report::Done);
            report(Report::Out(verified.map_err(|e| e.to_string())?.to_string()));
            Ok(())
        })
    })?
}

/// `minjiku tb info`: counts by value, longest mate and size of each file (on the calling thread).
pub fn info_files(files: &TableFiles, report: Reporter<'_>) -> Result<(), String> {
    files.files.iter().try_for_each(|path| {
        report(Report::Out(info(path).map_err(|e| e.to_string())?.to_string()));
        Ok(())
    })
}
