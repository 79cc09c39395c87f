//! `usi`: the engine speaks the USI protocol on stdin and stdout.

use crate::output::CliResult;

/// `usi`: runs the protocol loop until `quit` or the end of stdin.
pub fn exec() -> CliResult {
    let mut protocol = minishogi_usi::Usi::new(Box::new(std::io::stdout()));
    protocol.run(std::io::stdin().lock()).map_err(|e| format!("reading stdin: {e}"))
}
