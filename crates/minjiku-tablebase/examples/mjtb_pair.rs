//! Prints what a two-piece table of a directory says, for docs/minjiku-tablebase.md: the share of
//! legal positions won by White with White to move and lost by Black with Black to move, and, when
//! White has both pieces, the same split by whether they stand on squares of one colour (as two
//! Bishops or promoted Silvers, which never leave their colour) or of both colours.
//!
//! ```text
//! cargo run --release -p minjiku-tablebase --example mjtb_pair -- minjiku-tables K+S+SvK
//! ```

use minishogi_retro::Value;
use minjiku::Color;
use minjiku_tablebase::file::{open, table_path};
use minjiku_tablebase::Material;
use std::path::PathBuf;

/// Per side to move: legal positions, White's wins (White to move) or Black's losses (Black to
/// move), and the longest of them.
#[derive(Default)]
struct Tally {
    legal: [u64; 2],
    won: [u64; 2],
    longest: [u16; 2],
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().unwrap_or_else(|| "minjiku-tables".into()));
    let set = Material::parse(&args.next().unwrap_or_else(|| "K+S+SvK".into()))?;
    let set = set.canonical().0;
    let (_, table) = open(&table_path(&dir, &set))?;
    let values = table.values()?;
    let half = values.len() / 2;
    let both_white = set.side(Color::White).len() == 2;
    // [all, one colour, both colours]
    let mut tally: [Tally; 3] = Default::default();
    for (slot, &byte) in values.iter().enumerate() {
        let v = Value::from_byte(byte);
        if !v.is_legal() {
            continue;
        }
        let side = usize::from(slot >= half);
        // The last two base-100 digits of the slot are the two pieces' square numbers,
        // (rank - 1) * 10 + file; the mirror flips both colours, so "one colour" is unchanged.
        let (a, b) = ((slot / 100) % 100, slot % 100);
        let colour = |n: usize| (n / 10 + n % 10) % 2;
        let group = if colour(a) == colour(b) { 1 } else { 2 };
        let good = if side == 0 { v.is_win() } else { v.is_loss() };
        for g in [0, group] {
            if g != 0 && !both_white {
                continue;
            }
            let t = &mut tally[g];
            t.legal[side] += 1;
            if good {
                t.won[side] += 1;
                t.longest[side] = t.longest[side].max(v.dtm().unwrap_or(0));
            }
        }
    }
    println!("| {set} positions | White to move: legal | won by White | longest win | Black to move: legal | lost by Black | longest loss |");
    println!("|---|---|---|---|---|---|---|");
    let pct = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
    for (g, name) in [(0, "all"), (1, "both pieces on one colour"), (2, "pieces on both colours")] {
        if g != 0 && !both_white {
            continue;
        }
        let t = &tally[g];
        println!(
            "| {name} | {} | {} ({:.1}%) | {} | {} | {} ({:.1}%) | {} |",
            t.legal[0],
            t.won[0],
            pct(t.won[0], t.legal[0]),
            t.longest[0],
            t.legal[1],
            t.won[1],
            pct(t.won[1], t.legal[1]),
            t.longest[1]
        );
    }
    Ok(())
}
