// Regicida: the growing grid (an 11 × 11 canvas during Expansion, then the 6 × 6) with its
// rows and columns labelled as cells are named (c4), the three piles, and the panels (your
// Identity and the Objective first, so a phone shows them above the grid). Click a pile then
// a cell to place, or a cell then the pile; click two light tokens, then choose below the
// grid which one turns dark, to scheme.

import { h, s, fill } from "../dom.js";
import { legalTexts } from "./common.js";
import { t } from "../i18n.js";
import { refereeForm } from "../learning-api.js";
import {
  PHASES, tokenSvg, objectiveCard, successionLine, identityBox, playerList,
  voteScreen, revealBox, rankingTable, houseOf, actionWords,
} from "./regicida-parts.js";
export { identityView as reportView } from "./regicida-report.js"; // the post-game report

const CELL = 10;
const LABEL = 4; // room for the row numbers (left) and column letters (top)

const cellName = (row, col) => String.fromCharCode(97 + col) + String(row + 1);
function cellIndex(name) {
  return [Number(name.slice(1)) - 1, name.charCodeAt(0) - 97];
}

function readLegal(texts) {
  const out = { place: [], split: [], swap: [], other: [] };
  for (const text of texts) {
    let m;
    if ((m = /^place (\d) ([a-z]\d+)$/.exec(text))) out.place.push({ text, pile: Number(m[1]), cell: m[2] });
    else if ((m = /^split (\d)$/.exec(text))) out.split.push({ text, pile: Number(m[1]) });
    else if ((m = /^swap ([a-z]\d+) ([a-z]\d+) flip ([a-z]\d+)$/.exec(text))) out.swap.push({ text, a: m[1], b: m[2], flip: m[3] });
    else out.other.push(text);
  }
  return out;
}

/** The rows and columns to draw: the whole 6 × 6, or the part of the canvas still usable. */
function frame(grid) {
  if (grid.coords === "grid") return { top: 0, left: 0, rows: grid.size, cols: grid.size };
  const cells = grid.cells.map((c) => cellIndex(c.cell));
  if (!cells.length) return { top: 0, left: 0, rows: grid.size, cols: grid.size };
  const rows = cells.map((c) => c[0]);
  const cols = cells.map((c) => c[1]);
  const top = Math.max(0, Math.max(...rows) - 5);
  const bottom = Math.min(grid.size - 1, Math.min(...rows) + 5);
  const left = Math.max(0, Math.max(...cols) - 5);
  const right = Math.min(grid.size - 1, Math.min(...cols) + 5);
  return { top, left, rows: bottom - top + 1, cols: right - left + 1 };
}

/** A rules page's diagram (js/rules-diagrams.js) from a small text: `grid 1L 2D …/…` (the
 * 6 × 6 row by row from the top, `/` between rows, `.` an empty cell) or `canvas e5=2L f6=3D …`
 * (the growing grid of Expansion), then optionally `; piles 11:4 12:2 10:6` (each pile's size
 * and top House) and `; targets d5 e4` (the cells where a token may go). `last` is the last
 * action (`swap c3 d3 flip c3`), whose cells are marked. The Houses come from the server. */
export async function diagramView(position, { last = null } = {}) {
  const [board, ...parts] = position.split(";").map((part) => part.trim());
  const [kind, ...codes] = board.split(/\s+/);
  const token = (cell, code) => ({ cell, house: Number(code[0]), side: /d$/i.test(code) ? "dark" : "light" });
  const cells = kind === "grid"
    ? codes.join(" ").split("/").flatMap((row, r) => row.trim().split(/\s+/)
      .map((code, c) => (code === "." ? null : token(cellName(r, c), code))).filter(Boolean))
    : codes.map((item) => token(...item.split("=")));
  const field = (name) => (parts.find((part) => part.startsWith(`${name} `)) || name).split(/\s+/).slice(1);
  const piles = field("piles").map((pile, i) => {
    const [size, top] = pile.split(":").map(Number);
    return { pile: i + 1, size, top: top || null };
  });
  // Every pile may go on each target, so no pile is picked and every target is marked.
  const legal = field("targets").flatMap((cell) => piles.map((p) => `place ${p.pile} ${cell}`));
  const { houses } = await refereeForm("regicida");
  const grid = { coords: kind === "grid" ? "grid" : "canvas", size: kind === "grid" ? 6 : 11, cells };
  return {
    status: "finished", to_act: [], legal,
    view: {
      phase: kind === "grid" ? "intrigue" : "expansion", houses, grid, piles, identity: null, seats: [],
      history: last ? [{ seat: 0, action: last }] : [],
    },
  };
}

export function createView(root, { act, playerNames }) {
  const phase = h("h3", { class: "phase" });
  const gridBox = h("div", { class: "regicida-grid" });
  // The piles and the hint stay in sight with the grid (js/fit.js).
  const piles = h("div", { class: "piles keep-in-view", role: "group", "aria-label": t("piles") });
  const hint = h("p", { class: "hint keep-in-view", "aria-live": "polite" });
  const chooser = h("div", { class: "chooser flip-chooser", hidden: true, role: "dialog" });
  const panels = h("div", { class: "regicida-panels" });
  const vote = h("div", { class: "vote-box" });
  const reveal = h("div", { class: "reveal-box" });
  const keyBox = h("div", { class: "regicida-key" });
  const gridCol = h("div", { class: "grid-col" }, gridBox, chooser, piles, hint);
  fill(root, phase, vote, reveal, h("div", { class: "regicida-layout" }, keyBox, gridCol, panels));

  let message = null;
  let pickedPile = null;
  let picked = [];
  let legal = readLegal([]);

  function choose(text) {
    pickedPile = null;
    picked = [];
    chooser.hidden = true;
    act(text);
  }

  function clickCell(name) {
    if (legal.place.length) {
      const options = legal.place.filter((p) => p.cell === name && (pickedPile === null || p.pile === pickedPile));
      const piles = [...new Set(legal.place.map((p) => p.pile))];
      if (options.length === 1) return choose(options[0].text);
      if (options.length > 1 && piles.length > 1) return openPiles(name, options);
      return;
    }
    if (legal.swap.length) {
      if (picked.includes(name)) picked = picked.filter((c) => c !== name);
      else if (picked.length === 1 && legal.swap.some((m) => pairOf(m, picked[0], name))) picked = [picked[0], name];
      else if (legal.swap.some((m) => m.a === name || m.b === name)) picked = [name];
      else picked = [];
      if (picked.length === 2) openFlip();
      else chooser.hidden = true;
      draw();
    }
  }

  function cancelFlip() {
    picked = [];
    chooser.hidden = true;
    draw();
    gridBox.querySelector("svg").focus();
  }
  chooser.addEventListener("keydown", (event) => {
    if (event.key === "Escape") cancelFlip();
  });

  /** A marked cell clicked before a pile: which pile's top token goes there? */
  function openPiles(cell, options) {
    const view = message.view;
    const buttons = options.map((p) => {
      const pile = (view.piles || []).find((x) => x.pile === p.pile) || {};
      const house = pile.top ? houseOf(view, pile.top).name : "?";
      return h("button", { type: "button", class: "place-from", "data-action": p.text, onclick: () => choose(p.text) },
        pile.top ? s("svg", { viewBox: "0 0 10 10", width: 30, height: 30, "aria-hidden": "true" }, tokenSvg(view, pile.top, "light", 0, 0, 10)) : null,
        " ", t("Pile {0}: {1}", p.pile, house));
    });
    picked = [cell];
    fill(chooser, h("p", {}, t("Place on {0} the top token of:", cell)), buttons,
      h("button", { type: "button", class: "cancel", onclick: cancelFlip }, t("Cancel")));
    chooser.hidden = false;
    draw();
    buttons[0].focus({ preventScroll: true });
    chooser.scrollIntoView({ block: "nearest" });
  }

  function pairOf(m, x, y) {
    return (m.a === x && m.b === y) || (m.a === y && m.b === x);
  }

  function openFlip() {
    const view = message.view;
    const [x, y] = picked;
    const tokenAt = (cell) => view.grid.cells.find((c) => c.cell === cell);
    const options = legal.swap.filter((m) => pairOf(m, x, y));
    const buttons = options.map((m) => {
      const other = m.flip === m.a ? m.b : m.a;
      const moving = tokenAt(other); // the token that ends up on the flipped cell
      return h("button", { type: "button", class: "flip", "data-action": m.text, onclick: () => choose(m.text) },
        s("svg", { viewBox: "0 0 10 10", width: 30, height: 30 }, tokenSvg(view, moving.house, "dark", 0, 0, 10)),
        " ", t("{0} lands on {1}, dark", houseOf(view, moving.house).name, m.flip));
    });
    fill(chooser, h("p", {}, t("Swap {0} and {1}, then turn dark:", x, y)), buttons,
      h("button", { type: "button", class: "cancel", onclick: cancelFlip }, t("Cancel")));
    chooser.hidden = false;
    buttons[0].focus({ preventScroll: true });
    chooser.scrollIntoView({ block: "nearest" });
  }

  function draw() {
    if (!message) return;
    const view = message.view;
    const grid = view.grid;
    const f = frame(grid);
    const placed = new Map(grid.cells.map((c) => [c.cell, c]));
    const targets = new Set(legal.place.filter((p) => pickedPile === null || p.pile === pickedPile).map((p) => p.cell));
    const partners = new Set();
    if (picked.length === 1) {
      for (const m of legal.swap) {
        if (m.a === picked[0]) partners.add(m.b);
        if (m.b === picked[0]) partners.add(m.a);
      }
    }
    const swappable = new Set(legal.swap.flatMap((m) => [m.a, m.b]));
    const last = lastCells(view);
    const parts = [];
    // Row numbers on the left, column letters on top: the cells' names (c4 = column c, row 4).
    for (let r = f.top; r < f.top + f.rows; r++) {
      parts.push(s("text", { x: -LABEL / 2, y: (r - f.top) * CELL + CELL / 2 + 1.1, class: "coord grid-coord", "data-row": r + 1 }, String(r + 1)));
    }
    for (let c = f.left; c < f.left + f.cols; c++) {
      parts.push(s("text", { x: (c - f.left) * CELL + CELL / 2, y: -LABEL / 2 + 1.1, class: "coord grid-coord", "data-col": String.fromCharCode(97 + c) }, String.fromCharCode(97 + c)));
    }
    for (let r = f.top; r < f.top + f.rows; r++) {
      for (let c = f.left; c < f.left + f.cols; c++) {
        const name = cellName(r, c);
        const x = (c - f.left) * CELL;
        const y = (r - f.top) * CELL;
        const cls = ["cell"];
        if (targets.has(name)) cls.push("target");
        if (partners.has(name)) cls.push("partner");
        if (picked.includes(name)) cls.push("selected");
        if (picked.includes(name) && legal.place.length) cls.push("chosen");
        if (!picked.length && swappable.has(name)) cls.push("movable");
        if (last.includes(name)) cls.push("last");
        if (grid.coords === "grid" && (r === 0 || c === 0 || r === 5 || c === 5)) cls.push("border");
        parts.push(s("rect", { x, y, width: CELL, height: CELL, class: cls.join(" "), "data-cell": name }));
        const token = placed.get(name);
        if (token) parts.push(tokenSvg(view, token.house, token.side, x, y, CELL, { "data-cell": name }));
        else if (targets.has(name)) {
          parts.push(s("circle", {
            cx: x + CELL / 2, cy: y + CELL / 2, r: 1.6, class: "target-dot", "data-cell": name,
          }));
        }
      }
    }
    if (grid.coords === "grid") parts.push(s("rect", { x: CELL, y: CELL, width: 4 * CELL, height: 4 * CELL, class: "inner-frame" }));
    const svg = s("svg", {
      class: "board regicida-board", viewBox: `${-LABEL - 0.5} ${-LABEL - 0.5} ${f.cols * CELL + LABEL + 1} ${f.rows * CELL + LABEL + 1}`,
      role: "application", tabindex: 0,
      "aria-label": grid.coords === "grid"
        ? t("the 6 × 6 grid, {0} tokens placed", grid.cells.length)
        : t("the growing grid, {0} tokens placed", grid.cells.length),
    }, parts);
    svg.addEventListener("click", (event) => {
      const node = event.target.closest("[data-cell]");
      if (node) clickCell(node.dataset.cell);
    });
    keyboard(svg, f);
    const hadFocus = gridBox.contains(document.activeElement);
    fill(gridBox, svg);
    if (hadFocus) svg.focus();
    drawPiles(view);
  }

  let cursor = null;
  function keyboard(svg, f) {
    if (cursor) {
      svg.append(s("rect", {
        x: (cursor[1] - f.left) * CELL + 0.4, y: (cursor[0] - f.top) * CELL + 0.4,
        width: CELL - 0.8, height: CELL - 0.8, class: "cursor",
      }));
    }
    svg.addEventListener("keydown", (event) => {
      const step = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[event.key];
      if (step) {
        event.preventDefault();
        const clamp = (v, lo, size) => Math.min(lo + size - 1, Math.max(lo, v));
        cursor = cursor
          ? [clamp(cursor[0] + step[0], f.top, f.rows), clamp(cursor[1] + step[1], f.left, f.cols)]
          : [f.top + Math.floor(f.rows / 2), f.left + Math.floor(f.cols / 2)];
        draw();
        gridBox.querySelector("svg").setAttribute("aria-label", t("cursor on {0}", cellName(...cursor)));
      } else if ((event.key === "Enter" || event.key === " ") && cursor) {
        event.preventDefault();
        clickCell(cellName(...cursor));
      } else if (event.key === "Escape") {
        picked = [];
        chooser.hidden = true;
        draw();
      }
    });
  }

  function drawPiles(view) {
    const placeable = new Set(legal.place.map((p) => p.pile));
    const splittable = new Map(legal.split.map((p) => [p.pile, p.text]));
    piles.hidden = view.phase !== "expansion";
    fill(piles, (view.piles || []).map((p) => {
      const can = placeable.has(p.pile);
      const split = splittable.get(p.pile);
      // The name begins with the words shown ("Pile 1 · 11"), so a voice command that says
      // them finds the button; then what the picture shows.
      const shown = t("Pile {0} · {1}", p.pile, p.size);
      const what = p.top ? t("{0} tokens, top {1}", p.size, houseOf(view, p.top).name) : t("no token left");
      const label = t("{0}: {1}", shown, what);
      return h("div", { class: "pile-box" },
        h("button", {
          type: "button", class: `pile${pickedPile === p.pile ? " selected" : ""}`, "data-pile": p.pile,
          disabled: !can, "aria-pressed": pickedPile === p.pile ? "true" : "false", "aria-label": label,
          onclick: () => { pickedPile = pickedPile === p.pile ? null : p.pile; draw(); },
        },
        s("svg", { viewBox: "0 0 12 12", width: 48, height: 48, "aria-hidden": "true" },
          p.size > 1 ? s("rect", { x: 2, y: 2, width: 9.5, height: 9.5, rx: 2, class: "pile-under" }) : null,
          p.top
            ? tokenSvg(view, p.top, "light", 0, 0, 10.5)
            : s("rect", { x: 0.5, y: 0.5, width: 9.5, height: 9.5, rx: 2, class: "pile-empty" })),
        h("span", { class: "pile-size" }, shown)),
        split
          // "Split" under its pile (the pile's name is right above): three piles stay side by
          // side on a phone, so the last one and the hint are not pushed below the window.
          ? h("button", { type: "button", class: "split", "data-action": split, "aria-label": t("Split pile {0}", p.pile), onclick: () => choose(split) },
            t("Split"))
          : null);
    }));
    hint.textContent = hintText();
  }

  function hintText() {
    if (legal.split.length) return t("A pile ran out: choose a pile to split; its lower half becomes the new pile.");
    if (legal.place.length) {
      if (picked.length) return t("Choose the pile whose top token goes on {0}.", picked[0]);
      return pickedPile
        ? t("Place the top of pile {0} on a marked cell.", pickedPile)
        : t("Pick a pile, then a marked cell — or a marked cell first, then the pile.");
    }
    if (legal.swap.length) {
      if (picked.length === 2) return t("Swapping {0} and {1}: choose below which one turns dark.", picked[0], picked[1]);
      return picked.length
        ? t("Now pick a light token next to {0} to swap with.", picked[0])
        : t("Pick two adjacent light tokens to swap; then choose which one turns dark.");
    }
    return "";
  }

  return {
    update(msg) {
      message = msg;
      const view = msg.view;
      legal = readLegal(legalTexts(msg));
      if (pickedPile !== null && !legal.place.some((p) => p.pile === pickedPile)) pickedPile = null;
      const piles = [...new Set(legal.place.map((p) => p.pile))];
      if (piles.length === 1) pickedPile = piles[0];
      if (picked.length && !legal.swap.length && !legal.place.length) picked = [];
      if (picked.length && legal.place.length && chooser.hidden) picked = [];
      if (!picked.length) chooser.hidden = true;
      phase.textContent = PHASES()[view.phase] || view.phase;
      const names = playerNames();
      // Drawn again only when they change (once in a game, at the reveal): redrawing them at every move
      // made them flicker for screen readers and for anything measuring them mid-update.
      const key = `${view.identity}|${view.objective && view.objective.key}|${Boolean(view.reveal)}`;
      if (keyBox.dataset.shown !== key) {
        fill(keyBox, identityBox(view), objectiveCard(view));
        keyBox.dataset.shown = key;
      }
      fill(panels, successionLine(view), playerList(view, names),
        view.coronation && !view.reveal ? rankingTable(view, view.coronation) : null);
      fill(vote, voteScreen(view, legalTexts(msg), act));
      fill(reveal, revealBox(view));
      draw();
    },
    verb(view) {
      return view.phase === "assassination" ? "vote" : "move";
    },
    moveRows(view) {
      const seats = view.seats || [];
      return (view.history || []).map((e, i) => ({
        label: `${i + 1}.`,
        cells: [e.house
          ? t("{0}: {1} ({2})", seats[e.seat] ? t(seats[e.seat]) : e.seat, actionWords(view, e.action), houseOf(view, e.house).name)
          : t("{0}: {1}", seats[e.seat] ? t(seats[e.seat]) : e.seat, actionWords(view, e.action))],
      }));
    },
  };
}

function lastCells(view) {
  const history = view.history || [];
  const last = history[history.length - 1];
  if (!last || typeof last.action !== "string") return [];
  if (view.phase !== "expansion" && last.action.startsWith("place")) return [];
  return (last.action.match(/\b[a-z]\d{1,2}\b/g) || []).filter((x) => !/^vote/.test(x));
}
