//! Positions whose values under the standard repetition rule are worked out by hand, one for
//! each outcome that occurs in the tables of up to three pieces.

use minishogi::game::EndReason;
use minishogi::{Color, Game, Position, RuleSet};
use minishogi_retro::{Value, WriteOptions};
use minishogi_tablebase::{By, Material, Query, Tablebase, TablebaseError, Verdict, Wdl};
use std::path::Path;

/// The raw value stored for `pos` (the generator's and verifier's view, not a probe), or `None`
/// when its table is not in the directory.
fn stored(tb: &Tablebase, pos: &Position) -> Result<Option<Value>, TablebaseError> {
    tb.table(&Material::of(pos))?.map(|t| t.value(pos)).transpose()
}

fn build(dir: &Path, name: &str) {
    let m = Material::parse(name).expect("material");
    minishogi_tablebase::build_table(&m, dir, WriteOptions::default().level, &|_| {}).expect("build");
}

fn verdict(result: Wdl, by: By) -> Verdict {
    Verdict { result, by: Some(by), plies: None }
}

/// Kings only: no piece can ever give check and nobody can mate, so every play is an endless
/// shuffle that ends at the fourth occurrence of a position, and the first player loses it.
#[test]
fn bare_kings_lose_for_the_first_player() {
    let dir = tempfile::tempdir().expect("tempdir");
    build(dir.path(), "-");
    let tb = Tablebase::open(dir.path()).expect("open");
    let pos = Position::from_sfen("4k/5/5/5/K4 b - 1").expect("sfen");
    let v = |first| {
        tb.probe(&pos, Query::new(first, RuleSet::Standard).verdict_only())
            .map(|p| p.map(|p| p.verdict))
            .expect("probe")
            .expect("table")
    };
    assert_eq!(v(Color::Sente), verdict(Wdl::Loss, By::Repetition));
    assert_eq!(v(Color::Gote), verdict(Wdl::Win, By::Repetition));
}

/// `K1R2/g4/k4/5/5 b`: sente K 5a, R 3a; gote G 5b, K 5c; sente to move and in check from the
/// gold (a gote gold steps back to 5a). Sente's only legal move is K 5a-4a: 4b and 5b are covered
/// (the gold, and the gote king behind it), and the rook cannot reach 5b. Gote must answer with a
/// check: every other gote move lets sente mate (checked below against the mate-only values), so
/// G 5b-4b+, K 4a-5a, G 4b-5b+, ... for ever, gote checking with every move and sente never; and
/// sente cannot escape the checks into a mate of its own (a mate-only draw). If sente moved
/// first, gote is the second player checking with every move: sente wins by perpetual check. If
/// gote moved first, the first player (gote) loses the repetition even though it is the one
/// checking: sente wins by repetition. The table also must give lines that the rules judge so.
#[test]
fn a_gold_that_must_check_for_ever() {
    let dir = tempfile::tempdir().expect("tempdir");
    build(dir.path(), "RG");
    let tb = Tablebase::open(dir.path()).expect("open");
    let pos = Position::from_sfen("K1R2/g4/k4/5/5 b - 1").expect("sfen");
    assert!(pos.in_check());
    assert_eq!(pos.legal_move_list().iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["5a4a"]);
    for (first, expected, reason) in [
        (Color::Sente, verdict(Wdl::Win, By::PerpetualCheck), EndReason::PerpetualCheck),
        (Color::Gote, verdict(Wdl::Win, By::Repetition), EndReason::PerpetualCheck),
    ] {
        assert_eq!(
            tb.probe(&pos, Query::new(first, RuleSet::Standard).verdict_only())
                .map(|p| p.map(|p| p.verdict))
                .expect("probe"),
            Some(expected)
        );
        let line = tb.line(&pos, Query::new(first, RuleSet::Standard)).expect("line").expect("table");
        let mut game = Game::with_first_player(pos.clone(), RuleSet::Standard, first);
        for &m in &line {
            game.play(m).expect("legal");
        }
        let outcome = game.outcome().expect("ends");
        // Gote checked with every move: the checker loses, whoever moved first.
        assert_eq!((outcome.winner, outcome.reason), (Some(Color::Sente), reason), "{line:?}");
    }
    // Seen from gote after sente's forced move: the same game, one ply later. Every gote move that
    // does not give check loses by mate; the checking G 5b-4b keeps the draw.
    let after = pos.after(pos.legal_move_list().as_slice()[0]);
    let mut drawing_checks = Vec::new();
    for &m in after.legal_move_list().iter() {
        let child = after.after(m);
        let value = stored(&tb, &child).expect("probe").expect("table");
        if !child.in_check() {
            assert!(value.is_win(), "gote's quiet move {m} should lose by mate: {value}");
        } else if value.is_draw() {
            drawing_checks.push(m.to_string());
        }
    }
    assert_eq!(drawing_checks, ["5b4b"]);
    assert_eq!(
        tb.probe(&after, Query::new(Color::Sente, RuleSet::Standard).verdict_only())
            .map(|p| p.map(|p| p.verdict))
            .expect("probe"),
        Some(verdict(Wdl::Loss, By::PerpetualCheck))
    );
    assert_eq!(
        tb.probe(&after, Query::new(Color::Sente, RuleSet::DrawAt300).verdict_only())
            .map(|p| p.map(|p| p.verdict))
            .expect("probe"),
        Some(Verdict { result: Wdl::Draw, by: None, plies: None })
    );
}
