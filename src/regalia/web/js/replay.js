// Replays: step through a finished game (from the server or an uploaded record), with the
// move list, arrow keys, and the record to download.

import { h, fill } from "./dom.js";
import { tableReplay } from "./api.js";
import { loadBoard } from "./boards/index.js";
import { renderMoveList } from "./movelist.js";
import { downloadLink } from "./download.js";
import { resultText } from "./result.js";
import { gameInfo } from "./games.js";
import { TableStatus } from "./protocol.js";

let uploaded = null;

/** Show an uploaded record's replay: kept here, then routed to #/replay. */
export function openReplayData(replay) {
  uploaded = replay;
  if (location.hash === "#/replay") window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = "#/replay";
}

export function showReplay(root, tableId) {
  const box = h("div", { class: "replay-page" }, h("p", {}, "Loading the replay…"));
  fill(root, box);
  let cleanup = () => {};
  const load = tableId ? tableReplay(tableId) : Promise.resolve(uploaded);
  load
    .then((replay) => {
      if (!replay) {
        fill(box, h("p", {}, "No record loaded. ", h("a", { href: "#/" }, "Upload one in the lobby.")));
        return;
      }
      return Promise.all([loadBoard(replay.game), gameInfo(replay.game)]).then(([module, game]) => {
        cleanup = mount(box, replay, module, game, tableId);
      });
    })
    .catch((err) => fill(box, h("p", { class: "alert", role: "alert" }, `Cannot load the replay: ${err.message}`)));
  return { destroy: () => cleanup() };
}

function mount(box, replay, module, game, tableId) {
  const steps = replay.steps || [];
  const names = replay.seat_names || [];
  const boardRoot = h("div", { class: "game-view" });
  const movesRoot = h("div", { class: "move-list" });
  const counter = h("span", { class: "ply-counter", "aria-live": "polite" });
  const button = (label, title, onclick) => h("button", { type: "button", title, "aria-label": title, onclick }, label);
  let ply = steps.length - 1;
  const go = (n) => {
    ply = Math.max(0, Math.min(steps.length - 1, n));
    draw();
  };
  const nav = h("div", { class: "replay-nav", role: "group", "aria-label": "replay steps" },
    button("«", "first position", () => go(0)),
    button("‹", "previous move", () => go(ply - 1)),
    counter,
    button("›", "next move", () => go(ply + 1)),
    button("»", "last position", () => go(steps.length - 1)));
  const title = tableId ? `${game.title} · replay of table ${tableId}` : `${game.title} · replay of an uploaded record`;
  fill(box,
    h("header", { class: "table-head" }, h("h2", {}, title), h("a", { href: "#/", class: "back" }, "Lobby")),
    h("p", { class: "status" }, replay.result ? resultText(replay.result, names, null) : "Unfinished record"),
    h("div", { class: "table-body" },
      h("div", { class: "board-col" }, nav, boardRoot),
      h("aside", { class: "side-col" }, h("h3", {}, "Moves"), movesRoot,
        h("p", {}, downloadLink(replay.record, `regalia-${replay.game}-${tableId || "record"}.txt`)))));
  // No one plays a replay; the names list still tells boards how many seats there are.
  const playerNames = () => names.map(() => "");
  const board = module.createView(boardRoot, { seat: null, act: () => {}, playerNames, game });
  const finalView = steps.length ? steps[steps.length - 1].view : {};

  function rows() {
    const fromView = board.moveRows(finalView) ?? [];
    const total = fromView.reduce((n, r) => n + r.cells.length, 0);
    if (total === steps.length - 1) return fromView;
    const who = (s) => (typeof s.seat === "number" && names[s.seat] ? `${names[s.seat]}: ` : "");
    return steps.slice(1).map((s, i) => ({ label: `${i + 1}.`, cells: [`${who(s)}${s.text || s.action || "?"}`] }));
  }

  function draw() {
    const step = steps[ply];
    if (!step) return;
    board.update({ view: step.view, legal: [], to_act: [], status: TableStatus.FINISHED, result: replay.result, draw_offer: null });
    counter.textContent = `${ply} / ${steps.length - 1}`;
    renderMoveList(movesRoot, rows(), { current: ply, onPick: go });
  }

  const keys = (event) => {
    if (event.target.closest("input, textarea, select, .board")) return;
    if (event.key === "ArrowLeft") go(ply - 1);
    else if (event.key === "ArrowRight") go(ply + 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(steps.length - 1);
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", keys);
  draw();
  return () => document.removeEventListener("keydown", keys);
}
