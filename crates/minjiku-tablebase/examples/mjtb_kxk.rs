//! Prints the table of docs/minjiku-tablebase.md: for each `K+X vs K` table of a directory (built
//! first when missing, as `minishogi minjiku tb gen` would), the share of positions the side with
//! X wins (X's side to move, and the bare King to move) and the longest mate.
//!
//! ```text
//! cargo run --release -p minjiku-tablebase --example mjtb_kxk -- minjiku-tables
//! ```

use minjiku_tablebase::file::{open, table_path};
use minjiku_tablebase::info::side_summary;
use minjiku_tablebase::{build, default_sets, BuildOptions, Material};
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "minjiku-tables".into()));
    std::fs::create_dir_all(&dir)?;
    for table in build(&dir, &default_sets(false), &BuildOptions::default())? {
        eprintln!(
            "{}: {} slots, {} bytes ({:.1} s)",
            table.material, table.slots, table.file_bytes, table.seconds
        );
    }
    println!("| X | piece | wins, X's side to move | losses, bare King to move | forced win? | longest mate (plies) |");
    println!("|---|---|---|---|---|---|");
    for m in Material::all_single() {
        let kind = m.side(minjiku::Color::White)[0];
        let (_, table) = open(&table_path(&dir, &m))?;
        let s = side_summary(&table.values()?);
        let pct = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
        let won = pct(s.white_wins, s.white_to_move);
        // A forced win in general: nearly every position is won (the others lose the piece at
        // once); a few wins only are positions where the bare King is already caught.
        let verdict = if won >= 90.0 {
            "yes"
        } else if s.white_wins > 0 {
            "from some positions"
        } else {
            "no"
        };
        println!(
            "| `{}` | {} | {:.1}% | {:.1}% | {verdict} | {} |",
            kind.symbol(),
            kind.name(),
            won,
            pct(s.black_losses, s.black_to_move),
            s.longest_win.map_or("-".into(), |d| d.to_string())
        );
    }
    Ok(())
}
