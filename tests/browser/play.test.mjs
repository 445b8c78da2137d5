// The browser test of `tabula serve` (issue 14): Debian's chromium, driven by playwright-core.
//
// 1. The play page: a Watershed 5x5 game played to its end by clicks against the random
//    player; the record downloaded; the result on the page equal to `tabula replay`'s.
// 2. Crazyhouse: a pawn captured goes to the hand shown beside the board, and is dropped from
//    it by clicking the hand, then a square.
// 3. The editor: a broken rule file typed in; the diagnostic code that `tabula check` gives
//    for it appears on the page, with its span marked in the text.
// Screenshots of both pages go to a temporary directory, or with TABULA_SCREENSHOTS=docs to
// docs/serve-play.png and docs/serve-editor.png (the pictures in the README).
//
// Run from the repository root after `cargo build`: `node tests/browser/play.test.mjs`
// (TABULA_BIN overrides the binary, CHROMIUM the browser).
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = process.env.TABULA_BIN || join(root, "target/debug/tabula");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
const work = mkdtempSync(join(tmpdir(), "tabula-browser-"));
const started = Date.now();
const shots = process.env.TABULA_SCREENSHOTS ? join(root, process.env.TABULA_SCREENSHOTS) : work;

function log(message) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);
}

function startServer() {
  const server = spawn(bin, ["serve", "--port", "0"], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((done, fail) => {
    const lines = createInterface({ input: server.stdout });
    lines.once("line", (line) => {
      const m = /^listening on (http:\/\/\S+)$/.exec(line);
      if (m) done({ server, base: m[1] });
      else fail(new Error(`unexpected first line: ${line}`));
    });
    server.once("exit", (code) => fail(new Error(`tabula serve exited with ${code}`)));
  });
}

const { server, base } = await startServer();
log(`server at ${base}`);
const context = await chromium.launchPersistentContext(join(work, "profile"), {
  executablePath: browserPath,
  headless: true,
  acceptDownloads: true,
  viewport: { width: 1280, height: 860 },
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

try {
  const page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(30000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));

  // --- The play page ---
  await page.goto(`${base}/`);
  await page.waitForSelector("body[data-ready=true]");
  await page.selectOption("#game", "games/watershed.game");
  await page.selectOption("#option-size", "5");
  await page.selectOption("#seat-0", "human");
  await page.selectOption("#seat-1", "random");
  await page.click("#new");
  await page.waitForFunction(() => document.querySelector("#title").textContent.startsWith("Watershed"));
  const id = await page.evaluate(() => location.hash.slice(1));
  assert.match(id, /^[0-9a-f]{32}$/);
  let clicks = 0;
  for (;;) {
    // Wait for the person's turn (targets or a button) or the end.
    await page.waitForFunction(
      () =>
        document.querySelector("#result").textContent !== "" ||
        document.querySelector("#board .site.target") ||
        !document.querySelector("#btn-pass").disabled ||
        !document.querySelector("#btn-end").disabled,
    );
    if ((await page.textContent("#result")) !== "") break;
    const before = await page.textContent("#ply");
    const targets = page.locator("#board .site.target");
    const count = await targets.count();
    if (count > 0) {
      await targets.nth(Math.floor(Math.random() * count)).click();
    } else if (await page.isEnabled("#btn-pass")) {
      await page.click("#btn-pass");
    } else {
      await page.click("#btn-end");
    }
    clicks += 1;
    await page.waitForFunction((b) => document.querySelector("#ply").textContent !== b, before);
  }
  const shown = (await page.textContent("#result")).trim();
  log(`game over after ${clicks} clicks: ${shown}`);
  await page.screenshot({ path: join(shots, "serve-play.png") });

  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  const recordPath = join(work, "game.rec");
  await download.saveAs(recordPath);
  const replay = execFileSync(bin, ["replay", "games/watershed.game", recordPath], { cwd: root, encoding: "utf8" });
  const replayed = replay.trim().split("\n").pop();
  assert.equal(shown, replayed, "the result shown is the result of replaying the downloaded record");
  log(`tabula replay agrees: ${replayed}`);

  // Reloading the page resumes the game from the server.
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal((await page.textContent("#result")).trim(), shown);
  assert.equal(await page.evaluate(() => location.hash.slice(1)), id);

  // The record loaded again can be stepped through from the start.
  const moves = await page.locator("#moves li").count();
  await page.setInputFiles("#record-file", recordPath);
  await page.waitForFunction(() => /^0\//.test(document.querySelector("#ply").textContent));
  assert.equal(await page.locator("#moves li").count(), moves);
  await page.click("#next");
  await page.waitForFunction(() => /^1\//.test(document.querySelector("#ply").textContent));
  await page.click("#last");
  await page.waitForFunction(() => document.querySelector("#result").textContent !== "");
  assert.equal((await page.textContent("#result")).trim(), shown);
  log("the downloaded record loads and steps");

  // --- Crazyhouse: a capture goes to the hand, and a piece is dropped from it ---
  await page.goto(`${base}/`);
  await page.waitForSelector("body[data-ready=true]");
  await page.selectOption("#game", "games/crazyhouse.game");
  await page.selectOption("#seat-0", "human");
  await page.selectOption("#seat-1", "human");
  await page.click("#new");
  await page.waitForFunction(() => document.querySelector("#title").textContent.startsWith("Crazyhouse"));
  const clickSite = async (label) => {
    const before = await page.textContent("#ply");
    await page.click(`#board [data-site="${label}"]`);
    return before;
  };
  for (const [from, to] of [["e2", "e4"], ["d7", "d5"], ["e4", "d5"], ["d8", "d5"]]) {
    await clickSite(from);
    const before = await clickSite(to);
    await page.waitForFunction((b) => document.querySelector("#ply").textContent !== b, before);
  }
  // Each side holds the pawn it took; White's is his to drop.
  await page.waitForSelector('#hands button.held[data-kind="pawn"]:not([disabled])');
  assert.equal(await page.locator("#hands button.held").count(), 2);
  await page.click('#hands button.held[data-kind="pawn"]:not([disabled])');
  const dropTargets = await page.locator("#board .site.target").count();
  assert.equal(dropTargets, 33, "a pawn may be dropped on the 33 empty squares of rows 2 to 7");
  const before = await clickSite("e6");
  await page.waitForFunction((b) => document.querySelector("#ply").textContent !== b, before);
  assert.equal(await page.textContent("#moves li:last-child"), "P@e6");
  assert.equal(await page.locator("#hands button.held").count(), 1, "only Black holds a pawn now");
  log("crazyhouse: a captured pawn dropped from the hand by clicks");
  await page.screenshot({ path: join(shots, "serve-crazyhouse.png") });

  // --- The editor ---
  const broken = readFileSync(join(root, "games/watershed.game"), "utf8").replace("(to empty)", "(to emptyy)");
  const brokenPath = join(work, "broken.game");
  writeFileSync(brokenPath, broken);
  let cli;
  try {
    execFileSync(bin, ["check", "--json", brokenPath], { encoding: "utf8" });
    throw new Error("tabula check accepted the broken file");
  } catch (e) {
    cli = JSON.parse(e.stdout);
  }
  const file = Array.isArray(cli) ? cli[0] : cli.files ? cli.files[0] : cli;
  const code = file.diagnostics[0].code;
  await page.goto(`${base}/editor`);
  await page.waitForSelector("body[data-ready=true]");
  await page.waitForFunction(() => document.querySelector("#check-status").textContent.startsWith("ok"));
  await page.selectOption("#open", "games/watershed.game");
  await page.waitForFunction(() => document.querySelector("#check-status").textContent === "ok (Watershed)");
  const cut = broken.indexOf("emptyy") + "empty".length;
  await page.fill("#source", broken.slice(0, cut) + broken.slice(cut + 1)); // the valid file...
  await page.locator("#source").focus();
  await page.evaluate((at) => document.querySelector("#source").setSelectionRange(at, at), cut);
  await page.keyboard.type("y"); // ...and the typo typed into it
  await page.waitForFunction(
    (c) => [...document.querySelectorAll("#diagnostics .code")].some((e) => e.textContent === c),
    code,
  );
  const marked = await page.textContent("#highlights mark.error");
  assert.equal(marked, "emptyy");
  assert.equal(await page.isDisabled("#play-this"), true);
  log(`the editor shows ${code} under \`${marked}\``);
  await page.screenshot({ path: join(shots, "serve-editor.png") });
  assert.deepEqual(errors, [], "no script errors on the pages");
} finally {
  await context.close();
  server.kill();
  rmSync(work, { recursive: true, force: true });
}
log("browser test passed");
