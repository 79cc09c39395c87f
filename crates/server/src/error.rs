//! Errors as the API answers them: an HTTP status and `{"error": "..."}` saying what is wrong,
//! with the command that fixes it where there is one.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use minishogi_retro::TableError;
use minishogi_tablebase::build::MAX_BUILD_PIECES;
use minishogi_tablebase::{Material, TablebaseError};
use std::path::Path;

/// An answer other than success.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What is wrong, as one sentence for a person.
    pub message: String,
    /// The material set whose table is missing, for a missing table (the `missing_table` key).
    pub missing_table: Option<String>,
}

impl ApiError {
    /// A request the server cannot answer as asked (400).
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A path the server does not serve (404).
    pub fn not_found(path: &str) -> ApiError {
        let message = format!("no such path: {path} (the API is /api/probe and /api/mainline)");
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// A method other than GET or HEAD (405).
    pub fn method_not_allowed(method: &str) -> ApiError {
        ApiError::new(StatusCode::METHOD_NOT_ALLOWED, format!("method {method} is not allowed: use GET"))
    }

    /// No table of `material` in `dir` (404): with the command that makes it, or that no table
    /// can be made for that many pieces.
    pub fn missing_table(material: &Material, dir: &Path) -> ApiError {
        let name = material.name();
        let pieces = material.piece_count();
        let message = if pieces > MAX_BUILD_PIECES {
            format!("no table for {name}: it has {pieces} pieces and tables go up to {MAX_BUILD_PIECES}")
        } else {
            format!(
                "no table for {name} in {}: 'minishogi tb gen {name} --dir {}' makes it",
                dir.display(),
                dir.display()
            )
        };
        ApiError { missing_table: Some(name), ..ApiError::new(StatusCode::NOT_FOUND, message) }
    }

    /// The work did not finish within the time limit, or waited too long for a worker (503).
    pub fn timed_out(seconds: f64) -> ApiError {
        let message = format!("the server is busy: the answer took longer than {seconds} s; try again");
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// Something went wrong on the server's side (500).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into(), missing_table: None }
    }

    /// The JSON body: `{"error": message}`, and `"missing_table"` for a missing table.
    pub fn body(&self) -> String {
        let mut body = serde_json::json!({ "error": self.message });
        if let Some(name) = &self.missing_table {
            body["missing_table"] = serde_json::Value::String(name.clone());
        }
        body.to_string()
    }
}

/// A table that cannot be read is the server's problem (500), named with its file; a missing
/// table is [`ApiError::missing_table`].
impl From<TablebaseError> for ApiError {
    fn from(e: TablebaseError) -> ApiError {
        match e {
            TablebaseError::MissingTable { ref material, ref dir } => ApiError::missing_table(material, dir),
            TablebaseError::File(TableError::UnsupportedVersion { .. }) => {
                ApiError::internal(format!("{e}: regenerate it with 'minishogi tb gen --force'"))
            }
            other => ApiError::internal(other.to_string()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let headers =
            [(header::CONTENT_TYPE, "application/json"), (header::ACCESS_CONTROL_ALLOW_ORIGIN, "*")];
        (self.status, headers, self.body()).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::ApiError;
    use axum::http::StatusCode;
    use minishogi_tablebase::Material;
    use std::path::Path;

    #[test]
    fn a_missing_table_names_the_command_that_makes_it() {
        let gold = Material::parse("G").expect("a material");
        let e = ApiError::missing_table(&gold, Path::new("t"));
        assert_eq!(e.status, StatusCode::NOT_FOUND);
        assert_eq!(
            e.body(),
            r#"{"error":"no table for G in t: 'minishogi tb gen G --dir t' makes it","missing_table":"G"}"#
        );
        let big = Material::parse("RRBBG").expect("a material");
        assert!(ApiError::missing_table(&big, Path::new("t")).message.contains("tables go up to 3"));
    }
}
