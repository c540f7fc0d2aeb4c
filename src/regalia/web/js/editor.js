// The board editor (#/editor/{game}?fen=…): set a position up on a chess game's board —
// drag pieces from the palette or around the board (off it removes them), or pick a piece
// and tap squares (a phone) —, set the side to move and the game's other fields (its
// board-editor module says which: boards/index.js), and the server says whether the
// position could arise in play, by the game's own rules (POST /api/positions/check). A
// possible position opens in the analysis board, or starts a game against the computer or
// friends (POST /api/tables with `position`, checked again there). The address is always
// the position's link: sharing it opens the editor on it.

import { h, s, fill } from "./dom.js";
import { checkPosition, createTable } from "./api.js";
import { gameInfo, levelsByStrength, seatNames } from "./games.js";
import { editorLink, loadEditor } from "./boards/index.js";
import { openAnalysis } from "./analysis.js";
import { pieceDefs, pieceLabel, pieceName, pieceUse } from "./pieces.js";
import { rememberInvites, rememberSeat } from "./store.js";
import { copyButton } from "./copy.js";
import { SeatKind } from "./protocol.js";
import { t } from "./i18n.js";

const CELL = 10;
const MARGIN = 4;
const DRAG_PX = 4;
const CHECK_DELAY_MS = 150;

/** The game and position text of the editor's address (the page's now by default). */
export function readLink(hash = location.hash) {
  const m = /^#\/editor\/([^?/]+)(?:\?(.*))?$/.exec(hash);
  if (!m) return { game: null, text: null };
  const text = new URLSearchParams(m[2] || "").get("fen");
  return { game: decodeURIComponent(m[1]), text: text && text.trim() ? text.trim() : null };
}

export function showEditor(root) {
  const { game: gameName, text } = readLink();
  const box = h("div", { class: "editor-page" }, h("p", {}, t("Loading the board editor…")));
  fill(root, box);
  let cleanup = () => {};
  Promise.all([gameInfo(gameName), loadEditor(gameName)])
    .then(([game, kit]) => {
      if (!kit) {
        fill(box, h("p", { class: "alert", role: "alert" }, t("{0} has no board editor.", game.title)),
          h("p", {}, h("a", { href: "#/" }, t("Back to the lobby"))));
        return;
      }
      cleanup = mount(box, game, kit, text);
    })
    .catch((err) => fill(box, h("p", { class: "alert", role: "alert" }, t("Cannot open the board editor: {0}", err.message))));
  return { destroy: () => cleanup() };
}

function mount(box, game, kit, given) {
  let state;
  const textError = h("p", { class: "error text-error", role: "alert" });
  try {
    state = kit.read(given || kit.START);
  } catch {
    state = kit.read(kit.START);
    textError.textContent = t("The address's position does not read; the start is shown instead.");
  }
  let tool = { kind: "move" };
  let selected = null; // a square picked with the move tool: the next tap moves its piece
  let checked = null; // the server's last answer for the text shown
  let asked = 0;
  let timer = null;

  const svg = s("svg", { class: "board grid-board editor-board", role: "application",
    "aria-label": t("board editor: pick a piece below, then tap squares; or drag pieces") });
  const palette = h("div", { class: "palette", role: "toolbar", "aria-label": t("pieces") });
  const pieceRow = h("div", { class: "piece-controls" });
  const fields = h("div", { class: "editor-fields" });
  const verdict = h("div", { class: "editor-verdict", role: "status", "aria-live": "polite" });
  const textBox = h("textarea", { class: "position-input editor-text", rows: 3, spellcheck: "false", "aria-label": t("position text") });
  const load = h("button", { type: "button", class: "load-text" }, t("Set up this text"));
  const analyse = h("button", { type: "button", class: "open-analysis" }, t("Open in the analysis board"));
  const seatSelect = h("select", { name: "my-seat", class: "my-seat", "aria-label": t("your seat") });
  const players = game.default_players || game.min_players;
  const names = seatNames(game, players);
  names.forEach((n, i) => seatSelect.append(h("option", { value: i }, t(n))));
  const opponent = h("select", { name: "opponent", class: "opponent", "aria-label": t("who plays the other seats") },
    levelsByStrength(game).map((l) => h("option", { value: l.name, selected: l.name === game.default_level }, t("the computer: {0}", t(l.title || l.name)))),
    h("option", { value: "" }, t("friends: invite links")));
  let seatChosen = false; // until the player picks a seat, theirs is the one to move
  seatSelect.addEventListener("change", () => { seatChosen = true; });
  const play = h("button", { type: "button", class: "primary start-game" }, t("Start a game from here"));
  const playError = h("p", { class: "error play-error", role: "alert" });
  const invites = h("div", { class: "editor-invites", "aria-live": "polite" });
  const share = h("p", { class: "share-row" });

  fill(box,
    h("header", { class: "table-head" }, h("h2", {}, t("{0} · board editor", game.title)), h("a", { href: "#/", class: "back" }, t("Lobby"))),
    h("div", { class: "table-body editor-body" },
      h("div", { class: "board-col" }, h("div", { class: "board-wrap editor-board-wrap" }, svg), palette),
      h("aside", { class: "side-col" },
        h("p", { class: "editor-help muted" }, t("Drag a piece onto the board, or pick it and tap squares; drag a piece off the board to remove it.")),
        h("div", { class: "buttons" },
          h("button", { type: "button", class: "start-position", onclick: () => reset(kit.START) }, t("Start position")),
          h("button", { type: "button", class: "clear-board", onclick: () => change({ pieces: new Map() }) }, t("Empty board"))),
        fields, pieceRow, verdict,
        h("div", { class: "buttons" }, analyse),
        h("div", { class: "play-row" }, h("label", {}, t("You play "), seatSelect), h("label", {}, t("against "), opponent), play),
        playError, invites,
        h("label", {}, t("Position"), textBox), h("div", { class: "buttons" }, load), textError, share)));

  // The board ------------------------------------------------------------------------------
  const { files, ranks, exists } = kit.geometry;
  const screen = (fi, ri) => [fi, ranks - 1 - ri];
  const squareName = (fi, ri) => files[fi] + String(ri + 1);
  const place = (square) => {
    const [x, y] = screen(files.indexOf(square[0]), Number(square.slice(1)) - 1);
    return [MARGIN + x * CELL, y * CELL];
  };
  const armyOf = (army) => kit.armies[army];

  function drawBoard() {
    svg.setAttribute("viewBox", `0 0 ${files.length * CELL + MARGIN} ${ranks * CELL + MARGIN}`);
    const squares = [];
    const labels = [];
    for (let fi = 0; fi < files.length; fi++) {
      for (let ri = 0; ri < ranks; ri++) {
        if (!exists(fi, ri)) continue;
        const sq = squareName(fi, ri);
        const [x, y] = place(sq);
        const light = (fi + ri + 2) % 2 === 1;
        squares.push(s("rect", { x, y, width: CELL, height: CELL, "data-square": sq,
          class: `square ${light ? "light" : "dark"}${sq === selected ? " selected" : ""}` }));
      }
      labels.push(s("text", { x: MARGIN + fi * CELL + CELL / 2, y: ranks * CELL + 3.2, class: "coord" }, files[fi]));
    }
    for (let ri = 0; ri < ranks; ri++) labels.push(s("text", { x: MARGIN / 2, y: (ranks - 1 - ri) * CELL + CELL / 2 + 1.2, class: "coord" }, String(ri + 1)));
    const men = [...state.pieces].map(([sq, p]) => {
      if (drag && drag.from === sq && drag.moved) return null;
      const [x, y] = place(sq);
      const army = armyOf(p.army);
      return pieceUse(p.letter, x + 0.5, y + 0.5, CELL - 1, army.cls, pieceLabel(t(army.name), p.letter, sq));
    });
    fill(svg, pieceDefs(), squares, labels, men);
  }

  function drawPalette() {
    const toolButton = (kind, label, extra = {}) => h("button", {
      type: "button", class: `tool${tool.kind === kind ? " active" : ""}`, "data-tool": kind,
      "aria-pressed": String(tool.kind === kind), onclick: () => { tool = { kind }; selected = null; redraw(); }, ...extra,
    }, label);
    fill(palette,
      h("div", { class: "palette-tools" }, toolButton("move", t("Move")), toolButton("erase", t("Remove"))),
      kit.armies.map((army) => h("div", { class: `palette-army ${army.cls}` },
        kit.letters.map((letter) => {
          const on = tool.kind === "piece" && tool.letter === letter && tool.army === army.army;
          const button = h("button", {
            type: "button", class: `palette-piece${on ? " active" : ""}`, "data-piece": letter, "data-army": army.army,
            "aria-pressed": String(on), title: t("{0} {1}", t(army.name), pieceName(letter)),
            "aria-label": t("{0} {1}", t(army.name), pieceName(letter)),
          }, s("svg", { viewBox: "0 0 100 100", "aria-hidden": "true" }, pieceDefs(), pieceUse(letter, 0, 0, 100, army.cls, "")));
          button.addEventListener("pointerdown", (event) => startDrag(event, null, { letter, army: army.army }));
          button.addEventListener("click", () => {
            if (dropped) return;
            tool = on ? { kind: "move" } : { kind: "piece", letter, army: army.army };
            selected = null;
            redraw();
          });
          return button;
        }))));
  }

  // Taps and drags ---------------------------------------------------------------------------
  let drag = null; // {from: square|null, piece, id, x, y, moved, ghost}
  let dropped = false;

  function startDrag(event, from, piece) {
    if (event.button !== 0) return;
    dropped = false;
    drag = { from, piece, id: event.pointerId, x: event.clientX, y: event.clientY, moved: false, ghost: null };
  }

  function onMove(event) {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.moved) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_PX) return;
      drag.moved = true;
      const army = armyOf(drag.piece.army);
      drag.ghost = h("div", { class: "drag-ghost", "aria-hidden": "true" },
        s("svg", { viewBox: "0 0 100 100" }, pieceDefs(), pieceUse(drag.piece.letter, 0, 0, 100, `${army.cls} dragged`, "")));
      document.body.append(drag.ghost);
      if (drag.from) drawBoard();
    }
    event.preventDefault();
    drag.ghost.style.left = `${event.clientX}px`;
    drag.ghost.style.top = `${event.clientY}px`;
  }

  function squareUnder(x, y) {
    const node = document.elementFromPoint(x, y);
    const rect = node && node.closest && node.closest("[data-square]");
    return rect && svg.contains(rect) ? rect.dataset.square : null;
  }

  function onUp(event, released) {
    if (!drag || event.pointerId !== drag.id) return;
    const was = drag;
    drag = null;
    if (was.ghost) was.ghost.remove();
    if (!was.moved) return; // a tap: the click that follows does it
    dropped = true;
    const to = released ? squareUnder(event.clientX, event.clientY) : null;
    const pieces = new Map(state.pieces);
    if (was.from) pieces.delete(was.from); // dropped off the board: removed
    if (to) pieces.set(to, kit.placed(was.piece, to));
    else if (!released && was.from) pieces.set(was.from, was.piece); // cancelled: it goes back
    selected = null;
    change({ pieces });
    setTimeout(() => { dropped = false; }, 0);
  }

  svg.addEventListener("pointerdown", (event) => {
    const rect = event.target.closest && event.target.closest("[data-square]");
    const sq = rect ? rect.dataset.square : null;
    if (sq && state.pieces.has(sq) && tool.kind !== "erase") startDrag(event, sq, state.pieces.get(sq));
  });
  // The pointer is followed wherever it goes (a drag leaves the board to remove a piece).
  const released = (event) => onUp(event, true);
  const cancelled = (event) => onUp(event, false);
  window.addEventListener("pointermove", onMove);
  window.addEventListener("pointerup", released);
  window.addEventListener("pointercancel", cancelled);

  svg.addEventListener("click", (event) => {
    if (dropped) {
      dropped = false;
      return;
    }
    const rect = event.target.closest && event.target.closest("[data-square]");
    if (rect) tap(rect.dataset.square);
  });

  /** A tap on `sq` with the tool in hand: put the palette's piece there (the same piece
   * again takes it off), remove, or pick a piece and move it to the next square tapped. */
  function tap(sq) {
    const pieces = new Map(state.pieces);
    const here = pieces.get(sq);
    if (tool.kind === "piece") {
      if (here && here.letter === tool.letter && here.army === tool.army) pieces.delete(sq);
      else pieces.set(sq, kit.placed({ letter: tool.letter, army: tool.army }, sq));
      change({ pieces });
    } else if (tool.kind === "erase") {
      if (!here) return;
      pieces.delete(sq);
      change({ pieces });
    } else if (selected && selected !== sq) {
      const piece = pieces.get(selected);
      pieces.delete(selected);
      pieces.set(sq, kit.placed(piece, sq));
      selected = null;
      change({ pieces });
    } else {
      selected = here && sq !== selected ? sq : null;
      redraw();
    }
  }

  // The state, its text and the server's verdict ----------------------------------------------
  function change(changes) {
    state = { ...state, ...changes };
    redraw();
    textError.textContent = "";
  }

  function reset(text) {
    state = kit.read(text);
    selected = null;
    redraw();
  }

  function redraw() {
    drawBoard();
    drawPalette();
    fill(fields, kit.controls(state, change));
    fill(pieceRow, selected ? kit.pieceControls(state, selected, change) : null);
    const text = kit.write(state);
    if (document.activeElement !== textBox) textBox.value = text;
    const link = editorLink(game.name, text);
    if (location.hash !== link) history.replaceState(null, "", link);
    const url = new URL(link, location.href).href;
    fill(share, h("a", { href: url, class: "share-link" }, t("Link to this position")), " ", copyButton(url, t("Copy the link")));
    if (!checked || checked.position !== text) {
      clearTimeout(timer);
      setVerdict(null);
      timer = setTimeout(() => check(text), CHECK_DELAY_MS);
    }
  }

  async function check(text) {
    const ticket = ++asked;
    try {
      const answer = await checkPosition(game.name, text);
      if (ticket !== asked) return;
      checked = answer;
      setVerdict(answer);
    } catch (err) {
      if (ticket === asked) fill(verdict, h("p", { class: "error" }, t("Cannot check the position: {0}", err.message)));
    }
  }

  /** What the server said: the reasons the position could not arise, a finished game, or
   * who is to move; the buttons that need a possible position follow it. */
  function setVerdict(answer) {
    const possible = Boolean(answer) && !answer.problems.length;
    analyse.disabled = !possible;
    play.disabled = !possible || Boolean(answer.over);
    verdict.dataset.state = !answer ? "checking" : !possible ? "impossible" : answer.over ? "over" : "possible";
    if (!answer) {
      fill(verdict, h("p", { class: "muted" }, t("Checking the position…")));
    } else if (!possible) {
      fill(verdict, h("p", { class: "verdict-title" }, t("This position cannot arise in a game:")),
        h("ul", { class: "problems" }, answer.problems.map((p) => h("li", {}, p))));
    } else if (answer.over) {
      fill(verdict, h("p", { class: "verdict-title" }, t("The game is already over here: {0}", answer.over)));
    } else {
      const who = answer.to_act.map((seat) => t(names[seat])).join(", ");
      fill(verdict, h("p", { class: "verdict-title ok" }, t("A possible position; {0} to move.", who)));
      if (!seatChosen) seatSelect.value = String(answer.to_act[0] ?? 0);
    }
  }

  textBox.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      load.click();
    }
  });
  load.addEventListener("click", () => {
    try {
      reset(textBox.value.trim());
      textError.textContent = "";
    } catch {
      textError.textContent = t("The board cannot show this text: it does not read as a {0} position.", game.title);
    }
  });
  analyse.addEventListener("click", () => openAnalysis(game.name, { position: kit.write(state), record: null }));
  play.addEventListener("click", async () => {
    playError.textContent = "";
    const mine = Number(seatSelect.value);
    const level = opponent.value;
    const seats = names.map((_, i) => (i === mine || !level ? { kind: SeatKind.HUMAN } : { kind: SeatKind.BOT, level }));
    // The creator's own seat comes first among the tokens: every seat before it is a bot or
    // the friends' (their links are shown, in seat order).
    try {
      play.disabled = true;
      const answer = await createTable({ game: game.name, players, seats, position: kit.write(state) });
      const tokens = answer.tokens || [];
      const own = tokens.find((tok) => tok.seat === mine);
      rememberSeat(answer.table.id, own.token);
      const others = tokens.filter((tok) => tok.seat !== mine);
      const linkOf = (tok) => new URL(`#/t/${answer.table.id}/${tok.token}`, location.href).href;
      rememberInvites(answer.table.id, others.map((tok) => ({ seat: tok.seat, name: names[tok.seat], url: linkOf(tok) })));
      const ownLink = `#/t/${encodeURIComponent(answer.table.id)}/${encodeURIComponent(own.token)}`;
      if (!others.length) {
        location.hash = ownLink;
        return;
      }
      fill(invites, h("p", {}, t("Send each friend their seat's link; yours starts the game once they have joined.")),
        h("ul", { class: "invites" }, others.map((tok) => h("li", { class: "invite", "data-seat": tok.seat },
          h("span", { class: "seat-name" }, t(names[tok.seat])), " ",
          h("input", { readonly: true, value: linkOf(tok), class: "invite-url", "aria-label": t("invite link for {0}", t(names[tok.seat])) }),
          copyButton(linkOf(tok), t("Copy invite"))))),
        h("p", {}, h("a", { href: ownLink, class: "button primary play-link" }, t("Play my seat"))));
    } catch (err) {
      playError.textContent = err.message;
    } finally {
      play.disabled = !(checked && !checked.problems.length && !checked.over);
    }
  });

  redraw();
  return () => {
    asked += 1;
    clearTimeout(timer);
    if (drag && drag.ghost) drag.ghost.remove();
    window.removeEventListener("pointermove", onMove);
    window.removeEventListener("pointerup", released);
    window.removeEventListener("pointercancel", cancelled);
  };
}
