// The HTTP API: probes, cached by position and first player.

const cache = new Map();
/** Probes kept; the oldest goes first (a Map iterates in insertion order). */
const CACHE_SIZE = 500;

/** An error the server answered with (HTTP 4xx/5xx and {"error": ...}), or a network failure. */
export class ApiError extends Error {}

/**
 * The probe of `sfen` for a game that `firstPlayer` ("sente" or "gote") began:
 * {sfen, material, exact, result, by, plies, best, line, moves: [{usi, result, by, plies, exact}]}.
 */
export function probe(sfen, firstPlayer) {
  const key = `${firstPlayer} ${sfen}`;
  if (!cache.has(key)) {
    const query = new URLSearchParams({ sfen, first_player: firstPlayer });
    const request = getJson(`api/probe?${query}`);
    cache.set(key, request);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value);
    request.catch(() => cache.delete(key)); // a failure is asked again next time
  }
  return cache.get(key);
}

async function getJson(url) {
  let response;
  try {
    response = await fetch(url, { headers: { Accept: "application/json" } });
  } catch (e) {
    throw new ApiError(`the server did not answer (${e.message})`);
  }
  let body;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(`the server answered HTTP ${response.status} without JSON`);
  }
  if (!response.ok) throw new ApiError(body?.error ?? `HTTP ${response.status}`);
  return body;
}
