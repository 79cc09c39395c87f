//! What the API tests share: small tables made in a temporary directory, a server on a real
//! socket, and the HTTP client.

pub mod http;

use minishogi_analysis::AnalysisLimits;
use minishogi_server::{serve_on, Limits, ServeOptions};
use minishogi_tablebase::{build_table, Material};
use std::net::{SocketAddr, TcpListener};
use std::path::Path;
use std::time::Duration;

/// Writes the tables of `sets` (e.g. `["-", "G"]`) into `dir`.
pub fn make_tables(dir: &Path, sets: &[&str]) {
    for name in sets {
        let material = Material::parse(name).expect("a material set");
        build_table(&material, dir, 3, &|_| {}).expect("the table is built");
    }
}

/// A small analysis budget, so that the tests stay fast.
pub fn test_analysis() -> AnalysisLimits {
    AnalysisLimits {
        mate: minishogi_mate::Limits { time: Some(Duration::from_millis(200)), ..Default::default() },
        engine: minishogi_engine::Limits::nodes(20_000),
        hash_mb: 4,
        ..AnalysisLimits::default()
    }
}

/// A server over the tables in `dir` with `limits` (positions without a table analysed within
/// `analysis`), listening on 127.0.0.1 on a free port.
pub fn start_server(dir: &Path, limits: Limits, analysis: Option<AnalysisLimits>) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let addr = listener.local_addr().expect("the bound address");
    let options = ServeOptions { dir: dir.to_path_buf(), addr: addr.to_string(), limits, analysis };
    std::thread::spawn(move || serve_on(listener, &options).expect("the server runs"));
    addr
}
