//! Prints, for every material set of up to N pieces (default 3), the index size, the number of
//! legal positions (canonical slots) and their ratio, in Markdown:
//! `cargo run --release -p minishogi-tablebase --example tb_index_sizes -- 3`.

use minishogi_tablebase::{Indexer, Material};

fn main() {
    let max = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    println!("| set | index slots | legal positions | legal / slots |");
    println!("|---|---:|---:|---:|");
    let (mut slots, mut legal) = (0u64, 0u64);
    for material in Material::all_up_to(max) {
        let ix = Indexer::new(&material);
        let l = ix.legal_positions();
        slots += ix.size();
        legal += l;
        println!("| {} | {} | {} | {:.1}% |", material, ix.size(), l, 100.0 * l as f64 / ix.size() as f64);
    }
    println!("| all | {slots} | {legal} | {:.1}% |", 100.0 * legal as f64 / slots as f64);
}
