// A table page: the game's board view, the seats with their presence and clocks, whose turn,
// controls, move list and chat, kept live over the table's WebSocket. With a seat token the
// viewer plays; without one, watches. Sounds for moves, captures, checks and low time. Turn
// alerts: a sound, the tab title, a notification
// when the tab is hidden, and the moves since the player's own last one marked. At a rated
// table the seat goes to the signed-in player (a visitor becomes one first), and the end of
// the game shows each player's rating change.

import { h, fill } from "./dom.js";
import { getTable, playerProfile, takeSeatAgain } from "./api.js";
import { connectTable } from "./socket.js";
import { createChat } from "./chat.js";
import { renderMoveList } from "./movelist.js";
import { createControls } from "./controls.js";
import { createConditionals } from "./conditional.js";
import { resultText } from "./result.js";
import {
  PLAYER_CHANGED, currentPlayer, rememberSeat, rememberSeatNumber, playerName, invitesOf, seatToken,
} from "./store.js";
import { copyButton } from "./copy.js";
import { downloadLink } from "./download.js";
import { loadBoard } from "./boards/index.js";
import { botName, gameInfo, levelTitle, seatNames } from "./games.js";
import {
  CloseCode, CommandType, ErrorCode, EventKind, MessageType, SeatKind, TableStatus, TimeoutRule,
} from "./protocol.js";
import { createSeatClocks } from "./clocks.js";
import { alertButtons, notifyHidden, playSound, setTitle } from "./alerts.js";
import { nameForm } from "./name.js";
import { guestForm, signInForm } from "./account.js";
import { ratingChangeText, ratingTrend } from "./rating.js";
import { canAnalyse } from "./analysis.js";
import { listText, t, translated } from "./i18n.js";
import { fitBoard } from "./fit.js";
import { mountTextMode } from "./textmode.js";
import { seekCountdown } from "./seek.js";

export function showTable(root, tableId, token) {
  // An invite link this browser has not seen, and no name or player yet: ask for a name
  // before joining (a rated table asks for a player instead).
  const askName = Boolean(token) && !playerName() && !currentPlayer() && seatToken(tableId) !== token;
  if (token) rememberSeat(tableId, token);
  const title = h("h2", { class: "table-title" }, t("Table {0}", tableId));
  const conn = h("span", { class: "conn", "data-state": "connecting" }, t("connecting…"));
  const status = h("p", { class: "status", "aria-live": "polite" });
  const ratedBadge = h("span", {
    class: "badge rated-badge", hidden: true,
    title: t("a rated game: every human seat is a signed-in player, and the result changes their ratings"),
  }, t("rated"));
  const ratingsBox = h("div", { class: "ratings-box", "aria-live": "polite", hidden: true });
  const alert = h("p", { class: "alert table-alert", role: "alert", hidden: true });
  const seatsRoot = h("div", { class: "seats-strip" });
  const nameBox = h("div", { class: "name-ask", hidden: true });
  const boardRoot = h("div", { class: "game-view" });
  const controlsRoot = h("div", { class: "controls keep-in-view" }); // the move input: in sight under a narrow screen's board
  const movesRoot = h("div", { class: "move-list", "aria-label": t("moves") });
  const chatRoot = h("div", { class: "chat" });
  const links = h("div", { class: "links" });
  const rematchBox = h("p", { class: "rematch-link" });
  const conditionalRoot = h("div", { class: "conditional-box", hidden: true }); // conditional.js
  const spoken = h("p", { class: "sr-only", "aria-live": "polite" });
  const alerting = alertButtons();
  // The Board style control (look.js): loaded with the table, not with the lobby's first visit.
  const lookBox = h("span", { class: "look-box" });
  const look = import("./look.js"); // (a line starting `import(` would read as a static import)
  look.then((m) => lookBox.replaceChildren(m.lookControl())).catch(() => {});
  const seeking = seekCountdown(tableId, token); // after "Play now": the computer if nobody comes
  const body = h("div", { class: "table-body" },
    h("div", { class: "board-col" }, status, seeking.element, ratingsBox, seatsRoot, boardRoot),
    h("aside", { class: "side-col" }, controlsRoot, rematchBox, conditionalRoot, h("h3", {}, t("Moves")), movesRoot, links, chatRoot));
  const page = h("div", { class: "table-page" },
    h("header", { class: "table-head" }, title, ratedBadge, conn, alerting.element, lookBox, h("a", { href: "#/", class: "back" }, t("Lobby"))),
    alert,
    nameBox,
    spoken,
    body,
  );
  fill(root, page);
  const fitting = fitBoard(page);
  const textMode = mountTextMode(page, boardRoot); // for screen readers: the switch and its panel

  let summary = null;
  let game = null; // the game's descriptor
  let seat = null;
  let view = null;
  let board = null;
  let controls = null;
  let conditionalBox = null;
  let chat = null;
  let socket = null;
  let alertTimer = null;
  let baseTitle = "Regalia";
  let clocks = null; // the last view's clocks, as of clocksAt (performance.now())
  let clocksAt = 0;
  let presence = null; // per seat {connected, bot}, from views and presence messages
  let sinceMine = null; // how many moves came before the player's last one (null: none seen)
  let newActions = []; // action events since the last view
  let movesShown = 0; // how many moves the move list held: a longer one sounds its new move
  // Low time on the viewer's own running clock sounds once as it crosses the mark.
  const seatsStrip = createSeatClocks(seatsRoot, { who: () => playerNames(), onLow: () => playSound("low") });
  const pendingMessages = [];
  let finishedRecord = null;
  const draw = { accepted: new Set(), declined: false };
  const actions = new Map(); // action events by seq: the move list of a board that keeps none
  let ratingsShown = null; // the rating changes on show (a key of them), or "asked" (profiles)
  let needPlayer = false; // a rated table refused the seat to a visitor: asking them to sign in
  let analysable = false; // the server can analyse this game (set once the game is known)
  let rematchTable = null; // the rematch's table id, once it exists
  let rematchAsked = false; // this player asked for a rematch
  let standIn = null; // "time" or "away": why a bot plays the viewer's seat, if one does

  /** A message over the page (it never pushes the board down); `sticky`: until the page
   * changes, otherwise for eight seconds or until closed. */
  function showAlert(text, { sticky = false } = {}) {
    fill(alert, h("span", { class: "alert-text" }, text),
      sticky ? null : h("button", { type: "button", class: "alert-close", "aria-label": t("close the message"),
        onclick: () => { alert.hidden = true; } }, "×"));
    alert.hidden = false;
    alert.classList.toggle("sticky", sticky);
    clearTimeout(alertTimer);
    if (!sticky) alertTimer = setTimeout(() => { alert.hidden = true; }, 8000);
  }

  // Who sits in each seat, when it says more than the seat's own name.
  const playerNames = () =>
    summary
      ? summary.seats.map((s) => {
          if (s.kind === SeatKind.BOT) return botName(game, s.level);
          if (!s.joined) return ""; // the seat's presence says it: open, or invited
          return s.name && s.name !== s.seat_name ? s.name : "";
        })
      : [];

  // This player's actions in flight, oldest first: true for one typed in the move box. The
  // server answers each with its action event or an error, in order, so a typed move is
  // cleared or kept by its own answer, not by the answer to a click sent before it.
  const inFlight = [];
  function act(text, typed = false) {
    if (socket && socket.action(text)) inFlight.push(typed);
    else showAlert(t("Not connected: your move was not sent. Reconnecting…"));
  }
  function send(message) {
    if (!socket || !socket.send(message)) {
      showAlert(t("Not connected. Reconnecting…"));
      return false;
    }
    return true;
  }

  async function setup(table) {
    summary = table;
    ratedBadge.hidden = !table.rated;
    title.textContent = t("{0} · table {1}", table.title, table.id);
    baseTitle = `${table.title} · Regalia`;
    setTitle(baseTitle, false);
    const [module, info] = await Promise.all([loadBoard(table.game), gameInfo(table.game)]);
    game = info;
    canAnalyse(table.game).then((yes) => {
      analysable = yes;
      if (view && view.status === TableStatus.FINISHED) finishedLinks();
    });
    board = module.createView(boardRoot, { seat, act, playerNames, game });
    controls = createControls(controlsRoot, { game, players: table.players, act: (text) => act(text, true), send });
    conditionalBox = createConditionals(conditionalRoot, {
      tableId, token: () => token, enabled: () => Boolean(table.turn_based && game.conditional_moves && seat !== null && token),
    });
    chat = createChat(chatRoot, { canWrite: seat !== null, send: (text) => send({ type: CommandType.CHAT, text }) });
    chatRoot.hidden = table.chat === false; // created with its chat off: no chat to show
    for (const [message, at] of pendingMessages.splice(0)) handle(message, at);
  }

  /** `at`: performance.now() when the message arrived (clocks count from it). */
  function handle(message, at = performance.now()) {
    if (!board && message.type !== MessageType.WELCOME && message.type !== MessageType.ERROR) {
      pendingMessages.push([message, at]);
      return;
    }
    if (message.type === MessageType.WELCOME) {
      seat = message.seat ?? null;
      if (seat !== null) rememberSeatNumber(tableId, seat);
      alerting.setPlayer(seat !== null);
      const table = message.table;
      // The summary's own account of who is here, until a view or presence message says more.
      presence = table.seats.map((s) => ({
        connected: s.kind === SeatKind.BOT || Boolean(s.connected),
        bot: s.kind === SeatKind.BOT || Boolean(s.bot_playing),
      }));
      if (table.clocks !== undefined) {
        clocks = table.clocks;
        clocksAt = at;
      }
      if (!board) {
        summary = table;
        seatsStrip.update({ summary, presence, clocks, receivedAt: clocksAt, status: table.status, seat });
        setup(table).catch((err) => showAlert(t("Cannot show this table: {0}", err.message)));
      } else {
        summary = table;
        ratedBadge.hidden = !table.rated;
      }
    } else if (message.type === MessageType.EVENT) {
      onEvent(message.event);
    } else if (message.type === MessageType.VIEW) {
      onView(message, at);
    } else if (message.type === MessageType.PRESENCE) {
      presence = message.presence || presence;
      seatsStrip.update({ presence });
    } else if (message.type === MessageType.ERROR) {
      if (message.code === ErrorCode.PLAYER_REQUIRED && !currentPlayer()) {
        askForPlayer(summary && summary.title); // a rated table: the seat needs a signed-in player
      } else if (message.code === ErrorCode.ALREADY_SEATED) {
        showAlert(t("You already play another seat of this rated table: this invite link is for someone else."));
      } else {
        showAlert(translated(message.message) || message.code);
        if (inFlight.shift() && controls) controls.refused();
      }
    }
  }

  const seatName = (s) => (summary && summary.seats[s] ? t(summary.seats[s].seat_name) : t("seat {0}", s + 1));

  function onEvent(event) {
    // Seats that agreed to the pending draw offer (a team game needs every opponent).
    const { DRAW_ACCEPTED, DRAW_OFFERED, DRAW_DECLINED, ACTION } = EventKind;
    if (event.kind === DRAW_ACCEPTED) draw.accepted.add(event.seat);
    if ([DRAW_OFFERED, DRAW_DECLINED, ACTION].includes(event.kind)) draw.accepted.clear();
    draw.declined = event.kind === DRAW_DECLINED || (draw.declined && ![DRAW_OFFERED, ACTION].includes(event.kind));
    if (event.kind === ACTION) {
      actions.set(event.seq, event);
      newActions.push(event);
      if (event.seat === seat && seat !== null && inFlight.shift() && controls) controls.moveMade();
    }
    if (event.kind === EventKind.CHAT) chat.add(event);
    if (controls) controls.event(event, seat);
    if (event.kind === EventKind.TAKEBACK) {
      [...actions.keys()].slice(-event.plies).forEach((key) => actions.delete(key)); // undone
      chat.note(event.seq, t("The last move was taken back."));
    }
    const info = summary && event.seat !== null && event.seat !== undefined ? summary.seats[event.seat] : null;
    if (event.kind === EventKind.JOINED && info) {
      Object.assign(info, { name: event.name, joined: true, player: event.player || info.player || null });
    }
    if (event.kind === EventKind.TIMEOUT) chat.note(event.seq, t("{0} ran out of time.", seatName(event.seat)));
    if (event.kind === EventKind.VACATION) {
      const until = new Date(event.until * 1000).toLocaleString();
      chat.note(event.seq, t("{0} is on vacation until {1}: their clock stands still.", seatName(event.seat), until));
    }
    // Whether a bot played the viewer's seat at the end: after a timeout, or while away.
    if (event.seat === seat && seat !== null) {
      if (event.kind === EventKind.TIMEOUT && event.rule === TimeoutRule.BOT) standIn = "time";
      else if (event.kind === EventKind.TAKEOVER && standIn !== "time") standIn = "away";
      else if (event.kind === EventKind.RETURNED && !finishedRecord) standIn = null; // back in time to play
    }
    if (event.kind === EventKind.TAKEOVER) {
      if (info) info.bot_playing = true;
      const level = event.level ? t(game ? levelTitle(game, event.level) : event.level) : "";
      chat.note(event.seq, level
        ? t("A {0} bot plays {1} now.", level, seatName(event.seat))
        : t("A bot plays {0} now.", seatName(event.seat)));
    }
    if (event.kind === EventKind.RETURNED) {
      if (info) info.bot_playing = false;
      chat.note(event.seq, t("{0} is back.", seatName(event.seat)));
    }
    if (event.kind === EventKind.CLAIMED) chat.note(event.seq, t("{0} claimed the win.", seatName(event.seat)));
    if (event.kind === EventKind.FINISHED && event.record) finishedRecord = event.record;
    if (event.kind === EventKind.REMATCH && event.table_id) {
      // A player keeps their token at the rematch table (the server moves it to their new seat).
      const mine = event.token || token;
      if (mine) rememberSeat(event.table_id, mine);
      const link = mine ? `#/t/${event.table_id}/${mine}` : `#/t/${event.table_id}`;
      fill(rematchBox, h("a", { href: link, class: "button primary" }, t("Go to the rematch table")));
      rematchTable = event.table_id;
      if (view) showControls(view);
    }
    if (event.kind === EventKind.REMATCH_OFFERED && event.seat === seat && seat !== null) {
      rematchAsked = true;
      if (view) showControls(view);
    }
  }

  function onView(message, at) {
    const before = view;
    view = message;
    if (summary) summary.status = message.status;
    if (message.clocks !== undefined) {
      clocks = message.clocks;
      clocksAt = at;
    }
    if (message.presence) presence = message.presence;
    seatsStrip.update({ summary, presence, clocks, receivedAt: clocksAt, status: message.status, seat });
    if (conditionalBox) conditionalBox.update(message, seat);
    board.update(message, { recent: recentMoves() });
    const rows = board.moveRows(message.view) ?? actionRows();
    const total = rows.reduce((n, r) => n + r.cells.length, 0);
    markSinceMine(total);
    // A finished game's moves lead to their step in the replay (none is shown during play:
    // the server replays a table once it is over).
    const link = message.status === TableStatus.FINISHED ? (n) => `#/replay/${encodeURIComponent(tableId)}/${n}` : null;
    renderMoveList(movesRoot, rows, { since: sinceMine, link });
    const moved = Boolean(before) && total > movesShown && moveSound(before, message);
    movesShown = total;
    alertTurn(before, message, moved);
    const lastRow = rows[rows.length - 1];
    const lastMove = lastRow ? lastRow.cells[lastRow.cells.length - 1] : "";
    if (lastMove && lastMove !== spoken.dataset.move) {
      spoken.dataset.move = lastMove;
      spoken.textContent = t("Last move: {0}", lastMove);
    }
    showControls(message);
    showRatings(message);
    if (message.status === TableStatus.WAITING) {
      const invites = invitesOf(tableId);
      fill(links, invites.length
        ? [h("strong", {}, t("Invite links (send one to each player):")),
            h("ul", { class: "invites" }, invites.map((i) => h("li", { class: "invite" },
              h("span", { class: "seat-name" }, t(i.name)), copyButton(i.url, t("Copy invite")))))]
        : null);
    } else if (links.querySelector(".invites")) {
      fill(links);
    }
    if (message.status === TableStatus.FINISHED) finishedLinks();
  }

  /** A finished game's record, replay and (for a game the server analyses) analysis. */
  function finishedLinks() {
    fill(links,
      finishedRecord ? downloadLink(finishedRecord, `regalia-${tableId}.txt`) : null,
      " ", h("a", { href: `#/replay/${tableId}` }, t("Step through the replay")),
      analysable ? [" · ", h("a", { href: `#/replay/${tableId}/analyse`, class: "analyse-link" }, t("Analyse the game"))] : null,
      game && game.report ? [" · ", h("a", { href: `#/report/${tableId}`, class: "report-link" }, t("Game report"))] : null);
  }

  /** The controls and the status line for a view message. */
  function showControls(message) {
    controls.update(message, seat, draw, {
      rematch: rematchTable || (summary && summary.rematch) || null, asked: rematchAsked,
    });
    const note = board.note ? board.note(message.view) : "";
    const claim = message.claimable ? t("your opponent is away: you may claim the win") : "";
    status.textContent = [statusText(message), note, claim].filter(Boolean).join(" — ");
    status.dataset.status = message.status;
    seeking.update(message.status);
    status.classList.toggle("your-turn", isMyTurn(message));
  }

  /** A bot plays the viewer's seat now (their clock ran out, at a table where a bot then
   * plays on): its turns are not theirs to play. */
  const botPlaysMine = () => seat !== null && Boolean(presence && presence[seat] && presence[seat].bot);

  /** Whether the viewer is to act (and no bot acts for them). */
  const isMyTurn = (message) => seat !== null && (message.to_act || []).includes(seat) && !botPlaysMine();

  /** A rated game's rating changes (the view's `ratings`, per seat {player, before, after}):
   * the viewer's own first, then every seat's. A finished rated table the server loaded
   * again from its store sends `ratings: null`; the players' profiles still know them. */
  function showRatings(message) {
    if (!summary || !summary.rated || message.status !== TableStatus.FINISHED) return;
    if (Array.isArray(message.ratings)) {
      drawRatings(message.ratings);
    } else if (ratingsShown === null) {
      ratingsShown = "asked";
      ratingsFromProfiles()
        .then((changes) => { if (changes.some(Boolean)) drawRatings(changes); })
        .catch(() => {}); // nothing to show
    }
  }

  async function ratingsFromProfiles() {
    return Promise.all(summary.seats.map(async (s) => {
      if (!s.player) return null;
      const profile = await playerProfile(s.player).catch(() => null);
      const game = profile && (profile.recent || []).find((g) => g.table === tableId);
      return (game && game.rating_change) || null;
    }));
  }

  function drawRatings(changes) {
    const key = JSON.stringify(changes);
    if (ratingsShown === key) return;
    ratingsShown = key;
    const mine = seat !== null ? changes[seat] : null;
    const who = (i) => summary.seats[i] || {};
    fill(ratingsBox,
      mine ? h("p", { class: `my-rating ${ratingTrend(mine)}` }, t("Your rating: {0}", ratingChangeText(mine))) : null,
      h("ul", { class: "rating-changes", "aria-label": t("rating changes") }, changes.map((change, i) => change
        ? h("li", { "data-seat": i, class: ratingTrend(change) },
            h("strong", {}, who(i).seat_name ? t(who(i).seat_name) : t("seat {0}", i + 1)), " ",
            h("a", { href: `#/player/${encodeURIComponent(change.player)}` },
              who(i).kind === SeatKind.BOT ? botName(game, who(i).level) : who(i).name || t("player")), " ",
            h("span", { class: "rating-delta" }, ratingChangeText(change)))
        : null)));
    ratingsBox.hidden = false;
  }

  /** A visitor with an invite link to a rated table: a player first (a guest, or signed in),
   * then the table. Signing in from the header works too. */
  function askForPlayer(gameTitle) {
    if (needPlayer) return;
    needPlayer = true;
    const intro = gameTitle
      ? t("{0} at table {1} is rated: every player is a signed-in player, so the result counts for their rating.", gameTitle, tableId)
      : t("Table {0} is rated: every player is a signed-in player, so the result counts for their rating.", tableId);
    const guest = guestForm({ intro: t("Play as a guest — your name:") });
    const signing = signInForm({ intro: t("Or sign in, if you set a password:") });
    fill(nameBox, h("div", { class: "player-ask" },
      h("p", { class: "player-ask-intro" }, intro),
      guest.form, signing.form));
    nameBox.hidden = false;
    body.hidden = true;
    guest.input.focus();
  }

  /** The visitor became a player (here or in the header): take the seat as them. */
  function onPlayerChanged() {
    if (!needPlayer || !currentPlayer()) return;
    needPlayer = false;
    fill(nameBox);
    nameBox.hidden = true;
    body.hidden = false;
    if (socket) socket.reconnect();
    else connect();
  }
  window.addEventListener(PLAYER_CHANGED, onPlayerChanged);

  /** Where the moves since the player's own last one begin in a list of `total` moves. */
  function markSinceMine(total) {
    if (seat === null) {
      sinceMine = null;
    } else {
      const last = newActions.map((e) => e.seat).lastIndexOf(seat);
      // Their move, then the actions that came after it in the same batch.
      if (last >= 0) sinceMine = Math.max(0, total - (newActions.length - 1 - last));
      else if (sinceMine === null) sinceMine = 0; // no move of theirs yet: every move is news
    }
    newActions = [];
  }

  /** A new move's sound: what the board says it was (`capture`, `check` for a king attacked
   * after it), else `move`. */
  function moveSound(before, message) {
    const kind = (board.moveSound && board.moveSound(before.view, message.view)) || "move";
    return playSound(kind);
  }

  /** A sound, the tab title and a notification when it becomes the player's turn (after the
   * move's own sound, `moved`); a sound when the game ends. The first view only sets the
   * title: nothing changed for the player. */
  function alertTurn(before, message, moved = false) {
    const myTurn = (m) => Boolean(m) && m.status === TableStatus.PLAYING && isMyTurn(m);
    const mine = myTurn(message);
    setTitle(baseTitle, mine);
    if (!before) return;
    if (mine && !myTurn(before)) {
      playSound("turn", moved ? 0.25 : 0);
      const vote = board.verb && board.verb(message.view) === "vote";
      const what = summary ? summary.title : "Regalia";
      notifyHidden(vote ? t("Your vote — {0}", what) : t("Your move — {0}", what), t("Table {0}: it is your turn.", tableId));
    } else if (message.status === TableStatus.FINISHED && before.status !== TableStatus.FINISHED) {
      playSound("end", moved ? 0.25 : 0);
    }
  }

  /** The moves made since the player's own last one, oldest first ({seat, action, text}),
   * from the action events: the board shows them all, not only the last. A spectator gets
   * none (the board's own last-move mark is theirs). */
  function recentMoves() {
    if (seat === null) return [];
    const all = [...actions.values()];
    let start = 0;
    for (let i = all.length - 1; i >= 0; i--) {
      if (all[i].seat === seat) {
        start = i + 1;
        break;
      }
    }
    return all.slice(start).filter((e) => !e.hidden && e.action).map((e) => ({ seat: e.seat, action: e.action, text: e.text }));
  }

  /** The move list from the action events: for boards whose view keeps no history. */
  function actionRows() {
    const secret = t("(secret)"); // another seat's hidden action
    const names = summary ? seatNames(game, summary.players) : [];
    return [...actions.values()].map((e, i) => ({
      label: `${i + 1}.`,
      cells: [t("{0}: {1}", names[e.seat] !== undefined ? t(names[e.seat]) : e.seat, e.hidden ? secret : e.text ?? e.action)],
    }));
  }

  function statusText(message) {
    const names = summary ? summary.seats.map((s) => t(s.seat_name)) : [];
    if (message.status === TableStatus.WAITING) {
      const open = summary ? summary.seats.filter((s) => s.kind === SeatKind.OPEN && !s.joined).length : 0;
      const rated = summary && summary.rated;
      if (open === 1) {
        return rated
          ? t("Waiting for players: 1 open seat, which anyone may take from the lobby (a rated table: each plays as a signed-in player)…")
          : t("Waiting for players: 1 open seat, which anyone may take from the lobby…");
      }
      if (open) {
        return rated
          ? t("Waiting for players: {0} open seats, which anyone may take from the lobby (a rated table: each plays as a signed-in player)…", open)
          : t("Waiting for players: {0} open seats, which anyone may take from the lobby…", open);
      }
      return rated
        ? t("Waiting for every player to join (a rated table: each plays as a signed-in player)…")
        : t("Waiting for every player to join…");
    }
    if (message.status === TableStatus.EXPIRED) return t("This table expired before every seat was taken.");
    if (message.result) return resultText(message.result, summary ? summary.seats.map((s) => s.seat_name) : [], seat, board.reason, standIn);
    const acting = message.to_act || [];
    // What a turn is called ("move", or e.g. "vote" in a secret round): the board knows.
    const vote = board.verb && board.verb(message.view) === "vote";
    if (seat !== null && acting.includes(seat)) {
      if (botPlaysMine()) return vote ? t("A bot plays your vote") : t("A bot plays your move");
      return vote ? t("Your vote") : t("Your move");
    }
    // "Black (Casual bot) to move", "Green and Blue to vote": a player's name once, never nested.
    const who = acting.map((s) => (playerNames()[s] ? t("{0} ({1})", names[s], playerNames()[s]) : names[s]));
    if (!who.length) return "";
    return vote ? t("{0} to vote", listText(who)) : t("{0} to move", listText(who));
  }

  let retried = false; // a refused token was tried again once: with the player's key, or none
  function connect() {
    socket = connectTable(tableId, {
      token,
      name: playerName(),
      onMessage: handle,
      onStatus: (state, code) => {
        conn.dataset.state = state;
        // The viewer's own seat is not online while this page is not connected.
        seatsStrip.update({ offline: state !== "connected" });
        // A lost socket loses its answers: what was in flight is settled by the replayed log.
        if (state !== "connected") inFlight.length = 0;
        if (state === "refused" && code === CloseCode.BAD_TOKEN && token && !retried) {
          retried = true;
          takeSeatAgainOrWatch(code);
          return;
        }
        const words = { connecting: t("connecting"), connected: t("connected"), disconnected: t("disconnected") };
        if (state === "refused") refused(code);
        else conn.textContent = words[state] || state;
      },
    });
  }

  /** A seat token revoked (its player signed out everywhere or changed their password):
   * signed in, the player takes the seat again with their key; anyone else watches. A token
   * of a seat no player holds was never valid: the invite link is refused. */
  function takeSeatAgainOrWatch(code) {
    const stale = token;
    getTable(tableId).then((table) => {
      if (!table.seats.some((s) => s.player)) throw new Error("not a player's seat");
      token = null;
      return currentPlayer() ? takeSeatAgain(tableId).then((a) => a.token).catch(() => null) : null;
    }).then((fresh) => {
      token = fresh || null;
      if (token) rememberSeat(tableId, token);
      else if (seatToken(tableId) === stale) rememberSeat(tableId, null);
      connect();
    }).catch(() => refused(code));
  }

  /** The server refused this page's socket for good. */
  function refused(code) {
    const badToken = code === CloseCode.BAD_TOKEN;
    conn.textContent = badToken ? t("invalid invite link") : t("refused");
    showAlert(badToken
      ? t("This invite link's token is not valid for this table.")
      : t("The server refused the connection."));
  }

  getTable(tableId)
    .then((table) => {
      // A rated table still waiting for players seats only signed-in ones.
      if (token && table.rated && table.status === TableStatus.WAITING && !currentPlayer()) {
        title.textContent = t("{0} · table {1}", table.title, table.id);
        conn.textContent = "";
        askForPlayer(table.title);
        return;
      }
      if (!askName) {
        connect();
        return;
      }
      // A small form instead of the board until the invited player says who they are.
      title.textContent = t("{0} · table {1}", table.title, table.id);
      conn.textContent = "";
      const mine = table.seats.filter((s) => s.kind !== SeatKind.BOT && !s.joined).map((s) => t(s.seat_name));
      const intro = mine.length === 1
        ? t("You are invited to play {0} as {1}. Your name:", table.title, mine[0])
        : t("You are invited to play {0}. Your name:", table.title);
      const { form, input } = nameForm(intro, t("Join the table"), () => {
        nameBox.hidden = true;
        body.hidden = false;
        fill(nameBox);
        connect();
      });
      fill(nameBox, form);
      nameBox.hidden = false;
      body.hidden = true;
      input.focus();
    })
    .catch((err) => {
      // Nothing to connect to: say so in the header too, and show no empty table.
      const missing = err.code === ErrorCode.UNKNOWN_TABLE;
      conn.dataset.state = "refused";
      conn.textContent = missing ? t("no such table") : t("cannot load");
      body.hidden = true;
      showAlert(missing ? t("There is no table {0}.", tableId) : t("Cannot load table {0}: {1}", tableId, err.message), { sticky: true });
      fill(nameBox, h("p", {}, h("a", { href: "#/" }, t("Back to the lobby")), t(" to start or find a table.")));
      nameBox.hidden = false;
    });

  return {
    destroy() {
      window.removeEventListener(PLAYER_CHANGED, onPlayerChanged);
      clearTimeout(alertTimer);
      fitting.destroy();
      textMode.destroy();
      seeking.destroy();
      seatsStrip.destroy();
      setTitle("Regalia", false);
      if (socket) socket.close();
    },
    get view() {
      return view;
    },
  };
}
