// The page: the slate's panel, its four buttons and the board's flash, around
// the unchanged firmware running on MicroPython's WebAssembly port.
//
// ?clock=manual stops the page's own timer: time then moves only with
// window.ardoise.advance(ms), as in the tests' harness (tests/web).
//
// At an evening (a phone as a table's slate), the address's fragment gives
// the table's enrolment once (see `enrolment`): the slate's flash then
// holds it, and net.mjs carries the firmware's network over mqtt.js.

import { loadMicroPython } from "./micropython.mjs";
import {
  ASLEEP,
  CHANGED,
  CRASHED,
  FLASH,
  KEYS,
  ROOT,
  loadBoard,
  readPanel,
} from "./loader.mjs";
import { DATABASE, Flash } from "./flash.mjs";
import { Net } from "./net.mjs";
import { zip } from "./zip.mjs";

// A press shorter than this (a quick tap) is held this long, and a button
// stays up this long between two presses, so that the firmware's 20 ms
// debounce sees both as a board would.
const TAP_MS = 60;
const HOLD_MS = 800; // the simulator's held keys: past the firmware's 600 ms
const LONG_MS = 600; // the firmware's long press (ardoise/buttons.py): "held" shows
// A whole evening's match log is a few KiB; a file far larger is not one.
const MAX_LOG_BYTES = 512 * 1024;
const LIT = "#cfeaff";
const manual = new URLSearchParams(location.search).get("clock") === "manual";
// Which slate's flash the page opens (a database each, see flash.mjs): the
// last evening's enrolment, or the page's own slate.
const SLATE = "ardoise.slate";
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/; // an evening's id, a user (board ids' shape)

// The page's own words, in the firmware's language.
const WORDS = {
  fr: {
    loading: "Chargement de l'ardoise…",
    panel: "Écran",
    language: "Langue",
    download: "Télécharger le match (JSONL)",
    archive: "Télécharger l'archive (zip)",
    load: "Charger un match…",
    hint: "Un appui long est un bouton tenu : annuler (◀), menu (▶), retour (OK).",
    keys: "Clavier : ← a Préc. · → d Suiv. · Entrée espace s OK · e Extra · tenus : A D S (ou Maj+←/→, Retour arrière)",
    nomatch: "Pas encore de match.",
    noarchive: "L'archive est vide.",
    loaded: "Match chargé : l'ancien est dans l'archive.",
    loadedfirst: "Match chargé.",
    refused: "Ce fichier n'est pas un match lisible",
    toolarge: "plus de 512 Kio",
    storage: "Stockage du navigateur indisponible : rien ne sera gardé à la fermeture",
    offline: "Prête hors ligne : peut être ajoutée à l'écran d'accueil.",
    prev: "Préc.",
    next: "Suiv.",
    ok: "OK",
    extra: "Extra",
    live: "Classement de la soirée en direct",
    history: "Donnes",
    deal: "Donne %s",
    undealt: "Donne %s, à donner",
    trump: "Atout",
    dealer: "Donneur",
    announce: "Annonce :",
    bottom: "Mariages en bas",
    table: "Mariages aux plis",
    tricks: "Plis",
    count: "Compte",
    bock: "Bock",
    session: "Séance",
    played: "Joués :",
    roster: "Joueurs",
    add: "Ajouter",
    remove: "Retirer %s",
    added: "%s ajouté à la liste.",
    removed: "%s retiré de la liste.",
    empty: "Tapez un nom d'abord.",
    anonymous: "« - » est la place vide de l'ardoise, pas un nom.",
    undrawable: "L'ardoise ne sait pas écrire %s.",
    control: "Un nom n'a pas de caractère de contrôle (tabulation, retour à la ligne).",
    long: "Un nom a %s caractères au plus.",
    taken: "%s est déjà dans la liste.",
    full: "La liste a déjà %s noms, le maximum.",
    absent: "%s n'est plus dans la liste.",
    rejected: "L'ardoise refuse ce nom.",
    unsaved: "Liste pas enregistrée : %s",
    failed: "L'ardoise n'a pas pu démarrer",
    attable: "Table %s",
    sent: "tout est envoyé à l'organisateur.",
    unsent: "pas encore envoyé…",
    linked: "relié à la soirée.",
    nolink: "pas encore envoyé : pas de liaison avec la soirée (rien n'est perdu).",
    apart: "pas de liaison avec la soirée pour le moment ; rien n'attend d'être envoyé.",
    turnedaway: "la soirée refuse ce téléphone (repris par l'organisateur).",
    badlink: "Ce lien n'est pas l'inscription d'un téléphone à une soirée.",
    nocopy: "Les matchs de la table n'ont pas pu être demandés à l'organisateur : vérifiez le réseau et rechargez la page",
  },
  de: {
    loading: "Die Tafel wird geladen…",
    panel: "Anzeige",
    language: "Sprache",
    download: "Partie herunterladen (JSONL)",
    archive: "Archiv herunterladen (zip)",
    load: "Partie laden…",
    hint: "Lang drücken hält die Taste: rückgängig (◀), Menü (▶), zurück (OK).",
    keys: "Tastatur: ← a Zurück · → d Weiter · Enter Leertaste s OK · e Extra · gehalten: A D S (oder Umschalt+←/→, Rücktaste)",
    nomatch: "Noch keine Partie.",
    noarchive: "Das Archiv ist leer.",
    loaded: "Partie geladen: die bisherige ist im Archiv.",
    loadedfirst: "Partie geladen.",
    refused: "Diese Datei ist keine lesbare Partie",
    toolarge: "über 512 KiB",
    storage: "Browserspeicher nicht verfügbar: nach dem Schließen bleibt nichts erhalten",
    offline: "Offline bereit: kann zum Startbildschirm hinzugefügt werden.",
    prev: "Zurück",
    next: "Weiter",
    ok: "OK",
    extra: "Extra",
    live: "Live-Rangliste des Abends",
    history: "Spiele",
    deal: "Spiel %s",
    undealt: "Spiel %s, noch nicht gegeben",
    trump: "Trumpf",
    dealer: "Geber",
    announce: "Ansage:",
    bottom: "Mariagen unten",
    table: "Mariagen in Stichen",
    tricks: "Stiche",
    count: "Zählt",
    bock: "Bock",
    session: "Serie",
    played: "Gespielt:",
    roster: "Spieler",
    add: "Hinzufügen",
    remove: "%s entfernen",
    added: "%s ist in der Liste.",
    removed: "%s ist aus der Liste entfernt.",
    empty: "Zuerst einen Namen eingeben.",
    anonymous: "„-“ ist der leere Platz der Tafel, kein Name.",
    undrawable: "Die Tafel kann %s nicht schreiben.",
    control: "Ein Name hat kein Steuerzeichen (Tabulator, Zeilenumbruch).",
    long: "Ein Name hat höchstens %s Zeichen.",
    taken: "%s ist schon in der Liste.",
    full: "Die Liste hat schon %s Namen, das Maximum.",
    absent: "%s ist nicht mehr in der Liste.",
    rejected: "Die Tafel nimmt diesen Namen nicht an.",
    unsaved: "Liste nicht gespeichert: %s",
    failed: "Die Tafel konnte nicht starten",
    attable: "Tisch %s",
    sent: "alles an die Turnierleitung gesendet.",
    unsent: "noch nicht gesendet…",
    linked: "mit dem Abend verbunden.",
    nolink: "noch nicht gesendet: keine Verbindung zum Abend (nichts geht verloren).",
    apart: "im Moment keine Verbindung zum Abend; nichts wartet aufs Senden.",
    turnedaway: "der Abend lehnt dieses Telefon ab (von der Turnierleitung zurückgenommen).",
    badlink: "Dieser Link ist keine Anmeldung eines Telefons zu einem Abend.",
    nocopy: "Die Matchs des Tisches kamen nicht von der Turnierleitung: Netz prüfen und die Seite neu laden",
  },
  en: {
    loading: "Loading the slate…",
    panel: "Panel",
    language: "Language",
    download: "Download the match (JSONL)",
    archive: "Download the archive (zip)",
    load: "Load a match…",
    hint: "A long press is a held button: undo (◀), menu (▶), back (OK).",
    keys: "Keys: ← a Prev · → d Next · Enter space s OK · e Extra · held: A D S (or Shift+←/→, Backspace)",
    nomatch: "No match yet.",
    noarchive: "The archive is empty.",
    loaded: "Match loaded: the previous one is in the archive.",
    loadedfirst: "Match loaded.",
    refused: "This file is not a readable match",
    toolarge: "over 512 KiB",
    storage: "Browser storage unavailable: nothing is kept once the page is closed",
    offline: "Ready offline: can be added to the home screen.",
    prev: "Prev",
    next: "Next",
    ok: "OK",
    extra: "Extra",
    live: "The evening's live ranking",
    history: "Deals",
    deal: "Deal %s",
    undealt: "Deal %s, not dealt yet",
    trump: "Trumps",
    dealer: "Dealer",
    announce: "Announced:",
    bottom: "Marriages at the bottom",
    table: "Marriages in tricks",
    tricks: "Tricks",
    count: "Count",
    bock: "Bock",
    session: "Session",
    played: "Played:",
    roster: "Players",
    add: "Add",
    remove: "Remove %s",
    added: "%s added to the list.",
    removed: "%s removed from the list.",
    empty: "Type a name first.",
    anonymous: "\"-\" is the slate's empty seat, not a name.",
    undrawable: "The slate cannot write %s.",
    control: "A name has no control character (a tab, a new line).",
    long: "A name has at most %s characters.",
    taken: "%s is already on the list.",
    full: "The list already has %s names, the most it can.",
    absent: "%s is no longer on the list.",
    rejected: "The slate refuses this name.",
    unsaved: "The list was not saved: %s",
    failed: "The slate could not start",
    attable: "Table %s",
    sent: "all sent to the organiser.",
    unsent: "not yet sent…",
    linked: "linked to the evening.",
    nolink: "not yet sent: no link to the evening (nothing is lost).",
    apart: "no link to the evening at the moment; nothing waits to be sent.",
    turnedaway: "the evening refuses this phone (taken back by the organiser).",
    badlink: "This link is not a phone's enrolment at an evening.",
    nocopy: "The table's matches could not be fetched from the organiser: check the network and reload the page",
  },
};

// Keyboard: the simulator's keys (host_tools/sim/simulator.py). A key held down is a
// button held down; the simulator's "held" keys give an 800 ms press.
const KEYBOARD = {
  ArrowLeft: "prev",
  a: "prev",
  ArrowRight: "next",
  d: "next",
  Enter: "ok",
  " ": "ok",
  s: "ok",
  e: "extra",
};
const KEYBOARD_HELD = { A: "prev", D: "next", S: "ok", Backspace: "ok" };

const $ = (selector) => document.querySelector(selector);
const state = {
  mp: null,
  board: null, // webboard, the glue module
  polls: null, // {awake, asleep}: App.run's naps in ms, read from the firmware
  flash: null,
  address: 0,
  clock: 0, // ms passed to the firmware so far
  manualNow: 0, // page time with ?clock=manual: what advance() let pass
  base: 0, // the firmware's clock less the page's (see play)
  delay: 0, // how late the press under way is played (see play)
  edges: [], // the buttons' changes not yet played: {key, down, at}, by `at`
  wanted: new Map(), // key -> where its last change puts it: {owner} down, null up
  queuedAt: new Map(), // key -> page time of its last change queued
  downAt: new Map(), // key -> the firmware's time its pin went down, while down
  upAt: new Map(), // key -> the firmware's time its pin last went up
  unsettled: false, // the keypad has a press or a bounce to follow
  asleep: false,
  drawWanted: true,
  summary: null, // the match below the panel (webboard.summary())
  opened: new Set(), // the deals whose details are shown
  language: "fr",
  height: Number(localStorage.getItem("ardoise.height")) === 32 ? 32 : 64,
  console: [],
  net: null, // at an evening: the firmware's network over mqtt.js (net.mjs)
  sign: "", // the evening's sign as shown (JSON), to redraw only a change
  signWanted: false,
};

function words() {
  return WORDS[state.language] || WORDS.en;
}

// `said` is a key of WORDS, or [key, what follows its text] (a refusal's
// own words): kept, so that the note follows the language (translate).
function note(said, kind = "") {
  const element = $("#note");
  element.said = said;
  element.className = kind;
  sayNote();
}

function sayNote() {
  const element = $("#note");
  const [key, rest] = typeof element.said === "string" ? [element.said, ""] : element.said || [];
  element.textContent = key ? words()[key] + rest : "";
}

function log(line) {
  state.console.push(line);
  const element = $("#console");
  element.textContent = state.console.slice(-40).join("\n");
  element.hidden = false;
}

// -- the panel ---------------------------------------------------------------

const canvas = $("#panel");
const context = canvas.getContext("2d");
let scale = 4; // canvas pixels per panel pixel
let gap = 1; // canvas pixels between two dots: 0 when shown too small for one

// The canvas fills the bezel. Drawn with a whole number of device pixels
// per panel pixel when that fills it nearly (every dot the same, sharp);
// else finer, and scaled down smoothly by the browser.
function fit() {
  const bezel = getComputedStyle(canvas.parentElement);
  const padding = parseFloat(bezel.paddingLeft) + parseFloat(bezel.paddingRight);
  const shown = Math.floor(canvas.parentElement.clientWidth - padding);
  const ratio = window.devicePixelRatio || 1;
  const exact = (shown * ratio) / 128;
  scale = Math.max(1, Math.floor(exact));
  const sharp = scale >= 0.9 * exact;
  if (!sharp) scale = Math.max(6, Math.ceil(exact) * 2);
  gap = exact < 4 ? 0 : Math.max(1, Math.round(scale / 5));
  canvas.classList.toggle("sharp", sharp);
  canvas.style.width = (sharp ? (128 * scale) / ratio : shown) + "px";
  canvas.width = 0; // drawn afresh at the new size
  state.drawWanted = true;
}

function draw() {
  if (!state.board || !state.address) return;
  if (state.flash && state.flash.pending > 0) {
    state.drawWanted = true; // once the flash has what the picture says
    return;
  }
  state.drawWanted = false;
  const panel = readPanel(state.mp, state.board, state.address);
  const height = panel.pages * 8;
  if (canvas.width !== 128 * scale || canvas.height !== height * scale) {
    canvas.width = 128 * scale;
    canvas.height = height * scale;
    document.body.dataset.height = height;
  }
  const dot = scale - gap;
  context.fillStyle = "#000";
  context.fillRect(0, 0, canvas.width, canvas.height);
  canvas.classList.toggle("off", !panel.on);
  if (!panel.on) return;
  context.globalAlpha = 0.45 + (0.55 * Math.min(255, panel.contrast)) / 255;
  context.fillStyle = LIT;
  for (let page = 0; page < panel.pages; page++) {
    for (let x = 0; x < 128; x++) {
      const column = panel.memory[page * 128 + x];
      if (!column) continue;
      for (let bit = 0; bit < 8; bit++) {
        if (column & (1 << bit)) {
          context.fillRect(x * scale, (page * 8 + bit) * scale, dot, dot);
        }
      }
    }
  }
  context.globalAlpha = 1;
}

// -- time and buttons -----------------------------------------------------------
//
// A button's changes reach its pin at the moments the events say they
// happened (their timeStamp), with the firmware polled every POLL_MS in
// between, whenever the page gets to run: a busy page, or a phone's browser
// holding its timers back while a finger is down, delays when the firmware
// learns of a press, never how long it lasted, so no tap is lost or turned
// into a held press. The firmware's clock is the page's plus `base`. A
// change that comes too late for its moment (the firmware has polled past
// it), or too soon after the button's last one, is played `delay` ms after
// its moment, and so is the rest of the press, and of any press overlapping
// it, so that they keep their lengths and spacing; a press that begins
// with every button up begins without delay if it can.

// Page time: the page's clock (performance.now()), or with ?clock=manual
// only what advance() has let pass.
function now() {
  return manual ? state.manualNow : performance.now();
}

// When `event` happened, in page time (a browser whose timeStamp is not on
// performance.now()'s scale: when it is handled).
function moment(event) {
  const at = event.timeStamp;
  if (manual || !(at > 0) || at > performance.now() + 60000) return now();
  return at;
}

// A change of button `key` (down or up) at page time `at`, queued to be
// played. `owner` is the pointer that pressed it: another finger lifting
// from the same button changes nothing. A button already where the change
// would put it stays as it is (no double counting).
function change(key, down, at, owner = null) {
  const wanted = state.wanted.get(key);
  if (down === Boolean(wanted)) return;
  if (!down && owner !== null && wanted.owner !== null && wanted.owner !== owner) return;
  state.wanted.set(key, down ? { owner } : null);
  at = Math.max(Math.round(at), state.queuedAt.get(key) ?? -Infinity); // a button's changes in order
  state.queuedAt.set(key, at);
  let index = state.edges.length;
  while (index > 0 && state.edges[index - 1].at > at) index--;
  state.edges.splice(index, 0, { key, down, at });
  if (down) $(`[data-key="${key}"]`)?.classList.add("down"); // shown at once; let go once played
}

// Play every change due by page time `until`, then the firmware up to it.
function play(until) {
  const target = Math.floor(until) + state.base;
  while (state.edges.length) {
    const edge = state.edges[0];
    // Not before the firmware's now, nor before the button has been down
    // (or up) TAP_MS: the firmware's debounce must see each level.
    const last = (edge.down ? state.upAt : state.downAt).get(edge.key);
    const earliest = Math.max(state.clock, last === undefined ? -Infinity : last + TAP_MS);
    const due = edge.at + state.base;
    const fresh = edge.down && state.downAt.size === 0;
    const delay = Math.max(fresh ? 0 : state.delay, earliest - due);
    if (due + delay > target) break; // its time has not come
    state.edges.shift();
    state.delay = delay;
    run(due + delay, true);
    if (!edge.down) $(`[data-key="${edge.key}"]`)?.classList.remove("down", "held");
    if (!state.board.press(edge.key, edge.down ? 1 : 0)) continue; // no such button wired
    state.unsettled = true;
    if (edge.down) {
      state.downAt.set(edge.key, state.clock);
    } else {
      state.downAt.delete(edge.key);
      state.upAt.set(edge.key, state.clock);
    }
  }
  run(target, false);
  if (state.net) {
    state.net.pump(); // what net.py asked for meanwhile, in its order
    showSign();
  }
}

// Poll the firmware up to its time `target`: every POLL_MS while the keypad
// has a press or a bounce to follow, else in one step. `exact`: the last
// poll at `target` itself (a change is played there), else what is short
// of a poll waits for the next call.
function run(target, exact) {
  const poll = state.polls.awake;
  for (;;) {
    const left = target - state.clock;
    if (left <= 0 || (state.unsettled && left < poll && !exact)) return;
    step(state.unsettled ? Math.min(poll, left) : Math.min(left, 1 << 28));
  }
}

// One poll of the firmware after `ms`; then the flash is stored if it changed.
function step(ms) {
  state.clock += ms;
  const flags = state.board.step(ms);
  state.unsettled = (flags & KEYS) !== 0;
  for (const [key, since] of state.downAt) {
    if (state.clock - since >= LONG_MS) $(`[data-key="${key}"]`)?.classList.add("held");
  }
  after(flags);
  return flags;
}

// After anything the firmware did: store the flash, redraw, follow its state.
function after(flags) {
  if (flags & CHANGED) state.drawWanted = true;
  state.asleep = (flags & ASLEEP) !== 0;
  document.body.classList.toggle("crashed", (flags & CRASHED) !== 0);
  if (state.flash.touched.size) {
    below(); // the journal, the roster or a setting changed: what the page shows of them
    state.flash.sync().then(() => {
      if (state.flash.error) note(["storage", " (" + state.flash.error + ")"], "error");
      if (state.drawWanted) draw();
    });
  }
  if (flags & CHANGED) followLanguage();
}

// A button pressed now (by `event`, if any), for `ms` if given (the
// keyboard's held keys), else until release().
function press(key, event = null, ms = null, owner = null) {
  if (!state.board) return;
  const at = event ? moment(event) : now();
  change(key, true, at, owner);
  if (ms !== null) change(key, false, at + ms, owner);
}

function release(key, event = null, owner = null) {
  if (!state.board) return;
  change(key, false, event ? moment(event) : now(), owner);
}

function tick() {
  play(performance.now());
  if (state.drawWanted) draw();
  setTimeout(tick, state.asleep ? state.polls.asleep : state.polls.awake);
}

// Tests (?clock=manual): let `ms` pass, the firmware polled as the page
// does, the picture drawn and the flash stored at the end.
async function advance(ms) {
  state.manualNow += ms;
  play(state.manualNow);
  await state.flash.sync();
  while (state.flash.pending > 0) await new Promise((resolve) => setTimeout(resolve, 1));
  draw();
}

// Pointer events only (a finger, a pen or the mouse alike): the mouse
// events a browser makes up after a touch are never listened to, so a tap
// counts once.
function wireButtons() {
  for (const button of document.querySelectorAll("[data-key]")) {
    const key = button.dataset.key;
    button.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      if (event.pointerType === "touch") document.body.classList.add("touched"); // no keyboard help
      press(key, event, null, event.pointerId);
      try {
        button.setPointerCapture(event.pointerId); // the finger may slide off: still held
      } catch {
        // no such pointer (a synthetic event): nothing to capture
      }
    });
    for (const name of ["pointerup", "pointercancel", "lostpointercapture"]) {
      button.addEventListener(name, (event) => release(key, event, event.pointerId));
    }
    button.addEventListener("contextmenu", (event) => event.preventDefault());
    button.addEventListener("keydown", (event) => event.key === "Enter" && event.preventDefault());
  }
  addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("select, input")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    let key = KEYBOARD_HELD[event.key];
    if (!key && event.shiftKey && event.key === "ArrowLeft") key = "prev";
    if (!key && event.shiftKey && event.key === "ArrowRight") key = "next";
    if (key) {
      event.preventDefault();
      if (!event.repeat) press(key, event, HOLD_MS);
      return;
    }
    key = KEYBOARD[event.key];
    if (key) {
      event.preventDefault();
      if (!event.repeat) press(key, event);
    }
  });
  addEventListener("keyup", (event) => {
    const key = KEYBOARD[event.key];
    if (key) release(key, event);
  });
  // Letting go of everything when the page loses sight of the keys and
  // pointers (another tab, a phone going to sleep): no button stays held.
  addEventListener("blur", () => {
    for (const [key, wanted] of state.wanted) if (wanted) release(key);
  });
}

// -- below the panel: the match, the roster, the evening -----------------------------

// The match (its sides, totals, open deal and deals), the roster and the
// evening's link, read again from the firmware (its rules core and roster
// code) and the flash.
function below() {
  if (!state.board) return;
  state.summary = parse(state.board.summary(), {});
  if (state.summary.error) log(state.summary.error);
  showMatch();
  showNames(parse(state.board.roster(), []));
  showLive();
}

function parse(text, otherwise) {
  try {
    return JSON.parse(text);
  } catch (error) {
    log(String(error));
    return otherwise;
  }
}

// An element `tag` with `text` (and the class `kind`, if any).
function element(tag, text = "", kind = "") {
  const made = document.createElement(tag);
  made.textContent = text;
  if (kind) made.className = kind;
  return made;
}

// A row of the board: its label, then a cell per side.
function boardRow(label, cells, kind = "") {
  const row = element("tr", "", kind);
  row.append(element("th", label), ...cells.map((cell) => element("td", String(cell))));
  return row;
}

// Under the panel, one column per side headed by its players' names: the
// totals, once (the main number, then coches, parties or games won); the
// deal under way, or the next one (trump, dealer, the marriages waiting at
// the bottom, the points so far); then the finished deals, each with what
// it gave, a tap on one showing its details as the slate's history does.
function showMatch() {
  const summary = state.summary || {};
  const text = words();
  $("#match").hidden = !summary.totals;
  if (!summary.totals) return;
  const sides = summary.sides;
  $("#sides").replaceChildren(element("th"), ...sides.map(([name]) => element("th", name)));
  const totals = [boardRow("", summary.totals.map(([main]) => main), "main")];
  if (summary.totals.some(([, tally]) => tally)) {
    totals.push(boardRow("", summary.totals.map(([, tally]) => tally), "tally"));
  }
  $("#totals").replaceChildren(...totals);
  const deal = summary.deal;
  const shown = [];
  if (deal) {
    const title = fill(text[deal.open ? "deal" : "undealt"], deal.number);
    const facts = deal.facts.map(([word, value]) => text[word] + " " + value);
    const caption = element("th", [title, ...facts].join(" · "));
    caption.colSpan = sides.length + 1;
    const head = element("tr", "", "caption");
    head.append(caption);
    shown.push(head, ...deal.rows.map(([word, cells]) => boardRow(text[word], cells)));
  }
  $("#deal").replaceChildren(...shown);
  $("#tally").textContent = summary.line || "";
  showDeals(summary);
}

// The finished deals: number, trump (Le Brouc) or tricks (Bruus), then what
// the deal gave each side (the totals are said once, above); the sides'
// short names where room is short.
function showDeals(summary) {
  const marked = summary.deals.some(([, mark]) => mark);
  const head = [element("th", "#"), ...(marked ? [element("th", "", "mark")] : [])];
  for (const [name, short] of summary.sides) {
    const cell = element("th", short);
    cell.title = name;
    head.push(cell);
  }
  $("#deals-head").replaceChildren(...head);
  const rows = [];
  for (const [number, mark, cells] of summary.deals) {
    const row = element("tr");
    row.dataset.deal = number;
    row.tabIndex = 0;
    row.append(element("td", String(number)), ...(marked ? [element("td", mark, "mark")] : []));
    row.append(...cells.map((gave) => element("td", gave)));
    rows.push(row);
    if (state.opened.has(number)) rows.push(detailsRow(number, head.length));
  }
  for (const number of state.opened) if (number > summary.deals.length) state.opened.delete(number);
  $("#history").replaceChildren(...rows);
}

// Deal `number`'s lines, as the slate's history shows the deal (the game's
// history module, asked again: the language may have changed).
function detailsRow(number, columns) {
  const lines = parse(state.board.details(number), []);
  const cell = element("td", lines.join("\n"));
  cell.colSpan = columns;
  const row = element("tr", "", "details");
  row.append(cell);
  return row;
}

function wireDeals() {
  const open = (event) => {
    const row = event.target.closest("tr[data-deal]");
    if (!row) return;
    const number = Number(row.dataset.deal);
    if (!state.opened.delete(number)) state.opened.add(number);
    showDeals(state.summary);
  };
  $("#history").addEventListener("click", open);
  $("#history").addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation(); // not the slate's OK
      open(event);
    }
  });
}

function showNames(names) {
  $("#names").replaceChildren(
    ...names.map((name) => {
      const item = document.createElement("li");
      const remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = "×";
      remove.dataset.name = name;
      remove.setAttribute("aria-label", fill(words().remove, name));
      remove.addEventListener("click", () => changeRoster(name, false));
      item.append(name, remove);
      return item;
    }),
  );
}

function fill(text, value) {
  return text.replace("%s", value);
}

// The link to the live ranking, when the board is enrolled in an evening
// (data/evening.json, written by `ardoise evening enrol`) whose page it knows.
function showLive() {
  let url = "";
  try {
    const data = state.mp.FS.readFile(ROOT + "/evening.json");
    const live = new URL(JSON.parse(new TextDecoder().decode(data)).live);
    if (live.protocol === "http:" || live.protocol === "https:") url = live.href;
  } catch {
    // no evening, or none whose page is known: no link
  }
  $("#live").hidden = !url;
  if (url) $("#live-link").href = url;
  else $("#live-link").removeAttribute("href");
}

// -- at an evening: the table's phone -------------------------------------------

// The enrolment the address's fragment gives (`ardoise evening enrol --phone`
// makes the link): #evening=E&user=U&password=P&port=WEBSOCKETS&table=N
// [&lang=fr&host=BROKER]. The fragment never goes to a server, and it is
// taken out of the address at once, so that no one reads the password on
// the screen or in the history; the slate's flash keeps it (evening.json),
// as a board's does. null without one; "bad" for a link that is not one.
function enrolment() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (!fragment.has("password")) return null;
  history.replaceState(history.state, "", location.pathname + location.search);
  const given = {
    evening: fragment.get("evening") || "",
    user: fragment.get("user") || "",
    password: fragment.get("password"),
    port: Number(fragment.get("port")),
    table: Number(fragment.get("table")),
    lang: fragment.get("lang"),
    host: fragment.get("host") || location.hostname,
  };
  const whole = (n, most) => Number.isInteger(n) && n >= 1 && n <= most;
  if (!NAME.test(given.evening) || !NAME.test(given.user) || !given.password) return "bad";
  if (!whole(given.port, 65535) || !whole(given.table, 1000)) return "bad";
  if (given.lang && !WORDS[given.lang]) given.lang = null;
  return given;
}

// The database of the slate the page opens (flash.mjs): the evening's and
// user's just given, else the last one given here, else the page's own.
function slateDatabase(given) {
  if (given && given !== "bad") {
    localStorage.setItem(SLATE, DATABASE + "-" + given.evening + "-" + given.user);
  }
  return localStorage.getItem(SLATE) || DATABASE;
}

// The enrolment on the slate's flash, as `ardoise evening enrol` writes a
// board's (ardoise/net.py reads it), the broker's WebSockets listener in
// place of its MQTT port.
async function enrol(given) {
  const settings = {
    evening: given.evening,
    ssid: "",
    wifi_password: "",
    broker_host: given.host,
    broker_port: given.port,
    user: given.user,
    password: given.password,
    table: given.table,
    live: new URL("../", location.href).href,
    restore: true, // the table's matches, if its slate played already (restore)
  };
  state.mp.FS.mkdirTree(ROOT);
  state.mp.FS.writeFile(ROOT + "/evening.json", JSON.stringify(settings));
  await state.flash.sync();
}

// A phone given to a table whose slate played already (the phone before taken
// back, or its battery flat): the table's matches from the organiser's copy
// (host_tools/evening/phones.py, /slate/copy for the table's user and
// password), written as that slate kept them, before the firmware boots, so
// that net.py numbers and sends as it did and the table plays on from the
// last line the organiser holds. Only once, and only on a flash that holds
// no match. False if the organiser could not be asked: the board does not
// start (a match begun now would not follow the table's), a reload asks again.
async function restore() {
  const FS = state.mp.FS;
  const path = ROOT + "/evening.json";
  let settings;
  try {
    settings = JSON.parse(new TextDecoder().decode(FS.readFile(path)));
  } catch {
    return true; // no evening: nothing to ask
  }
  if (!settings.restore) return true;
  const held = Object.keys(state.flash.files(ROOT)).some(
    (name) => name === ROOT + "/match.jsonl" || name.startsWith(ROOT + "/archive/"),
  );
  if (!held) {
    let copy;
    try {
      const response = await fetch("copy", {
        cache: "no-store",
        headers: { Authorization: "Basic " + btoa(settings.user + ":" + settings.password) },
      });
      if (!response.ok) throw new Error(response.status + " " + response.statusText);
      copy = await response.json();
    } catch (error) {
      note(["nocopy", " (" + error.message + ")."], "error");
      return false;
    }
    for (const [name, data] of copy.files) {
      const target = ROOT + "/" + name;
      FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
      FS.writeFile(target, Uint8Array.from(atob(data), (char) => char.charCodeAt(0)));
    }
  }
  delete settings.restore;
  FS.writeFile(path, JSON.stringify(settings));
  await state.flash.sync();
  return true;
}

// The evening's part, once the board runs on an enrolled flash: the
// firmware's network carried by mqtt.js.
async function startNet() {
  if (state.net || !state.mp.FS.analyzePath(ROOT + "/evening.json").exists) return;
  const net = new Net(state.board, () => (state.signWanted = true));
  await net.start();
  state.net = net;
  showSign();
}

// Under the buttons: the table, and whether the organiser holds every line
// the slate confirmed (the slate's own sign, a filled box on its last row).
function showSign() {
  if (!state.net) return;
  const sign = state.net.sign();
  const shown = JSON.stringify([sign, state.language]);
  if (shown === state.sign && !state.signWanted) return;
  state.sign = shown;
  state.signWanted = false;
  const text = words();
  let said;
  if (sign.link === "refused") said = "turnedaway";
  else if (sign.link !== "up") said = sign.sent || !sign.match ? "apart" : "nolink";
  else if (!sign.match) said = "linked";
  else said = sign.sent ? "sent" : "unsent";
  let table = "";
  try {
    const settings = JSON.parse(new TextDecoder().decode(state.mp.FS.readFile(ROOT + "/evening.json")));
    table = fill(text.attable, settings.table || "");
  } catch {
    // no table said
  }
  const element = $("#net");
  element.hidden = false;
  element.className = said;
  element.dataset.said = said;
  $("#net-table").textContent = table;
  $("#net-sign").textContent = text[said];
}

// Add or remove a name: the firmware's roster code writes the file, as the
// slate does; a refused name changes nothing and the note says why.
async function changeRoster(name, add) {
  const answer = state.board.roster_change(name.normalize("NFC"), add ? 1 : 0);
  await state.flash.sync();
  below();
  const cut = answer.indexOf(":");
  const code = cut < 0 ? answer : answer.slice(0, cut);
  const detail = cut < 0 ? "" : answer.slice(cut + 1);
  const shown = name.normalize("NFC").trim();
  if (!answer) sayRoster([add ? "added" : "removed", shown], "");
  else if (code === "undrawable") sayRoster(["undrawable", [...detail].join(" ")], "error");
  else if (code === "long" || code === "full") sayRoster([code, detail], "error");
  else if (code === "taken" || code === "absent") sayRoster([code, shown], "error");
  else if (code === "storage" || code === "failed") sayRoster(["unsaved", detail], "error");
  else if (code === "empty" || code === "anonymous" || code === "control")
    sayRoster([code, ""], "error");
  else sayRoster(["rejected", ""], "error");
  return answer;
}

function sayRoster(said, kind) {
  const element = $("#roster-note");
  if (said !== undefined) {
    element.said = said;
    element.className = kind;
  }
  const [key, value] = element.said || [];
  element.textContent = key ? fill(words()[key], value) : "";
}

function wireRoster() {
  $("#add-name").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $("#name");
    if (!(await changeRoster(input.value, true))) input.value = "";
  });
}

// -- settings of the page ----------------------------------------------------------

function followLanguage() {
  const language = state.board.setting("lang") || "fr";
  if (language === state.language) return;
  state.language = language;
  translate();
}

function translate() {
  const text = words();
  document.documentElement.lang = state.language;
  for (const element of document.querySelectorAll("[data-text]")) {
    element.textContent = text[element.dataset.text];
  }
  $("#language").value = state.language;
  sayNote();
  sayRoster();
  showSign();
  if (state.summary) showMatch();
  for (const button of document.querySelectorAll("#names button")) {
    button.setAttribute("aria-label", fill(text.remove, button.dataset.name));
  }
}

function startBoard() {
  const flags = state.board.start(state.height, ROOT, 4);
  // How often App.run polls: the firmware's own constants, never a copy
  // (a firmware that cannot even say it is polled as often as it can be).
  try {
    state.polls = JSON.parse(state.board.polls());
  } catch (error) {
    log(String(error));
    state.polls = state.polls || { awake: 1, asleep: 1 };
  }
  state.address = state.board.panel_address();
  // A new board: its buttons all up, nothing left to play.
  for (const map of [state.wanted, state.queuedAt, state.downAt, state.upAt]) map.clear();
  state.edges = [];
  state.unsettled = false;
  state.delay = 0;
  for (const button of document.querySelectorAll("[data-key]")) button.classList.remove("down", "held");
  after(flags | CHANGED);
  draw();
  below();
}

function wireSettings() {
  const size = $("#size");
  size.value = String(state.height);
  size.addEventListener("change", () => {
    state.height = Number(size.value) === 32 ? 32 : 64;
    localStorage.setItem("ardoise.height", String(state.height));
    startBoard(); // the panel is part of the board: it starts again
  });
  $("#language").addEventListener("change", (event) => {
    after(state.board.change("lang", event.target.value) ? CHANGED : 0);
    draw();
  });
  $("#download").addEventListener("click", () => {
    const files = state.flash.files(ROOT);
    const data = files[ROOT + "/match.jsonl"];
    if (!data) return note("nomatch");
    save(new Blob([data], { type: "application/jsonl" }), "ardoise-match-" + stamp() + ".jsonl");
  });
  $("#archive").addEventListener("click", () => {
    const folder = ROOT + "/archive";
    const files = Object.entries(state.flash.files(folder)).map(([path, data]) => [
      "archive/" + path.slice(folder.length + 1),
      data,
    ]);
    if (!files.length) return note("noarchive");
    save(zip(files), "ardoise-archive-" + stamp() + ".zip");
  });
  $("#load").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (file) note(await loadLog(new Uint8Array(await file.arrayBuffer())));
  });
}

// Continue the match log `data`: checked by the firmware's rules core
// first; the current match, if any, goes to the archive. Returns what to
// tell (see note).
async function loadLog(data) {
  if (data.length > MAX_LOG_BYTES) return ["refused", " : " + words().toolarge];
  const before = state.flash.files(ROOT)[ROOT + "/match.jsonl"];
  const upload = "/upload.jsonl"; // outside the flash: not stored
  state.mp.FS.writeFile(upload, data);
  const refusal = state.board.load_log(upload);
  state.mp.FS.unlink(upload);
  after(CHANGED);
  await state.flash.sync();
  draw();
  if (refusal) return ["refused", " : " + refusal];
  return before && before.length ? "loaded" : "loadedfirst";
}

function stamp() {
  const now = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return (
    now.getFullYear() +
    two(now.getMonth() + 1) +
    two(now.getDate()) +
    "-" +
    two(now.getHours()) +
    two(now.getMinutes())
  );
}

function save(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

// -- start -------------------------------------------------------------------

async function main() {
  translate();
  const given = enrolment();
  const manifest = await (await fetch("files.json")).json();
  const { mp, webboard } = await loadBoard({
    loadMicroPython,
    files: manifest.board,
    read: async (name) => new Uint8Array(await (await fetch(name)).arrayBuffer()),
    stdout: log,
    stderr: log,
  });
  state.mp = mp;
  state.board = webboard;
  const database = slateDatabase(given);
  state.flash = new Flash(mp.FS, (path) => mp._module.PATH_FS.resolve(path), FLASH, database);
  await state.flash.open();
  await state.flash.restore();
  if (state.flash.error) note(["storage", " (" + state.flash.error + ")"], "error");
  if (given === "bad") note("badlink", "error");
  else if (given) await enrol(given);
  if (!(await restore())) return;
  wireButtons();
  wireSettings();
  wireRoster();
  wireDeals();
  fit();
  addEventListener("resize", () => {
    fit();
    draw();
  });
  startBoard();
  if (given && given !== "bad" && given.lang) {
    after(state.board.change("lang", given.lang) ? CHANGED : 0); // the evening's language
  }
  followLanguage();
  await startNet();
  document.body.classList.add("ready");
  if (!manual) {
    state.base = state.clock - Math.round(performance.now());
    tick();
  }
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker
      .register("sw.js")
      .then(() => navigator.serviceWorker.ready)
      .then(() => state.flash.error || $("#note").textContent || note("offline"))
      .catch(() => {}); // no offline copy (a private window, say): the page works all the same
  }
}

// What the tests reach (tests/web): the clock, the screen, the flash.
window.ardoise = {
  manual,
  ready: null,
  advance,
  probe: () => JSON.parse(state.board.probe()),
  frame: () => {
    const panel = readPanel(state.mp, state.board, state.address);
    return { on: panel.on, pages: panel.pages, memory: Array.from(panel.memory) };
  },
  read: (name) => {
    const data = state.flash.files(ROOT)[ROOT + "/" + name];
    return data ? Array.from(data) : null;
  },
  stored: async (name) => {
    const db = state.flash.db;
    const entry = await new Promise((resolve, reject) => {
      const get = db.transaction("flash", "readonly").objectStore("flash").get(ROOT + "/" + name);
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error);
    });
    return entry && entry.data ? Array.from(entry.data) : null;
  },
  heap: () => state.board.collect(),
  // The keypad's last events, oldest first ("ok next ok"), and whether
  // every change of the buttons has been played and the keypad is still.
  keys: () => state.board.keys(),
  idle: () => state.edges.length === 0 && !state.unsettled,
  summary: () => JSON.parse(state.board.summary()),
  // At an evening: {link: "up", "" or "refused", online, sent} (webboard.net_status).
  sign: () => (state.net ? state.net.sign() : {}),
  loadLog: (bytes) => loadLog(new Uint8Array(bytes)),
  // A file put on the flash as a PC's tool would (`ardoise evening enrol`),
  // the page then reading what it shows below the panel again.
  put: async (name, bytes) => {
    state.mp.FS.writeFile(ROOT + "/" + name, new Uint8Array(bytes));
    await state.flash.sync();
    below();
  },
};
window.ardoise.ready = main().catch((error) => {
  note(["failed", ": " + error], "error");
  log(String(error && error.stack ? error.stack : error));
  throw error;
});
