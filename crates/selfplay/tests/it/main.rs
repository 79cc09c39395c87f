//! The integration tests of `minishogi-selfplay`, one module per topic, built as one test binary
//! (one link instead of one per file). Add a test to the module of its topic, or add a
//! file here and a `mod` line below; see docs/testing.md.

mod selfplay;
mod text_dataset;
