// The editor page: a rule file checked as it is typed; the diagnostics of `tabula check`
// drawn under the text and listed below it; the board of the file when it is valid.
"use strict";

const source = el("source");
let fileName = "untitled.game";
let timer = null;
let sequence = 0; // answers to older checks are dropped
let lastCheck = null;

function drawHighlights(text, diagnostics) {
  // Spans in the text (UTF-16 offsets from the server), in order, without overlaps; an empty
  // span marks the character it points at.
  const spans = diagnostics
    .filter((d) => typeof d.start === "number")
    .map((d) => ({ start: d.start, end: Math.max(d.end, Math.min(d.start + 1, text.length)), d }))
    .sort((a, b) => a.start - b.start);
  let html = "";
  let at = 0;
  for (const s of spans) {
    if (s.start < at) continue;
    html += escapeHtml(text.slice(at, s.start));
    const kind = s.d.severity === "error" ? "error" : "warning";
    const marked = text.slice(s.start, s.end) || " ";
    html += `<mark class="${kind}" title="${escapeHtml(s.d.code)}: ${escapeHtml(s.d.message)}">${escapeHtml(marked)}</mark>`;
    at = Math.max(s.end, s.start);
  }
  html += escapeHtml(text.slice(at));
  // A final newline needs a character after it to take up its line.
  el("highlights").innerHTML = html + "\n ";
  syncScroll();
}

function syncScroll() {
  el("highlights").scrollTop = source.scrollTop;
  el("highlights").scrollLeft = source.scrollLeft;
}

function listDiagnostics(diagnostics) {
  const list = el("diagnostics");
  list.innerHTML = "";
  for (const d of diagnostics) {
    const li = document.createElement("li");
    li.className = d.severity === "error" ? "error" : "warning";
    const where = d.line ? `${d.line}:${d.column}` : "";
    const labels = (d.labels || []).filter((l) => l.text).map((l) => `<span class="label">${l.line}:${l.column} ${escapeHtml(l.text)}</span>`);
    li.innerHTML =
      `<span class="severity">${escapeHtml(d.severity)}</span> <code class="code">${escapeHtml(d.code)}</code> ` +
      `<span class="where">${escapeHtml(where)}</span> <span class="message">${escapeHtml(d.message)}</span>` +
      (labels.length ? `<div>${labels.join("<br>")}</div>` : "") +
      (d.help ? `<div class="help">help: ${escapeHtml(d.help)}</div>` : "");
    if (typeof d.start === "number") {
      li.addEventListener("click", () => {
        source.focus();
        source.setSelectionRange(d.start, Math.max(d.end, d.start));
      });
    }
    list.appendChild(li);
  }
}

async function check() {
  const text = source.value;
  const mine = ++sequence;
  try {
    const result = await api("POST", "/api/check", { source: text, name: fileName });
    if (mine !== sequence) return;
    lastCheck = result;
    drawHighlights(text, result.diagnostics);
    listDiagnostics(result.diagnostics);
    const errors = result.diagnostics.filter((d) => d.severity === "error").length;
    const warnings = result.diagnostics.length - errors;
    el("check-status").textContent = result.valid
      ? `ok (${result.game})${warnings ? `, ${warnings} warning${warnings === 1 ? "" : "s"}` : ""}`
      : `${errors} error${errors === 1 ? "" : "s"}`;
    el("check-status").className = result.valid ? "ok" : "error";
    el("preview-title").textContent = result.title || "";
    if (result.svg) el("board").innerHTML = result.svg;
    el("board").classList.toggle("stale", !result.svg);
    el("play-this").disabled = !result.valid;
  } catch (e) {
    if (mine !== sequence) return;
    el("check-status").textContent = e.message;
    el("check-status").className = "error";
    el("play-this").disabled = true;
  }
}

function scheduleCheck() {
  drawHighlights(source.value, []);
  clearTimeout(timer);
  timer = setTimeout(check, 250);
}

async function open(name) {
  const file = await api("GET", `/api/source?name=${encodeURIComponent(name)}`);
  fileName = file.name;
  source.value = file.text;
  check();
}

source.addEventListener("input", scheduleCheck);
source.addEventListener("scroll", syncScroll);
el("open").addEventListener("change", () => open(el("open").value));
el("play-this").addEventListener("click", async () => {
  try {
    const state = await api("POST", "/api/games", { source: source.value, name: fileName });
    location.href = `/#${state.id}`;
  } catch (e) {
    el("check-status").textContent = e.message;
  }
});

async function start() {
  const games = (await api("GET", "/api/catalog")).games;
  for (const g of games) el("open").add(new Option(g.name, g.name));
  if (games.length) await open(games[0].name);
  document.body.dataset.ready = "true";
}
start();
