//! What wraps every request: one log line on stderr, the size limits, and the last-resort answer
//! to a panic.

use crate::error::ApiError;
use crate::limits::Limits;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::CONTENT_LENGTH;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::any::Any;
use std::time::Instant;

/// Logs `METHOD /path?query STATUS LATENCY` on stderr once the answer is ready.
pub async fn log_requests(request: Request, next: Next) -> Response {
    let start = Instant::now();
    let method = request.method().clone();
    let target =
        request.uri().path_and_query().map_or_else(|| request.uri().path().to_string(), |p| p.to_string());
    let response = next.run(request).await;
    let millis = start.elapsed().as_secs_f64() * 1000.0;
    eprintln!("{method} {target} {} {millis:.1}ms", response.status().as_u16());
    response
}

/// Refuses a request target longer than the limit, or a body larger than it (by its
/// `Content-Length`, or any body sent in chunks when the limit is zero), with a 400.
pub async fn check_request_size(State(limits): State<Limits>, request: Request, next: Next) -> Response {
    let target = request.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if target > limits.max_uri_bytes {
        let max = limits.max_uri_bytes;
        return ApiError::bad_request(format!("request target of {target} bytes: the limit is {max}"))
            .into_response();
    }
    let length =
        request.headers().get(CONTENT_LENGTH).map(|v| v.to_str().ok().and_then(|v| v.parse::<u64>().ok()));
    match length {
        Some(Some(n)) if n > limits.max_body_bytes => {
            let max = limits.max_body_bytes;
            ApiError::bad_request(format!("request body of {n} bytes: the limit is {max}")).into_response()
        }
        Some(None) => ApiError::bad_request("bad Content-Length header").into_response(),
        _ if request.headers().contains_key("transfer-encoding") && limits.max_body_bytes == 0 => {
            ApiError::bad_request("request body: the API takes none").into_response()
        }
        _ => next.run(request).await,
    }
}

/// The answer to a handler that panicked (a bug): a 500 with a JSON error, the server goes on.
pub fn panic_response(_panic: Box<dyn Any + Send + 'static>) -> Response<Body> {
    ApiError::internal("the answer failed (a bug in the server: see its log)").into_response()
}
