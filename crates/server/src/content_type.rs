//! `Content-Type`s of the embedded files, by extension.

/// The `Content-Type` of a file named `path`; `application/octet-stream` for an unknown extension.
pub fn content_type_of(path: &str) -> &'static str {
    let extension = path.rsplit_once('.').map_or("", |(_, e)| e);
    match extension.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "ico" => "image/x-icon",
        "webp" => "image/webp",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "txt" => "text/plain; charset=utf-8",
        "webmanifest" => "application/manifest+json",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::content_type_of;

    #[test]
    fn types_follow_the_extension() {
        assert_eq!(content_type_of("/app.js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type_of("/img/board.SVG"), "image/svg+xml");
        assert_eq!(content_type_of("/LICENSE"), "application/octet-stream");
    }
}
