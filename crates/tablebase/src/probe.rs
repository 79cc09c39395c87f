//! The one query of the tables: a position's verdict (win, draw or loss; by mate, repetition or
//! perpetual check; in how many plies) and a move that realises it, for a game with a given first
//! player under given rules; and the line of such moves to the end of the game.

use minishogi::{Color, Move, Position, RuleSet};

use crate::draw_value::Case;
use crate::error::TablebaseError;
use crate::exact::{exact_line, repetition_move, Stored};
use crate::material::Material;
use crate::material_table::best_move;
use crate::tablebase::Tablebase;
use crate::verdict::Verdict;

/// What a probe asks besides the position: the game it belongs to and whether a best move is
/// wanted (finding one reads the value of every child; the verdict alone is one read).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Query {
    /// Who moved first in the game: under the standard rules this decides who wins a
    /// position nobody can win by mate.
    pub first_player: Color,
    /// The repetition rule.
    pub rules: RuleSet,
    /// Whether [`Probe::best`] is looked for.
    pub best_move: bool,
}

impl Query {
    /// A query for the verdict and a best move in a game that `first_player` began, under `rules`.
    pub const fn new(first_player: Color, rules: RuleSet) -> Query {
        Query { first_player, rules, best_move: true }
    }

    /// The same query, for the verdict alone.
    pub const fn verdict_only(self) -> Query {
        Query { best_move: false, ..self }
    }
}

/// An even game (sente first) under the standard rules, with a best move.
impl Default for Query {
    fn default() -> Query {
        Query::new(Color::Sente, RuleSet::Standard)
    }
}

/// A table's answer about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The material set.
    pub material: Material,
    /// The first player of the game asked about.
    pub first_player: Color,
    /// The result from the side to move, how it comes about, and in how many plies for a mate.
    pub verdict: Verdict,
    /// A move that realises the verdict: for a mate the one that keeps the distance (the fastest
    /// win, the longest defence), for a repetition outcome the one that keeps the outcome, for a
    /// draw a drawing move. `None` when there is no legal move, or when the query asked for the
    /// verdict alone.
    pub best: Option<Move>,
    /// True when the table predates repetition values: a mate-only draw is then reported as a
    /// plain draw (`by` is `None`) whatever the rules.
    pub mate_only: bool,
}

impl Probe {
    /// The warning for an answer read from a table that predates repetition values.
    pub fn mate_only_warning(&self) -> Option<String> {
        let name = self.material.name();
        self.mate_only.then(|| {
            format!(
                "warning: the table of {name} predates repetition values: its draws are mate-only; \
                 'minishogi tb gen {name} --force' rebuilds it"
            )
        })
    }

    /// Whether the verdict is proved: every verdict is, except a draw read from a table that
    /// predates repetition values (it only knows that nobody mates).
    pub fn is_exact(&self) -> bool {
        !(self.mate_only && self.verdict.result == crate::verdict::Wdl::Draw)
    }
}

impl Tablebase {
    /// The table's answer about `position` for `query`, or `None` if its table is not in the
    /// directory: one value read, for a mate-only draw under the standard rules one repetition
    /// entry, and for the best move the values of the children.
    pub fn probe(&self, position: &Position, query: Query) -> Result<Option<Probe>, TablebaseError> {
        let material = Material::of(position);
        let Some(table) = self.table(&material)? else { return Ok(None) };
        let (verdict, entry) = table.verdict_and_entry(position, query.first_player, query.rules)?;
        let best = match (query.best_move, entry) {
            (false, _) => None,
            // A repetition outcome's move follows its measure; every other verdict keeps the mate value.
            (true, Some(e)) => {
                let case = Case::of(position.side_to_move(), query.first_player);
                let m = repetition_move(table.as_ref(), position, e, case)?;
                Some(m.ok_or_else(|| {
                    Stored::inconsistent(table.as_ref(), position, "no move realises the stored value")
                })?)
            }
            (true, None) => best_move(&table, position)?.1,
        };
        let mate_only = !table.has_repetition();
        Ok(Some(Probe { material, first_player: query.first_player, verdict, best, mate_only }))
    }

    /// The line of best moves from `position` to the end of the game, or `None` if its table is
    /// not in the directory: every move down to the mate (its length is the distance); for a
    /// mate-only draw under the standard rules, the play to the fourfold repetition that decides
    /// it (replayed with the rules' `Game`); under `draw300`, and from a table without repetition
    /// values, one drawing move. `query.best_move` plays no part.
    pub fn line(&self, position: &Position, query: Query) -> Result<Option<Vec<Move>>, TablebaseError> {
        let Some(table) = self.table(&Material::of(position))? else { return Ok(None) };
        let mate_move = |pos: &Position| best_move(&table, pos).map(|(_, m)| m);
        exact_line(table.as_ref(), position, query.first_player, query.rules, &mate_move).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::Probe;
    use crate::{Material, Verdict, Wdl};
    use minishogi::{Color, Position};

    fn probe(mate_only: bool) -> Probe {
        let position = Position::from_sfen("4k/5/5/5/K4 b - 1").expect("a position");
        let verdict = Verdict { result: Wdl::Draw, by: None, plies: None };
        Probe {
            material: Material::of(&position),
            first_player: Color::Sente,
            verdict,
            best: None,
            mate_only,
        }
    }

    #[test]
    fn an_answer_from_a_mate_only_table_carries_a_warning() {
        assert_eq!(probe(false).mate_only_warning(), None);
        assert!(probe(false).is_exact());
        let warning = probe(true).mate_only_warning().expect("a mate-only table");
        assert!(
            warning.contains("predates repetition values")
                && warning.ends_with("'minishogi tb gen - --force' rebuilds it")
        );
        assert!(!probe(true).is_exact());
    }
}
