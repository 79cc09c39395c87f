//! Text of the `tb` commands: summary lines, `tb info`'s description, error messages with the
//! command that fixes them, progress bars, numbers.

use indicatif::{ProgressBar, ProgressStyle};
use minishogi::{Color, Move, Position};
use minishogi_tablebase::{
    positions_covered, BuildSummary, By, DrawValue, ExactProbe, Material, MaterialTable, Progress,
    RepetitionReport, RewriteSummary, TablebaseError, Value, VerifyError, VerifyReport, FORMAT_VERSION,
};
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

/// A library error as the user reads it: with the command that fixes it where there is one.
pub fn describe(e: &TablebaseError) -> String {
    match e {
        TablebaseError::MissingTable { material, dir } => {
            format!("{e}: run 'minishogi tb gen {material} --dir {}'", dir.display())
        }
        TablebaseError::UnsupportedVersion { .. } => {
            format!("{e}: regenerate it with 'minishogi tb gen --force'")
        }
        TablebaseError::WrongIndexScheme { .. } => format!("{e}: regenerate it with 'minishogi tb gen'"),
        TablebaseError::Verify(VerifyError::Mismatch { sfen, .. }) => format!("{e}; position {sfen}"),
        _ => e.to_string(),
    }
}

/// The line `tb gen` prints for a table built.
pub fn built(s: &BuildSummary) -> String {
    let (w, generated) = (&s.written, s.generate_time.as_secs_f64());
    format!(
        "{}: {} slots, {} positions ({:.1}%), longest mate {} plies, {} = {:.2} bits per stored position, \
         generated in {generated:.1} s ({:.1} M slots/s; repetition values of {} draws {:.1} s), written in {:.1} s",
        s.material.name(),
        thousands(w.index_size),
        thousands(w.legal_positions),
        100.0 * w.legal_positions as f64 / w.index_size.max(1) as f64,
        s.stats.longest,
        human_bytes(w.file_bytes),
        w.bits_per_position(),
        w.index_size as f64 / generated.max(1e-9) / 1e6,
        thousands(s.draws),
        s.repetition_time.as_secs_f64(),
        s.write_time.as_secs_f64(),
    )
}

/// `tb probe`'s answer for `position`: one line of text, or a JSON object.
pub fn answer(position: &Position, probe: &ExactProbe, line: &[Move], json: bool) -> String {
    let (sfen, material, verdict) = (position.to_sfen(), probe.material.name(), probe.verdict);
    let best = probe.best.map(|m| m.to_string());
    let line: Vec<String> = line.iter().map(|m| m.to_string()).collect();
    if json {
        let first = if probe.first_player == Color::Sente { "sente" } else { "gote" };
        let answer = serde_json::json!({
            "sfen": sfen, "material": material, "result": verdict.result.name(), "by": verdict.by.map(By::name),
            "plies": verdict.plies, "first_player": first, "best": best, "line": line,
        });
        return answer.to_string();
    }
    let mated = verdict.plies == Some(0);
    let best = best.unwrap_or_else(|| if mated { "none (mated or no legal move)" } else { "none" }.into());
    let line = if line.is_empty() { "-".to_string() } else { line.join(" ") };
    format!("{sfen} [{material}]: {verdict}; best {best}; line {line}")
}

/// The warning for a table that predates repetition values.
pub fn mate_only_warning(material: &Material) -> String {
    let name = material.name();
    format!(
        "warning: the table of {name} predates repetition values: its draws are mate-only; 'minishogi tb gen {name} --force' rebuilds it"
    )
}

/// The line `tb verify` prints for a table that passed.
pub fn verified(path: &Path, r: &VerifyReport, rep: Option<&RepetitionReport>, time: Duration) -> String {
    let repetition = match rep {
        None => {
            "no repetition values (a mate-only table: 'minishogi tb gen --force' rebuilds it)".to_string()
        }
        Some(rep) => {
            let c = rep.counts;
            format!(
                "repetition values ok (first player to move: {} lost by repetition, {} won by perpetual check, {} drawn; \
                 second player to move: {} won by repetition, {} lost by perpetual check, {} drawn)",
                thousands(c[0][0]),
                thousands(c[0][1]),
                thousands(c[0][2]),
                thousands(c[1][0]),
                thousands(c[1][1]),
                thousands(c[1][2]),
            )
        }
    };
    format!(
        "{}: ok: checksums, {} slots, {} positions ({} wins, {} losses, {} mate-only draws), longest mate {}, {repetition}, {:.1} s",
        path.display(),
        thousands(r.slots),
        thousands(r.positions),
        thousands(r.wins),
        thousands(r.losses),
        thousands(r.draws),
        r.longest.map_or("none".to_string(), |(d, _)| format!("{d} plies")),
        time.as_secs_f64()
    )
}

/// The line `tb rewrite` prints for a file rewritten.
pub fn rewritten(path: &Path, r: &RewriteSummary, time: Duration) -> String {
    let bits = |bytes: u64| bytes as f64 * 8.0 / r.written.legal_positions.max(1) as f64;
    format!(
        "{}: format version {} -> {FORMAT_VERSION}, {} -> {} ({:.3} -> {:.3} bits per stored position), {:.1} s",
        path.display(),
        r.old_version,
        human_bytes(r.old_bytes),
        human_bytes(r.written.file_bytes),
        bits(r.old_bytes),
        bits(r.written.file_bytes),
        time.as_secs_f64()
    )
}

/// `tb info`'s description of one table file.
pub fn info(path: &Path, t: &MaterialTable) -> Result<String, String> {
    let (header, table) = (t.table.header(), &t.table);
    let legal = header.legal_positions();
    let stored = if header.dont_care_illegal() {
        "slots holding no legal position stored as don't-care bytes"
    } else {
        "every slot stored"
    };
    let covered = positions_covered(&t.indexer);
    let bits = table.file_bytes() as f64 * 8.0;
    let counts = header.summary();
    let by_distance: Vec<String> =
        counts.by_distance.iter().map(|(v, n)| format!("{}:{n}", v.dtm().unwrap_or(0))).collect();
    let mut out = vec![
        format!(
            "{}: material {}, rule set {}, format version {} ({stored})",
            path.display(),
            t.material().name(),
            header.rule_set,
            header.version
        ),
        format!(
            "  index size {} slots, legal positions {} ({:.1}% of the index)",
            thousands(header.index_size),
            thousands(legal),
            100.0 * legal as f64 / header.index_size.max(1) as f64
        ),
        format!(
            "  file {} in {} blocks of {} values (dictionary {} bytes)",
            human_bytes(table.file_bytes()),
            table.block_count(),
            header.block_size,
            header.dictionary.len(),
        ),
        format!(
            "  bits per legal position: {:.3} per stored position (sente to move, one mirror image); \
             {:.3} per position of the set ({} positions: both sides to move, both mirror images)",
            bits / legal.max(1) as f64,
            bits / covered.max(1) as f64,
            thousands(covered)
        ),
        format!(
            "  wins {}, losses {}, draws {}",
            thousands(counts.wins),
            thousands(counts.losses),
            thousands(counts.draws)
        ),
        format!("  counts by distance (plies:positions; odd = win, even = loss): {}", by_distance.join(" ")),
    ];
    for (what, longest) in [("longest mate", counts.longest_win), ("longest defence", counts.longest_loss)] {
        out.push(match longest {
            Some(v) => format!("  {what}: {v}, e.g. {}", example(path, t, v)?),
            None => format!("  {what}: none"),
        });
    }
    out.extend(repetition_info(t).map_err(|e| describe(&e))?);
    Ok(out.join("\n"))
}

/// The mate-only draws under the standard rules: counts of each outcome for both cases, with the
/// first example of each (the SFEN has sente to move; the case says who moved first).
fn repetition_info(t: &MaterialTable) -> Result<Vec<String>, TablebaseError> {
    let Some(rep) = t.repetition_values()? else {
        let name = t.material().name();
        return Ok(vec![format!(
            "  no repetition values: a mate-only table ('minishogi tb gen {name} --force' rebuilds it)"
        )]);
    };
    let names = [
        ["lost by repetition", "won by perpetual check", "drawn by perpetual check"],
        ["won by repetition", "lost by perpetual check", "drawn by perpetual check"],
    ];
    let mut out = Vec::new();
    for (case, first, names) in [(0, "sente", names[0]), (1, "gote", names[1])] {
        let mover = if case == 0 { "first" } else { "second" };
        out.push(format!(
            "  mate-only draws with the {mover} player to move (first player {first} in the example SFENs):"
        ));
        for (k, name) in names.iter().enumerate() {
            let matching = |pair: &[DrawValue; 2]| pair[case].outcome().map(|o| o as usize) == Some(k);
            let count = rep.entries().iter().filter(|p| matching(p)).count() as u64;
            let example = rep
                .entries()
                .iter()
                .position(matching)
                .and_then(|i| rep.slot(i))
                .and_then(|s| t.indexer.position(s))
                .map_or(String::new(), |p| format!(", e.g. {}", p.to_sfen()));
            out.push(format!("    {name}: {}{example}", thousands(count)));
        }
    }
    Ok(out)
}

/// The SFEN of the first position with value `v`.
fn example(path: &Path, t: &MaterialTable, v: Value) -> Result<String, String> {
    match t.first_position_with(v).map_err(|e| describe(&e))? {
        Some(position) => Ok(position.to_sfen()),
        None => Err(format!("{}: header counts {v} but no legal position holds it", path.display())),
    }
}

/// A bar for one table's phases: reset with the phase's length and name whenever the phase changes.
pub fn phase_bar(bar: &ProgressBar) -> impl Fn(Progress<'_>) + Sync + '_ {
    bar.set_style(style("{prefix:>8} {msg:>9} [{bar:30}] {human_pos}/{human_len} {per_sec} eta {eta}"));
    let phase = Mutex::new(String::new());
    move |p: Progress<'_>| {
        let mut current = phase.lock().unwrap_or_else(|e| e.into_inner());
        if *current != p.phase {
            *current = p.phase.to_string();
            bar.reset();
            bar.set_length(p.total);
            bar.set_message(p.phase.to_string());
        }
        bar.set_position(p.done);
    }
}

/// A progress style from an indicatif template.
pub fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}

/// `n` with commas between groups of three digits.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    // Digits before the first comma: 1 to 3.
    let head = match digits.len() % 3 {
        0 => 3,
        r => r,
    };
    let mut out = digits[..head.min(digits.len())].to_string();
    for group in digits.as_bytes()[head.min(digits.len())..].chunks(3) {
        out.push(',');
        out.push_str(std::str::from_utf8(group).unwrap_or_default());
    }
    out
}

/// `n` bytes in binary units (`1.5 KiB`).
pub fn human_bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = n as f64;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} B")
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::{describe, human_bytes, thousands};
    use minishogi_tablebase::TablebaseError;
    use std::path::PathBuf;

    #[test]
    fn errors_name_the_command_that_fixes_them() {
        let path = PathBuf::from("t/R.mstb");
        let old = TablebaseError::UnsupportedVersion { path: path.clone(), found: 9, oldest: 1, newest: 2 };
        assert!(
            describe(&old).ends_with(": regenerate it with 'minishogi tb gen --force'"),
            "{}",
            describe(&old)
        );
        let scheme = TablebaseError::WrongIndexScheme { path };
        assert!(
            describe(&scheme).ends_with(": regenerate it with 'minishogi tb gen'"),
            "{}",
            describe(&scheme)
        );
        let missing = TablebaseError::MissingTable { material: "RBG".into(), dir: PathBuf::from("t") };
        assert_eq!(describe(&missing), "no table for RBG in t: run 'minishogi tb gen RBG --dir t'");
    }

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(194_365_512), "194,365,512");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn byte_sizes_use_binary_units() {
        assert_eq!(human_bytes(512), "512 B");
        assert_eq!(human_bytes(1536), "1.5 KiB");
        assert_eq!(human_bytes(3 << 30), "3.0 GiB");
    }
}
