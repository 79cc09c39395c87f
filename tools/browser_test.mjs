#!/usr/bin/env node
// The explorer page in a real browser: Debian's headless Chromium driven through playwright-core.
//
//   npm ci --prefix tools && node tools/browser_test.mjs [--binary PATH] [--chromium PATH]
//        [--screenshots DIR] [--url URL]
//
// It generates a few small tables (G, R, RG) into a temporary directory, starts
// `minishogi serve` on a free port of 127.0.0.1, and then, asserting each step: loads a position
// from the URL and reads the moves list with its values, plays a drop by clicking, a king move by
// drag-and-drop and a promotion through the promotion choice, checks the repetition and perpetual
// check labels, goes back and forward, reloads a shared link, edits a position (palette, hands,
// preset, pasted SFEN), follows the mating line step by step to the mate, shows a bad SFEN's
// error and the estimates of a position without a table, and uses the page on a phone-sized
// touch screen. Screenshots go to docs/images/.
//
// --binary: the minishogi binary (default target/release/minishogi, built first with cargo so
// that it embeds the page's current files);
// --chromium: the browser (default /usr/bin/chromium); --screenshots: where the PNGs go;
// --url: test a server that is already running there instead of starting one.
// Prints one line per check and "N passed, N failed"; exits 1 if any check failed.

import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** Material sets of the positions below: a second or so to generate all of them. */
const TABLES = ["G", "R", "RG"];
const STEP_TIMEOUT = 15_000;

const GOLD_MATE = "4k/5/5/5/K4 b G 1"; // win in 9: G*2c 1a2a 5e5d 2a3a 5d5c 3a4a 5c4c 4a5a 2c3b
const ROOK_PROMOTION = "4k/5/5/R4/K4 b - 1"; // 5d5a and 5d5a+ are both legal
const PERPETUAL = "K1R2/g4/k4/5/5 b - 1"; // win by perpetual check for sente (the first player)

function options() {
  const args = process.argv.slice(2);
  const value = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  if (args.includes("--help") || args.includes("-h")) {
    console.log("usage: node tools/browser_test.mjs [--binary PATH] [--chromium PATH] [--screenshots DIR] [--url URL]");
    process.exit(0);
  }
  return {
    binary: value("--binary", join(ROOT, "target/release/minishogi")),
    buildBinary: !args.includes("--binary"),
    chromium: value("--chromium", "/usr/bin/chromium"),
    screenshots: value("--screenshots", join(ROOT, "docs/images")),
    url: value("--url", null),
  };
}

// ---- the checks, counted -----------------------------------------------------------------

const results = { passed: 0, failed: 0 };

async function check(name, body) {
  try {
    await body();
    results.passed += 1;
    console.log(`ok - ${name}`);
  } catch (e) {
    results.failed += 1;
    console.log(`FAILED - ${name}\n    ${String(e.stack ?? e).split("\n").slice(0, 4).join("\n    ")}`);
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

function assertEqual(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

// ---- the server ------------------------------------------------------------------------------

/** Builds the default binary (a no-op when it is up to date; the page's files are embedded in it). */
function buildBinary(binary) {
  console.log(`# cargo build --release -p minishogi-cli`);
  const build = spawnSync("cargo", ["build", "--release", "-p", "minishogi-cli"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0 || !existsSync(binary)) throw new Error(`could not build ${binary}`);
}

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

async function startServer(binary, tables) {
  const gen = spawnSync(binary, ["tb", "gen", ...TABLES, "--dir", tables], { encoding: "utf8" });
  if (gen.status !== 0) throw new Error(`tb gen failed: ${gen.stderr}`);
  const port = await freePort();
  const addr = `127.0.0.1:${port}`;
  const child = spawn(binary, ["serve", "--dir", tables, "--addr", addr], { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr.on("data", (d) => (log += d));
  const url = `http://${addr}/`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`minishogi serve exited: ${log}`);
    try {
      if ((await fetch(url)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`minishogi serve did not answer at ${url} within 30 s: ${log}`);
}

// ---- page helpers ----------------------------------------------------------------------------

function pageUrl(base, sfen, first = "sente") {
  return `${base}?sfen=${encodeURIComponent(sfen)}&first_player=${first}`;
}

/** Waits until the page has the probe of `sfen` (or an error) and returns the status text. */
async function settled(page, sfen) {
  await page.waitForFunction(
    (want) => {
      const s = window.explorer?.state;
      const shown = s && s.record[s.index]?.sfen;
      return ["ready", "error"].includes(document.body.dataset.state) && (!want || shown === want);
    },
    sfen,
    { timeout: STEP_TIMEOUT },
  );
  return (await page.locator("#position-value").textContent()).trim();
}

function shownSfen(page) {
  return page.evaluate(() => new URLSearchParams(window.location.search).get("sfen"));
}

/** The moves list as [{usi, value, class}]. */
function movesList(page) {
  return page.$$eval("#moves button.move", (buttons) =>
    buttons.map((b) => ({ usi: b.dataset.usi, value: b.querySelector(".value").textContent, cls: b.className })),
  );
}

async function shoot(page, dir, name) {
  await page.screenshot({ path: join(dir, name) });
}

// ---- the walk through the page ---------------------------------------------------------------

async function desktopChecks(browser, base, shots) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 720 } });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));

  await check("a position from the URL shows its value and the moves list, best first", async () => {
    await page.goto(pageUrl(base, GOLD_MATE));
    assertEqual(await settled(page, GOLD_MATE), "win in 9 · material G", "position value");
    const moves = await movesList(page);
    assert(moves.length === 26, `26 legal moves, got ${moves.length}`);
    assertEqual(moves[0].usi, "G*2c", "best move");
    assertEqual(moves[0].value, "win in 9", "best move's value (for the side that moves)");
    const wins = moves.filter((m) => /^win in \d+$/.test(m.value));
    assert(wins.length >= 20 && wins.every((m) => m.cls.includes("win")), "the mating moves are coloured as wins");
    assert(moves.slice(0, wins.length).every((m) => wins.includes(m)), "the wins come first");
    const plies = wins.map((m) => Number(m.value.replace("win in ", "")));
    assert(plies.every((p, i) => i === 0 || plies[i - 1] <= p), `wins sorted by mate distance: ${plies}`);
    const rest = moves.slice(wins.length);
    assert(rest.every((m) => !m.cls.includes("win")), "no win after the mating moves");
    const line = await page.$$eval("#line .chip", (chips) => chips.map((c) => c.textContent));
    assertEqual(line.join(" "), "G*2c 1a2a 5e5d 2a3a 5d5c 3a4a 5c4c 4a5a 2c3b", "best line");
    await shoot(page, shots, "explorer-probe.png");
  });

  await check("a drop played by clicking the hand and then the square", async () => {
    await page.click('[data-hand="b:G"]');
    const targets = await page.locator("#board .hint").count();
    assertEqual(targets, 23, "drop squares shown");
    await page.click('[data-square="2c"]');
    const after = "4k/5/3G1/5/K4 w - 2";
    assertEqual(await settled(page, after), "loss in 8 · material G", "value after G*2c");
    assertEqual(await shownSfen(page), after, "SFEN in the URL");
    const moves = await movesList(page);
    assert(moves.every((m) => m.cls.includes("loss")), "every gote move loses");
    assertEqual(await page.locator("#played button").count(), 1, "moves played");
  });

  await check("back and forward", async () => {
    await page.click("#back");
    await settled(page, GOLD_MATE);
    await page.click("#forward");
    await settled(page, "4k/5/3G1/5/K4 w - 2");
    await page.keyboard.press("ArrowLeft");
    await settled(page, GOLD_MATE);
  });

  await check("the board turns around, and the pieces can show letters", async () => {
    const before = await page.locator('[data-square="5e"]').boundingBox();
    await page.click("#flip");
    const after = await page.locator('[data-square="5e"]').boundingBox();
    assert(after.x > before.x && after.y < before.y, "5e moves from the bottom left to the top right");
    await page.click("#flip");
    const glyph = () => page.locator('[data-on="5e"] .piece-text').textContent();
    const first = await glyph(); // kanji when the machine has a font for them, else letters
    await page.click("#letters");
    const second = await glyph();
    assertEqual([first, second].sort().join(" "), "K 王", "the king as a letter and as a kanji");
    await page.click("#letters");
    assertEqual(await glyph(), first, "back to the first style");
  });

  await check("a king move played by drag-and-drop", async () => {
    await page.locator('[data-square="5e"]').dragTo(page.locator('[data-square="4d"]'));
    assertEqual(await settled(page, "4k/5/5/1K3/5 w G 2"), "loss in 10 · material G", "value after 5e4d");
  });

  await check("a shared link opens the same position", async () => {
    const link = page.url();
    const other = await context.newPage();
    await other.goto(link);
    assertEqual(await settled(other, "4k/5/5/1K3/5 w G 2"), "loss in 10 · material G", "value in the new tab");
    await other.close();
  });

  await check("an optional promotion asks, and the answer is played", async () => {
    await page.goto(pageUrl(base, ROOK_PROMOTION));
    await settled(page, ROOK_PROMOTION);
    const usis = (await movesList(page)).map((m) => m.usi);
    assert(usis.includes("5d5a") && usis.includes("5d5a+"), `both 5d5a and 5d5a+ listed: ${usis}`);
    await page.click('[data-square="5d"]');
    await page.click('[data-square="5a"]');
    await page.locator("#promotion").waitFor({ state: "visible", timeout: STEP_TIMEOUT });
    await shoot(page, shots, "explorer-promotion.png");
    await page.click("#promote-yes");
    await settled(page, "+R3k/5/5/5/K4 w - 2");
    assert(await page.locator('[data-on="5a"].promoted').count(), "the dragon is drawn as promoted");
  });

  await check("repetition and perpetual check values are labelled", async () => {
    await page.goto(pageUrl(base, PERPETUAL));
    assertEqual(await settled(page, PERPETUAL), "win by perpetual check · material RG", "perpetual check");
    await page.selectOption("#first-player", "gote");
    const asSecond = await settled(page, PERPETUAL);
    assert(asSecond.includes("by repetition") || asSecond.includes("draw"), `with gote first: ${asSecond}`);
    assert(page.url().includes("first_player=gote"), "first player in the URL");
    const values = (await movesList(page)).map((m) => m.value);
    assert(values.some((v) => /repetition|perpetual|draw/.test(v)), `move labels: ${values}`);
  });

  await check("the editor builds a position from the palette and the hands", async () => {
    await page.goto(pageUrl(base, GOLD_MATE));
    await settled(page, GOLD_MATE);
    await page.click("#edit");
    await page.click("#clear");
    await page.click('[data-tool="b:K"]');
    await page.click('[data-square="5e"]');
    await page.click('[data-tool="w:K"]');
    await page.click('[data-square="1a"]');
    await page.click('[data-tool="b:R"]');
    await page.click('[data-square="3c"]');
    await page.click('[data-square="3c"]'); // clicking the same piece again removes it
    await page.click('[data-square="3d"]');
    await page.click('[data-hand-edit="b:G"][data-delta="1"]');
    assertEqual(await page.inputValue("#sfen"), "4k/5/5/2R2/K4 b G 1", "SFEN built by the editor");
    await page.locator('[data-square="3d"]').dragTo(page.locator('[data-square="4c"]'));
    assertEqual(await page.inputValue("#sfen"), "4k/5/1R3/5/K4 b G 1", "SFEN after dragging the rook");
    await page.locator('[data-hand="b:G"]').dragTo(page.locator('[data-square="3b"]'));
    assertEqual(await page.inputValue("#sfen"), "4k/2G2/1R3/5/K4 b - 1", "SFEN after dragging the gold from the hand");
    await page.locator('[data-square="3b"]').dragTo(page.locator('[data-hand="b:S"]'));
    assertEqual(await page.inputValue("#sfen"), "4k/5/1R3/5/K4 b G 1", "SFEN after dragging the gold into the hand");
    await page.selectOption("#first-player", "sente");
    await shoot(page, shots, "explorer-editor.png");
    await page.click("#edit-done");
    const value = await settled(page, "4k/5/1R3/5/K4 b G 1");
    assert(/^win in \d+ · material RG$/.test(value), `value of the edited position: ${value}`);
  });

  await check("the editor's presets and a pasted SFEN; an illegal position is refused", async () => {
    await page.click("#edit");
    await page.click("#clear");
    await page.click("#edit-done");
    await page.locator("#message.error").waitFor();
    const refusal = await page.textContent("#message");
    assert(refusal.startsWith("This position cannot be explored:"), `the server's refusal: ${refusal}`);
    assertEqual(await page.evaluate(() => document.body.dataset.mode), "edit", "still editing");
    await page.selectOption("#preset", { label: "Rook handicap" });
    assertEqual(await page.inputValue("#sfen"), "1bsgk/4p/5/P4/KGSBR w - 1", "preset SFEN");
    assertEqual(await page.inputValue("#first-player"), "gote", "a handicap's first player");
    await page.fill("#sfen", "4k/5/5/5/K4 b G 1");
    await page.click("#sfen-load");
    assertEqual(await page.locator('[data-on="1a"]').count(), 1, "the pasted position is on the board");
    await page.selectOption("#first-player", "sente");
    await page.click("#edit-done");
    assertEqual(await settled(page, GOLD_MATE), "win in 9 · material G", "value of the pasted position");
  });

  await check("the mating line, step by step, ends in mate", async () => {
    const line = "G*2c 1a2a 5e5d 2a3a 5d5c 3a4a 5c4c 4a5a 2c3b".split(" ");
    for (let ply = 1; ply <= line.length; ply++) {
      await page.click("#line-step");
      await page.waitForFunction((n) => window.explorer.state.index === n, ply, { timeout: STEP_TIMEOUT });
      const value = await settled(page, null);
      const expected = line.length - ply === 0 ? "loss in 0" : `${ply % 2 ? "loss" : "win"} in ${line.length - ply}`;
      assertEqual(value, `${expected} · material G`, `value after ply ${ply}`);
    }
    const played = await page.$$eval("#played button", (b) => b.map((x) => x.textContent));
    assertEqual(played.join(" "), line.join(" "), "moves played");
    assert((await page.locator(".game-over").textContent()).includes("gote loses"), "game over shown");
    assertEqual(await page.locator("#moves button").count(), 0, "no moves listed at the mate");
    await shoot(page, shots, "explorer-mate.png");
    await page.click("#first");
    await settled(page, GOLD_MATE);
  });

  await check("Play line plays the best line to the mate by itself", async () => {
    await page.goto(pageUrl(base, ROOK_PROMOTION));
    await settled(page, ROOK_PROMOTION);
    const line = await page.$$eval("#line .chip", (chips) => chips.map((c) => c.textContent));
    await page.click("#line-play");
    await page.locator(".game-over").waitFor({ timeout: STEP_TIMEOUT + line.length * 1500 });
    const played = await page.$$eval("#played button", (b) => b.map((x) => x.textContent));
    assertEqual(played.join(" "), line.join(" "), "moves played");
    assertEqual(await page.textContent("#line-play"), "Play line", "the button is back to its start");
  });

  await check("a malformed SFEN shows the server's error", async () => {
    await page.goto(pageUrl(base, "4k/5/5/5/K4 b X 1"));
    const text = await settled(page, null);
    assertEqual(await page.evaluate(() => document.body.dataset.state), "error", "page state");
    assert(text.length > 5, `an error message: ${text}`);
  });

  await check("a position without a table shows the analysis's estimates", async () => {
    await page.goto(pageUrl(base, "rbsgk/4p/5/P4/KGSBR b - 1"));
    await settled(page, "rbsgk/4p/5/P4/KGSBR b - 1");
    const origin = await page.locator("#status .origin").first().textContent();
    assert(origin.startsWith("estimate"), `marked as an estimate: ${origin}`);
    const moves = await movesList(page);
    assertEqual(moves.length, 14, "legal moves of the start position");
    assert(moves.every((m) => m.cls.includes("estimate") && m.value.startsWith("≈")), "every move is an estimate");
  });

  await check("no script error on the page", async () => {
    assert(errors.length === 0, errors.join("; "));
  });
  await context.close();
}

async function phoneChecks(browser, base, shots) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  await check("on a phone: the page fits the screen and a tap plays a move", async () => {
    await page.goto(pageUrl(base, GOLD_MATE));
    await settled(page, GOLD_MATE);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflow <= 0, `no horizontal scrolling (${overflow} px too wide)`);
    const box = await page.locator("#board").boundingBox();
    assert(box.width >= 300 && box.width <= 390, `board width ${box.width}`);
    await shoot(page, shots, "explorer-phone.png");
    await page.tap('[data-hand="b:G"]');
    await page.tap('[data-square="2c"]');
    assertEqual(await settled(page, "4k/5/3G1/5/K4 w - 2"), "loss in 8 · material G", "value after the tapped drop");
    await page.tap('#moves button[data-usi="1a2a"]');
    await settled(page, "3k1/5/3G1/5/K4 b - 3");
  });
  await context.close();
}

async function main() {
  const opts = options();
  mkdirSync(opts.screenshots, { recursive: true });
  if (!existsSync(opts.chromium)) throw new Error(`no browser at ${opts.chromium} (apt-get install chromium)`);
  const work = mkdtempSync(join(tmpdir(), "minishogi-browser-"));
  let server = null;
  let browser = null;
  try {
    let base = opts.url;
    if (!base) {
      if (opts.buildBinary) buildBinary(opts.binary);
      if (!existsSync(opts.binary)) throw new Error(`no binary at ${opts.binary}`);
      server = await startServer(opts.binary, join(work, "tables"));
      base = server.url;
    }
    console.log(`# page at ${base}, screenshots to ${opts.screenshots}`);
    browser = await chromium.launch({ executablePath: opts.chromium, headless: true, args: CHROMIUM_FLAGS });
    await desktopChecks(browser, base, opts.screenshots);
    await phoneChecks(browser, base, opts.screenshots);
  } finally {
    await browser?.close();
    server?.child.kill();
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`${results.passed} passed, ${results.failed} failed`);
  process.exit(results.failed ? 1 : 0);
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
