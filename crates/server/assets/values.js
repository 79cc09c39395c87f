// Words and colours for the values the API returns: {result, by, plies, exact}, and for an
// engine estimate (result "unknown") score_cp, score_mate and depth.

const FLIP = { win: "loss", loss: "win", draw: "draw" };
const SOURCES = { tablebase: "from the tables", "mate-solver": "from the mate solver", engine: "from the engine" };

/** An API value as the page keeps it (missing fields as null). */
export function positionValue(v) {
  return {
    result: v.result ?? null,
    by: v.by ?? null,
    plies: v.plies ?? null,
    exact: v.exact !== false,
    scoreCp: v.score_cp ?? null,
    scoreMate: v.score_mate ?? null,
    depth: v.depth ?? null,
  };
}

/**
 * A move's value from the view of the side that makes it. The API gives each move the value of
 * the position after it, from the view of the side to move there (a winning move shows a loss).
 */
export function moverValue(after) {
  const v = positionValue(after);
  const mate = v.scoreMate;
  return {
    ...v,
    result: FLIP[v.result] ?? v.result,
    plies: v.by === "mate" && Number.isInteger(v.plies) ? v.plies + 1 : v.plies,
    scoreCp: v.scoreCp === null ? null : -v.scoreCp,
    // mated in n after the move is a mate in n + 1 with it, and the other way round
    scoreMate: mate === null ? null : mate <= 0 ? 1 - mate : -(mate + 1),
  };
}

/** Engine scores closer to level than this (centipawns) are coloured as a draw. */
const LEVEL_CP = 50;

/** The sign of an engine estimate: 1 good for the side it is for, -1 bad, 0 about level or none. */
function estimateSign(value) {
  if (value.scoreMate !== null) return Math.sign(value.scoreMate);
  if (value.scoreCp !== null && Math.abs(value.scoreCp) >= LEVEL_CP) return Math.sign(value.scoreCp);
  return 0;
}

/** The CSS class of a value: win, draw or loss (an estimate by its sign), or unknown. */
export function valueClass(value) {
  if (value.result in FLIP) return value.result;
  if (value.scoreMate === null && value.scoreCp === null) return "unknown";
  return ["loss", "draw", "win"][estimateSign(value) + 1];
}

/**
 * A short label: "win in 9", "loss by repetition", "draw (perpetual check)", "≈ win in 5",
 * "≈ +1.25" (an engine score in pawns).
 */
export function valueLabel(value) {
  const approx = value.exact ? "" : "≈ ";
  if (!(value.result in FLIP)) {
    if (value.scoreMate !== null) {
      return `≈ ${value.scoreMate > 0 ? "win" : "loss"} in ${Math.abs(value.scoreMate)}`;
    }
    if (value.scoreCp !== null) return `≈ ${value.scoreCp >= 0 ? "+" : "−"}${(Math.abs(value.scoreCp) / 100).toFixed(2)}`;
    return "?";
  }
  if (value.result === "draw") {
    return approx + (value.by === "perpetual-check" ? "draw (perpetual check)" : "draw");
  }
  if (value.by === "mate" && Number.isInteger(value.plies)) return `${approx}${value.result} in ${value.plies}`;
  if (value.by === "repetition") return `${approx}${value.result} by repetition`;
  if (value.by === "perpetual-check") return `${approx}${value.result} by perpetual check`;
  return approx + value.result;
}

/** A longer sentence for a tooltip. */
export function valueTitle(value) {
  const parts = [valueLabel(value).replace(/^≈ /, "")];
  if (value.by === "mate" && Number.isInteger(value.plies)) {
    parts.push(`(${value.plies} ${value.plies === 1 ? "ply" : "plies"} to mate)`);
  }
  if (value.scoreCp !== null && value.scoreMate === null) parts.push("pawns, engine score");
  if (value.depth !== null) parts.push(`at depth ${value.depth}`);
  parts.push(value.exact ? "— exact" : "— estimate, not proved");
  return parts.join(" ");
}

/** Where a value comes from, in words ("from the tables"), from the API's `source` field. */
export function sourceLabel(source) {
  if (!source) return "";
  return SOURCES[source] ?? `from the ${String(source).replace(/[-_]/g, " ")}`;
}
