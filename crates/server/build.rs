//! Lists the files of `assets/` for `src/assets.rs`: one `Asset` per file, its bytes included in
//! the binary, so the web page works offline and a new asset needs no Rust edit.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    // Read at run time: `env!` would bake in the path the build script was compiled at, and a
    // target directory shared by two checkouts would then list the other one's (or no) files.
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest_dir).join("assets");
    let index = root.join("index.html");
    assert!(index.is_file(), "the web page's assets are missing: no {}", index.display());
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    collect(&root, &mut files);
    files.sort();
    let mut out = String::from("&[\n");
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
        let relative = file.strip_prefix(&root).expect("a file under assets/");
        let url: Vec<String> =
            relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
        let url = format!("/{}", url.join("/"));
        writeln!(out, "    Asset::new({url:?}, include_bytes!({:?})),", file.display().to_string())
            .expect("writing to a string");
    }
    out.push(']');
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("assets.rs");
    std::fs::write(dest, out).expect("writing the asset list");
}

/// Every file under `dir`, subfolders included; hidden files (editor droppings) are left out.
fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        if path.is_dir() {
            println!("cargo:rerun-if-changed={}", path.display());
            collect(&path, files);
        } else {
            files.push(path);
        }
    }
}
