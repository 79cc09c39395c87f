//! A small HTTP/1.1 client over `TcpStream` for the API tests and the load tool: GET requests on
//! a kept-alive connection, raw requests for malformed input, responses with a length or chunked.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// A response: status, headers (names in lower case) and body.
#[derive(Debug)]
pub struct HttpResponse {
    /// The status code.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body as text.
    pub body: String,
}

impl HttpResponse {
    /// The value of header `name` (lower case), if sent.
    #[allow(dead_code)]
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The body parsed as JSON (panics with the body if it is not JSON: a test failure).
    #[allow(dead_code)]
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// One kept-alive connection to a server.
pub struct Connection {
    stream: BufReader<TcpStream>,
    host: String,
}

impl Connection {
    /// Connects to `addr`.
    pub fn open(addr: SocketAddr) -> io::Result<Connection> {
        let stream = TcpStream::connect(addr)?;
        stream.set_read_timeout(Some(Duration::from_secs(60)))?;
        stream.set_nodelay(true)?;
        Ok(Connection { stream: BufReader::new(stream), host: addr.to_string() })
    }

    /// `GET target` (a path with its query, already percent-encoded).
    pub fn get(&mut self, target: &str) -> io::Result<HttpResponse> {
        let request = format!("GET {target} HTTP/1.1\r\nHost: {}\r\n\r\n", self.host);
        self.send(request.as_bytes())
    }

    /// Sends `request` as it is and reads one response.
    pub fn send(&mut self, request: &[u8]) -> io::Result<HttpResponse> {
        self.stream.get_mut().write_all(request)?;
        read_response(&mut self.stream)
    }
}

/// `GET target` on a new connection.
#[allow(dead_code)]
pub fn get(addr: SocketAddr, target: &str) -> HttpResponse {
    let mut connection = Connection::open(addr).expect("the server accepts connections");
    connection.get(target).unwrap_or_else(|e| panic!("GET {target}: {e}"))
}

/// `query` with everything but unreserved characters percent-encoded, as a page's
/// `encodeURIComponent` sends it (so an SFEN's spaces and `+` arrive as they are).
#[allow(dead_code)]
pub fn encode(query: &str) -> String {
    let mut out = String::with_capacity(query.len() * 3);
    for b in query.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

fn bad(detail: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, detail.into())
}

fn read_response(stream: &mut BufReader<TcpStream>) -> io::Result<HttpResponse> {
    let mut line = String::new();
    if stream.read_line(&mut line)? == 0 {
        return Err(bad("the connection closed before a response"));
    }
    let status = line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad(format!("status line {line:?}")))?;
    let mut headers = Vec::new();
    loop {
        line.clear();
        stream.read_line(&mut line)?;
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':').ok_or_else(|| bad(format!("header {header:?}")))?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
    }
    let find = |name: &str| headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
    let body = if let Some(length) = find("content-length") {
        let length: usize = length.parse().map_err(|_| bad("content-length"))?;
        let mut body = vec![0; length];
        stream.read_exact(&mut body)?;
        body
    } else if find("transfer-encoding").is_some_and(|t| t.contains("chunked")) {
        read_chunked(stream)?
    } else {
        let mut body = Vec::new();
        stream.read_to_end(&mut body)?;
        body
    };
    let body = String::from_utf8(body).map_err(|_| bad("a body that is not UTF-8"))?;
    Ok(HttpResponse { status, headers, body })
}

fn read_chunked(stream: &mut BufReader<TcpStream>) -> io::Result<Vec<u8>> {
    let mut body = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        stream.read_line(&mut line)?;
        let size = usize::from_str_radix(line.trim().split(';').next().unwrap_or(""), 16)
            .map_err(|_| bad("chunk size"))?;
        let mut chunk = vec![0; size + 2];
        stream.read_exact(&mut chunk)?;
        if size == 0 {
            return Ok(body);
        }
        body.extend_from_slice(&chunk[..size]);
    }
}
