//! The query string of `/api/probe` and `/api/mainline`: `sfen` (required; a SFEN or `startpos`,
//! optionally with the moves played from it, `SFEN moves 5d5c 1b1c`: the position after them is
//! answered) and `first_player` (`sente` or `gote`, default `sente`); any other key is an error.

use crate::error::ApiError;
use minishogi::error::PositionMovesError;
use minishogi::{Color, Position, PositionWithMoves};
use serde::Deserialize;

/// A position to answer, in a game that `first_player` began.
#[derive(Clone, Debug)]
pub struct PositionQuery {
    /// The position.
    pub position: Position,
    /// Who moved first in the game (it decides fourfold repetitions).
    pub first_player: Color,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawQuery {
    sfen: Option<String>,
    first_player: Option<String>,
}

impl PositionQuery {
    /// Parses a raw query string (`None` when the URL has none). SFEN's `+` (promoted pieces)
    /// must be sent as `%2B`: in a query, `+` means a space.
    pub fn parse(query: Option<&str>) -> Result<PositionQuery, ApiError> {
        let raw: RawQuery = serde_urlencoded::from_str(query.unwrap_or(""))
            .map_err(|e| ApiError::bad_request(format!("bad query: {e} (keys are sfen and first_player)")))?;
        let sfen = raw.sfen.ok_or_else(|| ApiError::bad_request("missing the sfen parameter"))?;
        // A `+` sent as it is arrives as a space: " R3k/…" would read as an unpromoted rook.
        let plus_hint = "a '+' in a query means a space: send a promoted piece's '+' as %2B";
        if sfen.starts_with(' ') {
            return Err(ApiError::bad_request(format!(
                "bad SFEN '{sfen}': it starts with a space ({plus_hint})"
            )));
        }
        let position = match PositionWithMoves::parse(&sfen) {
            Ok(line) => line.position,
            Err(PositionMovesError::Sfen(e)) => {
                let setup = sfen.split(" moves").next().unwrap_or_default();
                let hint = match setup.split_whitespace().count() > 4 {
                    true => format!(" ({plus_hint})"),
                    false => String::new(),
                };
                return Err(ApiError::bad_request(format!("bad SFEN '{sfen}': {e}{hint}")));
            }
            Err(e) => return Err(ApiError::bad_request(format!("bad position '{sfen}': {e}"))),
        };
        let first_player = match raw.first_player.as_deref() {
            None => Color::Sente,
            Some(name) => {
                name.parse::<Color>().map_err(|e| ApiError::bad_request(format!("bad first_player: {e}")))?
            }
        };
        Ok(PositionQuery { position, first_player })
    }
}

#[cfg(test)]
mod tests {
    use super::PositionQuery;
    use minishogi::Color;

    #[test]
    fn a_query_needs_a_legal_sfen_and_nothing_unknown() {
        let q = PositionQuery::parse(Some("sfen=4k/5/5/5/K4+b+G+1&first_player=gote")).expect("a query");
        assert_eq!(q.position.to_sfen(), "4k/5/5/5/K4 b G 1");
        assert_eq!(q.first_player, Color::Gote);
        let error = |query| PositionQuery::parse(Some(query)).expect_err("an error").message;
        assert!(error("sfen=4k/5/5/5/K4%20b%20G%201&depth=3").contains("unknown field `depth`"));
        assert!(error("first_player=sente").contains("missing the sfen parameter"));
        assert!(error("sfen=4k/5/5/5/K5%20b%20-").starts_with("bad SFEN"));
        assert!(error("sfen=4k/5/5/5/K4%20b%20-&first_player=black!").starts_with("bad first_player"));
        assert!(error("sfen=a&sfen=b").contains("duplicate field"));
        assert!(PositionQuery::parse(None).is_err());
        assert!(error("sfen=+R3k/5/5/5/K4+b+-+1").contains("send a promoted piece's '+' as %2B"));
        assert!(error("sfen=4k/5/+R4/5/K4+b+-+1").contains("as %2B"));
        let promoted = PositionQuery::parse(Some("sfen=4k/5/%2BR4/5/K4+b+-+1")).expect("a promoted rook");
        assert_eq!(promoted.position.to_sfen(), "4k/5/+R4/5/K4 b - 1");
        let moved = PositionQuery::parse(Some("sfen=startpos+moves+5d5c+1b1c")).expect("two moves");
        assert_eq!(moved.position.to_sfen(), "rbsgk/5/P3p/5/KGSBR b - 3");
        let illegal = error("sfen=startpos+moves+5d5c+1a1b");
        assert!(illegal.contains("move 2 \"1a1b\": illegal in rbsgk/4p/P4/5/KGSBR w - 2"), "{illegal}");
    }
}
