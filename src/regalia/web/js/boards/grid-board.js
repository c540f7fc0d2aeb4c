// A square-grid chess board in SVG shared by Regulator Chess and Regicide: squares,
// coordinates, pieces, highlights, click-to-move and drag-and-drop (mouse, pen and touch: the
// piece follows the pointer, an illegal drop snaps back), a promotion chooser, a keyboard
// cursor and premoves: on the opponent's turn the viewer picks a piece of theirs and a square,
// and the move is played the moment their turn comes if it is legal then (a promotion
// queens); any other click, or Escape, cancels it.

import { h, s, fill } from "../dom.js";
import { pieceDefs, pieceUse, pieceName } from "../pieces.js";
import { t } from "../i18n.js";
import { parseMove } from "../coords.js";

const CELL = 10;
const MARGIN = 4;
const DRAG_PX = 4; // how far a pressed pointer moves before the press is a drag, not a click

/**
 * geometry: {files: string[], ranks: number, exists(fi, ri) → bool}
 * onMove(text): called with the chosen legal move's text.
 */
export function createGridBoard(root, geometry, { onMove }) {
  const { files, ranks } = geometry;
  const cols = files.length;
  let turns = 0;
  let moves = [];
  let pieces = new Map();
  let selected = null;
  let cursor = null;
  let marks = { last: [], check: [], recent: [] };
  let own = null; // the viewer's pieces' class while they may premove (not their turn)
  let premove = null; // {from, to}: played when the viewer's turn comes, if legal then

  const svg = s("svg", {
    class: "board grid-board",
    role: "application",
    tabindex: 0,
    "aria-label": t("board: arrow keys move the cursor, Enter picks, Escape cancels"),
  });
  const chooser = h("div", { class: "chooser", hidden: true, role: "dialog" });
  // Why a picked piece does nothing (it has no legal move, it is not yours, not your turn).
  const note = h("p", { class: "board-note", role: "status", "aria-live": "polite", hidden: true });
  const wrap = h("div", { class: "board-wrap" }, svg, chooser, note);
  let refused = null; // the square of a piece just picked that cannot move
  let noteTimer = null;
  root.append(wrap);

  function screen(fi, ri) {
    const x = fi;
    const y = ranks - 1 - ri;
    if (turns === 1) return [y, cols - 1 - x];
    if (turns === 2) return [cols - 1 - x, ranks - 1 - y];
    if (turns === 3) return [ranks - 1 - y, x];
    return [x, y];
  }

  function fromScreen(x, y) {
    for (let fi = 0; fi < cols; fi++) {
      for (let ri = 0; ri < ranks; ri++) {
        const [sx, sy] = screen(fi, ri);
        if (sx === x && sy === y) return [fi, ri];
      }
    }
    return null;
  }

  const name = (fi, ri) => files[fi] + String(ri + 1);
  function indices(square) {
    const fi = files.indexOf(square[0]);
    const ri = Number(square.slice(1)) - 1;
    return fi < 0 || !(ri >= 0) ? null : [fi, ri];
  }
  function at(square) {
    const idx = indices(square);
    if (!idx) return null;
    const [x, y] = screen(...idx);
    return [MARGIN + x * CELL, y * CELL];
  }

  function draw() {
    const width = (turns % 2 ? ranks : cols) * CELL + MARGIN;
    const height = (turns % 2 ? cols : ranks) * CELL + MARGIN;
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const squares = [];
    for (let fi = 0; fi < cols; fi++) {
      for (let ri = 0; ri < ranks; ri++) {
        if (!geometry.exists(fi, ri)) continue;
        const sq = name(fi, ri);
        const [x, y] = at(sq);
        const light = (fi + 1 + ri + 1) % 2 === 1;
        squares.push(
          s("rect", {
            x,
            y,
            width: CELL,
            height: CELL,
            class: `square ${light ? "light" : "dark"}${classesOf(sq)}`,
            "data-square": sq,
          }),
        );
      }
    }
    // One mark per target square (a promotion has four moves to the same square).
    const targets = selected ? [...new Set(moves.filter((m) => m.from === selected).map((m) => m.to))] : [];
    const dots = targets.map((to) => {
      const [x, y] = at(to);
      const capture = pieces.has(to);
      return s("circle", {
        cx: x + CELL / 2,
        cy: y + CELL / 2,
        r: capture ? CELL * 0.45 : CELL * 0.16,
        class: capture ? "target capture" : "target",
        "data-target": to,
      });
    });
    const men = [...pieces.entries()].map(([sq, p]) => {
      const [x, y] = at(sq);
      if (drag && drag.moved && drag.from === sq) return null; // it follows the pointer
      return pieceUse(p.letter, x + 0.5, y + 0.5, CELL - 1, p.cls, p.label || t("{0} {1} on {2}", p.cls, pieceName(p.letter), sq));
    });
    const cursorMark = cursor
      ? s("rect", {
          x: MARGIN + cursor[0] * CELL + 0.4,
          y: cursor[1] * CELL + 0.4,
          width: CELL - 0.8,
          height: CELL - 0.8,
          class: "cursor",
        })
      : null;
    fill(svg, pieceDefs(), labels(), squares, men, arrows(), dots, cursorMark, ghost());
  }

  // Drag-and-drop: a press on a piece that can move selects it (its targets show); moved
  // further than DRAG_PX it becomes a drag, the piece following the pointer; dropped on a
  // target it moves (a promotion asks), anywhere else it goes back. A press without a drag
  // is left to the click (click-click moves).
  let drag = null; // {from, id, x, y (client), px, py (board units), moved}
  let dropped = false; // a drag ended, and no pointer was pressed since

  function boardPoint(clientX, clientY) {
    const pt = svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }

  function squareAtPoint(clientX, clientY) {
    const local = boardPoint(clientX, clientY);
    const spot = fromScreen(Math.floor((local.x - MARGIN) / CELL), Math.floor(local.y / CELL));
    return spot && geometry.exists(...spot) ? name(...spot) : null;
  }

  function ghost() {
    if (!drag || !drag.moved) return null;
    const p = pieces.get(drag.from);
    if (!p) return null;
    const size = CELL * 1.15; // a little larger than on its square: it is in the hand
    const use = pieceUse(p.letter, drag.px - size / 2, drag.py - size / 2, size, `${p.cls} dragged`, "");
    use.setAttribute("data-dragged", drag.from);
    return use;
  }

  svg.addEventListener("pointerdown", (event) => {
    dropped = false;
    if (event.button !== 0 || drag) return;
    const sq = squareAtPoint(event.clientX, event.clientY);
    if (!sq || !pieces.has(sq) || !moves.some((m) => m.from === sq)) return;
    const local = boardPoint(event.clientX, event.clientY);
    drag = { from: sq, id: event.pointerId, x: event.clientX, y: event.clientY, px: local.x, py: local.y, moved: false };
  });

  svg.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.moved) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_PX) return;
      drag.moved = true;
      svg.setPointerCapture(event.pointerId);
      closeChooser();
      clearNote();
      selected = drag.from;
      cursor = null;
    }
    event.preventDefault();
    const local = boardPoint(event.clientX, event.clientY);
    drag.px = local.x;
    drag.py = local.y;
    draw();
  });

  /** `released`: the pointer was let go (a cancelled one, say by a scroll, only goes back). */
  function endDrag(event, released) {
    if (!drag || event.pointerId !== drag.id) return;
    const was = drag;
    drag = null;
    if (!was.moved) return; // a press and release: the click that follows picks
    dropped = true; // the pointer's own click after the drop (a mouse sends one) picks nothing
    const to = released ? squareAtPoint(event.clientX, event.clientY) : null;
    const options = to ? moves.filter((m) => m.from === was.from && m.to === to) : [];
    if (options.length === 1) {
      selected = null;
      draw();
      onMove(options[0].text);
    } else if (options.length > 1) {
      draw();
      openChooser(to, options);
    } else {
      selected = null; // snaps back to its square
      draw();
    }
  }
  svg.addEventListener("pointerup", (event) => endDrag(event, true));
  svg.addEventListener("pointercancel", (event) => endDrag(event, false));

  /** An arrow per move made since the viewer's own last one, in its mover's colour. */
  function arrows() {
    return marks.recent.map((m, i) => {
      const from = at(m.from);
      const to = at(m.to);
      if (!from || !to) return null;
      const [x1, y1, x2, y2] = [from[0] + CELL / 2, from[1] + CELL / 2, to[0] + CELL / 2, to[1] + CELL / 2];
      // Stop short of the target's centre, so the piece there stays visible.
      const length = Math.hypot(x2 - x1, y2 - y1) || 1;
      const back = Math.min(2.2, length / 2);
      const ex = x2 - ((x2 - x1) / length) * back;
      const ey = y2 - ((y2 - y1) / length) * back;
      return s("g", { class: `recent-move ${m.cls || ""}`, "data-from": m.from, "data-to": m.to, "data-order": i + 1 },
        s("title", { text: m.label || `${m.from}–${m.to}` }),
        s("line", { x1, y1, x2: ex, y2: ey, class: "recent-line" }),
        s("circle", { cx: x1, cy: y1, r: 1.1, class: "recent-dot" }),
        s("circle", { cx: ex, cy: ey, r: 1.9, class: "recent-head" }),
        s("text", { x: ex, y: ey + 0.9, class: "recent-order" }, String(i + 1)));
    });
  }

  function classesOf(sq) {
    let out = "";
    if (marks.last.includes(sq)) out += " last";
    if (marks.recent.some((m) => m.to === sq || m.from === sq)) out += " recent";
    if (marks.check.includes(sq)) out += " check";
    if (sq === selected) out += " selected";
    if (premove && (sq === premove.from || sq === premove.to)) out += " premove";
    if (sq === refused) out += " refused";
    if (selected && moves.some((m) => m.from === selected && m.to === sq)) out += " targeted";
    if (!selected && moves.some((m) => m.from === sq)) out += " movable";
    return out;
  }

  function labels() {
    const out = [];
    const w = turns % 2 ? ranks : cols;
    const hgt = turns % 2 ? cols : ranks;
    for (let x = 0; x < w; x++) {
      const a = fromScreen(x, 0);
      const b = fromScreen(x, 1);
      const text = a[0] === b[0] ? files[a[0]] : String(a[1] + 1);
      out.push(s("text", { x: MARGIN + x * CELL + CELL / 2, y: hgt * CELL + 3.2, class: "coord" }, text));
    }
    for (let y = 0; y < hgt; y++) {
      const a = fromScreen(0, y);
      const b = fromScreen(1, y);
      const text = a[0] === b[0] ? files[a[0]] : String(a[1] + 1);
      out.push(s("text", { x: MARGIN / 2, y: y * CELL + CELL / 2 + 1.2, class: "coord" }, text));
    }
    return out;
  }

  function squareAt(event) {
    const node = event.target.closest("[data-square], [data-target], [data-piece]");
    if (!node) return null;
    if (node.dataset.square) return node.dataset.square;
    if (node.dataset.target) return node.dataset.target;
    const pt = svg.createSVGPoint();
    pt.x = event.clientX;
    pt.y = event.clientY;
    const local = pt.matrixTransform(svg.getScreenCTM().inverse());
    const spot = fromScreen(Math.floor((local.x - MARGIN) / CELL), Math.floor(local.y / CELL));
    return spot ? name(...spot) : null;
  }

  /** A click on the opponent's turn: pick one of the viewer's pieces, then its square; a
   * click with a premove set cancels it. */
  function prePick(sq) {
    const mine = pieces.has(sq) && pieces.get(sq).cls === own;
    if (premove) {
      premove = null;
      selected = null;
    } else if (selected && sq !== selected && !mine) {
      premove = { from: selected, to: sq };
      selected = null;
    } else {
      selected = mine && sq !== selected ? sq : null;
    }
    svg.dataset.premove = premove ? `${premove.from}${premove.to}` : "";
    draw();
  }

  function pick(sq) {
    closeChooser();
    if (!moves.length && own) {
      prePick(sq);
      return;
    }
    if (selected) {
      const options = moves.filter((m) => m.from === selected && m.to === sq);
      if (options.length === 1) {
        selected = null;
        draw();
        onMove(options[0].text);
        return;
      }
      if (options.length > 1) {
        openChooser(sq, options);
        return;
      }
    }
    const wasSelected = selected;
    selected = sq !== selected && moves.some((m) => m.from === sq) ? sq : null;
    if (!selected && sq !== wasSelected && pieces.has(sq)) refuse(sq);
    else clearNote();
    draw();
  }

  /** A piece that cannot move was picked: its square flashes and a note says why. */
  function refuse(sq) {
    const piece = pieces.get(sq);
    const mover = new Set(moves.map((m) => pieces.get(m.from)).filter(Boolean).map((p) => p.cls));
    const what = piece.label || t("{0} {1} on {2}", piece.cls, pieceName(piece.letter), sq);
    note.textContent = !moves.length ? t("You have no move to make now.")
      : mover.has(piece.cls) ? t("{0} has no legal move.", what)
      : t("{0} is not yours to move.", what);
    note.hidden = false;
    refused = sq;
    clearTimeout(noteTimer);
    noteTimer = setTimeout(() => {
      clearNote();
      draw();
    }, 2500);
  }

  function clearNote() {
    clearTimeout(noteTimer);
    refused = null;
    note.hidden = true;
  }

  function openChooser(sq, options) {
    const piece = pieces.get(selected);
    const cls = piece ? piece.cls : "";
    const buttons = options.map((m) =>
      h(
        "button",
        {
          type: "button",
          class: "promo",
          "data-promo": m.promo,
          "aria-label": t("promote to {0}", pieceName(m.promo)),
          onclick: () => {
            closeChooser();
            selected = null;
            draw();
            onMove(m.text);
          },
        },
        s("svg", { viewBox: "0 0 100 100", width: 44, height: 44 }, pieceDefs(), pieceUse(m.promo, 0, 0, 100, cls)),
      ),
    );
    const cancel = () => {
      closeChooser();
      selected = null;
      draw();
    };
    fill(chooser, h("p", {}, t("Promote on {0} to:", sq)), buttons,
      h("button", { type: "button", class: "cancel", onclick: cancel }, t("Cancel")));
    chooser.hidden = false;
    buttons[0].focus();
  }

  function closeChooser() {
    chooser.hidden = true;
  }

  svg.addEventListener("click", (event) => {
    // A pointer's click comes after its press: one with no press since a drop ends that drop.
    if (dropped && event.isTrusted) {
      dropped = false;
      return;
    }
    const sq = squareAt(event);
    if (sq) {
      cursor = null;
      pick(sq);
    }
  });

  svg.addEventListener("keydown", (event) => {
    const w = turns % 2 ? ranks : cols;
    const hgt = turns % 2 ? cols : ranks;
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (step) {
      event.preventDefault();
      // The first arrow press shows the cursor on the middle of the viewer's home row.
      cursor = cursor
        ? [Math.min(w - 1, Math.max(0, cursor[0] + step[0])), Math.min(hgt - 1, Math.max(0, cursor[1] + step[1]))]
        : [Math.floor(w / 2), hgt - 1];
      const spot = fromScreen(...cursor);
      const piece = spot && pieces.get(name(...spot));
      const what = piece ? piece.label || `${piece.cls} ${pieceName(piece.letter)}` : "";
      svg.setAttribute("aria-label", !spot ? t("cursor off the board")
        : what ? t("cursor on {0}, {1}", name(...spot), what) : t("cursor on {0}", name(...spot)));
      draw();
    } else if ((event.key === "Enter" || event.key === " ") && cursor) {
      event.preventDefault();
      const spot = fromScreen(...cursor);
      if (spot && geometry.exists(...spot)) pick(name(...spot));
    } else if (event.key === "Escape") {
      selected = null;
      premove = null;
      svg.dataset.premove = "";
      closeChooser();
      draw();
    }
  });
  chooser.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      closeChooser();
      svg.focus();
    }
  });

  return {
    /** pieces: [{square, letter, cls, label}], legal: [text], last: [sq], check: [sq],
     * recent: [{from, to, cls, label}] (moves since the viewer's last, drawn as arrows),
     * premove: the class of the viewer's pieces while they may premove (else none) */
    update(state) {
      turns = state.turns || 0;
      pieces = new Map(state.pieces.map((p) => [p.square, p]));
      moves = (state.legal || []).map(parseMove).filter(Boolean);
      marks = { last: state.last || [], check: state.check || [], recent: state.recent || [] };
      const wasOwn = own;
      own = state.premove || null;
      const planned = premove;
      if (planned && (moves.length || !own)) {
        premove = null; // the viewer's turn came (or the game ended): play it if legal now
        svg.dataset.premove = "";
        const options = moves.filter((m) => m.from === planned.from && m.to === planned.to);
        const chosen = options.find((m) => m.promo === "q") || options[0];
        if (chosen) {
          selected = null;
          draw();
          onMove(chosen.text);
          return;
        }
      }
      const premoving = own && !moves.length && wasOwn;
      if (selected && !premoving && !moves.some((m) => m.from === selected)) selected = null;
      if (drag && !pieces.has(drag.from)) drag = null;
      if (chooser.hidden === false && !selected) closeChooser();
      draw();
    },
    element: svg,
  };
}
