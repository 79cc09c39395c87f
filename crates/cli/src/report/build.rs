//! The lines of `tb gen`: a table kept, a table built, the run.

use super::units::{human_bytes, thousands};
use super::Text;
use minishogi_tablebase::build::Present;
use minishogi_tablebase::{BuildRun, BuildSummary};
use std::fmt;

/// `G: tables/G.mstb exists with a valid header, skipped`.
impl fmt::Display for Text<'_, Present> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0;
        write!(f, "{}: {} exists with a valid header, skipped", p.material.name(), p.path.display())
    }
}

/// One line: sizes, longest mate, bits per position and the time of each phase.
impl fmt::Display for Text<'_, BuildSummary> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0;
        let (w, generated) = (&s.written, s.generate_time.as_secs_f64());
        write!(
            f,
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
}

/// `3 tables in 1.2 s, peak memory (RSS) 20.1 MiB`.
impl fmt::Display for Text<'_, BuildRun> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let run = self.0;
        let peak = run.peak_memory.map_or("unknown".to_string(), human_bytes);
        write!(f, "{} tables in {:.1} s, peak memory (RSS) {peak}", run.tables, run.time.as_secs_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::Text;
    use minishogi_tablebase::build::Present;
    use minishogi_tablebase::Material;
    use std::path::PathBuf;

    #[test]
    fn a_file_kept_is_named_with_its_set() {
        let material = Material::parse("G").expect("a set");
        let present = Present { material, path: PathBuf::from("t/G.mstb") };
        assert_eq!(Text(&present).to_string(), "G: t/G.mstb exists with a valid header, skipped");
    }
}
