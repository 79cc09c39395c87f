//! Criterion benchmarks for the workspace live in `benches/`; run them with
//! `cargo bench -p minishogi-benches`.

/// The example of the repository's README, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeExample;
