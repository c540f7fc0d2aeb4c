// Tournaments (docs/server.md, "Tournaments"; docs/web.md): the list (#/tournaments) with a
// form to make one, and a tournament's page (#/tournaments/{id}[?invite=…]) with its live
// standings, each round's pairings and tables (watch any), a countdown to its start, Join /
// Leave / Withdraw, the organiser's Start now / Pause / Resume / Cancel, the player's next
// game opening by itself when a round pairs them, and the podium at the end. The page
// follows the tournament's WebSocket (/api/ws/tournaments/{id}).

import { h, fill } from "./dom.js";
import { guestForm } from "./account.js";
import { ApiError, takeSeatAgain } from "./api.js";
import { allGames, levelTitle } from "./games.js";
import { currentPlayer, PLAYER_CHANGED, rememberSeat } from "./store.js";
import { t } from "./i18n.js";

const ORGANISER_KEY = "regalia.organiser"; // {tournament id: organiser token} made here
const OPENED_KEY = "regalia.tournamentGames"; // tables already opened for the player
const SEATED_KEY = "regalia.tournamentSeats"; // tables whose seat the player took from here
const seating = new Map(); // table: the taking of its seat, while it is under way
const opening = new Set(); // tables being opened by themselves now
const FORMATS = ["swiss", "arena", "round_robin"];

async function call(method, path, body, headers = {}) {
  const player = currentPlayer();
  const all = { Accept: "application/json", ...headers };
  if (body !== undefined) all["Content-Type"] = "application/json";
  if (player) all["X-Player-Key"] = player.key;
  const response = await fetch(path, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(error.code || "http", error.message || `${response.status}`, response.status);
  }
  return data;
}

function remembered(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "{}");
  } catch {
    return {};
  }
}

function remember(key, id, value) {
  const all = remembered(key);
  all[id] = value;
  localStorage.setItem(key, JSON.stringify(all));
}

const formatName = (format) => ({ swiss: t("Swiss"), arena: t("Arena"), round_robin: t("Round-robin") }[format] || format);
const statusName = (status) =>
  ({ upcoming: t("upcoming"), running: t("running"), finished: t("finished"), cancelled: t("cancelled") }[status] || status);

/** The list of tournaments and the form that makes one (#/tournaments). */
export function showTournaments(root) {
  const lists = h("div", { class: "tournament-lists" }, h("p", {}, t("Loading…")));
  const error = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "tournament-form" });
  fill(root, h("div", { class: "tournaments-page" },
    h("header", { class: "table-head" }, h("h2", {}, t("Tournaments")), h("a", { href: "#/", class: "back" }, t("Lobby"))),
    lists, h("h3", {}, t("New tournament")), form, error));
  call("GET", "/api/tournaments").then((all) => {
    fill(lists, ["upcoming", "running", "finished"].map((status) => h("section", { class: `tournament-list ${status}` },
      h("h3", {}, statusName(status)),
      all[status].length
        ? h("ul", {}, all[status].map((one) => h("li", {},
          h("a", { href: `#/tournaments/${encodeURIComponent(one.id)}` }, one.name || t("{0} tournament", formatName(one.format))),
          " · ", t("{0} entrants", one.entrants))))
        : h("p", { class: "muted" }, t("none")))));
  }).catch((err) => { error.textContent = err.message; });
  allGames().then((games) => drawForm(form, games, error));
  return { destroy() {} };
}

function drawForm(form, games, error) {
  const game = h("select", { name: "game" }, games.map((g) => h("option", { value: g.name }, g.title)));
  const format = h("select", { name: "format" }, FORMATS.map((f) => h("option", { value: f }, formatName(f))));
  const name = h("input", { type: "text", name: "name", maxlength: 60, placeholder: t("Name (optional)") });
  const rounds = h("input", { type: "number", name: "rounds", min: 1, max: 30, value: 3 });
  const minutes = h("input", { type: "number", name: "minutes", min: 1, max: 600, value: 30 });
  const seats = h("input", { type: "number", name: "players_per_table", min: 2, max: 8 });
  const bots = h("input", { type: "number", name: "bots", min: 0, max: 32, value: 0 });
  const level = h("select", { name: "level" });
  const start = h("input", { type: "number", name: "start_in", min: 0, max: 10080, value: 5 });
  const labelled = (text, input) => h("label", {}, text, " ", input);
  const roundsRow = labelled(t("Rounds"), rounds);
  const minutesRow = labelled(t("Minutes"), minutes);
  const seatsRow = labelled(t("Players per table"), seats);
  const update = () => {
    const chosen = games.find((g) => g.name === game.value);
    roundsRow.hidden = format.value !== "swiss";
    minutesRow.hidden = format.value !== "arena";
    seatsRow.hidden = chosen.min_players === chosen.max_players;
    seats.min = chosen.min_players;
    seats.max = chosen.max_players;
    seats.value = chosen.default_players;
    fill(level, chosen.bot_levels.map((l) => h("option", { value: l }, levelTitle(chosen, l))));
  };
  game.addEventListener("change", update);
  format.addEventListener("change", update);
  fill(form, labelled(t("Game"), game), labelled(t("Format"), format), name, roundsRow, minutesRow, seatsRow,
    labelled(t("Bots"), bots), labelled(t("Bot level"), level), labelled(t("Starts in (minutes)"), start),
    h("button", { type: "submit", class: "primary" }, t("Create the tournament")));
  update();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const chosen = games.find((g) => g.name === game.value);
    const body = {
      game: game.value, format: format.value, name: name.value.trim(),
      entrants: Array.from({ length: Number(bots.value) || 0 }, () => ({ kind: "bot", level: level.value })),
      starts_at: new Date(Date.now() + 60_000 * Number(start.value || 0)).toISOString(),
    };
    if (format.value === "swiss") body.rounds = Number(rounds.value);
    if (format.value === "arena") body.minutes = Number(minutes.value);
    if (chosen.min_players !== chosen.max_players) body.players_per_table = Number(seats.value);
    try {
      const made = await call("POST", "/api/tournaments", body);
      remember(ORGANISER_KEY, made.tournament.id, made.organiser_token);
      location.hash = made.join_link.replace(/^\/#/, "#");
    } catch (err) {
      error.textContent = err.message;
    }
  });
}

/** One tournament's page (#/tournaments/{id}[?invite=…]). */
export function showTournament(root, idAndQuery) {
  const [id, query] = idAndQuery.split("?");
  const invite = new URLSearchParams(query || "").get("invite");
  const head = h("h2", {}, t("Tournament"));
  const facts = h("p", { class: "tournament-facts" });
  const countdown = h("p", { class: "tournament-countdown", role: "timer" });
  const actions = h("div", { class: "tournament-actions" });
  const organiser = h("div", { class: "tournament-organiser" });
  const next = h("p", { class: "tournament-next" });
  const podium = h("ol", { class: "podium", hidden: true });
  const standings = h("table", { class: "tournament-standings" });
  const rounds = h("div", { class: "tournament-rounds" });
  const error = h("p", { class: "error", role: "alert" });
  fill(root, h("div", { class: "tournament-page" },
    h("header", { class: "table-head" }, head, h("a", { href: "#/tournaments", class: "back" }, t("Tournaments"))),
    facts, countdown, podium, next, actions, organiser, error,
    h("h3", {}, t("Standings")), standings, h("h3", {}, t("Rounds")), rounds));
  let view = null;
  let gone = false;
  let socket = null;
  let titles = {}; // game name: its title
  allGames().then((games) => {
    titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
    if (view) draw(view);
  }).catch(() => {});

  const names = () => Object.fromEntries(view.entrants.map((e) => [e.player, e.name]));
  const act = (label, cls, run) => h("button", { type: "button", class: cls, onclick: async () => {
    error.textContent = "";
    try {
      draw(await run());
    } catch (err) {
      error.textContent = err.message;
    }
  } }, label);

  function draw(fresh) {
    if (!fresh || gone) return;
    view = fresh;
    const me = currentPlayer();
    const mine = me && view.entrants.find((e) => e.player === me.id);
    head.textContent = view.name || t("{0} tournament", formatName(view.format));
    document.title = `${head.textContent} · Regalia`;
    const round = view.rounds_total ? t("round {0} of {1}", view.round, view.rounds_total) : t("round {0}", view.round);
    facts.textContent = [titles[view.game] || view.game, formatName(view.format), statusName(view.status), round].join(" · ");
    drawActions(mine);
    drawOrganiser();
    drawPodium();
    drawStandings(me);
    drawRounds();
    openMyGame(me);
  }

  function drawActions(mine) {
    const base = `/api/tournaments/${encodeURIComponent(id)}`;
    const buttons = [];
    if (view.status === "upcoming" && !mine) {
      if (!currentPlayer()) {
        // Every update redraws the page: keep the form shown, or a name being typed is lost.
        if (!actions.querySelector(".guest-form")) {
          fill(actions, guestForm({ intro: t("Choose a name to join this tournament:") }).form);
        }
        return;
      }
      buttons.push(act(t("Join"), "primary join", () => call("POST", `${base}/join`, { invite })));
    } else if (view.status === "upcoming") {
      buttons.push(h("span", { class: "joined" }, t("You are in.")), act(t("Leave"), "leave", () => call("POST", `${base}/leave`)));
    } else if (view.status === "running" && mine && !mine.withdrawn) {
      buttons.push(act(t("Withdraw"), "withdraw", () => call("POST", `${base}/withdraw`)));
    }
    fill(actions, buttons);
  }

  function drawOrganiser() {
    const token = remembered(ORGANISER_KEY)[id];
    if (!token || !["upcoming", "running"].includes(view.status)) {
      fill(organiser);
      return;
    }
    const base = `/api/tournaments/${encodeURIComponent(id)}`;
    const headers = { "X-Organiser-Token": token };
    const doing = (action) => () => call("POST", `${base}/${action}`, undefined, headers);
    fill(organiser,
      view.status === "upcoming" ? act(t("Start now"), "start", doing("start")) : null,
      view.paused ? act(t("Resume"), "resume", doing("resume")) : act(t("Pause between rounds"), "pause", doing("pause")),
      act(t("Cancel the tournament"), "cancel", doing("cancel")));
  }

  function drawPodium() {
    podium.hidden = !view.podium.length;
    fill(podium, view.podium.map((row) => h("li", { class: `place-${row.rank}` },
      h("strong", {}, row.name), " ", t("{0} points", row.points))));
  }

  function drawStandings(me) {
    const breaks = view.format === "arena" ? [] : [t("Buchholz"), t("Sonneborn–Berger")];
    fill(standings,
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("Player")), h("th", {}, t("Points")),
        breaks.map((b) => h("th", {}, b)), h("th", {}, t("Games")))),
      h("tbody", {}, view.standings.map((row) => h("tr", { class: me && row.players.includes(me.id) ? "me" : undefined },
        h("td", {}, row.rank),
        h("td", {}, h("a", { href: `#/player/${encodeURIComponent(row.player)}` }, row.name), row.withdrawn ? [" (", t("withdrawn"), ")"] : ""),
        h("td", { class: "points" }, row.points),
        view.format === "arena" ? [] : [h("td", {}, row.tiebreaks.buchholz), h("td", {}, row.tiebreaks.sonneborn_berger)],
        h("td", {}, row.games)))));
  }

  function drawRounds() {
    const who = names();
    fill(rounds, [...view.rounds].reverse().map((round) => h("section", { class: "tournament-round" },
      h("h4", {}, t("Round {0}", round.number)),
      h("ul", {}, round.tables.map((table) => {
        const players = table.seats.map((p) => who[p] || p).join(" – ");
        if (table.bye) return h("li", { class: "bye" }, t("{0}: bye", players));
        const result = table.result ? table.result.scores.join(" – ") : t("playing");
        return h("li", { class: "pairing", "data-table": table.table },
          players, " · ", h("span", { class: "result" }, result), " · ",
          h("a", { href: `#/t/${encodeURIComponent(table.table)}` }, t("Watch")));
      })))));
  }

  async function openMyGame(me) {
    if (!me || view.status !== "running") {
      next.textContent = "";
      return;
    }
    // Every game of hers in play: one, or several at once (a turn-based round-robin
    // makes every round's games at the start).
    const tables = view.rounds.flatMap((r) => r.tables)
      .filter((t_) => !t_.bye && !t_.result && t_.seats.includes(me.id));
    if (!tables.length) {
      fill(next, view.entrants.some((e) => e.player === me.id) ? t("Waiting for your next game…") : "");
      return;
    }
    const open = async (table) => {
      const seat = await takeSeatAgain(table.table);
      rememberSeat(table.table, seat.token);
      remember(OPENED_KEY, table.table, true);
      location.hash = `#/t/${encodeURIComponent(table.table)}/${encodeURIComponent(seat.token)}`;
    };
    const play = (table, label) => h("button", { type: "button", class: "primary open-game", onclick: () => open(table).catch((err) => { error.textContent = err.message; }) }, label);
    if (tables.length === 1) {
      fill(next, t("Your game is ready."), " ", play(tables[0], t("Play")));
    } else {
      fill(next, t("Your games are ready: {0}.", tables.length), " ", ...tables.map((table, i) => play(table, t("Play game {0}", i + 1))));
      // Each table waits only the tournament's grace for her: take every seat now.
      // A redraw while seats are being taken waits for those too: the first game opens only
      // once every seat is hers (opening it leaves this page, not the seats' requests).
      await Promise.all(tables.filter((t_) => !remembered(SEATED_KEY)[t_.table]).map((table) => {
        if (!seating.has(table.table)) {
          seating.set(table.table, (async () => {
            try {
              rememberSeat(table.table, (await takeSeatAgain(table.table)).token);
              remember(SEATED_KEY, table.table, true);
            } finally {
              seating.delete(table.table);
            }
          })());
        }
        return seating.get(table.table);
      })).catch((err) => { error.textContent = err.message; });
    }
    const first = tables.find((t_) => !remembered(OPENED_KEY)[t_.table]);
    if (first && !gone && !opening.has(first.table)) {
      opening.add(first.table); // one redraw opens it, not each
      open(first).catch((err) => { error.textContent = err.message; }).finally(() => opening.delete(first.table));
    }
  }

  function tick() {
    if (!view || view.status !== "upcoming" || !view.starts_at) {
      countdown.textContent = "";
      return;
    }
    const left = Math.max(0, Math.round((new Date(view.starts_at) - Date.now()) / 1000));
    countdown.textContent = t("Starts in {0}", `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/api/ws/tournaments/${encodeURIComponent(id)}`);
    socket.addEventListener("message", (event) => {
      heard += 1;
      const message = JSON.parse(event.data);
      if (message.type === "tournament") draw(message.tournament);
      else if (message.type === "error") error.textContent = message.message;
    });
    socket.addEventListener("close", () => { if (!gone) setTimeout(connect, 2000); });
  }

  // The socket's views are the newest: a GET answered after one of them was read before it.
  let heard = 0;
  const redraw = () => {
    const asked = heard;
    call("GET", `/api/tournaments/${encodeURIComponent(id)}`)
      .then((fresh) => { if (heard === asked) draw(fresh); else if (view) draw(view); })
      .catch((err) => { error.textContent = err.message; });
  };
  redraw();
  connect();
  const timer = setInterval(tick, 1000);
  window.addEventListener(PLAYER_CHANGED, redraw);
  return {
    destroy() {
      gone = true;
      clearInterval(timer);
      window.removeEventListener(PLAYER_CHANGED, redraw);
      if (socket) socket.close();
      document.title = "Regalia";
    },
  };
}

/** A profile's places on past seasons' podiums (GET /api/players/{id}/podiums); hidden
 * while there are none. */
export function seasonPodiums(playerId, titleOf) {
  const box = h("section", { class: "season-podiums", hidden: true });
  call("GET", `/api/players/${encodeURIComponent(playerId)}/podiums`).then((places) => {
    if (!places.length) return;
    box.hidden = false;
    fill(box, h("h3", {}, t("Season podiums")), h("ul", {}, places.map((p) => h("li", { class: `place-${p.rank}` },
      t("{0}, season {1}: place {2} ({3} points)", titleOf(p.game), p.season, p.rank, p.points)))));
  }).catch(() => {});
  return box;
}
