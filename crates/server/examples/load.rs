//! A load test of a running server: GET requests over kept-alive connections, cycling through
//! probe targets, each connection on its own thread; prints errors, latency percentiles and
//! requests per second. Sends only to the address given (meant for 127.0.0.1) and stops by
//! itself after the requests or the time limit.
//!
//! ```sh
//! minishogi tb gen - G P RG --dir /tmp/t && minishogi serve --dir /tmp/t 2>/tmp/serve.log &
//! cargo run --release -p minishogi-server --example load -- --addr 127.0.0.1:8080 \
//!     --requests 10000 --connections 64 [--path /api/mainline] [--sfen SFEN]...
//! ```

#[path = "../tests/it/common/http.rs"]
mod http;

use http::{encode, Connection};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Positions of the tables of `-`, `G`, `P` and `RG` (kings only, a gold, a pawn, a perpetual check).
const DEFAULT_SFENS: [&str; 4] =
    ["4k/5/5/5/K4 b G 1", "4k/5/5/5/K4 b - 1", "4k/5/2P2/5/K4 w - 1", "K1R2/g4/k4/5/5 b - 1"];

struct Options {
    addr: SocketAddr,
    requests: usize,
    connections: usize,
    path: String,
    sfens: Vec<String>,
    max_time: Duration,
}

fn parse_options() -> Result<Options, Box<dyn std::error::Error>> {
    let mut options = Options {
        addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
        requests: 10_000,
        connections: 64,
        path: "/api/probe".to_string(),
        sfens: Vec::new(),
        max_time: Duration::from_secs(300),
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--addr" => options.addr = value()?.parse().map_err(|e| format!("--addr: {e}"))?,
            "--requests" => options.requests = value()?.parse().map_err(|e| format!("--requests: {e}"))?,
            "--connections" => {
                options.connections = value()?.parse().map_err(|e| format!("--connections: {e}"))?
            }
            "--path" => options.path = value()?,
            "--sfen" => options.sfens.push(value()?),
            "--max-seconds" => {
                options.max_time =
                    Duration::from_secs(value()?.parse().map_err(|e| format!("--max-seconds: {e}"))?)
            }
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    if options.sfens.is_empty() {
        options.sfens = DEFAULT_SFENS.iter().map(|s| s.to_string()).collect();
    }
    Ok(options)
}

/// What one connection saw: the latency of each answered request, and the errors.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    errors: Vec<String>,
}

fn run_connection(
    addr: SocketAddr,
    targets: &[String],
    next: &AtomicUsize,
    total: usize,
    until: Instant,
) -> Tally {
    let mut tally = Tally::default();
    let mut connection = None;
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= total || Instant::now() > until {
            return tally;
        }
        let target = &targets[i % targets.len()];
        let start = Instant::now();
        let answer = match connection.as_mut() {
            Some(c) => Ok(c),
            None => Connection::open(addr).map(|c| connection.insert(c)),
        }
        .and_then(|c| c.get(target));
        match answer {
            Ok(r) if r.status == 200 => tally.latencies.push(start.elapsed()),
            Ok(r) => tally.errors.push(format!("{target}: status {}: {}", r.status, r.body)),
            Err(e) => {
                connection = None;
                tally.errors.push(format!("{target}: {e}"));
            }
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(i).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

fn main() {
    let options = match parse_options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let targets: Arc<Vec<String>> =
        Arc::new(options.sfens.iter().map(|s| format!("{}?sfen={}", options.path, encode(s))).collect());
    let next = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let until = start + options.max_time;
    let threads: Vec<_> = (0..options.connections)
        .map(|_| {
            let (targets, next) = (Arc::clone(&targets), Arc::clone(&next));
            let (addr, total) = (options.addr, options.requests);
            std::thread::spawn(move || run_connection(addr, &targets, &next, total, until))
        })
        .collect();
    let mut latencies = Vec::with_capacity(options.requests);
    let mut errors = Vec::new();
    for thread in threads {
        match thread.join() {
            Ok(tally) => {
                latencies.extend(tally.latencies);
                errors.extend(tally.errors);
            }
            Err(_) => errors.push("a connection thread panicked".to_string()),
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    latencies.sort();
    for e in errors.iter().take(5) {
        eprintln!("error: {e}");
    }
    println!(
        "{} requests ({} ok, {} errors) over {} connections in {elapsed:.2} s: {:.0} requests/s; \
         latency p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len() + errors.len(),
        latencies.len(),
        errors.len(),
        options.connections,
        latencies.len() as f64 / elapsed,
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.90),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0),
    );
    if !errors.is_empty() {
        std::process::exit(1);
    }
}
