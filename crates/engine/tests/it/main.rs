//! The integration tests of `minishogi-engine`, one module per topic, built as one test binary
//! (one link instead of one per file). Add a test to the module of its topic, or add a
//! file here and a `mod` line below; see docs/testing.md.

mod games;
mod mate;
mod mate_suite;
mod nnue;
mod repetition;
mod shipped_network;
mod table_repetition;
