// The games the server offers (GET /api/games), loaded once per page and shared: every
// per-game fact the pages need (permissions, hints, seats, teams, bot levels) comes from here.

import { listGames } from "./api.js";
import { t } from "./i18n.js";

let loading = null;

/** Every game's descriptor, in the server's order. */
export function allGames() {
  if (!loading) {
    loading = listGames().catch((err) => {
      loading = null; // a failed load is tried again next time
      throw err;
    });
  }
  return loading;
}

/** One game's descriptor; rejects for a game the server does not know. */
export async function gameInfo(name) {
  const game = (await allGames()).find((g) => g.name === name);
  if (!game) throw new Error(t("the server offers no game {0}", name));
  return game;
}

/** The seats' names for a number of players. */
export function seatNames(game, players) {
  const names = game.seat_names && game.seat_names[String(players)];
  return names || Array.from({ length: players }, (_, i) => t("Seat {0}", i + 1));
}

/** Whether two seats win and lose together (every seat alone unless the game has teams). */
export function sameTeam(game, players, a, b) {
  if (a === b) return true;
  const teams = (game.teams && game.teams[String(players)]) || [];
  return teams.some((team) => team.includes(a) && team.includes(b));
}

// Titles that name a strength, weakest first: a game's levels titled only with these are
// offered in this order, whatever order the descriptor lists them in.
const STRENGTHS = ["beginner", "novice", "easy", "casual", "intermediate", "medium", "strong", "hard", "expert", "master"];

/** The game's bot levels, weakest first: by the strength their titles name when every
 * title names one, otherwise in the descriptor's order (which is weakest first). */
export function levelsByStrength(game) {
  const levels = [...(game.levels || [])];
  // Levels the calibrated ladder rated (the server sends them weakest first) go by rating.
  if (levels.length && levels.every((l) => typeof l.rating === "number")) {
    return levels.sort((a, b) => a.rating - b.rating);
  }
  const rank = (l) => STRENGTHS.indexOf(String(l.title || "").toLowerCase());
  if (!levels.length || levels.some((l) => rank(l) < 0)) return levels;
  return levels.sort((a, b) => rank(a) - rank(b));
}

/** A bot level's display title ("Strong" for "strong"); its name when the game lacks it. */
export function levelTitle(game, name) {
  const level = (game.levels || []).find((l) => l.name === name);
  return (level && level.title) || name;
}

/** A level as the lobby offers it: "Level 3 · about 1350" (its title, and its calibrated
 * rating when it has one), in the page's language. */
export function levelLabel(level) {
  const title = t(level.title || level.name);
  return typeof level.rating === "number" ? t("{0} · about {1}", title, level.rating) : title;
}

/** What players call a bot of a level: "Casual bot" (the game's title for it, never the
 * level's technical name), in the page's language. */
export function botName(game, level) {
  return t("{0} bot", t(game ? levelTitle(game, level) : level));
}
