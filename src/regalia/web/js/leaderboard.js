// A game's leaderboard (GET /api/leaderboard/{game}): rank, player (a link to the profile),
// rating, games played and a "provisional" mark, a page at a time, with a tab per game.
// Route: #/leaderboard/{game}[/{page}]; #/leaderboard shows the first game's.

import { h, fill } from "./dom.js";
import { leaderboard } from "./api.js";
import { allGames, botName } from "./games.js";
import { ErrorCode } from "./protocol.js";
import { currentPlayer } from "./store.js";
import { provisionalMark } from "./rating.js";
import { t } from "./i18n.js";

export const PER_PAGE = 50;

export const leaderboardLink = (game, page = 1) =>
  `#/leaderboard/${encodeURIComponent(game)}` + (page > 1 ? `/${page}` : "");

export function showLeaderboard(root, gameName, pageNumber) {
  const page = Math.max(1, Math.floor(Number(pageNumber) || 1));
  const title = h("h2", {}, t("Leaderboard"));
  const tabs = h("nav", { class: "game-tabs", "aria-label": t("leaderboards of the games") });
  const body = h("div", { class: "leaderboard-body" }, h("p", {}, t("Loading the leaderboard…")));
  fill(root, h("div", { class: "leaderboard-page" },
    h("header", { class: "table-head" }, title, h("a", { href: "#/", class: "back" }, t("Lobby"))),
    tabs,
    body));
  let gone = false;

  allGames()
    .then(async (games) => {
      const game = gameName ? games.find((g) => g.name === gameName) : games[0];
      fill(tabs, games.map((g) => h("a", {
        href: leaderboardLink(g.name), class: "game-tab", "aria-current": g === game ? "page" : undefined,
      }, g.title)));
      if (!game) {
        fill(body, h("p", { class: "alert", role: "alert" }, t("There is no game {0}.", gameName)));
        return;
      }
      title.textContent = t("Leaderboard · {0}", game.title);
      document.title = t("{0} leaderboard · Regalia", game.title);
      const rows = await leaderboard(game.name, page, PER_PAGE);
      if (!gone) fill(body, board(game, rows, page));
    })
    .catch((err) => {
      if (gone) return;
      const text = err.code === ErrorCode.UNKNOWN_GAME ? t("There is no game {0}.", gameName) : t("Cannot load the leaderboard: {0}", err.message);
      fill(body, h("p", { class: "alert", role: "alert" }, text));
    });

  return {
    destroy() {
      gone = true;
      document.title = "Regalia";
    },
  };
}

function board(game, rows, page) {
  const me = currentPlayer();
  const first = (page - 1) * PER_PAGE;
  const pager = h("nav", { class: "pager", "aria-label": t("pages") },
    page > 1 ? h("a", { href: leaderboardLink(game.name, page - 1), class: "button prev-page", rel: "prev" }, t("‹ Better ratings")) : null,
    h("span", { class: "page-number" }, t("Page {0}", page)),
    rows.length === PER_PAGE ? h("a", { href: leaderboardLink(game.name, page + 1), class: "button next-page", rel: "next" }, t("Lower ratings ›")) : null);
  const explain = h("p", { class: "muted" },
    t("Every rated game moves its players' ratings; a newcomer starts at 1000 and the number grows as the ratings grow sure of them. Bots play rated games too, one player per level."));
  if (!rows.length) {
    return [explain, h("p", { class: "empty-board" }, page > 1
      ? t("No more players.")
      : t("Nobody has played a rated game of {0} yet. Create a rated table in the lobby (sign in or play as a guest first).", game.title)),
    page > 1 ? pager : null];
  }
  return [
    explain,
    h("div", { class: "wide-table" },
      h("table", { class: "leaderboard" },
        h("thead", {}, h("tr", {},
          h("th", { scope: "col", class: "rank" }, "#"),
          h("th", { scope: "col" }, t("Player")),
          h("th", { scope: "col", class: "num" }, t("Rating")),
          h("th", { scope: "col", class: "num" }, t("Games")))),
        h("tbody", {}, rows.map((row, i) => h("tr", {
          "data-player": row.player, class: me && me.id === row.player ? "you" : undefined,
        },
          h("td", { class: "rank" }, String(first + i + 1)),
          h("td", { class: "player" },
            h("a", { href: `#/player/${encodeURIComponent(row.player)}` }, row.level ? botName(game, row.level) : row.name),
            me && me.id === row.player ? h("span", { class: "muted" }, t(" (you)")) : null),
          h("td", { class: "num rating" }, String(row.rating), " ", provisionalMark(row.provisional)),
          h("td", { class: "num played" }, String(row.games))))))),
    pager,
  ];
}
