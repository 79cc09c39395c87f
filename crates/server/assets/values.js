// Words and colours for the values the API returns ({result, by, plies, exact}).

const FLIP = { win: "loss", loss: "win", draw: "draw" };

/**
 * A move's value from the view of the side that makes it. The API gives each move the value of
 * the position after it, from the view of the side to move there (a winning move shows a loss).
 */
export function moverValue(after) {
  const result = FLIP[after.result] ?? null;
  const plies = after.by === "mate" && Number.isInteger(after.plies) ? after.plies + 1 : after.plies;
  return { result, by: after.by ?? null, plies: plies ?? null, exact: after.exact !== false };
}

/** The CSS class of a value: win, draw, loss or unknown. */
export function valueClass(value) {
  return value.result in FLIP ? value.result : "unknown";
}

/** A short label: "win in 9", "loss by repetition", "draw (perpetual check)", "≈ win in 5". */
export function valueLabel(value) {
  const approx = value.exact ? "" : "≈ ";
  if (!(value.result in FLIP)) return "?";
  if (value.result === "draw") {
    return approx + (value.by === "perpetual-check" ? "draw (perpetual check)" : "draw");
  }
  if (value.by === "mate" && Number.isInteger(value.plies)) return `${approx}${value.result} in ${value.plies}`;
  if (value.by === "repetition") return `${approx}${value.result} by repetition`;
  if (value.by === "perpetual-check") return `${approx}${value.result} by perpetual check`;
  return approx + value.result;
}

/** A longer sentence for a tooltip or the status line. */
export function valueTitle(value) {
  const parts = [valueLabel(value).replace(/^≈ /, "")];
  if (value.by === "mate" && Number.isInteger(value.plies)) {
    parts.push(`(${value.plies} ${value.plies === 1 ? "ply" : "plies"} to mate)`);
  }
  parts.push(value.exact ? "— exact, from the tables" : "— estimate (mate solver or engine), not proved");
  return parts.join(" ");
}

const SOURCES = { tablebase: "from the tables", mate: "from the mate solver", engine: "from the engine search" };

/** Where a value comes from, in words ("from the tables"), from the API's `source` field. */
export function sourceLabel(source) {
  if (!source) return "";
  return SOURCES[source] ?? `from ${String(source).replace(/[-_]/g, " ")}`;
}
