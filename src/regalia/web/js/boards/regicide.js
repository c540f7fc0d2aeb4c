// Regicide: the 160-square cross with four armies, seat badges on each side, captured kings,
// the board turned so the viewer's own seat sits at the bottom.

import { h, fill } from "../dom.js";
import { createGridBoard } from "./grid-board.js";
import { lastMoveSquares } from "../coords.js";
import { legalTexts, historyOf } from "./common.js";

const FILES = ["a", "b", "c", "d", "e", "f", "g", "h", "j", "k", "l", "m", "n", "o"];
export const COLOURS = ["yellow", "green", "red", "blue"];
const NAMES = ["Yellow", "Green", "Red", "Blue"];
const TEAM = ["Light", "Dark", "Light", "Dark"];
const LETTERS = { king: "k", queen: "q", rook: "r", bishop: "b", knight: "n", pawn: "p" };
// Quarter turns that bring each seat's home edge to the bottom (spectators: Green's).
const TURNS_FOR_SEAT = [1, 0, 3, 2];
// Which screen edge each seat's home edge lands on, per number of quarter turns.
const EDGE = [
  ["left", "bottom", "right", "top"],
  ["bottom", "right", "top", "left"],
  ["right", "top", "left", "bottom"],
  ["top", "left", "bottom", "right"],
];

const exists = (fi, ri) => !((fi < 3 || fi > 10) && (ri < 3 || ri > 10));

function letterOf(piece) {
  const text = String(piece).toLowerCase();
  return LETTERS[text] || text[0];
}

export function createView(root, { seat, act, playerNames }) {
  let turns = seat === null || seat === undefined ? 0 : TURNS_FOR_SEAT[seat];
  const badges = NAMES.map((name, i) => h("div", { class: `seat-badge ${COLOURS[i]}`, "data-seat": i }));
  const boardBox = h("div", { class: "regicide-board" });
  const rotate = h("button", { type: "button", class: "rotate", title: "turn the board a quarter" }, "Rotate board ⟳");
  fill(root, h("div", { class: "regicide-layout" }, badges, boardBox), rotate);
  const board = createGridBoard(boardBox, { files: FILES, ranks: 14, exists }, { onMove: act });
  let lastMessage = null;
  rotate.addEventListener("click", () => {
    turns = (turns + 1) % 4;
    if (lastMessage) api.update(lastMessage);
  });

  const api = {
    update(message) {
      lastMessage = message;
      const view = message.view;
      const captured = new Set((view.kings_captured || []).map(Number));
      const teams = view.teams || null;
      const turn = view.turn ?? (message.to_act || [])[0];
      const names = playerNames();
      badges.forEach((badge, i) => {
        const moving = turn === i && !view.over;
        badge.className = [
          "seat-badge", COLOURS[i], `edge-${EDGE[turns][i]}`,
          moving ? "to-move" : "", captured.has(i) ? "king-captured" : "",
        ].filter(Boolean).join(" ");
        const team = teams ? teamName(teams, i) : TEAM[i];
        fill(badge,
          h("span", { class: "turn-marker", "aria-hidden": "true" }, moving ? "▶" : ""),
          h("strong", {}, NAMES[i]),
          names[i] ? ` ${names[i]}` : "",
          h("small", {}, ` · ${team} team`),
          captured.has(i) ? h("span", { class: "captured-mark", title: "king captured" }, " ✖ king captured") : "",
          seat === i ? h("small", { class: "you" }, " (you)") : "");
        const said = [`${NAMES[i]}${names[i] ? ` (${names[i]})` : ""}`, `${team} team`];
        if (moving) said.push("to move");
        if (captured.has(i)) said.push("king captured");
        badge.setAttribute("aria-label", said.join(", "));
      });
      board.update({
        turns,
        pieces: (view.pieces || []).map((p) => ({
          square: p.square,
          letter: letterOf(p.piece),
          cls: COLOURS[p.seat],
          label: `${NAMES[p.seat]} ${String(p.piece).toLowerCase()} on ${p.square}`,
        })),
        legal: legalTexts(message),
        last: lastMoveSquares(view.last_move ?? view.last),
      });
    },
    moveRows(view) {
      const moves = historyOf(view);
      const rows = [];
      for (let i = 0; i < moves.length; i += 4) rows.push({ label: `${i / 4 + 1}.`, cells: moves.slice(i, i + 4) });
      return rows;
    },
  };
  return api;
}

function teamName(teams, seat) {
  if (Array.isArray(teams)) {
    const index = teams.findIndex((t) => (Array.isArray(t) ? t.includes(seat) : (t.seats || []).includes(seat)));
    if (index >= 0) {
      const t = teams[index];
      return (t && t.name) || (index === 0 ? "Light" : "Dark");
    }
  }
  return TEAM[seat];
}
