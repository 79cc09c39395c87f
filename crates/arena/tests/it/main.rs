//! The integration tests of `minishogi-arena`, one module per topic, built as one test binary
//! (one link instead of one per file). Add a test to the module of its topic, or add a
//! file here and a `mod` line below; see docs/testing.md.

mod fake_engines;
mod in_process;
mod variant;
