//! `tb gen`, `tb probe`, `tb verify`, `tb info` and `tb rewrite`: their arguments and what each
//! runs. A command tells what it does through a [`Reporter`]: lines for stdout and stderr and the
//! progress of the table being worked on, which the bars draw.

use crate::flags::{parse_sfen, FlagError, TableDir, TableFiles, Threads};
use crate::progress::{Report, Reporter};
use crate::report::{describe, ProbeReply, Text};
use clap::Args;
use minishogi::{Color, RuleSet};
use minishogi_retro::WriteOptions;
use minishogi_tablebase::build::{plan_build, requested_sets, DEFAULT_BUILD_PIECES};
use minishogi_tablebase::{
    build_tables, BuildEvent, Material, MaterialTable, MemoryCheck, OnTheFly, Query, RewrittenTable,
    TableInfo, Tablebase, VerifiedTable,
};
use std::collections::HashSet;
use std::path::Path;

/// Sets of at most this many pieces are generated on the fly when a probe needs them.
pub const ON_THE_FLY_PIECES: u32 = 2;

/// The compression of the tables written.
#[derive(Args, Clone, Copy, Debug)]
pub struct WriteArgs {
    /// zstd compression level of the blocks (1-22): higher is smaller and slower to write, reading
    /// speed is about the same.
    #[arg(long, default_value_t = WriteOptions::default().level, value_parser = clap::value_parser!(i32).range(1..=22))]
    pub level: i32,
}

impl WriteArgs {
    /// The library's write options at this level.
    pub fn options(self) -> WriteOptions {
        WriteOptions { level: self.level, ..WriteOptions::default() }
    }
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
    pub write: WriteArgs,
}

/// A material set's name parsed for the command line (the error is the whole message).
fn parse_material(text: &str) -> Result<Material, FlagError> {
    Material::parse(text).map_err(|e| FlagError::Message(e.to_string()))
}

/// `tb gen`: generates the tables asked for that are not present (all with `--force`), each
/// verified after writing with `--verify`.
pub fn generate(args: &GenArgs, report: Reporter<'_>) -> Result<(), String> {
    args.threads.install(|| generate_on_pool(args, report))?
}

fn generate_on_pool(args: &GenArgs, report: Reporter<'_>) -> Result<(), String> {
    let dir = &args.dir.dir;
    if args.materials.is_empty() && args.max_pieces.is_none() {
        let line =
            format!("no material given: generating every set of at most {DEFAULT_BUILD_PIECES} pieces");
        report(Report::Err(line));
    }
    let sets = requested_sets(&args.materials, args.max_pieces);
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let plan = plan_build(dir, &sets, args.force);
    plan.present.iter().for_each(|p| report(Report::Out(Text(p).to_string())));
    for (m, e) in plan.replaced {
        report(Report::Err(format!("{}: regenerating: {}", m.name(), describe(&e))));
    }
    for m in &plan.mate_only {
        let line = format!("{}: mate-only table (it predates repetition values): regenerating", m.name());
        report(Report::Err(line));
    }
    let Some(memory) = MemoryCheck::of(&plan.todo) else { return Ok(()) };
    report(Report::Out(Text(&memory).to_string()));
    memory.ensure_enough().map_err(|e| describe(&e))?;
    report(Report::Tables(plan.todo.len()));
    let events = |event: BuildEvent<'_>| match event {
        BuildEvent::Start(m) => report(Report::Start(m.name())),
        BuildEvent::Progress(p) => report(Report::Progress(p)),
        BuildEvent::Built(summary) => report(Report::Out(Text(summary).to_string())),
        BuildEvent::Verified(verified) => report(Report::Out(Text(verified).to_string())),
        BuildEvent::Done(_) => report(Report::Done),
    };
    let level = args.write.options().level;
    let run = build_tables(&plan.todo, dir, level, args.verify, &events).map_err(|e| describe(&e))?;
    report(Report::Out(Text(&run).to_string()));
    Ok(())
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

impl Prober {
    /// Opens the table directory of `args`.
    pub fn open(args: &ProbeArgs) -> Result<Prober, String> {
        let tables = Tablebase::open(&args.dir.dir).map_err(|e| describe(&e))?;
        Ok(Prober { tables, warned: HashSet::new() })
    }

    /// The answer to one SFEN under `args`; a missing table of at most [`ON_THE_FLY_PIECES`]
    /// pieces is generated first. A table that predates repetition values is warned about once.
    pub fn answer(
        &mut self,
        sfen: &str,
        args: &ProbeArgs,
        report: Reporter<'_>,
    ) -> Result<ProbeReply, String> {
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
                report(Report::Err(Text(summary).to_string()));
            }
        };
        let material = Material::of(&position);
        self.tables.ensure_table(&material, ON_THE_FLY_PIECES, &events).map_err(|e| describe(&e))?;
        let query = Query::new(args.first_player, args.rules);
        let missing = || format!("no table for {}", material.name());
        let probe = self.tables.probe(&position, query).map_err(|e| describe(&e))?.ok_or_else(missing)?;
        let line = self.tables.line(&position, query).map_err(|e| describe(&e))?.ok_or_else(missing)?;
        if let Some(warning) = probe.mate_only_warning() {
            if self.warned.insert(probe.material) {
                report(Report::Err(warning));
            }
        }
        Ok(ProbeReply { position, probe, line })
    }
}

/// `tb verify`: checks each file (checksums, then every value against the rules); a file that
/// fails is reported and the others are still checked.
pub fn verify(files: &TableFiles, report: Reporter<'_>) -> Result<(), String> {
    files.threads.install(|| {
        let mut failed = 0;
        for path in &files.files {
            let verified = MaterialTable::open_any(path).and_then(|table| {
                report(Report::Start(table.material().name()));
                let verified = VerifiedTable::check(path, &table, &|p| report(Report::Progress(p)));
                report(Report::Done);
                verified
            });
            match verified {
                Ok(verified) => report(Report::Out(Text(&verified).to_string())),
                Err(e) => {
                    failed += 1;
                    report(Report::Out(format!("{}: FAILED: {}", path.display(), describe(&e))));
                }
            }
        }
        match failed {
            0 => Ok(()),
            _ => Err(format!("{failed} of {} tables failed verification", files.files.len())),
        }
    })?
}

/// `tb info`: counts by value, longest mate and sizes of each file.
pub fn info(files: &TableFiles, report: Reporter<'_>) -> Result<(), String> {
    files.threads.install(|| {
        files.files.iter().try_for_each(|path| {
            let table = MaterialTable::open_any(path).map_err(|e| describe(&e))?;
            report(Report::Out(Text(&TableInfo::read(path, &table).map_err(|e| describe(&e))?).to_string()));
            Ok(())
        })
    })?
}

/// Arguments of `tb rewrite`.
#[derive(Args, Clone, Debug)]
pub struct RewriteArgs {
    /// The table files.
    #[command(flatten)]
    pub files: TableFiles,
    /// The compression of the tables written.
    #[command(flatten)]
    pub write: WriteArgs,
}

/// `tb rewrite`: rewrites each file in place in this build's file format.
pub fn rewrite(args: &RewriteArgs, report: Reporter<'_>) -> Result<(), String> {
    let level = args.write.options().level;
    args.files
        .threads
        .install(|| args.files.files.iter().try_for_each(|path| rewrite_file(path, level, report)))?
}

fn rewrite_file(path: &Path, level: i32, report: Reporter<'_>) -> Result<(), String> {
    let table = MaterialTable::open_any(path).map_err(|e| describe(&e))?;
    report(Report::Start(table.material().name()));
    let rewritten = RewrittenTable::rewrite(path, table, level, &|p| report(Report::Progress(p)))
        .map_err(|e| describe(&e))?;
    report(Report::Done);
    report(Report::Out(Text(&rewritten).to_string()));
    Ok(())
}
