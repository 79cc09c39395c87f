//! The web page's files, embedded in the binary: every file of `crates/server/assets/` (listed
//! by `build.rs`), served at its path under `/`.

use crate::content_type::content_type_of;

/// One embedded file.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    /// Its URL path, e.g. `/index.html`.
    pub path: &'static str,
    /// Its bytes.
    pub body: &'static [u8],
}

impl Asset {
    /// The asset at `path` with the bytes `body`.
    pub const fn new(path: &'static str, body: &'static [u8]) -> Asset {
        Asset { path, body }
    }

    /// The `Content-Type` it is served with (from its extension).
    pub fn content_type(&self) -> &'static str {
        content_type_of(self.path)
    }

    /// The asset served at the URL path `path` (`/` is `/index.html`), if any.
    pub fn find(path: &str) -> Option<&'static Asset> {
        let path = if path == "/" { "/index.html" } else { path };
        ASSETS.iter().find(|a| a.path == path)
    }
}

/// Every embedded file, sorted by path.
pub const ASSETS: &[Asset] = include!(concat!(env!("OUT_DIR"), "/assets.rs"));

#[cfg(test)]
mod tests {
    use super::Asset;

    #[test]
    fn the_page_is_embedded_and_served_at_the_root() {
        let index = Asset::find("/").expect("index.html is embedded");
        assert_eq!(index.path, "/index.html");
        assert_eq!(index.content_type(), "text/html; charset=utf-8");
        assert!(String::from_utf8_lossy(index.body).contains("<html"));
        assert!(Asset::find("/no-such-file.js").is_none());
    }
}
