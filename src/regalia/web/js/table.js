// A table page: the game's board view, whose turn, controls, move list and chat, kept live
// over the table's WebSocket. With a seat token the viewer plays; without one, watches.

import { h, fill } from "./dom.js";
import { getTable } from "./api.js";
import { connectTable } from "./socket.js";
import { createChat } from "./chat.js";
import { renderMoveList } from "./movelist.js";
import { createControls } from "./controls.js";
import { resultText } from "./result.js";
import { rememberSeat, playerName, invitesOf } from "./store.js";
import { copyButton } from "./copy.js";
import { downloadLink } from "./download.js";
import { loadBoard } from "./boards/index.js";

export function showTable(root, tableId, token) {
  if (token) rememberSeat(tableId, token);
  const title = h("h2", { class: "table-title" }, `Table ${tableId}`);
  const conn = h("span", { class: "conn", "data-state": "connecting" }, "connecting…");
  const status = h("p", { class: "status", "aria-live": "polite" });
  const alert = h("p", { class: "alert", role: "alert", hidden: true });
  const boardRoot = h("div", { class: "game-view" });
  const controlsRoot = h("div", { class: "controls" });
  const movesRoot = h("div", { class: "move-list", "aria-label": "moves" });
  const chatRoot = h("div", { class: "chat" });
  const links = h("div", { class: "links" });
  const rematchBox = h("p", { class: "rematch-link" });
  const spoken = h("p", { class: "sr-only", "aria-live": "polite" });
  fill(root, h("div", { class: "table-page" },
    h("header", { class: "table-head" }, title, conn, h("a", { href: "#/", class: "back" }, "Lobby")),
    alert,
    spoken,
    h("div", { class: "table-body" },
      h("div", { class: "board-col" }, status, boardRoot),
      h("aside", { class: "side-col" }, controlsRoot, rematchBox, h("h3", {}, "Moves"), movesRoot, links, chatRoot)),
  ));

  let summary = null;
  let seat = null;
  let view = null;
  let board = null;
  let controls = null;
  let chat = null;
  let socket = null;
  let alertTimer = null;
  const pendingMessages = [];
  let finishedRecord = null;
  const draw = { accepted: new Set(), declined: false };

  function showAlert(text) {
    alert.textContent = text;
    alert.hidden = false;
    clearTimeout(alertTimer);
    alertTimer = setTimeout(() => { alert.hidden = true; }, 8000);
  }

  // Who sits in each seat, when it says more than the seat's own name.
  const playerNames = () =>
    summary
      ? summary.seats.map((s) => {
          if (s.kind === "bot") return `bot (${s.level})`;
          if (!s.joined) return "open seat";
          return s.name && s.name !== s.seat_name ? s.name : "";
        })
      : [];

  function act(text) {
    if (!socket || !socket.action(text)) showAlert("Not connected: your move was not sent. Reconnecting…");
  }
  function send(message) {
    if (!socket || !socket.send(message)) {
      showAlert("Not connected. Reconnecting…");
      return false;
    }
    return true;
  }

  async function setup(table) {
    summary = table;
    title.textContent = `${table.title} · table ${table.id}`;
    document.title = `${table.title} · Regalia`;
    const module = await loadBoard(table.game);
    board = module.createView(boardRoot, { seat, act, playerNames });
    controls = createControls(controlsRoot, { game: table.game, act, send });
    chat = createChat(chatRoot, { canWrite: seat !== null, send: (text) => send({ type: "chat", text }) });
    for (const message of pendingMessages.splice(0)) handle(message);
  }

  function handle(message) {
    if (!board && message.type !== "welcome" && message.type !== "error") {
      pendingMessages.push(message);
      return;
    }
    if (message.type === "welcome") {
      seat = message.seat ?? null;
      if (!board) {
        setup(message.table).catch((err) => showAlert(`Cannot show this table: ${err.message}`));
      } else {
        summary = message.table;
      }
    } else if (message.type === "event") {
      onEvent(message.event);
    } else if (message.type === "view") {
      onView(message);
    } else if (message.type === "error") {
      showAlert(message.message || message.code);
    }
  }

  function onEvent(event) {
    // Seats that agreed to the pending draw offer (Regicide needs both opponents).
    if (event.kind === "draw_accepted") draw.accepted.add(event.seat);
    if (["draw_offered", "draw_declined", "action"].includes(event.kind)) draw.accepted.clear();
    draw.declined = event.kind === "draw_declined" || (draw.declined && !["draw_offered", "action"].includes(event.kind));
    if (event.kind === "chat") chat.add(event);
    if (event.kind === "joined" && summary) {
      const s = summary.seats.find((x) => x.seat === event.seat);
      if (s) Object.assign(s, { name: event.name, joined: true });
    }
    if (event.kind === "finished" && event.record) finishedRecord = event.record;
    if (event.kind === "rematch" && event.table_id) {
      // A player keeps their token at the rematch table (the server moves it to their new seat).
      const mine = event.token || token;
      const link = mine ? `#/t/${event.table_id}/${mine}` : `#/t/${event.table_id}`;
      fill(rematchBox, h("a", { href: link, class: "button primary" }, "Go to the rematch table"));
    }
  }

  function onView(message) {
    view = message;
    if (summary) summary.status = message.status;
    board.update(message);
    const rows = board.moveRows(message.view);
    renderMoveList(movesRoot, rows);
    const lastRow = rows[rows.length - 1];
    const lastMove = lastRow ? lastRow.cells[lastRow.cells.length - 1] : "";
    if (lastMove && lastMove !== spoken.dataset.move) {
      spoken.dataset.move = lastMove;
      spoken.textContent = `Last move: ${lastMove}`;
    }
    controls.update(message, seat, draw);
    const note = board.note ? board.note(message.view) : "";
    status.textContent = `${statusText(message)}${note ? ` — ${note}` : ""}`;
    status.dataset.status = message.status;
    status.classList.toggle("your-turn", seat !== null && (message.to_act || []).includes(seat));
    if (message.status === "waiting") {
      const invites = invitesOf(tableId);
      fill(links, invites.length
        ? [h("strong", {}, "Invite links (send one to each player):"),
            h("ul", { class: "invites" }, invites.map((i) => h("li", { class: "invite" },
              h("span", { class: "seat-name" }, i.name), copyButton(i.url, "Copy invite"))))]
        : null);
    } else if (links.querySelector(".invites")) {
      fill(links);
    }
    if (message.status === "finished") {
      fill(links,
        finishedRecord ? downloadLink(finishedRecord, `regalia-${tableId}.txt`) : null,
        " ", h("a", { href: `#/replay/${tableId}` }, "Step through the replay"));
    }
  }

  function statusText(message) {
    const names = summary ? summary.seats.map((s) => s.seat_name) : [];
    if (message.status === "waiting") return "Waiting for every player to join…";
    if (message.result) return resultText(message.result, names, seat);
    const acting = message.to_act || [];
    const voting = message.view && message.view.phase === "assassination";
    if (seat !== null && acting.includes(seat)) return voting ? "Your vote" : "Your move";
    const who = acting.map((s) => `${names[s]}${playerNames()[s] ? ` (${playerNames()[s]})` : ""}`);
    return who.length ? `${who.join(", ")} to ${voting ? "vote" : "move"}` : "";
  }

  getTable(tableId)
    .then(() => {
      socket = connectTable(tableId, {
        token,
        name: playerName(),
        onMessage: handle,
        onStatus: (state, code) => {
          conn.dataset.state = state;
          conn.textContent = state === "refused" ? (code === 4401 ? "invalid invite link" : "refused") : state;
          if (state === "refused") {
            showAlert(code === 4401
              ? "This invite link's token is not valid for this table."
              : "The server refused the connection.");
          }
        },
      });
    })
    .catch((err) => showAlert(err.status === 404 ? `There is no table ${tableId}.` : err.message));

  return {
    destroy() {
      clearTimeout(alertTimer);
      if (socket) socket.close();
    },
    get view() {
      return view;
    },
  };
}
