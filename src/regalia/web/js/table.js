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
import { gameInfo, levelTitle, seatNames } from "./games.js";
import { CloseCode, CommandType, ErrorCode, EventKind, MessageType, SeatKind, TableStatus } from "./protocol.js";

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
  let game = null; // the game's descriptor
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
  const actions = new Map(); // action events by seq: the move list of a board that keeps none

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
          if (s.kind === SeatKind.BOT) return `${game ? levelTitle(game, s.level) : s.level} bot`;
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
    const [module, info] = await Promise.all([loadBoard(table.game), gameInfo(table.game)]);
    game = info;
    board = module.createView(boardRoot, { seat, act, playerNames, game });
    controls = createControls(controlsRoot, { game, players: table.players, act, send });
    chat = createChat(chatRoot, { canWrite: seat !== null, send: (text) => send({ type: CommandType.CHAT, text }) });
    for (const message of pendingMessages.splice(0)) handle(message);
  }

  function handle(message) {
    if (!board && message.type !== MessageType.WELCOME && message.type !== MessageType.ERROR) {
      pendingMessages.push(message);
      return;
    }
    if (message.type === MessageType.WELCOME) {
      seat = message.seat ?? null;
      if (!board) {
        setup(message.table).catch((err) => showAlert(`Cannot show this table: ${err.message}`));
      } else {
        summary = message.table;
      }
    } else if (message.type === MessageType.EVENT) {
      onEvent(message.event);
    } else if (message.type === MessageType.VIEW) {
      onView(message);
    } else if (message.type === MessageType.ERROR) {
      showAlert(message.message || message.code);
    }
  }

  function onEvent(event) {
    // Seats that agreed to the pending draw offer (a team game needs every opponent).
    const { DRAW_ACCEPTED, DRAW_OFFERED, DRAW_DECLINED, ACTION } = EventKind;
    if (event.kind === DRAW_ACCEPTED) draw.accepted.add(event.seat);
    if ([DRAW_OFFERED, DRAW_DECLINED, ACTION].includes(event.kind)) draw.accepted.clear();
    draw.declined = event.kind === DRAW_DECLINED || (draw.declined && ![DRAW_OFFERED, ACTION].includes(event.kind));
    if (event.kind === ACTION) actions.set(event.seq, event);
    if (event.kind === EventKind.CHAT) chat.add(event);
    if (event.kind === EventKind.JOINED && summary) {
      const s = summary.seats.find((x) => x.seat === event.seat);
      if (s) Object.assign(s, { name: event.name, joined: true });
    }
    if (event.kind === EventKind.FINISHED && event.record) finishedRecord = event.record;
    if (event.kind === EventKind.REMATCH && event.table_id) {
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
    const rows = board.moveRows(message.view) ?? actionRows();
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
    if (message.status === TableStatus.WAITING) {
      const invites = invitesOf(tableId);
      fill(links, invites.length
        ? [h("strong", {}, "Invite links (send one to each player):"),
            h("ul", { class: "invites" }, invites.map((i) => h("li", { class: "invite" },
              h("span", { class: "seat-name" }, i.name), copyButton(i.url, "Copy invite"))))]
        : null);
    } else if (links.querySelector(".invites")) {
      fill(links);
    }
    if (message.status === TableStatus.FINISHED) {
      fill(links,
        finishedRecord ? downloadLink(finishedRecord, `regalia-${tableId}.txt`) : null,
        " ", h("a", { href: `#/replay/${tableId}` }, "Step through the replay"));
    }
  }

  /** The move list from the action events: for boards whose view keeps no history. */
  function actionRows() {
    const names = summary ? seatNames(game, summary.players) : [];
    return [...actions.values()].map((e, i) => ({
      label: `${i + 1}.`,
      cells: [`${names[e.seat] ?? e.seat}: ${e.hidden ? "(secret)" : e.text ?? e.action}`],
    }));
  }

  function statusText(message) {
    const names = summary ? summary.seats.map((s) => s.seat_name) : [];
    if (message.status === TableStatus.WAITING) return "Waiting for every player to join…";
    if (message.status === TableStatus.EXPIRED) return "This table expired before every seat was taken.";
    if (message.result) return resultText(message.result, names, seat);
    const acting = message.to_act || [];
    // What a turn is called ("move", or e.g. "vote" in a secret round): the board knows.
    const verb = (board.verb && board.verb(message.view)) || "move";
    if (seat !== null && acting.includes(seat)) return `Your ${verb}`;
    const who = acting.map((s) => `${names[s]}${playerNames()[s] ? ` (${playerNames()[s]})` : ""}`);
    return who.length ? `${who.join(", ")} to ${verb}` : "";
  }

  getTable(tableId)
    .then(() => {
      socket = connectTable(tableId, {
        token,
        name: playerName(),
        onMessage: handle,
        onStatus: (state, code) => {
          conn.dataset.state = state;
          const badToken = code === CloseCode.BAD_TOKEN;
          conn.textContent = state === "refused" ? (badToken ? "invalid invite link" : "refused") : state;
          if (state === "refused") {
            showAlert(badToken
              ? "This invite link's token is not valid for this table."
              : "The server refused the connection.");
          }
        },
      });
    })
    .catch((err) => showAlert(err.code === ErrorCode.UNKNOWN_TABLE ? `There is no table ${tableId}.` : err.message));

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
