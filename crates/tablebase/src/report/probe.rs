//! `tb probe`'s answer: the exact verdict of a position, a best move and the line that realises
//! it, as one line of text or one JSON object.

use std::fmt;

use minishogi::{Color, Move, Position, RuleSet};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::error::TablebaseError;
use crate::exact::ExactProbe;
use crate::tablebase::Tablebase;
use crate::verdict::By;

/// The answer to one probe.
#[derive(Clone, Debug)]
pub struct ProbeAnswer {
    /// The position probed.
    pub position: Position,
    /// Its verdict and best move.
    pub probe: ExactProbe,
    /// The line of best moves to the end of the game (see [`Tablebase::exact_line`]).
    pub line: Vec<Move>,
}

impl Tablebase {
    /// The verdict, best move and line of `position` in a game that `first_player` began, under
    /// `rules`, or `None` if its table is not in the directory.
    pub fn answer(
        &self,
        position: &Position,
        first_player: Color,
        rules: RuleSet,
    ) -> Result<Option<ProbeAnswer>, TablebaseError> {
        let Some(probe) = self.exact_probe(position, first_player, rules)? else { return Ok(None) };
        let line = self.exact_line(position, first_player, rules)?.unwrap_or_default();
        Ok(Some(ProbeAnswer { position: position.clone(), probe, line }))
    }
}

impl ProbeAnswer {
    /// The warning for an answer read from a table that predates repetition values.
    pub fn mate_only_warning(&self) -> Option<String> {
        let name = self.probe.material.name();
        self.probe.mate_only.then(|| {
            format!(
                "warning: the table of {name} predates repetition values: its draws are mate-only; \
                 'minishogi tb gen {name} --force' rebuilds it"
            )
        })
    }

    fn moves(&self) -> Vec<String> {
        self.line.iter().map(Move::to_string).collect()
    }
}

/// `SFEN [material]: verdict; best move; line moves…`.
impl fmt::Display for ProbeAnswer {
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
/// alphabetical order, as `tb probe --json` has always printed them.
impl Serialize for ProbeAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let verdict = self.probe.verdict;
        let mut s = serializer.serialize_struct("ProbeAnswer", 8)?;
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
    use super::ProbeAnswer;
    use crate::{By, ExactProbe, Material, Verdict, Wdl};
    use minishogi::{Color, Position};

    fn answer(sfen: &str, verdict: Verdict, line: &[&str], mate_only: bool) -> ProbeAnswer {
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
        ProbeAnswer { position, probe, line: moves }
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
        assert_eq!(a.mate_only_warning(), None);
    }

    #[test]
    fn no_move_and_a_mate_only_table_are_said() {
        let draw = Verdict { result: Wdl::Draw, by: None, plies: None };
        let a = answer("4k/5/5/5/K4 b - 1", draw, &[], true);
        assert_eq!(a.to_string(), "4k/5/5/5/K4 b - 1 [-]: draw; best none; line -");
        let json = serde_json::to_string(&a).expect("json");
        assert!(json.starts_with(r#"{"best":null,"by":null,"#) && json.contains(r#""plies":null"#), "{json}");
        let warning = a.mate_only_warning().expect("a mate-only table");
        assert!(
            warning.contains("predates repetition values")
                && warning.ends_with("'minishogi tb gen - --force' rebuilds it")
        );
    }
}
