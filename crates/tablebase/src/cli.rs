//! The table commands of the `minishogi` program (feature `clap`): their command-line arguments
//! (`tb gen`, `tb probe`, `tb verify`, `tb info`, `tb rewrite`) and what each runs. A command
//! tells what it does through a [`Report`] callback: lines for stdout and stderr and the progress
//! of the table being worked on, which the program prints and draws.

use crate::{
    build_tables, plan_build, requested_sets, with_threads, BuildEvent, Material, MaterialTable, MemoryCheck,
    OnTheFly, ProbeAnswer, Progress, RewrittenTable, TableInfo, Tablebase, TablebaseError, VerifiedTable,
    WriteOptions, DEFAULT_BUILD_PIECES,
};
use clap::Args;
use minishogi::cli::{parse_sfen, FlagError};
use minishogi::{Color, RuleSet};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Sets of at most this many pieces are generated on the fly when a probe needs them.
pub const ON_THE_FLY_PIECES: u32 = 2;

/// What a table command reports as it goes.
pub enum Report<'a> {
    /// A line for stdout.
    Out(String),
    /// A line for stderr.
    Err(String),
    /// This many tables are to be built, one after the other.
    Tables(usize),
    /// Work on the table named here starts.
    Start(String),
    /// Progress of the current table's current phase.
    Progress(Progress<'a>),
    /// Work on the current table is over.
    Done,
}

/// The callback of a table command.
pub type Reporter<'r> = &'r (dyn Fn(Report<'_>) + Sync);

/// `e` as one line with the command that fixes it ([`TablebaseError::describe`]).
fn describe(e: TablebaseError) -> String {
    e.describe()
}

/// The worker threads of a command.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct Threads {
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

impl Threads {
    /// Runs `f` on a pool of the threads asked for (all cores without `--threads`).
    pub fn install<T: Send>(self, f: impl FnOnce() -> T + Send) -> Result<T, String> {
        if self.threads == Some(0) {
            return Err("--threads must be at least 1".into());
        }
        with_threads(self.threads, f)
            .map_err(|e| format!("cannot start {} threads: {}", e.threads, e.message))
    }
}

/// The table directory.
#[derive(Args, Clone, Debug)]
pub struct TableDir {
    /// Table directory.
    #[arg(long, default_value = "tables")]
    pub dir: PathBuf,
}

/// Table files to check, describe or rewrite.
#[derive(Args, Clone, Debug)]
pub struct TableFiles {
    /// Table files (`*.mstb`; `*.mjtb` under `minjiku tb`).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
}

/// Arguments of `tb gen`.
#[derive(Args, Clone, Debug)]
pub struct GenArgs {
    /// Material sets such as `RG`, `BSP`, `-` (kings only). Default: every set of at most two pieces.
    #[arg(value_parser = parse_material)]
    pub materials: Vec<Material>,
    /// Also every set of at most K pieces (`--max-pieces 3`: all 51 sets up to three pieces).
    #[arg(long, value_name = "K")]
    pub max_pieces: Option<u32>,
    /// The table directory.
    #[command(flatten)]
    pub dir: TableDir,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
    /// Regenerate tables even if they exist.
    #[arg(long)]
    pub force: bool,
    /// Verify each table against the rules after writing it.
    #[arg(long)]
    pub verify: bool,
    /// The compression of the tables written.
    #[command(flatten)]
    pub write: Compression,
}

/// The zstd level of the tables a command writes (flag `--level`).
#[derive(Args, Clone, Debug)]
pub struct Compression {
    /// zstd compression level of the blocks (1-22): higher is smaller and slower to write, reading
    /// speed is about the same.
    #[arg(long, default_value_t = WriteOptions::default().level, value_parser = clap::value_parser!(i32).range(1..=22))]
    pub level: i32,
}

/// A material set's name parsed for the command line (the error is the whole message).
fn parse_material(text: &str) -> Result<Material, FlagError> {
    Material::parse(text).map_err(|e| FlagError::Message(e.to_string()))
}

impl GenArgs {
    /// Generates the tables asked for that are not present (all with `--force`), each verified
    /// after writing with `--verify`.
    pub fn run(&self, report: Reporter<'_>) -> Result<(), String> {
        self.threads.install(|| self.generate(report))?
    }

    fn generate(&self, report: Reporter<'_>) -> Result<(), String> {
        let dir = &self.dir.dir;
        if self.materials.is_empty() && self.max_pieces.is_none() {
            let line =
                format!("no material given: generating every set of at most {DEFAULT_BUILD_PIECES} pieces");
            report(Report::Err(line));
        }
        let sets = requested_sets(&self.materials, self.max_pieces);
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let plan = plan_build(dir, &sets, self.force);
        plan.present.iter().for_each(|p| report(Report::Out(p.to_string())));
        for (m, e) in plan.replaced {
            report(Report::Err(format!("{}: regenerating: {}", m.name(), e.describe())));
        }
        for m in &plan.mate_only {
            let line = format!("{}: mate-only table (it predates repetition values): regenerating", m.name());
            report(Report::Err(line));
        }
        let Some(memory) = MemoryCheck::of(&plan.todo) else { return Ok(()) };
        report(Report::Out(memory.to_string()));
        memory.ensure_enough().map_err(describe)?;
        report(Report::Tables(plan.todo.len()));
        let events = |event: BuildEvent<'_>| match event {
            BuildEvent::Start(m) => report(Report::Start(m.name())),
            BuildEvent::Progress(p) => report(Report::Progress(p)),
            BuildEvent::Built(summary) => report(Report::Out(summary.to_string())),
            BuildEvent::Verified(verified) => report(Report::Out(verified.to_string())),
            BuildEvent::Done(_) => report(Report::Done),
        };
        let run = build_tables(&plan.todo, dir, self.write.level, self.verify, &events).map_err(describe)?;
        report(Report::Out(run.to_string()));
        Ok(())
    }
}

/// Arguments of `tb probe` besides the positions.
#[derive(Args, Clone, Debug)]
pub struct ProbeArgs {
    /// The table directory.
    #[command(flatten)]
    pub dir: TableDir,
    /// Who moved first in the game: `sente` (an even game) or `gote` (a handicap game). Under the
    /// standard rules this decides who wins a position nobody can win by mate.
    #[arg(long, default_value = "sente")]
    pub first_player: Color,
    /// Repetition rule: `standard` (fourfold repetition: the first player loses, a perpetual
    /// checker loses) or `draw300` (fourfold repetition and 300 plies are draws).
    #[arg(long, default_value = "standard")]
    pub rules: RuleSet,
}

/// The tables a probe reads, and the sets whose mate-only table was warned about.
pub struct Prober {
    tables: Tablebase,
    warned: HashSet<Material>,
}

impl ProbeArgs {
    /// Opens the table directory.
    pub fn open(&self) -> Result<Prober, String> {
        let tables = Tablebase::open(&self.dir.dir).map_err(describe)?;
        Ok(Prober { tables, warned: HashSet::new() })
    }
}

impl Prober {
    /// The answer to one SFEN under `args`; a missing table of at most [`ON_THE_FLY_PIECES`]
    /// pieces is generated first. A table that predates repetition values is warned about once.
    pub fn answer(
        &mut self,
        sfen: &str,
        args: &ProbeArgs,
        report: Reporter<'_>,
    ) -> Result<ProbeAnswer, String> {
        let position = parse_sfen(sfen)?;
        let dir = self.tables.dir().display().to_string();
        let events = |event: OnTheFly<'_>| match event {
            OnTheFly::Generating(m) => {
                report(Report::Start(m.name()));
                report(Report::Err(format!("no table for {} yet: generating it in {dir}", m.name())));
            }
            OnTheFly::Progress(p) => report(Report::Progress(p)),
            OnTheFly::Generated(summary) => {
                report(Report::Done);
                report(Report::Err(summary.to_string()));
            }
        };
        self.tables.probe_or_generate(&position, ON_THE_FLY_PIECES, &events).map_err(describe)?;
        let answer = self.tables.answer(&position, args.first_player, args.rules).map_err(describe)?;
        let answer = answer.ok_or_else(|| format!("no table for {}", Material::of(&position).name()))?;
        if let Some(warning) = answer.mate_only_warning() {
            if self.warned.insert(answer.probe.material) {
                report(Report::Err(warning));
            }
        }
        Ok(answer)
    }
}

impl TableFiles {
    /// `tb verify`: checks each file (checksums, then every value against the rules); a file
    /// that fails is reported and the others are still checked.
    pub fn verify(&self, report: Reporter<'_>) -> Result<(), String> {
        self.threads.install(|| {
            let mut failed = 0;
            for path in &self.files {
                let verified = MaterialTable::open_any(path).and_then(|table| {
                    report(Report::Start(table.material().name()));
                    let verified = VerifiedTable::check(path, &table, &|p| report(Report::Progress(p)));
                    report(Report::Done);
                    verified
                });
                match verified {
                    Ok(verified) => report(Report::Out(verified.to_string())),
                    Err(e) => {
                        failed += 1;
                        report(Report::Out(format!("{}: FAILED: {}", path.display(), e.describe())));
                    }
                }
            }
            match failed {
                0 => Ok(()),
                _ => Err(format!("{failed} of {} tables failed verification", self.files.len())),
            }
        })?
    }

    /// `tb info`: counts by value, longest mate and sizes of each file.
    pub fn info(&self, report: Reporter<'_>) -> Result<(), String> {
        self.threads.install(|| {
            self.files.iter().try_for_each(|path| {
                let table = MaterialTable::open_any(path).map_err(describe)?;
                report(Report::Out(TableInfo::read(path, &table).map_err(describe)?.to_string()));
                Ok(())
            })
        })?
    }

    /// `tb rewrite`: rewrites each file in place in this build's format at zstd `level`.
    pub fn rewrite(&self, level: i32, report: Reporter<'_>) -> Result<(), String> {
        self.threads.install(|| self.files.iter().try_for_each(|path| rewrite(path, level, report)))?
    }
}

fn rewrite(path: &Path, level: i32, report: Reporter<'_>) -> Result<(), String> {
    let table = MaterialTable::open_any(path).map_err(describe)?;
    report(Report::Start(table.material().name()));
    let rewritten =
        RewrittenTable::rewrite(path, table, level, &|p| report(Report::Progress(p))).map_err(describe)?;
    report(Report::Done);
    report(Report::Out(rewritten.to_string()));
    Ok(())
}

/// Arguments of `tb rewrite`.
#[derive(Args, Clone, Debug)]
pub struct RewriteArgs {
    /// The table files.
    #[command(flatten)]
    pub files: TableFiles,
    /// The compression of the tables written.
    #[command(flatten)]
    pub write: Compression,
}

impl RewriteArgs {
    /// Rewrites the files in place in this build's file format.
    pub fn run(&self, report: Reporter<'_>) -> Result<(), String> {
        self.files.rewrite(self.write.level, report)
    }
}
