// Regicide: the 160-square cross with four armies, seat badges on each side, captured kings,
// attacked kings marked (anyone's: an enemy piece could take it on its next move), the moves
// since the viewer's own last one drawn as arrows, the board turned so the viewer's own seat
// sits at the bottom, and a zoom for small screens.

import { h, fill } from "../dom.js";
import { createGridBoard } from "./grid-board.js";
import { lastMoveSquares, parseMove } from "../coords.js";
import { legalTexts, historyOf, inPlay, premoveClass } from "./common.js";
import { listText, t } from "../i18n.js";
import { pieceLabel } from "../pieces.js";

const FILES = ["a", "b", "c", "d", "e", "f", "g", "h", "j", "k", "l", "m", "n", "o"];
export const COLOURS = ["yellow", "green", "red", "blue"];
const NAMES = ["Yellow", "Green", "Red", "Blue"];
// The teams: Yellow and Red (seats 0 and 2) are the light one.
const teamWord = (index) => (index === 0 ? t("Light") : t("Dark"));
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

const exists = (fi, ri) => fi >= 0 && fi < 14 && ri >= 0 && ri < 14 && !((fi < 3 || fi > 10) && (ri < 3 || ri > 10));

// Attacks (C3–C10): the rules' own geometry. Pawns capture one step forward and one aside,
// forward being away from their owner (Yellow east, Green north, Red west, Blue south);
// turned pawns never capture; sliders stop at a missing corner.
const FORWARD = [[1, 0], [0, 1], [-1, 0], [0, -1]];
const KNIGHT_STEPS = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const KING_STEPS = [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]];
const DIAGONALS = [[1, 1], [1, -1], [-1, -1], [-1, 1]];
const ORTHOGONALS = [[0, 1], [1, 0], [0, -1], [-1, 0]];

/** The pieces of a position text (its first field): Map "fi,ri" → {seat, kind, turned}. */
function readPosition(text) {
  const board = new Map();
  const groups = String(text || "").trim().split(/\s+/)[0].split("/");
  groups.forEach((group, seat) => {
    const body = group.includes(":") ? group.slice(group.indexOf(":") + 1) : "";
    for (const token of body.split(",").filter(Boolean)) {
      const m = /^([KQRBNP])([a-hj-o])(\d{1,2})(?::([01NESW]))?$/.exec(token);
      if (!m) continue;
      const fi = FILES.indexOf(m[2]);
      const ri = Number(m[3]) - 1;
      board.set(`${fi},${ri}`, { seat, kind: m[1], turned: /[NESW]/.test(m[4] || "") });
    }
  });
  return board;
}

/** Whether a piece of `seat` could capture on (fi, ri). */
function attacks(board, seat, fi, ri) {
  const at = (f, r) => board.get(`${f},${r}`);
  const is = (f, r, kinds) => {
    const p = at(f, r);
    return Boolean(p) && p.seat === seat && kinds.includes(p.kind);
  };
  if (KNIGHT_STEPS.some(([df, dr]) => is(fi - df, ri - dr, "N"))) return true;
  if (KING_STEPS.some(([df, dr]) => is(fi - df, ri - dr, "K"))) return true;
  const [fx, fy] = FORWARD[seat];
  for (const [df, dr] of [[fx + fy, fy + fx], [fx - fy, fy - fx]]) {
    const p = at(fi - df, ri - dr);
    if (p && p.seat === seat && p.kind === "P" && !p.turned) return true;
  }
  for (const [steps, kinds] of [[DIAGONALS, "BQ"], [ORTHOGONALS, "RQ"]]) {
    for (const [df, dr] of steps) {
      for (let f = fi + df, r = ri + dr; exists(f, r); f += df, r += dr) {
        const p = at(f, r);
        if (!p) continue;
        if (p.seat === seat && kinds.includes(p.kind)) return true;
        break;
      }
    }
  }
  return false;
}

/** Every king an enemy piece could capture next: [{seat, square, by: [seats]}]. */
export function attackedKings(positionText) {
  const board = readPosition(positionText);
  const out = [];
  for (const [key, piece] of board) {
    if (piece.kind !== "K") continue;
    const [fi, ri] = key.split(",").map(Number);
    const by = [0, 1, 2, 3].filter((other) => (other & 1) !== (piece.seat & 1) && attacks(board, other, fi, ri));
    if (by.length) out.push({ seat: piece.seat, square: FILES[fi] + String(ri + 1), by });
  }
  return out.sort((a, b) => a.seat - b.seat);
}

/** The game's result reason in plain words ("the Yellow and Red kings were both captured"),
 * in the page's language (the winners' "… win: " stays: the result line drops it). */
export function plainReason(reason) {
  const seats = (names) => listText(names.split(/, | and /).map((name) => t(name)));
  return String(reason || "")
    .replace(/^(?:light|dark) \(([^)]*)\) team wins: /i, "$1 win: ")
    .replace(/both kings of the (?:light|dark) \(([^)]*)\) team were captured/i,
      (_, names) => t("the {0} kings were both captured", seats(names)));
}

/** A still position for a rules diagram (js/rules-diagrams.js): the view message the board
 * draws from a position text (its kings under attack marked as at a table). */
export function diagramView(position, { last = null } = {}) {
  const pieces = [...readPosition(position)].map(([key, piece]) => {
    const [fi, ri] = key.split(",").map(Number);
    return { square: FILES[fi] + String(ri + 1), seat: piece.seat, piece: piece.kind };
  });
  return { status: "finished", to_act: [], legal: [], view: { position, pieces, last_move: last, over: false } };
}

function letterOf(piece) {
  const text = String(piece).toLowerCase();
  return LETTERS[text] || text[0];
}

export function createView(root, { seat, act, playerNames }) {
  let turns = seat === null || seat === undefined ? 0 : TURNS_FOR_SEAT[seat];
  const badges = NAMES.map((name, i) => h("div", { class: `seat-badge ${COLOURS[i]}`, "data-seat": i }));
  const boardBox = h("div", { class: "regicide-board" });
  const rotate = h("button", { type: "button", class: "rotate", title: t("turn the board a quarter") }, t("Rotate board ⟳"));
  // Small screens: the 14 squares across are small; a zoomed board scrolls inside its box.
  const zoom = h("button", { type: "button", class: "zoom", "aria-pressed": "false", title: t("bigger squares; scroll the board") }, t("Zoom in"));
  fill(root, h("div", { class: "regicide-layout" }, badges, boardBox), h("div", { class: "board-tools" }, rotate, zoom));
  const board = createGridBoard(boardBox, { files: FILES, ranks: 14, exists }, { onMove: act });
  let lastMessage = null;
  let lastExtra = {};
  rotate.addEventListener("click", () => {
    turns = (turns + 1) % 4;
    if (lastMessage) api.update(lastMessage, lastExtra);
  });
  zoom.addEventListener("click", () => {
    const on = !boardBox.classList.contains("zoomed");
    boardBox.classList.toggle("zoomed", on);
    zoom.setAttribute("aria-pressed", String(on));
    zoom.textContent = on ? t("Zoom out") : t("Zoom in");
    // The viewer's own army is at the bottom: start there, in the middle.
    if (on) {
      boardBox.scrollTo({ top: boardBox.scrollHeight, left: (boardBox.scrollWidth - boardBox.clientWidth) / 2 });
      boardBox.scrollIntoView({ block: "nearest" });
    }
  });

  const attackedIn = (view) => (view.position && !view.over ? attackedKings(view.position) : []);

  const api = {
    /** extra.recent: the moves since the viewer's own last one ({seat, action, text}). */
    update(message, extra = {}) {
      lastMessage = message;
      lastExtra = extra;
      const view = message.view;
      const captured = new Set((view.kings_captured || []).map(Number));
      const attacked = attackedIn(view);
      const threatened = new Set(attacked.map((a) => a.seat));
      const teams = view.teams || null;
      const turn = view.turn ?? (message.to_act || [])[0];
      const names = playerNames();
      badges.forEach((badge, i) => {
        const moving = turn === i && inPlay(message);
        badge.className = [
          "seat-badge", COLOURS[i], `edge-${EDGE[turns][i]}`, EDGE[turns][i] === "bottom" ? "keep-in-view" : "",
          moving ? "to-move" : "", captured.has(i) ? "king-captured" : "", threatened.has(i) ? "king-attacked" : "",
        ].filter(Boolean).join(" ");
        const team = t("{0} team", teams ? teamName(teams, i) : teamWord(i & 1));
        fill(badge,
          h("span", { class: "turn-marker", "aria-hidden": "true" }, moving ? "▶" : ""),
          h("strong", {}, t(NAMES[i])),
          names[i] ? ` · ${names[i]}` : "",
          seat === i ? h("small", { class: "you" }, t(" (you)")) : "",
          h("small", {}, ` · ${team}`),
          captured.has(i) ? h("span", { class: "captured-mark", title: t("king captured") }, " ✖ ", t("king captured")) : "",
          threatened.has(i) ? h("span", { class: "attacked-mark", title: t("an enemy piece can capture this king") }, " ⚠ ", t("king attacked")) : "");
        const said = [names[i] ? `${t(NAMES[i])}, ${names[i]}` : t(NAMES[i]), team];
        if (moving) said.push(t("to move"));
        if (captured.has(i)) said.push(t("king captured"));
        if (threatened.has(i)) said.push(t("king attacked"));
        badge.setAttribute("aria-label", said.join(", "));
      });
      board.update({
        turns,
        pieces: (view.pieces || []).map((p) => ({
          square: p.square,
          letter: letterOf(p.piece),
          cls: COLOURS[p.seat],
          label: pieceLabel(t(NAMES[p.seat]), letterOf(p.piece), p.square),
        })),
        legal: legalTexts(message),
        last: lastMoveSquares(view.last_move ?? view.last),
        check: attacked.map((a) => a.square),
        premove: premoveClass(message, seat, COLOURS[seat]),
        recent: (extra.recent || []).map((m) => {
          const move = parseMove(m.action);
          return move && { from: move.from, to: move.to, cls: COLOURS[m.seat], label: t("{0}: {1}", t(NAMES[m.seat]), m.text || m.action) };
        }).filter(Boolean),
      });
    },
    /** Attacked kings for the status line: the viewer's own first. */
    note(view) {
      const attacked = attackedIn(view);
      if (!attacked.length) return "";
      const mine = attacked.find((a) => a.seat === seat);
      const others = attacked.filter((a) => a.seat !== seat).map((a) => t("{0}'s king ({1})", t(NAMES[a.seat]), a.square));
      const parts = [];
      if (mine) parts.push(t("Your king on {0} is attacked!", mine.square));
      if (others.length) parts.push(t("Attacked: {0}", others.join(", ")));
      return parts.join(" ");
    },
    /** The sound of the move between two views: a king newly attacked first, then a
     * capture (a piece fewer), else a plain move. */
    moveSound(before, view) {
      const attacked = (v) => new Set(attackedIn(v || {}).map((a) => a.square));
      const was = attacked(before);
      if ([...attacked(view)].some((square) => !was.has(square))) return "check";
      const count = (v) => ((v && v.pieces) || []).length;
      return count(view) < count(before) ? "capture" : "move";
    },
    reason: plainReason,
    /** The position text the analysis board shows and reads back. */
    position(view) {
      return view.position || "";
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
    const index = teams.findIndex((x) => (Array.isArray(x) ? x.includes(seat) : (x.seats || []).includes(seat)));
    if (index >= 0) {
      const team = teams[index];
      return team && team.name ? t(team.name) : teamWord(index);
    }
  }
  return teamWord(seat & 1);
}
