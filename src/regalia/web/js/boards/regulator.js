// Regulator Chess: the 5 × 7 board and, beside it, the regulator track with its powers.

import { h, s, fill } from "../dom.js";
import { createGridBoard } from "./grid-board.js";
import { lastMoveSquares } from "../coords.js";
import { legalTexts, historyOf, inPlay, premoveClass } from "./common.js";
import { t } from "../i18n.js";
import { pieceLabel } from "../pieces.js";

const FILES = ["a", "b", "c", "d", "e"];
const RANKS = 7;

/** Pieces, side to move and regulator space from the FEN-like position text. */
export function readFen(fen) {
  const [placement, side = "w", regulator = "1"] = fen.trim().split(/\s+/);
  const pieces = [];
  placement.split("/").forEach((row, i) => {
    const rank = RANKS - i;
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else {
        pieces.push({ square: FILES[file] + rank, letter: ch.toLowerCase(), white: ch === ch.toUpperCase() });
        file += 1;
      }
    }
  });
  return { pieces, side, regulator: Number(regulator) };
}

function trackSvg(space) {
  const cell = 10;
  const spaces = [];
  for (let n = 7; n >= 1; n--) {
    const y = (7 - n) * cell;
    const power = n >= 6 ? "rook" : n >= 3 ? "knight" : "none";
    spaces.push(
      s("rect", {
        x: 0, y, width: cell, height: cell, "data-space": n,
        class: `track-space power-${power}${n === space ? " current" : ""}`,
      }),
    );
  }
  const numbers = [];
  for (let n = 7; n >= 1; n--) {
    const y = (7 - n) * cell;
    numbers.push(s("text", { x: cell / 2, y: y + cell / 2 + 1.3, class: `track-number${n === space ? " current" : ""}` }, String(n)));
  }
  const y = (7 - space) * cell;
  const marker = s("circle", { cx: cell / 2, cy: y + cell / 2, r: cell * 0.36, class: "regulator-marker" },
    s("title", { text: t("regulator on space {0}", space) }));
  const label = t("regulator track, regulator on space {0}", space);
  return s("svg", { class: "track", viewBox: `-1 -1 ${cell + 2} ${7 * cell + 6}`, role: "img", "aria-label": label },
    spaces, marker, numbers);
}

/** A still position for a rules diagram (js/rules-diagrams.js): the view message the board
 * draws from a position text, with the check and the last move the diagram names. */
export function diagramView(fen, { check = false, last = null } = {}) {
  return { status: "finished", to_act: [], legal: [], view: { fen, check, last_move: last, over: true } };
}

export function createView(root, { seat, act, playerNames }) {
  const boardBox = h("div", { class: "regulator-board" });
  const trackSvgBox = h("div", { class: "track-box" });
  const trackBox = h("div", { class: "regulator-track" },
    h("h3", { class: "track-title", title: t("quiet pawn moves push it up, captures by pieces pull it down") }, t("Regulator")),
    trackSvgBox);
  const powers = h("ul", { class: "powers", "aria-live": "polite", "aria-label": t("the regulator's powers") });
  const top = h("p", { class: "player-line" });
  const bottom = h("p", { class: "player-line keep-in-view" }); // the viewer's side: in sight with the board
  fill(root, top, h("div", { class: "regulator-layout" }, boardBox, trackBox), bottom, powers);

  function playerLine(line, side, toMove) {
    const name = playerNames()[side];
    line.dataset.side = side === 0 ? "white" : "black";
    line.classList.toggle("to-move", toMove);
    fill(line, h("span", { class: `side-dot ${side === 0 ? "white" : "black"}`, "aria-hidden": "true" }),
      side === 0 ? t("White") : t("Black"), name ? ` · ${name}` : "", seat === side ? t(" (you)") : "",
      toMove ? h("span", { class: "turn-marker" }, " ◀ ", t("to move")) : "");
  }
  const board = createGridBoard(boardBox, { files: FILES, ranks: RANKS, exists: () => true }, { onMove: act });

  return {
    update(message) {
      const view = message.view;
      const pos = readFen(view.fen);
      const space = Number(view.regulator ?? pos.regulator);
      const turn = view.turn ?? pos.side;
      const inCheck = Boolean(view.check);
      const kingSide = turn === "w" || turn === 0 || turn === "white" || turn === "White";
      const checkSquares = inCheck
        ? pos.pieces.filter((p) => p.letter === "k" && p.white === kingSide).map((p) => p.square)
        : [];
      board.update({
        turns: seat === 1 ? 2 : 0,
        pieces: pos.pieces.map((p) => ({
          square: p.square, letter: p.letter, cls: p.white ? "white" : "black",
          label: pieceLabel(p.white ? t("White") : t("Black"), p.letter, p.square),
        })),
        legal: legalTexts(message),
        last: lastMoveSquares(view.last_move ?? view.last),
        check: checkSquares,
        premove: premoveClass(message, seat, seat === 1 ? "black" : "white"),
      });
      fill(trackSvgBox, trackSvg(space));
      const white = turn === "w" || turn === 0;
      const below = seat === 1 ? 1 : 0;
      const live = inPlay(message);
      playerLine(bottom, below, live && white === (below === 0));
      playerLine(top, 1 - below, live && white !== (below === 0));
      // The legend of the track's tints, and which power is on now.
      const swatch = (power) => h("span", { class: `swatch power-${power}`, "aria-hidden": "true" });
      fill(powers,
        h("li", { class: "legend-title" }, t("Regulator on {0}:", space)),
        h("li", { class: space >= 3 ? "on" : "off", "data-power": "bishop-knight" }, swatch("knight"),
          space >= 3 ? t("Bishops may also move as knights (3–7)") : t("Bishops move as bishops — from space 3 they also leap as knights")),
        h("li", { class: space >= 6 ? "on" : "off", "data-power": "knight-rook" }, swatch("rook"),
          space >= 6 ? t("Knights may also move as rooks (6–7)") : t("Knights move as knights — from space 6 they also slide as rooks")));
    },
    note(view) {
      return view.check && !view.over ? t("Check!") : "";
    },
    /** The sound of the move between two views: a check first, then a capture (a piece
     * fewer on the board), else a plain move. */
    moveSound(before, view) {
      if (view.check) return "check";
      const count = (v) => (v && v.fen ? readFen(v.fen).pieces.length : 0);
      return count(view) < count(before) ? "capture" : "move";
    },
    /** The position text (R12's FEN) the analysis board shows and reads back. */
    position(view) {
      return view.fen || "";
    },
    moveRows(view) {
      const moves = historyOf(view);
      const rows = [];
      for (let i = 0; i < moves.length; i += 2) rows.push({ label: `${i / 2 + 1}.`, cells: moves.slice(i, i + 2) });
      return rows;
    },
  };
}
