//! The answer to a probe: the exact verdict of a position, a best move and the line that
//! realises it (as JSON, through `serde`, the object the server's probes agree with).

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
}

/// `{"best", "by", "first_player", "line", "material", "plies", "result", "sfen"}`: the keys in
/// alphabetical order.
impl Serialize for ProbeAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let verdict = self.probe.verdict;
        let line: Vec<String> = self.line.iter().map(Move::to_string).collect();
        let mut s = serializer.serialize_struct("ProbeAnswer", 8)?;
        s.serialize_field("best", &self.probe.best.map(|m| m.to_string()))?;
        s.serialize_field("by", &verdict.by.map(By::name))?;
        s.serialize_field("first_player", self.probe.first_player.name())?;
        s.serialize_field("line", &line)?;
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
    use crate::{ExactProbe, Material, Verdict, Wdl};
    use minishogi::{Color, Position};

    fn answer(mate_only: bool) -> ProbeAnswer {
        let position = Position::from_sfen("4k/5/5/5/K4 b - 1").expect("a position");
        let verdict = Verdict { result: Wdl::Draw, by: None, plies: None };
        let material = Material::of(&position);
        let probe = ExactProbe { material, verdict, first_player: Color::Sente, best: None, mate_only };
        ProbeAnswer { position, probe, line: Vec::new() }
    }

    #[test]
    fn an_answer_from_a_mate_only_table_carries_a_warning() {
        assert_eq!(answer(false).mate_only_warning(), None);
        let warning = answer(true).mate_only_warning().expect("a mate-only table");
        assert!(
            warning.contains("predates repetition values")
                && warning.ends_with("'minishogi tb gen - --force' rebuilds it")
        );
    }
}
