//! Running the server: bind, open the tables, serve until the process ends.

use crate::options::ServeOptions;
use crate::routes::router;
use crate::state::AppState;
use minishogi_tablebase::{Tablebase, TablebaseError};
use std::io;
use std::net::TcpListener;
use thiserror::Error;

/// Why the server could not start or stopped.
#[derive(Debug, Error)]
pub enum ServerError {
    /// The address could not be bound (in use, not an address, not allowed).
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: String,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
    /// The table directory cannot be used.
    #[error(transparent)]
    Tablebase(#[from] TablebaseError),
    /// The runtime could not start, or serving failed.
    #[error("server error: {0}")]
    Io(#[from] io::Error),
}

/// Serves on `options.addr` until the process ends (blocking).
pub fn serve(options: &ServeOptions) -> Result<(), ServerError> {
    let listener = TcpListener::bind(&options.addr)
        .map_err(|source| ServerError::Bind { addr: options.addr.clone(), source })?;
    serve_on(listener, options)
}

/// Serves on a bound `listener` (e.g. `127.0.0.1:0` in a test) until the process ends
/// (blocking); `options.addr` is not used.
pub fn serve_on(listener: TcpListener, options: &ServeOptions) -> Result<(), ServerError> {
    let tablebase = Tablebase::open(&options.dir)?;
    let state = AppState::new(tablebase, options.limits, options.analysis.clone());
    listener.set_nonblocking(true)?;
    let addr = listener.local_addr()?;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        eprintln!("listening on http://{addr} (tables in {})", options.dir.display());
        axum::serve(listener, router(state)).await
    })?;
    Ok(())
}
