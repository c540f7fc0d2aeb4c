// My games: every unfinished table of this browser's player (a guest or signed in), the ones
// waiting for their move marked "your turn", with time left and the last move, Resume and
// Leave/Abandon (GET /api/players/me/games). The header's badge ("3 games wait for you")
// counts the tables where it is the player's turn; it asks again every minute, when the
// player changes and when the page is shown again. The page also declares a vacation, which
// stops the player's turn-based clocks (POST /api/players/me/vacation).

import { h, fill } from "./dom.js";
import { leaveMyGame, myGames, myVacation, takeVacation } from "./api.js";
import { currentPlayer, PLAYER_CHANGED } from "./store.js";
import { formatClock, timeControlText } from "./clocks.js";
import { t, tn } from "./i18n.js";

const REFRESH_MS = 60_000;
const badges = new Set(); // update(answer) of each badge mounted
let last = null; // the last answer, so a page opened now draws it at once

async function refresh() {
  if (!currentPlayer()) {
    last = null;
  } else {
    try {
      last = await myGames();
    } catch {
      return; // offline or a refused key: the badge keeps what it showed
    }
  }
  badges.forEach((update) => update(last));
  return last;
}

/** The header's count of games waiting for the player's move: a link to My games. */
export function mountMyGamesBadge(link) {
  const update = (answer) => {
    const count = answer ? answer.my_turn : 0;
    link.hidden = !answer || !answer.games.length;
    link.textContent = count
      ? tn(count, "{0} game waits for you", "{0} games wait for you", count)
      : t("My games");
    link.classList.toggle("my-turn", count > 0);
  };
  badges.add(update);
  update(last);
  refresh();
  setInterval(refresh, REFRESH_MS);
  window.addEventListener(PLAYER_CHANGED, refresh);
  window.addEventListener("hashchange", refresh);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
}

function seatsText(summary, mySeat) {
  return summary.seats
    .filter((s) => s.seat !== mySeat)
    .map((s) => s.name || t(s.seat_name))
    .join(", ");
}

function row(game, redraw) {
  const summary = game.table;
  const waiting = summary.status === "waiting";
  const error = h("span", { class: "error", role: "alert" });
  const leave = h("button", { type: "button", class: "leave" }, waiting ? t("Leave") : t("Abandon"));
  leave.addEventListener("click", async () => {
    const question = waiting ? t("Leave this table?") : t("Abandon this game? It counts as resigning.");
    if (!window.confirm(question)) return;
    leave.disabled = true;
    try {
      await leaveMyGame(summary.id);
      redraw();
    } catch (err) {
      error.textContent = err.message;
      leave.disabled = false;
    }
  });
  const facts = [
    t(summary.title),
    summary.clock ? timeControlText(summary.clock) : t("untimed"),
    waiting ? t("waiting for players") : t("against {0}", seatsText(summary, game.seat)),
  ];
  const left = game.time_left_ms === null ? null
    : h("span", { class: "time-left" }, t("{0} left", formatClock(game.time_left_ms)));
  const hidden = t("hidden");
  const lastMove = game.last_move
    ? h("span", { class: "last-move muted" }, t("last move: {0}", game.last_move.text ?? hidden))
    : null;
  return h("li", { class: `my-game${game.my_turn ? " my-turn" : ""}`, "data-table": summary.id },
    game.my_turn ? h("strong", { class: "turn-marker" }, t("your turn")) : null,
    h("span", { class: "my-game-facts" }, facts.join(" · ")),
    left, lastMove,
    h("span", { class: "my-game-actions" },
      h("a", { class: "button resume", href: `#/t/${encodeURIComponent(summary.id)}` }, t("Resume")),
      leave, error));
}

function vacationForm(onDone) {
  const status = h("p", { class: "muted vacation-status" });
  const days = h("input", { type: "number", name: "vacation-days", min: 1, max: 30, value: 3, inputmode: "numeric" });
  const error = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "vacation-form" },
    h("label", {}, t("Vacation days "), days),
    h("button", { type: "submit" }, t("Go on vacation")), error, status);
  const show = (answer) => {
    status.textContent = answer.until
      ? t("On vacation until {0}; {1} days left this year.", new Date(answer.until).toLocaleString(), answer.days_left)
      : t("{0} vacation days left this year: your turn-based clocks stand still meanwhile.", answer.days_left);
  };
  myVacation().then(show).catch(() => {});
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      show(await takeVacation(Number(days.value)));
      onDone();
    } catch (err) {
      error.textContent = err.message;
    }
  });
  return form;
}

/** The My games page (#/games). */
export function showMyGames(main) {
  const list = h("ol", { class: "my-games", "aria-live": "polite" });
  const note = h("p", { class: "muted" });
  let alive = true;
  const draw = (answer) => {
    if (!alive) return;
    if (!currentPlayer()) {
      note.textContent = t("Play as a guest or sign in (at the top) to see your games here.");
      list.replaceChildren();
      return;
    }
    const games = answer ? answer.games : [];
    note.textContent = games.length ? "" : t("No unfinished games. Start one in the lobby.");
    fill(list, games.map((g) => row(g, redraw)));
  };
  const redraw = async () => draw((await refresh()) ?? last);
  badges.add(draw);
  fill(main, h("section", { class: "my-games-page" },
    h("h1", {}, t("My games")), note, list,
    currentPlayer() ? vacationForm(redraw) : null));
  draw(last);
  redraw();
  return { destroy() { alive = false; badges.delete(draw); } };
}

/** The lobby's My games section: the player's unfinished tables, "your turn" first, each
 * with Resume, and a link to the page (hidden when there are none). */
export function myGamesSection() {
  const list = h("ul", { class: "my-games-brief" });
  const section = h("section", { class: "my-games-lobby", hidden: true, "aria-label": t("My games") },
    h("h2", {}, h("a", { href: "#/games" }, t("My games"))), list);
  const draw = (answer) => {
    if (!section.isConnected && section.dataset.shown) {
      badges.delete(draw); // the lobby was left
      return;
    }
    section.dataset.shown = "1";
    const games = answer ? [...answer.games].sort((a, b) => Number(b.my_turn) - Number(a.my_turn)) : [];
    section.hidden = !games.length;
    fill(list, games.map((g) => h("li", { class: g.my_turn ? "my-turn" : "", "data-table": g.table.id },
      g.my_turn ? h("strong", { class: "turn-marker" }, t("your turn")) : null, " ",
      t(g.table.title), " · ", g.table.clock ? timeControlText(g.table.clock) : t("untimed"), " ",
      h("a", { class: "resume", href: `#/t/${encodeURIComponent(g.table.id)}` }, t("Resume")))));
  };
  badges.add(draw);
  draw(last);
  return section;
}
