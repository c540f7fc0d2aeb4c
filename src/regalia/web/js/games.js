// The games the server offers (GET /api/games), loaded once per page and shared: every
// per-game fact the pages need (permissions, hints, seats, teams, bot levels) comes from here.

import { listGames } from "./api.js";

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
  if (!game) throw new Error(`the server offers no game ${name}`);
  return game;
}

/** The seats' names for a number of players. */
export function seatNames(game, players) {
  const names = game.seat_names && game.seat_names[String(players)];
  return names || Array.from({ length: players }, (_, i) => `Seat ${i + 1}`);
}

/** Whether two seats win and lose together (every seat alone unless the game has teams). */
export function sameTeam(game, players, a, b) {
  if (a === b) return true;
  const teams = (game.teams && game.teams[String(players)]) || [];
  return teams.some((team) => team.includes(a) && team.includes(b));
}

/** A bot level's display title ("MCTS" for "ismcts"); its name when the game lacks it. */
export function levelTitle(game, name) {
  const level = (game.levels || []).find((l) => l.name === name);
  return (level && level.title) || name;
}
