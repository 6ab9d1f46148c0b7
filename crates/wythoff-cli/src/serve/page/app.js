// wythoff serve: the page. Every answer comes from the server's JSON API
// (the library's answers); this file only draws them. The board is drawn as
// `wythoff plot` draws it: x across, y up, origin lower left, with plot's
// colours (/api/palette).
"use strict";

const $ = (id) => document.getElementById(id);
const canvas = $("board");
const ctx = canvas.getContext("2d");

const S = {
  palette: null,
  limits: { table_max: 1024 },
  games: [],
  game: "wythoff",
  misere: false,
  n: 0,              // side of the loaded board
  p: null,           // Uint8Array n*n: 1 for a P-position ([x*n+y])
  off: null,         // Uint8Array n*n: 1 for a cell off the board (removed corner)
  grundy: null, grundyMsg: "",
  rem: null, remMsg: "",
  cmp: null, cmpMsg: "", cmpKey: "",
  layer: "p",
  view: { x0: 0, y0: 0, w: 64 },
  hover: null,
  outcomeSeq: 0,
  play: { on: false, start: null, moves: [], by: [], data: null },
  loading: 0,
};

function status(msg, ok) {
  const s = $("status");
  s.textContent = msg || "";
  s.className = ok ? "ok" : "";
}

async function api(path) {
  const r = await fetch(path);
  let body;
  try { body = await r.json(); } catch (e) { body = { error: "the server sent no JSON (" + r.status + ")" }; }
  if (!r.ok) throw new Error(body.error || ("HTTP " + r.status));
  return body;
}

function q(params) {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => encodeURIComponent(k) + "=" + encodeURIComponent(v === true ? "1" : v))
    .join("&");
}

// ---------- the catalogue ----------

function composeGame() {
  const name = $("game-select").value;
  if (!name) return;
  const e = S.games.find((g) => g.name === name);
  const parts = [];
  for (const inp of $("params").querySelectorAll("input")) {
    if (inp.value !== "") parts.push(inp.dataset.key + "=" + inp.value);
  }
  $("game-text").value = parts.length ? name + ":" + parts.join(",") : name;
  return e;
}

function showParams() {
  const name = $("game-select").value;
  const box = $("params");
  box.textContent = "";
  const e = S.games.find((g) => g.name === name);
  if (!e) return;
  for (const p of e.params) {
    const l = document.createElement("label");
    l.textContent = p.key + " ";
    l.title = p.meaning || "";
    const inp = document.createElement("input");
    inp.id = "param-" + p.key;
    inp.dataset.key = p.key;
    const isInt = p.kind === "int";
    inp.type = isInt ? "number" : "text";
    if (isInt) inp.min = p.min;
    if (p.default !== null && p.default !== undefined) {
      // a default: left empty, the library applies it
      inp.placeholder = String(p.default);
      inp.value = "";
    } else {
      inp.value = isInt ? Math.max(p.min, 1) : "";
    }
    inp.addEventListener("input", composeGame);
    l.appendChild(inp);
    box.appendChild(l);
  }
  composeGame();
}

// ---------- loading a board ----------

async function load() {
  const seq = ++S.loading;
  S.game = $("game-text").value.trim();
  S.misere = $("misere").checked;
  let n = parseInt($("max").value, 10);
  if (!(n >= 4)) n = 4;
  n = Math.min(n, S.limits.table_max);
  $("max").value = n;
  status("solving " + S.game + " on " + n + " x " + n + " …", true);
  const base = { game: S.game, max: n, misere: S.misere };
  let ps;
  try {
    ps = await api("/api/p-positions?" + q(base));
  } catch (e) {
    if (seq === S.loading) status(e.message);
    return;
  }
  if (seq !== S.loading) return;
  const p = new Uint8Array(n * n);
  for (const [x, y] of ps.positions) p[x * n + y] = 1;
  S.n = n; S.p = p; S.off = new Uint8Array(n * n);
  S.grundy = null; S.rem = null; S.cmp = null; S.cmpKey = "";
  S.grundyMsg = "…"; S.remMsg = "…";
  S.label = ps.game; S.convention = ps.convention;
  S.view = { x0: 0, y0: 0, w: n };
  stopPlay();
  draw();
  status(ps.game + " (" + ps.convention + "), 0 ≤ x, y < " + n + ": " + ps.positions.length + " P-positions", true);
  const jobs = [
    api("/api/remoteness?" + q(base)).then((r) => {
      S.rem = r.values; S.remMsg = "";
      for (let x = 0; x < n; x++) for (let y = 0; y < n; y++) if (r.values[x][y] === null) S.off[x * n + y] = 1;
    }, (e) => { S.remMsg = e.message; }),
    S.misere
      ? Promise.resolve().then(() => { S.grundyMsg = "misère play has no Grundy values"; })
      : api("/api/grundy?" + q({ game: S.game, max: n })).then((r) => {
        S.grundy = r.values; S.grundyMsg = "";
        for (let x = 0; x < n; x++) for (let y = 0; y < n; y++) if (r.values[x][y] === null) S.off[x * n + y] = 1;
      },
        (e) => { S.grundyMsg = e.message; }),
    api("/api/patterns?" + q({ game: S.game, max: n, misere: S.misere, format: "text" })).then(
      (r) => { $("patterns").textContent = r.text; }, (e) => { $("patterns").textContent = e.message; }),
  ];
  await Promise.all(jobs);
  if (seq !== S.loading) return;
  if (S.layer === "compare") await loadCompare();
  draw();
  document.body.dataset.loaded = S.game + "|" + S.misere + "|" + n;
}

async function loadCompare() {
  const other = $("compare-game").value.trim();
  const a = S.game + (S.misere ? "@misere" : "");
  const key = a + "|" + other + "|" + S.n;
  if (S.cmpKey === key) return;
  S.cmpKey = key; S.cmp = null; S.cmpMsg = "…";
  try {
    const r = await api("/api/compare?" + q({ a: a, b: other, max: S.n }));
    const cells = new Uint8Array(S.n * S.n); // 0 neither, 1 only A, 2 only B, 3 both
    for (const [x, y, side] of r.cells) cells[x * S.n + y] = side === "A" ? 1 : side === "B" ? 2 : 3;
    S.cmp = { cells: cells, a: r.a, b: r.b, only_a: r.only_a, only_b: r.only_b, both: r.both };
    S.cmpMsg = "";
  } catch (e) {
    S.cmpMsg = e.message;
  }
}

// ---------- drawing ----------

function ramp(v, max) {
  // plot's ramp (wythoff_render::plot::ramp): values 1..=max over RAMP
  const r = S.palette.RAMP;
  if (max <= 1) return r[r.length >> 1];
  const t = (v - 1) / (max - 1) * (r.length - 1);
  const i = Math.min(Math.floor(t), r.length - 2);
  const f = t - i;
  const a = hexRgb(r[i]), b = hexRgb(r[i + 1]);
  const mix = (u, w) => Math.round(u + (w - u) * f);
  return "rgb(" + mix(a[0], b[0]) + "," + mix(a[1], b[1]) + "," + mix(a[2], b[2]) + ")";
}

function hexRgb(h) {
  return [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
}

function tableMax(t) {
  let m = 0;
  if (!t) return 0;
  for (const col of t) for (const v of col) if (v !== null && v > m) m = v;
  return m;
}

function cellColor(x, y, heatMax) {
  const P = S.palette;
  const i = x * S.n + y;
  if (S.off[i]) return P.OFF;
  switch (S.layer) {
    case "grundy": {
      if (!S.grundy) return S.p[i] ? P.P : P.N;
      const v = S.grundy[x][y];
      if (v === null) return P.OFF;
      return v === 0 ? P.HEAT_ZERO : ramp(v, heatMax);
    }
    case "remoteness": {
      if (!S.rem) return S.p[i] ? P.P : P.N;
      const v = S.rem[x][y];
      if (v === null) return P.OFF;
      return v === 0 ? P.HEAT_ZERO : ramp(v, heatMax);
    }
    case "compare": {
      if (!S.cmp) return S.p[i] ? P.P : P.N;
      return [P.N, P.PARTS[1], P.PARTS[2], P.P][S.cmp.cells[i]];
    }
    default:
      return S.p[i] ? P.P : P.N;
  }
}

// canvas pixels left of the board and below it, for the axis numbers
const AXIS = 30;

// the board's side W (canvas pixels, the board square's top left at
// (AXIS, 0)) and a cell's side cs
function geometry() {
  const W = canvas.width - AXIS;
  const cs = W / S.view.w;
  return { W: W, cs: cs };
}

// canvas pixel of the lower left corner of cell (x, y)
function cellRect(x, y) {
  const { W, cs } = geometry();
  return { left: AXIS + (x - S.view.x0) * cs, top: W - (y - S.view.y0 + 1) * cs, size: cs };
}

// the numbers along the axes: x below the board, y left of it, every `step`
// cells (1, 2 or 5 times a power of ten, at least 36 pixels apart)
function drawAxes() {
  const { W, cs } = geometry();
  const v = S.view;
  let step = 1;
  for (let k = 1; step * cs < 36; k++) step = [1, 2, 5][k % 3] * Math.pow(10, Math.floor(k / 3));
  ctx.fillStyle = "#3c3c3c";
  ctx.font = "11px system-ui, sans-serif";
  ctx.textBaseline = "top";
  ctx.textAlign = "center";
  const end = Math.min(S.n, v.x0 + v.w);
  for (let x = Math.ceil(v.x0 / step) * step; x < end; x += step) {
    const r = cellRect(x, v.y0);
    ctx.fillText(String(x), r.left + cs / 2, W + 4);
  }
  ctx.textBaseline = "middle";
  ctx.textAlign = "right";
  const top = Math.min(S.n, v.y0 + v.w);
  for (let y = Math.ceil(v.y0 / step) * step; y < top; y += step) {
    const r = cellRect(v.x0, y);
    ctx.fillText(String(y), AXIS - 4, r.top + cs / 2);
  }
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.fillText("x", canvas.width - 10, canvas.height - 4);
  ctx.fillText("y", 4, 10);
}

function draw() {
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (!S.p || !S.palette) return;
  const { W, cs } = geometry();
  const v = S.view;
  const heatMax = S.layer === "grundy" ? tableMax(S.grundy) : S.layer === "remoteness" ? tableMax(S.rem) : 0;
  const x1 = Math.min(S.n, v.x0 + v.w), y1 = Math.min(S.n, v.y0 + v.w);
  for (let x = v.x0; x < x1; x++) {
    for (let y = v.y0; y < y1; y++) {
      const r = cellRect(x, y);
      ctx.fillStyle = cellColor(x, y, heatMax);
      // edges rounded as the grid lines are: no seam inside a cell
      const l = Math.round(r.left), t = Math.round(r.top);
      ctx.fillRect(l, t, Math.round(r.left + r.size) - l, Math.round(r.top + r.size) - t);
    }
  }
  if (cs >= 6) {
    ctx.strokeStyle = S.palette.GRID;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let k = 0; k <= v.w; k++) {
      const p = Math.round(k * cs) + 0.5;
      ctx.moveTo(AXIS + p, 0); ctx.lineTo(AXIS + p, W);
      ctx.moveTo(AXIS, p); ctx.lineTo(AXIS + W, p);
    }
    ctx.stroke();
  }
  // what lies off the board square (cells beyond its edge) is the axes' margin
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, AXIS, canvas.height);
  ctx.fillRect(0, W, canvas.width, canvas.height - W);
  drawAxes();
  drawPlay();
  if (S.hover) {
    const r = cellRect(S.hover.x, S.hover.y);
    ctx.strokeStyle = S.palette.PARTS[6];
    ctx.lineWidth = 2;
    ctx.strokeRect(r.left + 1, r.top + 1, Math.max(r.size - 2, 2), Math.max(r.size - 2, 2));
  }
  legend(heatMax);
}

function drawPlay() {
  const d = S.play.data;
  if (!S.play.on || !d) return;
  const P = S.palette;
  for (const c of d.choices) {
    const r = cellRect(c.to[0], c.to[1]);
    ctx.fillStyle = c.imitation ? P.PARTS[6] : P.PARTS[1];
    const s = Math.max(r.size / 3, 2);
    ctx.fillRect(r.left + (r.size - s) / 2, r.top + (r.size - s) / 2, s, s);
  }
  for (const b of d.blocked) {
    const r = cellRect(b[0], b[1]);
    ctx.strokeStyle = P.EXTRA ? P.EXTRA[0] : "#e41a1c";
    ctx.beginPath();
    ctx.moveTo(r.left, r.top); ctx.lineTo(r.left + r.size, r.top + r.size);
    ctx.moveTo(r.left + r.size, r.top); ctx.lineTo(r.left, r.top + r.size);
    ctx.stroke();
  }
  const r = cellRect(d.position[0], d.position[1]);
  ctx.strokeStyle = P.PARTS[3];
  ctx.lineWidth = 3;
  ctx.strokeRect(r.left, r.top, r.size, r.size);
}

function legend(heatMax) {
  const P = S.palette;
  const sw = (c, t) => '<span class="sw" style="background:' + c + '"></span>' + t;
  let h = "";
  switch (S.layer) {
    case "grundy":
      h = S.grundy ? sw(P.HEAT_ZERO, "0 (P)") + sw(ramp(1, heatMax), "1") + sw(ramp(heatMax, heatMax), String(heatMax))
        : "Grundy values: " + S.grundyMsg;
      break;
    case "remoteness":
      h = S.rem ? sw(P.HEAT_ZERO, "0") + sw(ramp(1, heatMax), "1") + sw(ramp(heatMax, heatMax), String(heatMax))
        : "remoteness: " + S.remMsg;
      break;
    case "compare":
      h = S.cmp ? sw(P.PARTS[1], "P only in A (" + S.cmp.only_a + ")") + sw(P.PARTS[2], "P only in B (" + S.cmp.only_b + ")")
        + sw(P.P, "P in both (" + S.cmp.both + ")") + "<br>A: " + esc(S.cmp.a) + "; B: " + esc(S.cmp.b)
        : "compare: " + S.cmpMsg;
      break;
    default:
      h = sw(P.P, "P") + sw(P.N, "N") + sw(P.OFF, "off the board");
  }
  h += "<br>x across, y up, origin lower left; showing " + S.view.x0 + " ≤ x < " + (S.view.x0 + S.view.w)
    + ", " + S.view.y0 + " ≤ y < " + (S.view.y0 + S.view.w) + " of " + S.n;
  $("legend").innerHTML = h;
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

// ---------- zoom and pan ----------

function clampView() {
  const v = S.view;
  v.w = Math.max(4, Math.min(v.w, S.n));
  v.x0 = Math.max(0, Math.min(v.x0, S.n - v.w));
  v.y0 = Math.max(0, Math.min(v.y0, S.n - v.w));
}

async function zoom(factor, cx, cy) {
  const v = S.view;
  if (cx === undefined) { cx = v.x0 + v.w / 2; cy = v.y0 + v.w / 2; }
  let w = Math.round(v.w * factor);
  if (factor > 1 && w > S.n && S.n < S.limits.table_max) {
    // zoomed out past the loaded board: a larger one, up to the server's limit
    $("max").value = Math.min(S.limits.table_max, S.n * 2);
    await load();
    return;
  }
  if (w === v.w) w += factor > 1 ? 1 : -1;
  v.x0 = Math.round(cx - (cx - v.x0) * w / v.w);
  v.y0 = Math.round(cy - (cy - v.y0) * w / v.w);
  v.w = w;
  clampView();
  draw();
}

function cellAt(ev) {
  const rect = canvas.getBoundingClientRect();
  const sx = (ev.clientX - rect.left) * canvas.width / rect.width;
  const sy = (ev.clientY - rect.top) * canvas.height / rect.height;
  const { W, cs } = geometry();
  if (sx < AXIS || sy >= W) return null;
  const x = S.view.x0 + Math.floor((sx - AXIS) / cs);
  const y = S.view.y0 + Math.floor((W - sy) / cs);
  if (x < 0 || y < 0 || x >= S.n || y >= S.n) return null;
  return { x: x, y: y };
}

// for tests and scripts: the client coordinates of the centre of cell (x, y)
window.wythoffCellCenter = function (x, y) {
  const rect = canvas.getBoundingClientRect();
  const r = cellRect(x, y);
  const k = rect.width / canvas.width;
  return { x: rect.left + (r.left + r.size / 2) * k, y: rect.top + (r.top + r.size / 2) * k };
};

let drag = null;
canvas.addEventListener("mousedown", (ev) => { drag = { x: ev.clientX, y: ev.clientY, v: Object.assign({}, S.view), moved: false }; });
window.addEventListener("mouseup", () => { setTimeout(() => { drag = null; }, 0); });
canvas.addEventListener("mousemove", (ev) => {
  if (drag && (ev.buttons & 1)) {
    const { cs } = geometry();
    const rect = canvas.getBoundingClientRect();
    const k = canvas.width / rect.width;
    const dx = Math.round((ev.clientX - drag.x) * k / cs), dy = Math.round((ev.clientY - drag.y) * k / cs);
    if (dx || dy) {
      drag.moved = true;
      S.view.x0 = drag.v.x0 - dx;
      S.view.y0 = drag.v.y0 + dy;
      clampView();
      draw();
    }
    return;
  }
  const c = cellAt(ev);
  if (!c) return;
  if (!S.hover || S.hover.x !== c.x || S.hover.y !== c.y) showCell(c.x, c.y);
});
canvas.addEventListener("wheel", (ev) => {
  ev.preventDefault();
  const c = cellAt(ev) || undefined;
  zoom(ev.deltaY > 0 ? 1.25 : 0.8, c && c.x, c && c.y);
}, { passive: false });
canvas.addEventListener("click", (ev) => {
  if (drag && drag.moved) return;
  const c = cellAt(ev);
  if (c && S.play.on) playClick(c.x, c.y);
});

// ---------- hover ----------

let outcomeTimer = null;
function showCell(x, y) {
  S.hover = { x: x, y: y };
  draw();
  const h = $("hover");
  const i = x * S.n + y;
  h.dataset.x = x; h.dataset.y = y; h.dataset.ready = "";
  const g = S.grundy ? S.grundy[x][y] : null;
  const r = S.rem ? S.rem[x][y] : null;
  h.dataset.grundy = g === null ? "" : g;
  h.dataset.remoteness = r === null ? "" : r;
  let html = "<div>(" + x + ", " + y + ")" + (S.off[i] ? " off the board" : "") + "</div>";
  html += '<div>outcome <span class="outcome" id="hover-outcome">' + (S.p[i] ? "P" : "N") + "</span></div>";
  html += '<div>Grundy value <span id="hover-grundy">' + (g === null ? (S.grundyMsg ? "none: " + esc(S.grundyMsg) : "none") : g) + "</span></div>";
  html += '<div>remoteness <span id="hover-remoteness">' + (r === null ? (S.remMsg ? "not computed: " + esc(S.remMsg) : "none") : r) + "</span></div>";
  html += '<div>winning moves <span id="hover-moves">…</span></div><div id="hover-notes"></div>';
  h.innerHTML = html;
  // the same, in one line under the board (visible however narrow the window)
  const line = $("cell-line");
  const cellText = "(" + x + ", " + y + ")" + (S.off[i] ? " off the board" : "") + ": " + (S.p[i] ? "P" : "N") +
    (g === null ? "" : ", Grundy value " + g) + (r === null ? "" : ", remoteness " + r);
  line.textContent = cellText;
  clearTimeout(outcomeTimer);
  const seq = ++S.outcomeSeq;
  outcomeTimer = setTimeout(async () => {
    try {
      const o = await api("/api/outcome?" + q({ game: S.game, x: x, y: y, misere: S.misere }));
      if (seq !== S.outcomeSeq) return;
      $("hover-outcome").textContent = o.outcome;
      const ms = o.winning_moves.map((m) => "(" + m[0] + ", " + m[1] + ")");
      $("hover-moves").textContent = ms.length ? ms.join(" ") : "none";
      $("hover-notes").textContent = o.notes.join("; ");
      line.textContent = cellText + "; winning moves " + (ms.length ? ms.join(" ") : "none");
      h.dataset.outcome = o.outcome;
      h.dataset.moves = o.winning_moves.map((m) => m[0] + "," + m[1]).join(" ");
    } catch (e) {
      if (seq !== S.outcomeSeq) return;
      $("hover-moves").textContent = e.message;
      h.dataset.outcome = ""; h.dataset.moves = "";
    }
    h.dataset.ready = "1";
  }, 60);
}

// ---------- play ----------

function stopPlay() {
  S.play = { on: false, start: null, moves: [], by: [], data: null };
  $("play-toggle").textContent = "Play";
  $("computer-move").disabled = true;
  $("undo").disabled = true;
  $("history").textContent = "";
  $("blocks-box").hidden = true;
  $("pass").hidden = true;
}

async function playRequest(moves, by, computer) {
  const m = moves.map((mv) => [mv.pass ? "pass" : mv.to.join(",")].concat(mv.blocks.map((b) => b.join(","))).join("/")).join(";");
  const d = await api("/api/play?" + q({
    game: S.game, misere: S.misere, start: S.play.start.join(","), moves: m, computer: computer,
  }));
  S.play.moves = d.moves.map((mv) => ({ to: mv.to, blocks: mv.blocks, pass: mv.pass }));
  S.play.by = by.slice();
  if (d.computer) S.play.by.push("computer");
  S.play.data = d;
  $("blocks-box").hidden = !(d.block_limit > 0);
  $("blocks").placeholder = "up to " + d.block_limit + ": a,b c,d";
  $("pass").hidden = !d.pass_available;
  showHistory();
  draw();
}

async function playClick(x, y) {
  try {
    if (!S.play.start) {
      S.play.start = [x, y];
      await playRequest([], [], false);
      $("computer-move").disabled = false;
      return;
    }
    if (S.play.data && S.play.data.over) return;
    const blocks = $("blocks").value.trim().split(/\s+/).filter((b) => b)
      .map((b) => b.split(",").map((v) => parseInt(v, 10)));
    const moves = S.play.moves.concat([{ to: [x, y], blocks: blocks }]);
    await playRequest(moves, S.play.by.concat(["you"]), true);
    $("blocks").value = "";
    $("undo").disabled = false;
  } catch (e) {
    status(e.message);
  }
}

function showHistory() {
  const d = S.play.data;
  if (!d) return;
  const items = ["(" + d.start[0] + ", " + d.start[1] + ") start"];
  d.moves.forEach((mv, i) => {
    let t = (mv.pass ? "pass" : "(" + mv.to[0] + ", " + mv.to[1] + ")") + (mv.imitation ? "*" : "") + " " + (S.play.by[i] || "");
    if (mv.blocks.length) t += " blocking " + mv.blocks.map((b) => b.join(",")).join(" ");
    items.push(t);
  });
  let html = '<div id="history-moves">' + items.map(esc).join(" → ") + "</div>";
  if (d.imitation) {
    html += "<div>(* = " + d.imitation.m + "-imitation; runs: player to move " + d.imitation.mover_run
      + ", other " + d.imitation.previous_run + "; a " + d.imitation.p + "-th consecutive imitation is refused)</div>";
  }
  if (d.over) {
    const last = S.play.by[S.play.by.length - 1];
    // the player to move cannot move: he wins only in misère play
    const mover = last === "you" ? "the computer" : last === "computer" ? "you" : "the player to move";
    const winner = d.stuck_player_wins ? mover : (mover === "you" ? "the computer" : mover === "the computer" ? "you" : "the other player");
    html += '<div id="play-over">game over: ' + esc(winner) + " won" + "</div>";
  } else {
    const last = S.play.by[S.play.by.length - 1];
    html += "<div>" + (last === "you" ? "the computer to move" : "your move: click a marked cell") + "</div>";
  }
  $("history").innerHTML = html;
  $("history").dataset.position = d.position.join(",");
  $("history").dataset.count = d.moves.length;
}

$("play-toggle").addEventListener("click", () => {
  if (S.play.on) { stopPlay(); draw(); return; }
  stopPlay();
  S.play.on = true;
  $("play-toggle").textContent = "Stop playing";
  $("history").textContent = "click the starting cell";
});
$("pass").addEventListener("click", async () => {
  // the one pass of the game (either player's), with the blocks typed, if any
  if (!S.play.start || !S.play.data || !S.play.data.pass_available) return;
  try {
    const blocks = $("blocks").value.trim().split(/\s+/).filter((b) => b)
      .map((b) => b.split(",").map((v) => parseInt(v, 10)));
    const moves = S.play.moves.concat([{ to: S.play.data.position, blocks: blocks, pass: true }]);
    await playRequest(moves, S.play.by.concat(["you"]), true);
    $("blocks").value = "";
    $("undo").disabled = false;
  } catch (e) {
    status(e.message);
  }
});
$("computer-move").addEventListener("click", async () => {
  if (!S.play.start || (S.play.data && S.play.data.over)) return;
  try { await playRequest(S.play.moves, S.play.by, true); $("undo").disabled = false; } catch (e) { status(e.message); }
});
$("undo").addEventListener("click", async () => {
  // take back your last move and the computer's answer to it
  let k = S.play.by.lastIndexOf("you");
  if (k < 0) k = 0;
  try { await playRequest(S.play.moves.slice(0, k), S.play.by.slice(0, k), false); } catch (e) { status(e.message); }
});

// ---------- wiring ----------

for (const r of document.querySelectorAll('input[name="layer"]')) {
  r.addEventListener("change", async () => {
    S.layer = r.value;
    if (S.layer === "compare") { draw(); await loadCompare(); }
    draw();
  });
}
$("compare-game").addEventListener("change", async () => {
  if (S.layer === "compare") { await loadCompare(); draw(); }
});
$("zoom-in").addEventListener("click", () => zoom(0.5));
$("zoom-out").addEventListener("click", () => zoom(2));
$("reset-view").addEventListener("click", () => { S.view = { x0: 0, y0: 0, w: S.n }; draw(); });
$("game-select").addEventListener("change", showParams);
$("game-text").addEventListener("input", () => {
  // typed GAME: the catalogue list follows its name, without parameters boxes
  const name = $("game-text").value.split(":")[0].trim();
  const sel = $("game-select");
  sel.value = S.games.some((g) => g.name === name) ? name : "";
  $("params").textContent = "";
});
$("choose").addEventListener("submit", (ev) => { ev.preventDefault(); load(); });

async function init() {
  try {
    const [pal, stats, games] = await Promise.all([api("/api/palette"), api("/api/stats"), api("/api/games")]);
    S.palette = pal; S.limits = stats; S.games = games;
  } catch (e) {
    status(e.message);
    return;
  }
  $("max").max = S.limits.table_max;
  const sel = $("game-select");
  const none = document.createElement("option");
  none.value = ""; none.textContent = "(type GAME)";
  sel.appendChild(none);
  for (const g of S.games) {
    const o = document.createElement("option");
    o.value = g.name; o.textContent = g.name;
    o.title = g.notation || "";
    sel.appendChild(o);
  }
  sel.value = "wythoff";
  await load();
}
init();
