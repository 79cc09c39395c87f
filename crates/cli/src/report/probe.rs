//! `tb probe`'s answer: the exact verdict of a position, a best move and the line that realises
//! it, as one line of text or (the library's) JSON object.

use minishogi::Move;
use minishogi_tablebase::ProbeAnswer;
use serde::{Serialize, Serializer};
use std::fmt;

/// A probe's answer as `tb probe` prints it.
pub struct ProbeReply(pub ProbeAnswer);

impl ProbeReply {
    fn moves(&self) -> Vec<String> {
        self.0.line.iter().map(Move::to_string).collect()
    }
}

/// `SFEN [material]: verdict; best move; line moves…`.
impl fmt::Display for ProbeReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (verdict, material) = (self.0.probe.verdict, self.0.probe.material.name());
        write!(f, "{} [{material}]: {verdict}; best ", self.0.position.to_sfen())?;
        match self.0.probe.best {
            Some(m) => write!(f, "{m}")?,
            None if verdict.plies == Some(0) => f.write_str("none (mated or no legal move)")?,
            None => f.write_str("none")?,
        }
        let line = if self.0.line.is_empty() { "-".to_string() } else { self.moves().join(" ") };
        write!(f, "; line {line}")
    }
}

/// The library's JSON object of the answer.
impl Serialize for ProbeReply {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::ProbeReply;
    use minishogi::{Color, Position};
    use minishogi_tablebase::{By, ExactProbe, Material, ProbeAnswer, Verdict, Wdl};

    fn answer(sfen: &str, verdict: Verdict, line: &[&str], mate_only: bool) -> ProbeReply {
        let position = Position::from_sfen(sfen).expect("a position");
        let mut at = position.clone();
        let mut moves = Vec::new();
        for text in line {
            let m = at.parse_move(text).expect("a legal move");
            at = at.after(m);
            moves.push(m);
        }
        let material = Material::of(&position);
        let probe = ExactProbe {
            material,
            verdict,
            first_player: Color::Sente,
            best: moves.first().copied(),
            mate_only,
        };
        ProbeReply(ProbeAnswer { position, probe, line: moves })
    }

    #[test]
    fn an_answer_is_one_line_of_text_or_one_json_object() {
        let win = Verdict { result: Wdl::Win, by: Some(By::Mate), plies: Some(9) };
        let line = ["G*2c", "1a2a", "5e5d", "2a3a", "5d5c", "3a4a", "5c4c", "4a5a", "2c3b"];
        let a = answer("4k/5/5/5/K4 b G 1", win, &line, false);
        let text =
            "4k/5/5/5/K4 b G 1 [G]: win in 9; best G*2c; line G*2c 1a2a 5e5d 2a3a 5d5c 3a4a 5c4c 4a5a 2c3b";
        assert_eq!(a.to_string(), text);
        assert_eq!(
            serde_json::to_string(&a).expect("json"),
            r#"{"best":"G*2c","by":"mate","first_player":"sente","line":["G*2c","1a2a","5e5d","2a3a","5d5c","3a4a","5c4c","4a5a","2c3b"],"material":"G","plies":9,"result":"win","sfen":"4k/5/5/5/K4 b G 1"}"#
        );
    }

    #[test]
    fn no_move_and_a_mate_only_table_are_said() {
        let draw = Verdict { result: Wdl::Draw, by: None, plies: None };
        let a = answer("4k/5/5/5/K4 b - 1", draw, &[], true);
        assert_eq!(a.to_string(), "4k/5/5/5/K4 b - 1 [-]: draw; best none; line -");
        let json = serde_json::to_string(&a).expect("json");
        assert!(json.starts_with(r#"{"best":null,"by":null,"#) && json.contains(r#""plies":null"#), "{json}");
    }
}
