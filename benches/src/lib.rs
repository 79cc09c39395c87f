//! Criterion benchmarks for the workspace live in `benches/`; run them with
//! `cargo bench -p minishogi-benches`.
