//! Helpers shared by the tablebase's integration tests.

pub mod reference_solver;
