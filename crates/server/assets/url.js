// The position in the address bar: ?sfen=...&first_player=sente|gote, so a link can be shared.

import { STARTPOS } from "./sfen.js";

/** The position and first player the address asks for (the start position by default). */
export function readUrl(location = window.location) {
  const params = new URLSearchParams(location.search || location.hash.replace(/^#/, ""));
  const first = params.get("first_player") === "gote" ? "gote" : "sente";
  return { sfen: params.get("sfen")?.trim() || STARTPOS, first };
}

/** The query string for a position: spaces as "+", a promotion's "+" as %2B, slashes kept. */
export function queryFor(sfen, first) {
  const encoded = sfen
    .split(" ")
    .map((field) => encodeURIComponent(field).replace(/%2F/g, "/"))
    .join("+");
  return `?sfen=${encoded}&first_player=${first}`;
}

/** Replaces the address with the one of this position (no new browser history entry). */
export function writeUrl(sfen, first) {
  const query = queryFor(sfen, first);
  if (window.location.search !== query) window.history.replaceState(null, "", query);
}

/** The full address of a position, for "copy link". */
export function linkFor(sfen, first) {
  return new URL(queryFor(sfen, first), window.location.href).href;
}
