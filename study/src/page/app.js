// The study page. It only shows what the server sends (the board, the target, the tiles)
// and sends what the participant does; the server checks every move and keeps the time.
"use strict";

const $ = (id) => document.getElementById(id);
const OPS = { "+": "+", "-": "−", "−": "−", "*": "×", "x": "×", "×": "×", "/": "÷", "÷": "÷", "^": "^" };
let plan = null;
let participant = sessionStorage.getItem("participant");
let board = null; // the server's last answer about the open trial
let first = null; // the picked tile
let op = null; // the picked operation
let busy = false;
let timer = null;
let deadline = 0;

async function post(path, body) {
  const r = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await r.json().catch(() => ({ error: "no answer" }));
  if (!r.ok) throw Object.assign(new Error(data.error || "refused"), { status: r.status });
  return data;
}

function say(text) { $("status").textContent = text; }

function render() {
  $("progress").textContent = `Puzzle ${board.index} of ${board.of}`;
  $("target").textContent = board.target;
  const tiles = $("tiles");
  tiles.textContent = "";
  board.tiles.forEach((t, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tile" + (t === null ? " empty" : "") + (first === i ? " picked" : "");
    b.dataset.i = i;
    b.textContent = t === null ? "" : t;
    b.disabled = t === null || over();
    b.setAttribute("aria-label", t === null ? "empty" : `number ${t}`);
    b.addEventListener("click", () => pickTile(i));
    tiles.appendChild(b);
  });
  for (const b of $("ops").children) {
    b.classList.toggle("picked", b.dataset.op === op);
    b.disabled = over();
  }
  $("undo").disabled = over() || board.seq === 0;
  $("reset").disabled = over() || board.seq === 0;
  $("giveup").disabled = over();
  $("next").hidden = !over();
}

function over() { return board === null || board.outcome !== null; }

function endTimer() { if (timer) { clearInterval(timer); timer = null; } }

function tick() {
  const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  $("timer").textContent = `${left} s left`;
  if (left === 0 && !over()) { endTimer(); end("/api/timeout"); }
}

function show(b) {
  const fresh = board === null || board.trial !== b.trial;
  board = b;
  if (fresh) {
    first = null; op = null; say("");
    endTimer();
    deadline = Date.now() + b.time_limit_s * 1000 - b.elapsed_ms;
    if (!over()) { timer = setInterval(tick, 250); tick(); }
  }
  if (over()) {
    endTimer();
    say({ solved: "Solved!", gave_up: "You gave up on this one.", timed_out: "Time is up." }[b.outcome]);
  }
  render();
  if (over()) $("next").focus();
}

async function act(path, extra) {
  if (busy || over()) return;
  busy = true;
  try {
    show(await post(path, { participant, trial: board.trial, seq: board.seq, ...extra }));
  } catch (e) {
    say(e.message);
    if (e.status === 409) await next();
  } finally {
    busy = false;
  }
}

async function pickTile(i) {
  if (over() || board.tiles[i] === null || busy) return;
  if (first === null || op === null) {
    first = first === i ? null : i;
    render();
    focusTile(i);
    return;
  }
  if (first === i) { first = null; render(); focusTile(i); return; }
  const a = first, o = op;
  first = null; op = null;
  say("");
  await act("/api/move", { a, op: o, b: i });
  render();
  focusTile(i);
}

function focusTile(i) {
  const t = $("tiles").children[i];
  if (t && !t.disabled) t.focus();
}

function pickOp(o) {
  if (over() || first === null) { if (!over()) say("Pick a number first."); return; }
  op = op === o ? null : o;
  render();
}

async function end(path) {
  if (busy || over()) return;
  busy = true;
  try { show(await post(path, { participant, trial: board.trial, seq: board.seq })); }
  catch (e) { say(e.message); }
  finally { busy = false; }
}

async function next() {
  try {
    const b = await post("/api/next", { participant });
    if (b.done) {
      endTimer();
      $("game").hidden = true;
      $("done").hidden = false;
      sessionStorage.removeItem("participant");
      return;
    }
    $("intro").hidden = true;
    $("game").hidden = false;
    show(b);
    if (!over()) focusTile(board.tiles.findIndex((t) => t !== null));
  } catch (e) {
    if (e.status === 404) { sessionStorage.removeItem("participant"); location.reload(); }
    say(e.message);
  }
}

document.addEventListener("keydown", (e) => {
  if ($("game").hidden || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key;
  if (/^[1-9]$/.test(k) && board && Number(k) <= board.tiles.length) { e.preventDefault(); pickTile(Number(k) - 1); }
  else if (OPS[k] && plan.ops.includes(OPS[k])) { e.preventDefault(); pickOp(OPS[k]); }
  else if (k === "u" || k === "U" || k === "Backspace") { e.preventDefault(); act("/api/undo", {}); }
  else if (k === "r" || k === "R") { e.preventDefault(); act("/api/reset", {}); }
  else if (k === "g" || k === "G") { e.preventDefault(); end("/api/give-up"); }
  else if (k === "Enter" && over() && document.activeElement !== $("next")) { e.preventDefault(); next(); }
});

async function init() {
  plan = await (await fetch("/api/plan")).json();
  $("consent").textContent = plan.consent;
  $("about").textContent = `${plan.puzzles} puzzles, ${plan.time_limit_s} s each. ` +
    (plan.use_all ? "Use every number to make the target." : "Make the target; you need not use every number.");
  for (const o of plan.ops) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.op = o;
    b.textContent = o;
    b.setAttribute("aria-label", { "+": "plus", "−": "minus", "×": "times", "÷": "divided by", "^": "to the power" }[o]);
    b.addEventListener("click", () => pickOp(o));
    $("ops").appendChild(b);
  }
  $("undo").addEventListener("click", () => act("/api/undo", {}));
  $("reset").addEventListener("click", () => act("/api/reset", {}));
  $("giveup").addEventListener("click", () => end("/api/give-up"));
  $("next").addEventListener("click", () => next());
  $("agree").addEventListener("click", async () => {
    try {
      participant = (await post("/api/start", { consent: true })).participant;
      sessionStorage.setItem("participant", participant);
      await next();
    } catch (e) { say(e.message); }
  });
  if (participant) await next(); else $("agree").focus();
}

init();
