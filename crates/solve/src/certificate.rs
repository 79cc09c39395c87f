//! Proof certificates: the text format, reading and writing it (plain or zstd-compressed), and
//! checking one against this crate's rules (the writer's last check; `tools/check_proof.mjs` is
//! the independent one).
//!
//! ```text
//! minishogi-proof<TAB>1
//! root<TAB><SFEN>
//! value<TAB><win|loss><TAB><PLIES>
//! <SFEN><TAB><USI MOVE><TAB><PLIES>
//! ```
//!
//! Every line after the header is a position where the winning side is to move, the move it
//! plays and the plies to the win that move guarantees (odd, ≥ 1). Positions are keyed by
//! board, side to move and hands (the move number is ignored). From the root every reply of the
//! losing side leads to a position with a line whose count is at most the count before it
//! minus 2, down to positions where the losing side has no legal move.

use crate::error::CertificateError;
use minishogi::{Move, Position};
use std::collections::HashMap;
use std::fmt;
use std::io::{BufRead, Write};

/// The first line of every certificate.
pub const HEADER: &str = "minishogi-proof\t1";

/// The root's value for its side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "win",
            Value::Loss => "loss",
        })
    }
}

/// One line: a position with the winner to move, its move and the plies that move guarantees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The position, winner to move.
    pub position: Position,
    /// The winner's move.
    pub best: Move,
    /// Plies to the win after (and including) the move.
    pub plies: u32,
}

/// A complete proof that the side to move at `root` wins or loses within `plies` plies.
#[derive(Clone, Debug)]
pub struct Certificate {
    /// The position proved.
    pub root: Position,
    /// Its value for the side to move.
    pub value: Value,
    /// Plies to the win or loss.
    pub plies: u32,
    /// The positions with the winner to move, in the order they were written.
    pub lines: Vec<Line>,
}

/// The position's key in a certificate: the SFEN without the move number.
pub fn position_key(pos: &Position) -> String {
    let sfen = pos.to_sfen();
    match sfen.rsplit_once(' ') {
        Some((key, _)) => key.to_string(),
        None => sfen,
    }
}

impl Certificate {
    /// Writes the certificate in the text format.
    pub fn write(&self, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(out, "{HEADER}")?;
        writeln!(
            out,
            "# {} lines; every reply of the loser leads to a line with a count at least 2 lower",
            self.lines.len()
        )?;
        writeln!(out, "root\t{}", self.root.to_sfen())?;
        writeln!(out, "value\t{}\t{}", self.value, self.plies)?;
        for line in &self.lines {
            writeln!(out, "{}\t{}\t{}", line.position.to_sfen(), line.best, line.plies)?;
        }
        Ok(())
    }

    /// Writes the certificate to `path`, zstd-compressed when the name ends in `.zst`.
    pub fn save(&self, path: &std::path::Path) -> Result<(), CertificateError> {
        let io = |e| CertificateError::Io { path: path.display().to_string(), source: e };
        let file = std::fs::File::create(path).map_err(io)?;
        if path.extension().is_some_and(|e| e == "zst") {
            let mut encoder = zstd::Encoder::new(file, 19).map_err(io)?;
            let mut buffered = std::io::BufWriter::new(&mut encoder);
            self.write(&mut buffered).map_err(io)?;
            buffered.flush().map_err(io)?;
            drop(buffered);
            encoder.finish().map_err(io)?;
        } else {
            let mut buffered = std::io::BufWriter::new(file);
            self.write(&mut buffered).map_err(io)?;
            buffered.flush().map_err(io)?;
        }
        Ok(())
    }

    /// Reads a certificate from `path` (zstd-compressed when the name ends in `.zst`).
    pub fn load(path: &std::path::Path) -> Result<Certificate, CertificateError> {
        let io = |e| CertificateError::Io { path: path.display().to_string(), source: e };
        let file = std::fs::File::open(path).map_err(io)?;
        if path.extension().is_some_and(|e| e == "zst") {
            Certificate::read(std::io::BufReader::new(zstd::Decoder::new(file).map_err(io)?))
        } else {
            Certificate::read(std::io::BufReader::new(file))
        }
    }

    /// Parses the text format (syntax only; [`Certificate::check`] checks the proof).
    pub fn read(input: impl BufRead) -> Result<Certificate, CertificateError> {
        let mut lines = input.lines().enumerate().filter_map(|(i, l)| match l {
            Ok(text) if text.starts_with('#') || text.trim().is_empty() => None,
            other => Some((i + 1, other)),
        });
        let mut next = |what: &'static str| -> Result<(usize, String), CertificateError> {
            match lines.next() {
                Some((n, Ok(text))) => Ok((n, text)),
                Some((n, Err(e))) => Err(CertificateError::Syntax { line: n, reason: e.to_string() }),
                None => Err(CertificateError::Truncated { missing: what }),
            }
        };
        let (n, header) = next("the header")?;
        if header.trim_end() != HEADER {
            return Err(CertificateError::Syntax {
                line: n,
                reason: format!("expected the header {HEADER:?}"),
            });
        }
        let (n, root_line) = next("the root line")?;
        let root = match root_line.split_once('\t') {
            Some(("root", sfen)) => parse_sfen(n, sfen)?,
            _ => {
                return Err(CertificateError::Syntax { line: n, reason: "expected `root<TAB><SFEN>`".into() })
            }
        };
        let (n, value_line) = next("the value line")?;
        let fields: Vec<&str> = value_line.split('\t').collect();
        let (value, plies) = match fields.as_slice() {
            ["value", v, p] => {
                let value = match *v {
                    "win" => Value::Win,
                    "loss" => Value::Loss,
                    other => {
                        return Err(CertificateError::Syntax {
                            line: n,
                            reason: format!("value {other:?} is not win or loss"),
                        })
                    }
                };
                (value, parse_count(n, p)?)
            }
            _ => {
                return Err(CertificateError::Syntax {
                    line: n,
                    reason: "expected `value<TAB><win|loss><TAB><PLIES>`".into(),
                })
            }
        };
        let mut body = Vec::new();
        for (n, text) in lines {
            let text = text.map_err(|e| CertificateError::Syntax { line: n, reason: e.to_string() })?;
            let fields: Vec<&str> = text.split('\t').collect();
            let [sfen, mv, count] = fields.as_slice() else {
                return Err(CertificateError::Syntax {
                    line: n,
                    reason: "expected `<SFEN><TAB><MOVE><TAB><PLIES>`".into(),
                });
            };
            let position = parse_sfen(n, sfen)?;
            let best = position.parse_move(mv).map_err(|e| CertificateError::IllegalMove {
                line: n,
                mv: (*mv).to_string(),
                reason: e.to_string(),
            })?;
            body.push(Line { position, best, plies: parse_count(n, count)? });
        }
        Ok(Certificate { root, value, plies, lines: body })
    }

    /// Checks the proof with this crate's rules: every line's move legal and its count odd and
    /// at least 1, every reply of the loser leading to a line with a count at least 2 lower or
    /// to a position where the loser has no legal move, and the value matching the root.
    pub fn check(&self) -> Result<(), CertificateError> {
        let mut table: HashMap<String, &Line> = HashMap::with_capacity(self.lines.len());
        for (i, line) in self.lines.iter().enumerate() {
            if line.plies.is_multiple_of(2) {
                return Err(CertificateError::Invalid {
                    reason: format!("line {} has an even count {}", i + 1, line.plies),
                });
            }
            if !line.position.is_legal(line.best) {
                return Err(CertificateError::Invalid {
                    reason: format!("line {}: {} is illegal", i + 1, line.best),
                });
            }
            if table.insert(position_key(&line.position), line).is_some() {
                return Err(CertificateError::Invalid {
                    reason: format!("line {} repeats a position", i + 1),
                });
            }
        }
        let winner = match self.value {
            Value::Win => self.root.side_to_move(),
            Value::Loss => !self.root.side_to_move(),
        };
        // Every loser-to-move position reached, with the count it must stay under.
        let mut loser_nodes: Vec<(Position, u32)> = Vec::new();
        match self.value {
            Value::Win => {
                let line = table
                    .get(&position_key(&self.root))
                    .ok_or_else(|| CertificateError::Invalid { reason: "the root has no line".into() })?;
                if line.plies != self.plies {
                    return Err(CertificateError::Invalid {
                        reason: format!("value {} but the root's line says {}", self.plies, line.plies),
                    });
                }
            }
            Value::Loss => {
                if !self.plies.is_multiple_of(2) {
                    return Err(CertificateError::Invalid {
                        reason: format!("a loss in {} plies", self.plies),
                    });
                }
                loser_nodes.push((self.root.clone(), self.plies));
            }
        }
        for line in table.values() {
            if line.position.side_to_move() != winner {
                return Err(CertificateError::Invalid { reason: "a line with the loser to move".into() });
            }
            loser_nodes.push((line.position.after(line.best), line.plies - 1));
        }
        let mut longest = 0;
        for (pos, plies) in loser_nodes {
            for reply in pos.legal_move_list().iter() {
                let next = pos.after(*reply);
                let key = position_key(&next);
                let Some(line) = table.get(&key) else {
                    return Err(CertificateError::Invalid {
                        reason: format!("no line for {}", next.to_sfen()),
                    });
                };
                if line.plies + 1 > plies {
                    return Err(CertificateError::Invalid {
                        reason: format!("{} has count {}, not below {}", next.to_sfen(), line.plies, plies),
                    });
                }
                longest = longest.max(line.plies + 1);
            }
        }
        if self.value == Value::Loss && longest != self.plies {
            return Err(CertificateError::Invalid {
                reason: format!("value {} but the longest reply leads to a loss in {longest}", self.plies),
            });
        }
        Ok(())
    }
}

fn parse_sfen(line: usize, sfen: &str) -> Result<Position, CertificateError> {
    Position::from_sfen(sfen.trim())
        .map_err(|e| CertificateError::Syntax { line, reason: format!("bad SFEN: {e}") })
}

fn parse_count(line: usize, text: &str) -> Result<u32, CertificateError> {
    text.trim()
        .parse::<u32>()
        .map_err(|_| CertificateError::Syntax { line, reason: format!("{text:?} is not a ply count") })
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIN_IN_ONE: &str =
        "minishogi-proof\t1\nroot\t4k/5/4P/5/K4 b G 1\nvalue\twin\t1\n4k/5/4P/5/K4 b G 1\tG*1b\t1\n";

    fn read(text: &str) -> Result<Certificate, CertificateError> {
        Certificate::read(text.as_bytes())
    }

    #[test]
    fn a_win_in_one_reads_checks_and_writes_back() {
        let c = read(WIN_IN_ONE).expect("reads");
        c.check().expect("checks");
        let mut out = Vec::new();
        c.write(&mut out).expect("writes");
        let again = read(std::str::from_utf8(&out).expect("utf-8")).expect("reads back");
        assert_eq!((again.value, again.plies, again.lines.len()), (Value::Win, 1, 1));
    }

    #[test]
    fn broken_certificates_fail() {
        assert!(matches!(read(""), Err(CertificateError::Truncated { .. })));
        assert!(matches!(
            read("minishogi-proof\t1\nroot\t4k/5/4P/5/K4 b G 1\n"),
            Err(CertificateError::Truncated { .. })
        ));
        assert!(matches!(
            read(&WIN_IN_ONE.replace("proof\t1", "proof\t2")),
            Err(CertificateError::Syntax { line: 1, .. })
        ));
        assert!(matches!(read(&WIN_IN_ONE.replace("G*1b", "G*5a")), Ok(c) if c.check().is_err()));
        assert!(matches!(
            read(&WIN_IN_ONE.replace("G*1b", "R*1b")),
            Err(CertificateError::IllegalMove { line: 4, .. })
        ));
        assert!(matches!(read(&WIN_IN_ONE.replace("b\t1\n", "b\t3\n")), Ok(c) if c.check().is_err()));
        assert!(matches!(
            read(&WIN_IN_ONE.replace("\t1\n4k", "\tx\n4k")),
            Err(CertificateError::Syntax { line: 3, .. })
        ));
        let without_line = WIN_IN_ONE.lines().take(3).collect::<Vec<_>>().join("\n");
        assert!(matches!(read(&without_line), Ok(c) if c.check().is_err()));
    }
}
