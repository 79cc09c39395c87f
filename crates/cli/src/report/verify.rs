//! `tb verify`'s line for a table that passed.

use super::units::thousands;
use super::Text;
use minishogi_tablebase::VerifiedTable;
use std::fmt;

impl fmt::Display for Text<'_, VerifiedTable> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (table, r) = (self.0, &self.0.report);
        write!(
            f,
            "{}: ok: checksums, {} slots, {} positions ({} wins, {} losses, {} mate-only draws), longest mate {}, ",
            table.path.display(),
            thousands(r.slots),
            thousands(r.positions),
            thousands(r.wins),
            thousands(r.losses),
            thousands(r.draws),
            r.longest.map_or("none".to_string(), |(d, _)| format!("{d} plies")),
        )?;
        match &table.repetition {
            None => f.write_str(
                "no repetition values (a mate-only table: 'minishogi tb gen --force' rebuilds it)",
            )?,
            Some(rep) => {
                let c = rep.counts.map(|case| case.map(thousands));
                write!(
                    f,
                    "repetition values ok (first player to move: {} lost by repetition, {} won by perpetual check, {} drawn; \
                     second player to move: {} won by repetition, {} lost by perpetual check, {} drawn)",
                    c[0][0], c[0][1], c[0][2], c[1][0], c[1][1], c[1][2],
                )?;
            }
        }
        write!(f, ", {:.1} s", table.time.as_secs_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::Text;
    use minishogi_retro::VerifyReport;
    use minishogi_tablebase::repetition::RepetitionReport;
    use minishogi_tablebase::VerifiedTable;
    use std::time::Duration;

    #[test]
    fn the_line_counts_values_and_repetition_outcomes() {
        let report = VerifyReport {
            slots: 1234,
            positions: 1000,
            wins: 600,
            losses: 300,
            draws: 100,
            longest: Some((7, 3)),
        };
        let mut table = VerifiedTable {
            path: "t/G.mstb".into(),
            report,
            repetition: None,
            time: Duration::from_millis(1500),
        };
        let text = Text(&table).to_string();
        assert!(text.starts_with("t/G.mstb: ok: checksums, 1,234 slots, 1,000 positions (600 wins, 300 losses, 100 mate-only draws), longest mate 7 plies, no repetition values"), "{text}");
        assert!(text.ends_with("rebuilds it), 1.5 s"), "{text}");
        table.repetition = Some(RepetitionReport { draws: 100, counts: [[90, 0, 10], [90, 0, 10]] });
        let text = Text(&table).to_string();
        assert!(text.contains("repetition values ok (first player to move: 90 lost by repetition, 0 won by perpetual check, 10 drawn; second player to move: 90 won by repetition"), "{text}");
    }
}
