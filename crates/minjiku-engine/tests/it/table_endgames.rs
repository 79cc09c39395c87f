//! The tables in play: won positions drawn from a two-piece table, played by the engine with the
//! tables against the table's best defence, must end in mate within the table's distance.
//!
//! The tables are built once into Cargo's temporary directory for tests (`target/tmp`) and read
//! from there on later runs (`K+S+SvK`, two promoted Silvers against the bare King, the
//! cheapest two-piece set: minutes on the first run).

use minishogi_retro::Value;
use minjiku::{Color, Game, Move, Piece, Position, Square};
use minjiku_engine::{Limits, Searcher, Weights};
use minjiku_tablebase::{build, BuildOptions, Material, MinjikuTablebase};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, OnceLock};

/// The two-piece set the positions are drawn from.
const TWO_PIECE_SET: &str = "K+S+SvK";

fn tables_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("minjiku-engine-tables")
}

/// The tables of `sets` (and every set they need), built into the shared directory when
/// missing; one build at a time.
pub fn tables(sets: &[&str]) -> Arc<MinjikuTablebase> {
    static BUILDING: OnceLock<Mutex<()>> = OnceLock::new();
    let _guard = BUILDING.get_or_init(Mutex::default).lock().unwrap_or_else(|e| e.into_inner());
    let dir = tables_dir();
    std::fs::create_dir_all(&dir).expect("as set up");
    let sets: Vec<Material> = sets.iter().map(|s| Material::parse(s).expect("as set up")).collect();
    build(&dir, &sets, &BuildOptions::default()).expect("as set up");
    Arc::new(MinjikuTablebase::open(&dir).expect("as set up"))
}

/// A small deterministic generator (xorshift64*), so that every run draws the same positions.
struct Draw(u64);

impl Draw {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n
    }

    /// A square of the 10×10 board (no extra square).
    fn square(&mut self) -> Square {
        Square::new(self.below(10) as i8, 1 + self.below(10) as i8).expect("as set up")
    }
}

/// `count` positions of `set` drawn at random that its table says the side to move wins, with
/// their distances.
fn won_positions(tables: &MinjikuTablebase, set: &str, count: usize, seed: u64) -> Vec<(Position, u16)> {
    let material = Material::parse(set).expect("as set up");
    let mut draw = Draw(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pieces = vec![
            (draw.square(), Piece::new(Color::White, minjiku::Kind::King)),
            (draw.square(), Piece::new(Color::Black, minjiku::Kind::King)),
        ];
        for color in [Color::White, Color::Black] {
            pieces.extend(material.side(color).iter().map(|&k| (draw.square(), Piece::new(color, k))));
        }
        let squares: std::collections::HashSet<Square> = pieces.iter().map(|&(sq, _)| sq).collect();
        let side = if draw.below(2) == 0 { Color::White } else { Color::Black };
        if squares.len() < pieces.len() {
            continue;
        }
        let Ok(pos) = Position::from_pieces(pieces, side) else { continue };
        let value = tables.value(&pos).expect("as set up").expect("as set up");
        if value.is_win() {
            out.push((pos, value.dtm().expect("as set up")));
        }
    }
    out
}

/// The table's best defence: the move to the longest loss (or a draw, or the quickest win, if
/// the table allows one).
fn best_defence(tables: &MinjikuTablebase, pos: &Position) -> Move {
    let rank = |v: Value| match v.dtm() {
        Some(d) if v.is_win() => 1_000 - i32::from(d),
        Some(d) => -1_000 + i32::from(d),
        None => 0,
    };
    let moves = tables.move_values(pos).expect("as set up");
    moves.iter().max_by_key(|&&(_, v)| rank(v)).expect("as set up").0
}

/// Plays `start` out: the engine (side to move at the start) against the table's defence, until
/// the game ends or `max_plies`. The winner, if any, and the plies played.
fn play_out(
    searcher: &mut Searcher,
    tables: &MinjikuTablebase,
    start: &Position,
    limits: &Limits,
    max_plies: usize,
) -> (Option<Color>, usize) {
    let engine = start.side_to_move();
    let mut game = Game::new(start.clone());
    searcher.clear();
    while game.outcome().is_none() && game.moves().len() < max_plies {
        let pos = game.position().clone();
        let m = if pos.side_to_move() == engine {
            searcher.search(&game, limits, &AtomicBool::new(false), &mut |_| {}).best.expect("as set up")
        } else {
            best_defence(tables, &pos)
        };
        game.play(m).expect("as set up");
    }
    (game.outcome().and_then(|o| o.winner), game.moves().len())
}

/// Plays each position with the tables: every one is mated in exactly the table's distance
/// (the engine takes the quickest mate, the defence the longest).
fn engine_mates_in_every_one(count: usize, seed: u64) {
    let tables = tables(&[TWO_PIECE_SET]);
    let mut searcher = Searcher::new(Weights::initial(), 4);
    searcher.set_tables(Some(Arc::clone(&tables)));
    assert!(searcher.table_sets().contains(&TWO_PIECE_SET.to_string()));
    let positions = won_positions(&tables, TWO_PIECE_SET, count, seed);
    assert!(positions.iter().any(|&(_, d)| d >= 15), "some long mates among the positions");
    for (pos, distance) in positions {
        let engine = pos.side_to_move();
        let (winner, plies) = play_out(&mut searcher, &tables, &pos, &Limits::depth(3), 300);
        assert_eq!(winner, Some(engine), "{} (win in {distance})", pos.to_fen());
        assert_eq!(plies, usize::from(distance), "{}", pos.to_fen());
    }
}

#[test]
fn with_the_tables_the_engine_mates_in_fifty_won_positions() {
    engine_mates_in_every_one(50, 0x9E37_79B9_7F4A_7C15);
}

/// The large version: 500 positions.
#[test]
#[ignore = "500 games; run with --ignored"]
fn with_the_tables_the_engine_mates_in_five_hundred_won_positions() {
    engine_mates_in_every_one(500, 0xD1B5_4A32_D192_ED03);
}

/// A position with three pieces besides the Kings is outside the tables, but a capture leads
/// into them: the search scores it with the table's distance at once, where without the tables
/// a shallow search sees no mate.
#[test]
fn the_search_scores_a_capture_into_the_tables_exactly() {
    let tables = tables(&["K+GvK"]);
    let mut draw = Draw(7);
    let gold = Piece::new(Color::White, minjiku::Kind::PromotedGold);
    let pawn = Piece::new(Color::Black, minjiku::Kind::Pawn);
    let found = (0..200_000).find_map(|_| {
        let pieces = [
            (draw.square(), Piece::new(Color::White, minjiku::Kind::King)),
            (draw.square(), Piece::new(Color::Black, minjiku::Kind::King)),
            (draw.square(), gold),
            (draw.square(), pawn),
        ];
        let pos = Position::from_pieces(pieces, Color::White).ok()?;
        // The promoted Gold (a Rook's moves) takes the Pawn into a long win.
        let capture = pos.legal_move_list().iter().copied().find(|&m| pos.piece_at(m.to()) == Some(pawn))?;
        let child = tables.value(&pos.after(capture)).ok()??;
        (child.is_loss() && child.dtm()? >= 9).then(|| (pos, child.dtm().unwrap_or(0)))
    });
    let (pos, child_distance) = found.expect("a promoted Gold that takes a Pawn into a long win");
    let game = Game::new(pos.clone());
    let stop = AtomicBool::new(false);
    let mut with = Searcher::new(Weights::initial(), 4);
    with.set_tables(Some(tables));
    let result = with.search(&game, &Limits::depth(2), &stop, &mut |_| {});
    let mate_bound = minjiku_engine::score::MATE - 1 - i32::from(child_distance);
    assert!(result.score >= mate_bound, "{}: score {} below {mate_bound}", pos.to_fen(), result.score);
    let mut without = Searcher::new(Weights::initial(), 4);
    let plain = without.search(&game, &Limits::depth(2), &stop, &mut |_| {});
    assert!(!minjiku_engine::score::is_decisive(plain.score), "{}", pos.to_fen());
}

/// The measurement of docs/minjiku-engine.md: how many of the fifty positions the engine
/// converts **without** the tables, at `MJ_ENDGAME_NODES` nodes a move (default 20,000, about
/// 0.1 s on one core; nodes, not time, so that the load of the machine does not change the
/// games), against the table's best defence, within 300 plies. Prints the count; asserts only
/// that a converted game never beats the table's distance.
#[test]
#[ignore = "a measurement (minutes); run with --ignored --nocapture"]
fn without_the_tables_how_many_it_converts() {
    let tables = tables(&[TWO_PIECE_SET]);
    let nodes = std::env::var("MJ_ENDGAME_NODES").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000);
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let mut searcher = Searcher::new(Weights::initial(), 16);
    let positions = won_positions(&tables, TWO_PIECE_SET, 50, 0x9E37_79B9_7F4A_7C15);
    let (mut converted, mut within, mut extra) = (0, 0, 0);
    for (i, (pos, distance)) in positions.iter().enumerate() {
        let (winner, plies) = play_out(&mut searcher, &tables, pos, &limits, 300);
        let won = winner == Some(pos.side_to_move());
        if won {
            assert!(plies >= usize::from(*distance), "{}: mate sooner than the table's", pos.to_fen());
            converted += 1;
            extra += plies - usize::from(*distance);
            within += usize::from(plies == usize::from(*distance));
        }
        eprintln!(
            "{i:2} {} win in {distance}: {} after {plies} plies",
            pos.to_fen(),
            if won { "mated" } else { "not converted" }
        );
    }
    eprintln!(
        "without tables at {nodes} nodes a move: {converted} of 50 converted, {within} in the table's distance, {extra} plies over it in all"
    );
}
