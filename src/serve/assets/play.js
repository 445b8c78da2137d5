// The play page: set up a game, show the board the server draws, turn clicks on sites into
// actions, let computer players move, step through the moves.
"use strict";

let catalog = [];
let game = null; // the state last received from the server
let viewPly = null; // null: the current position; a number: stepping through the game
let selectedFrom = null; // the first site of a slide or relocation being made
let selectedDrop = null; // the kind chosen from the hand, for a placement from it
let busy = false;

function entry() {
  return catalog.find((g) => g.name === el("game").value);
}

function fillSetup() {
  const g = entry();
  const variant = el("variant");
  variant.innerHTML = "";
  for (const v of (g && g.variants) || []) {
    const option = new Option(v.name, v.name, v.default, v.default);
    option.title = v.description || "";
    variant.add(option);
  }
  variant.disabled = !g || g.variants.length === 0;
  el("options").innerHTML = "";
  for (const o of (g && g.options) || []) {
    const label = document.createElement("label");
    label.textContent = `${o.name} `;
    label.title = `${o.description || ""} (${o.allowed})`;
    let input;
    if (o.values.length) {
      input = document.createElement("select");
      for (const v of o.values) input.add(new Option(v, v, v === o.default, v === o.default));
    } else {
      input = document.createElement("input");
      input.value = o.default;
    }
    input.dataset.option = o.name;
    input.id = `option-${o.name}`;
    label.appendChild(input);
    el("options").appendChild(label);
  }
  el("seats").innerHTML = "";
  ((g && g.players) || []).forEach((name, i) => {
    const label = document.createElement("label");
    label.textContent = `${name} `;
    const select = document.createElement("select");
    select.id = `seat-${i}`;
    select.dataset.seat = i;
    for (const s of ["human", "random", "mcts", "grave", "alphabeta"]) select.add(new Option(s, s));
    select.value = i === 0 ? "human" : "random";
    label.appendChild(select);
    el("seats").appendChild(label);
  });
}

function setupRequest() {
  const options = {};
  for (const input of el("options").querySelectorAll("[data-option]")) options[input.dataset.option] = input.value;
  const players = [...el("seats").querySelectorAll("[data-seat]")].map((s) => s.value);
  const request = { game: el("game").value, options, players, think_ms: Number(el("think").value) || 1000 };
  if (el("variant").value) request.variant = el("variant").value;
  return request;
}

async function newGame(extra) {
  el("setup-error").textContent = "";
  try {
    const state = await api("POST", "/api/games", Object.assign(setupRequest(), extra || {}));
    history.replaceState(null, "", `/#${state.id}`);
    viewPly = null;
    selectedFrom = null;
    selectedDrop = null;
    show(state);
  } catch (e) {
    const codes = ((e.data && e.data.diagnostics) || []).map((d) => `${d.code}: ${d.message}`);
    el("setup-error").textContent = [e.message, ...codes].join("\n");
  }
}

async function loadRecord(file) {
  const text = await file.text();
  // The record names its game; pick the catalog entry with that title when there is one.
  const named = /^\s*game\s+(.+)$/m.exec(text);
  const match = named && catalog.find((g) => g.title === named[1].trim());
  if (match) el("game").value = match.name;
  const request = setupRequest();
  await newGame({ record: text, options: {}, variant: undefined, players: request.players });
  if (game) {
    viewPly = 0;
    await refresh();
  }
}

// The sites to mark, and the actions a click on each would make.
function targets() {
  const legal = (game && game.legal) || [];
  const map = new Map();
  for (const a of legal) {
    if (selectedDrop !== null) {
      if (a.kind === "place" && a.piece === selectedDrop) map.set(a.to, a.text);
    } else if (a.piece) {
      // A placement from the hand waits until its kind is chosen there.
    } else if (selectedFrom !== null) {
      if ((a.kind === "slide" || a.kind === "relocate") && a.from === selectedFrom && !map.has(a.to)) map.set(a.to, a.text);
    } else if (a.kind === "place" || a.kind === "take") {
      map.set(a.to, a.text);
    } else if ((a.kind === "slide" || a.kind === "relocate") && !map.has(a.from)) {
      map.set(a.from, null); // choosing the stone to move
    }
  }
  return map;
}

function humanToMove() {
  return game && !game.over && viewPly === null && game.seat_to_move === "human" && !game.thinking;
}

function show(state) {
  game = state;
  el("title").textContent = state.title;
  el("board").innerHTML = state.svg;
  const stepping = viewPly !== null && viewPly < state.actions;
  el("status").textContent = stepping ? `after ${state.ply} of ${state.actions} actions: ${state.result}` : state.over ? "" : state.result + (state.thinking ? " (thinking…)" : "");
  el("result").textContent = state.over ? state.result : "";
  el("ply").textContent = `${state.ply}/${state.actions}`;
  const moves = el("moves");
  moves.innerHTML = "";
  for (const m of state.moves) {
    const li = document.createElement("li");
    li.textContent = m;
    moves.appendChild(li);
  }
  moves.scrollTop = moves.scrollHeight;
  const download = el("download");
  download.href = `/api/games/${state.id}/record`;
  download.classList.remove("disabled");
  const legal = state.legal || [];
  const human = humanToMove();
  el("btn-end").disabled = !human || !legal.some((a) => a.kind === "end");
  el("btn-pass").disabled = !human || !legal.some((a) => a.kind === "pass");
  el("btn-undo").disabled = viewPly !== null || state.actions === 0 || state.thinking;
  showHands(state, human);
  if (human) {
    const map = targets();
    for (const site of el("board").querySelectorAll("[data-site]")) {
      const label = site.dataset.site;
      if (map.has(label)) site.classList.add("target");
      if (label === selectedFrom) site.classList.add("selected");
    }
  }
  el("board").dataset.over = state.over ? "true" : "false";
  if (!state.over && viewPly === null && state.seat_to_move !== "human" && !state.thinking) {
    setTimeout(computerMove, 30);
  }
}

// The hands that keep captures: each kind held, a button for the player to move when one of
// his placements may take it.
function showHands(state, human) {
  const box = el("hands");
  box.innerHTML = "";
  for (const hand of state.hands || []) {
    const row = document.createElement("p");
    row.textContent = `${state.players[hand.player].name} holds: `;
    if (hand.pieces.length === 0) row.append("nothing");
    for (const p of hand.pieces) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "held" + (p.kind === selectedDrop ? " selected" : "");
      button.dataset.kind = p.kind;
      button.title = `place a ${p.kind} from the hand`;
      button.textContent = p.count > 1 ? `${p.letter}×${p.count}` : p.letter;
      const mine = human && state.to_move === hand.player;
      button.disabled = !mine || !(state.legal || []).some((a) => a.piece === p.kind);
      button.addEventListener("click", () => {
        selectedDrop = selectedDrop === p.kind ? null : p.kind;
        selectedFrom = null;
        show(game);
      });
      row.append(button, " ");
    }
    box.appendChild(row);
  }
}

async function act(path, body) {
  if (busy) return;
  busy = true;
  el("play-error").textContent = "";
  try {
    show(await api("POST", `/api/games/${game.id}/${path}`, body));
  } catch (e) {
    el("play-error").textContent = e.message;
  } finally {
    busy = false;
  }
}

async function computerMove() {
  if (!game || game.over || viewPly !== null || game.seat_to_move === "human" || busy) return;
  await act("step");
}

async function refresh() {
  if (!game) return;
  const query = viewPly === null ? "" : `?ply=${viewPly}`;
  show(await api("GET", `/api/games/${game.id}${query}`));
}

el("board").addEventListener("click", (event) => {
  const site = event.target.closest("[data-site]");
  if (!site || !humanToMove()) return;
  const label = site.dataset.site;
  const map = targets();
  if (!map.has(label)) {
    selectedFrom = null;
    selectedDrop = null;
    show(game);
    return;
  }
  const action = map.get(label);
  if (action === null) {
    selectedFrom = label;
    show(game);
  } else {
    selectedFrom = null;
    selectedDrop = null;
    act("apply", { action });
  }
});

el("btn-end").addEventListener("click", () => act("apply", { action: "end" }));
el("btn-pass").addEventListener("click", () => act("apply", { action: "pass" }));
el("btn-undo").addEventListener("click", () => {
  selectedFrom = null;
  selectedDrop = null;
  act("undo");
});
el("game").addEventListener("change", fillSetup);
el("new").addEventListener("click", () => newGame());
el("record-file").addEventListener("change", (event) => {
  if (event.target.files.length) loadRecord(event.target.files[0]);
});
function step(to) {
  if (!game) return;
  const ply = Math.max(0, Math.min(game.actions, to));
  viewPly = ply >= game.actions ? null : ply;
  selectedFrom = null;
  selectedDrop = null;
  refresh();
}
el("first").addEventListener("click", () => step(0));
el("prev").addEventListener("click", () => step((viewPly === null ? game.actions : viewPly) - 1));
el("next").addEventListener("click", () => step((viewPly === null ? game.actions : viewPly) + 1));
el("last").addEventListener("click", () => step(Infinity));

async function start() {
  try {
    catalog = (await api("GET", "/api/catalog")).games.filter((g) => !g.error);
  } catch (e) {
    el("setup-error").textContent = e.message;
  }
  const select = el("game");
  for (const g of catalog) select.add(new Option(`${g.title} — ${g.name}`, g.name));
  fillSetup();
  const id = location.hash.slice(1);
  if (id) {
    try {
      show(await api("GET", `/api/games/${id}`));
    } catch (e) {
      el("play-error").textContent = e.message;
    }
  }
  document.body.dataset.ready = "true";
}
start();
