//! Agreement with an independent depth-limited mate search written here from the rules crate
//! alone, and byte-identical tables for any thread count.

use minishogi::{MoveList, Position};
use minishogi_retro::{GenerateOptions, Value};
use minishogi_tablebase::{generate, Indexer, Material};

/// True when the side to move can force mate within `depth` plies (depth odd).
fn wins_within(pos: &mut Position, depth: u32) -> bool {
    if depth == 0 {
        return false;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.iter().any(|&m| {
        let undo = pos.play(m);
        let lost = loses_within(pos, depth - 1);
        pos.undo(m, undo);
        lost
    })
}

/// True when every move of the side to move (if any) leads to a forced mate within `depth` plies.
fn loses_within(pos: &mut Position, depth: u32) -> bool {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return true;
    }
    if depth == 0 {
        return false;
    }
    moves.iter().all(|&m| {
        let undo = pos.play(m);
        let won = wins_within(pos, depth - 1);
        pos.undo(m, undo);
        won
    })
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[test]
fn table_agrees_with_mate_search() {
    for name in ["GP", "SP"] {
        let material = Material::parse(name).expect("valid");
        let values = generate(&material, &GenerateOptions::default()).expect("generated");
        let ix = Indexer::new(&material);
        let mut rng = Rng(0x1234_5678_9ABC_DEF1);
        // Sample until short mates of every distance 0..=4 have been seen, or the test proves little.
        let (mut checked, mut short) = (0, [0u32; 5]);
        while checked < 300 || short.iter().any(|&c| c < 10) {
            assert!(checked < 50_000, "{name}: distances 0..=4 seen {short:?}");
            let i = rng.below(ix.size());
            let Some(mut pos) = ix.position(i) else { continue };
            let v = Value::from_byte(values[i as usize]);
            let dtm = v.dtm().map(u32::from);
            // A win in n is found at depth n and not at n - 2; a loss in n likewise.
            for depth in [1, 3] {
                let expect = v.is_win() && dtm.is_some_and(|d| d <= depth);
                assert_eq!(
                    wins_within(&mut pos, depth),
                    expect,
                    "{name} {} {v} depth {depth}",
                    pos.to_sfen()
                );
            }
            for depth in [0, 2] {
                let expect = v.is_loss() && dtm.is_some_and(|d| d <= depth);
                assert_eq!(
                    loses_within(&mut pos, depth),
                    expect,
                    "{name} {} {v} depth {depth}",
                    pos.to_sfen()
                );
            }
            if let Some(d) = dtm.filter(|&d| d <= 4) {
                short[d as usize] += 1;
            }
            checked += 1;
        }
    }
}

#[test]
fn longer_mates_found_at_their_depth_only() {
    let material = Material::parse("GP").expect("valid");
    let values = generate(&material, &GenerateOptions::default()).expect("generated");
    let ix = Indexer::new(&material);
    let mut rng = Rng(99);
    let mut found = 0;
    while found < 6 {
        let i = rng.below(ix.size());
        let v = Value::from_byte(values[i as usize]);
        if v.dtm() != Some(5) {
            continue;
        }
        let Some(mut pos) = ix.position(i) else { panic!("slot {i} holds {v} but no legal position") };
        assert!(wins_within(&mut pos, 5), "{}", pos.to_sfen());
        assert!(!wins_within(&mut pos, 3), "{}", pos.to_sfen());
        found += 1;
    }
}

#[test]
fn same_bytes_for_any_thread_count() {
    for name in ["GP", "RS"] {
        let material = Material::parse(name).expect("valid");
        let one =
            generate(&material, &GenerateOptions { threads: Some(1), progress: None }).expect("generated");
        let two =
            generate(&material, &GenerateOptions { threads: Some(2), progress: None }).expect("generated");
        let three =
            generate(&material, &GenerateOptions { threads: Some(3), progress: None }).expect("generated");
        assert!(one == two && two == three, "{name}");
    }
}
