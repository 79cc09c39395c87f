//! `tb probe`'s answer: the exact verdict of a position, a best move and the line that realises
//! it, as one line of text or one JSON object.

use minishogi::{Move, Position};
use minishogi_tablebase::{By, Probe};
use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::fmt;

/// A probe's answer as `tb probe` prints it: the position, the table's [`Probe`] and its line.
pub struct ProbeReply {
    /// The position probed.
    pub position: Position,
    /// The table's answer.
    pub probe: Probe,
    /// The line of best moves to the end of the game.
    pub line: Vec<Move>,
}

impl ProbeReply {
    fn moves(&self) -> Vec<String> {
        self.line.iter().map(Move::to_string).collect()
    }
}

/// `SFEN [material]: verdict; best move; line moves…`.
impl fmt::Display for ProbeReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (verdict, material) = (self.probe.verdict, self.probe.material.name());
        write!(f, "{} [{material}]: {verdict}; best ", self.position.to_sfen())?;
        match self.probe.best {
            Some(m) => write!(f, "{m}")?,
            None if verdict.plies == Some(0) => f.write_str("none (mated or no legal move)")?,
            None => f.write_str("none")?,
        }
        let line = if self.line.is_empty() { "-".to_string() } else { self.moves().join(" ") };
        write!(f, "; line {line}")
    }
}

/// `{"best", "by", "first_player", "line", "material", "plies", "result", "sfen"}`: the keys in
/// alphabetical order.
impl Serialize for ProbeReply {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let verdict = self.probe.verdict;
        let mut s = serializer.serialize_struct("ProbeReply", 8)?;
        s.serialize_field("best", &self.probe.best.map(|m| m.to_string()))?;
        s.serialize_field("by", &verdict.by.map(By::name))?;
        s.serialize_field("first_player", self.probe.first_player.name())?;
        s.serialize_field("line", &self.moves())?;
        s.serialize_field("material", &self.probe.material.name())?;
        s.serialize_field("plies", &verdict.plies)?;
        s.serialize_field("result", verdict.result.name())?;
        s.serialize_field("sfen", &self.position.to_sfen())?;
        s.end()
    }
}

#[cfg(test)]
mod tests {
    use super::ProbeReply;
    use minishogi::{Color, Position};
    use minishogi_tablebase::{By, Material, Probe, Verdict, Wdl};

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
        let probe =
            Probe { material, verdict, first_player: Color::Sente, best: moves.first().copied(), mate_only };
        ProbeReply { position, probe, line: moves }
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
