// A player's profile (GET /api/players/{id}): their name, their rating in each game they
// played rated (with the games played and a provisional mark) and their recent games: the
// result, the rating change and a link to the replay (or to the table while it is played).
// Route: #/player/{id}.

import { h, fill } from "./dom.js";
import { playerProfile, ratingHistory } from "./api.js";
import { seasonPodiums } from "./tournaments.js";
import { allGames, botName, seatNames } from "./games.js";
import { ErrorCode, Outcome, TableStatus } from "./protocol.js";
import { currentPlayer } from "./store.js";
import { provisionalMark, ratingChangeText, ratingTrend } from "./rating.js";
import { leaderboardLink } from "./leaderboard.js";
import { playerActions } from "./people.js";
import { language, t, translated } from "./i18n.js";

const RESULT = () => ({ [Outcome.WIN]: t("Won"), [Outcome.LOSS]: t("Lost"), [Outcome.DRAW]: t("Draw") });
const STATUS = () => ({
  [TableStatus.WAITING]: t("waiting for players"),
  [TableStatus.PLAYING]: t("in play"),
  [TableStatus.EXPIRED]: t("never started"),
});

export function showProfile(root, playerId) {
  const box = h("div", { class: "profile-page" }, h("p", {}, t("Loading the profile…")));
  fill(root, box);
  let gone = false;
  // The history only adds the charts: a profile shows without it (the chart's module is
  // loaded here, not with the lobby's first visit).
  const history = Promise.all([ratingHistory(playerId), import("./rating-chart.js")]).catch(() => [null, null]);
  Promise.all([playerProfile(playerId), allGames().catch(() => []), history])
    .then(([profile, games, [ratings, chart]]) => {
      if (gone) return;
      document.title = `${profile.name} · Regalia`;
      fill(box, page(profile, games, ratings, chart));
    })
    .catch((err) => {
      if (gone) return;
      const text = err.code === ErrorCode.UNKNOWN_PLAYER ? t("There is no such player.") : t("Cannot load the profile: {0}", err.message);
      fill(box, h("header", { class: "table-head" }, h("h2", {}, t("Player")), h("a", { href: "#/", class: "back" }, t("Lobby"))),
        h("p", { class: "alert", role: "alert" }, text));
    });
  return {
    destroy() {
      gone = true;
      document.title = "Regalia";
    },
  };
}

/** A seat's name when the game's seats are named the same whatever the player count. */
function seatName(game, seat) {
  if (!game) return t("seat {0}", seat + 1);
  const names = new Set();
  for (let n = Math.max(seat + 1, game.min_players); n <= game.max_players; n++) names.add(seatNames(game, n)[seat]);
  return names.size === 1 ? t([...names][0]) : t("seat {0}", seat + 1);
}

function when(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" });
}

/** A bot's name as players know it ("Casual bot"), from the first game that rates it. */
function botTitle(profile, gameOf) {
  if (!profile.bot) return null;
  const [game, entry] = Object.entries(profile.ratings || {}).find(([, r]) => r.level) || [];
  return entry ? botName(gameOf(game), entry.level) : null;
}

function page(profile, games, history, chart) {
  const me = currentPlayer();
  const mine = me && me.id === profile.id;
  const gameOf = (name) => games.find((g) => g.name === name);
  const titleOf = (name) => (gameOf(name) ? gameOf(name).title : name);
  const ratings = Object.entries(profile.ratings || {});
  const recent = profile.recent || [];
  return [
    h("header", { class: "table-head" },
      h("h2", { class: "profile-name" }, botTitle(profile, gameOf) || profile.name),
      profile.bot ? h("span", { class: "badge" }, t("bot")) : null,
      mine ? h("span", { class: "badge you-badge" }, t("you")) : null,
      h("a", { href: "#/", class: "back" }, t("Lobby"))),
    profile.bot ? h("p", { class: "muted" }, t("A bot level: it plays rated games as one player, so the ladder has fixed landmarks.")) : null,
    playerActions(profile, games),
    h("h3", {}, t("Ratings")),
    ratings.length
      ? h("div", { class: "wide-table" }, h("table", { class: "profile-ratings" },
          h("thead", {}, h("tr", {},
            h("th", { scope: "col" }, t("Game")), h("th", { scope: "col", class: "num" }, t("Rating")),
            h("th", { scope: "col", class: "num" }, t("Games")))),
          h("tbody", {}, ratings.map(([game, r]) => h("tr", { "data-game": game },
            h("th", { scope: "row" }, h("a", { href: leaderboardLink(game), title: t("the leaderboard") }, titleOf(game))),
            h("td", { class: "num rating" }, String(r.rating), " ", provisionalMark(r.provisional)),
            h("td", { class: "num played" }, String(r.games)))))))
      : h("p", { class: "muted no-ratings" }, t("No rated games yet.")),
    charts(history, titleOf, chart),
    seasonPodiums(profile.id, titleOf),
    h("h3", {}, t("Recent games")),
    recent.length
      ? h("ol", { class: "recent-games" }, recent.map((g) => recentGame(g, gameOf(g.game), titleOf(g.game))))
      : h("p", { class: "muted" }, t("No games yet.")),
  ];
}

/** A rating-history chart per game played rated (the history's games with a game in them). */
function charts(history, titleOf, chart) {
  const games = Object.entries((history && history.games) || {}).filter(([, points]) => points.length > 1);
  if (!games.length || !chart) return null;
  return h("section", { class: "rating-histories", "aria-label": t("Rating history") },
    h("h3", {}, t("Rating history")),
    h("div", { class: "rating-chart-list" }, games.map(([game, points]) => chart.ratingChart(game, titleOf(game), points))));
}

function recentGame(g, game, title) {
  const result = g.outcome
    ? h("span", { class: `outcome ${g.outcome}` }, RESULT()[g.outcome] || g.outcome)
    : h("span", { class: "outcome none" }, STATUS()[g.status] || g.status);
  const change = g.rating_change
    ? h("span", { class: `rating-delta ${ratingTrend(g.rating_change)}`, title: t("rating before → after") },
        t("Rating {0}", ratingChangeText(g.rating_change)))
    : null;
  let link = null;
  if (g.replay) link = h("a", { href: g.replay, class: "replay-link" }, t("Replay"));
  else if (g.status === TableStatus.PLAYING || g.status === TableStatus.WAITING) link = h("a", { href: `#/t/${encodeURIComponent(g.table)}` }, t("Watch"));
  return h("li", { class: "recent-game", "data-table": g.table },
    h("div", { class: "recent-head" },
      h("strong", {}, title), " ", t("as {0}", seatName(game, g.seat)), " · ", result,
      g.rated ? h("span", { class: "badge rated-badge" }, t("rated")) : null),
    g.reason ? h("div", { class: "muted reason" }, translated(g.reason)) : null,
    h("div", { class: "recent-foot" }, h("span", { class: "muted" }, when(g.created_at)), change, link));
}
