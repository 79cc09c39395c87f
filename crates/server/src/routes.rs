//! The routes: the API, the embedded page and its files, and JSON errors for everything else.

use crate::analysed::{analysed_mainline, analysed_probe};
use crate::assets::Asset;
use crate::error::ApiError;
use crate::mainline::mainline;
use crate::middleware::{check_request_size, log_requests, panic_response};
use crate::probe::probe;
use crate::query::PositionQuery;
use crate::state::AppState;
use axum::extract::{RawQuery, State};
use axum::http::{header, Method, StatusCode, Uri};
use axum::middleware::{from_fn, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use minishogi_analysis::AnalysisLimits;
use minishogi_tablebase::Tablebase;
use serde::Serialize;
use std::sync::Arc;
use tower_http::catch_panic::CatchPanicLayer;

/// The server's routes over `state`, with logging, size limits and the panic guard.
pub fn router(state: AppState) -> Router {
    let limits = state.limits;
    Router::new()
        .route("/api/probe", get(probe_route).fallback(wrong_method))
        .route("/api/mainline", get(mainline_route).fallback(wrong_method))
        .fallback(asset_route)
        .with_state(state)
        .layer(from_fn_with_state(limits, check_request_size))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(from_fn(log_requests))
}

async fn probe_route(State(state): State<AppState>, RawQuery(query): RawQuery) -> Result<Response, ApiError> {
    let query = PositionQuery::parse(query.as_deref())?;
    json(&answer(&state, query, probe, analysed_probe).await?)
}

async fn mainline_route(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let query = PositionQuery::parse(query.as_deref())?;
    json(&answer(&state, query, mainline, analysed_mainline).await?)
}

/// `from_table` on the probe workers; for a position without a table, `analysed` on the search
/// workers when the server analyses such positions.
async fn answer<T: Send + 'static>(
    state: &AppState,
    query: PositionQuery,
    from_table: fn(&Tablebase, &PositionQuery) -> Result<T, ApiError>,
    analysed: fn(&Tablebase, &PositionQuery, &AnalysisLimits) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let (tb, asked) = (Arc::clone(&state.tablebase), query.clone());
    match state.probe_workers.run(move || from_table(&tb, &asked)).await {
        Err(e) if e.missing_table.is_some() => {
            let Some(limits) = state.analysis.clone() else { return Err(e) };
            let tb = Arc::clone(&state.tablebase);
            state.search_workers.run(move || analysed(&tb, &query, &limits)).await
        }
        answer => answer,
    }
}

/// An embedded file for GET and HEAD, else a JSON 404 (or 405).
async fn asset_route(method: Method, uri: Uri) -> Result<Response, ApiError> {
    if method != Method::GET && method != Method::HEAD {
        return Err(ApiError::method_not_allowed(method.as_str()));
    }
    let asset = Asset::find(uri.path()).ok_or_else(|| ApiError::not_found(uri.path()))?;
    Ok(([(header::CONTENT_TYPE, asset.content_type())], asset.body).into_response())
}

async fn wrong_method(method: Method) -> ApiError {
    ApiError::method_not_allowed(method.as_str())
}

/// `value` as a JSON response that any page may read (the API is public, as lila-tablebase's is).
fn json<T: Serialize>(value: &T) -> Result<Response, ApiError> {
    let body =
        serde_json::to_string(value).map_err(|e| ApiError::internal(format!("cannot write JSON: {e}")))?;
    let headers = [(header::CONTENT_TYPE, "application/json"), (header::ACCESS_CONTROL_ALLOW_ORIGIN, "*")];
    Ok((StatusCode::OK, headers, body).into_response())
}
