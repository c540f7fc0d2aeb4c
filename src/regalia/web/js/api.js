// The HTTP API of the game server (docs/server.md): one function per call. Every call
// carries the signed-in player's key (X-Player-Key) when there is one; a key the server no
// longer knows (401 `bad_player_key`) is forgotten at once and the call made again without
// it, except the calls that are about the player themselves. Every call says the page's
// language (X-Lang), so the server's refusals come back in it.

import { ErrorCode } from "./protocol.js";
import { forgetPlayer, playerKey } from "./store.js";
import { language, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

const enc = encodeURIComponent;

/** `token`: a seat token (X-Seat-Token); `needsKey`: the call is about the signed-in
 * player, so a refused key is an error rather than a reason to ask again without it. */
async function call(method, path, body, { token = null, needsKey = false } = {}) {
  const key = playerKey();
  const headers = { Accept: "application/json", "X-Lang": language() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  if (key) headers["X-Player-Key"] = key;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError("network", t("the server cannot be reached ({0})", err.message), 0);
  }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data && data.error) || {};
    if (error.code === ErrorCode.BAD_PLAYER_KEY && key) {
      if (playerKey() === key) forgetPlayer();
      if (!needsKey) return call(method, path, body, { token, needsKey });
    }
    const detail = data && data.detail;
    const message =
      error.message ||
      (Array.isArray(detail) ? detail.map((d) => d.msg).join("; ") : detail) ||
      `${response.status} ${response.statusText}`;
    throw new ApiError(error.code || "http", message, response.status);
  }
  return data;
}

export const listGames = () => call("GET", "/api/games");
export const listTables = (status) =>
  call("GET", status ? `/api/tables?status=${enc(status)}` : "/api/tables");
export const getTable = (id) => call("GET", `/api/tables/${enc(id)}`);
export const createTable = (spec) => call("POST", "/api/tables", spec);
export const tableReplay = (id) => call("GET", `/api/tables/${enc(id)}/replay`);
export const tableReport = (id) => call("GET", `/api/tables/${enc(id)}/report`);
export const uploadReplay = (record) => call("POST", "/api/replays", { record });
/** Take an open seat: {seat, token, table}; 409 `seat_taken` when someone was faster. */
export const sitAt = (id, seat, name) => call("POST", `/api/tables/${enc(id)}/sit`, { seat, name });
/** A seat at the oldest waiting table of that game, players and clock, or a new one: {table, seat, token}. */
// A seat token only with `leave`: the waiting table a seeker gives up for bots.
export const quickPlay = (spec, token = null) => call("POST", "/api/quickplay", spec, { token });
export const lobbyOnline = () => call("GET", "/api/lobby/online");
/** My games: {games: [{table, seat, my_turn, time_left_ms, last_move}], my_turn}. */
export const myGames = () => call("GET", "/api/players/me/games", undefined, { needsKey: true });
export const leaveMyGame = (id) => call("POST", `/api/players/me/games/${enc(id)}/leave`, undefined, { needsKey: true });
export const myVacation = () => call("GET", "/api/players/me/vacation", undefined, { needsKey: true });
export const takeVacation = (days) => call("POST", "/api/players/me/vacation", { days }, { needsKey: true });
/** This seat's conditional moves: {lines: [[{action, text}]]} (the seat's token). */
export const conditionals = (id, token) => call("GET", `/api/tables/${enc(id)}/conditional`, undefined, { token });
export const setConditionals = (id, token, lines) => call("PUT", `/api/tables/${enc(id)}/conditional`, { lines }, { token });
export const cancelConditionals = (id, token) => call("DELETE", `/api/tables/${enc(id)}/conditional`, undefined, { token });

// Players: identities, passwords, sign-in and out, profiles and leaderboards.

/** A guest player called `name`: {id, name, player_key} (the key is shown this once). */
export const newPlayer = (name) => call("POST", "/api/players", { name });
/** A fresh key for a player with a password: {id, name, player_key}. */
export const login = (name, password) => call("POST", "/api/login", { name, password });
/** Set the signed-in player's password (`old`: the current one, once one exists). */
export const setPassword = (password, old) =>
  call("POST", "/api/players/me/password", old ? { password, old_password: old } : { password }, { needsKey: true });
/** The signed-in player's own seat at a table, with a new token: {seat, table, token}. */
export const takeSeatAgain = (id) => call("POST", `/api/tables/${enc(id)}/join`, {}, { needsKey: true });
/** Revoke this browser's key, or every key of the player (`everywhere`). */
export const logout = (everywhere) => call("POST", "/api/logout", { everywhere }, { needsKey: true });
/** The signed-in player's profile (401 `bad_player_key` when the key is no longer valid). */
export const myProfile = () => call("GET", "/api/players/me", undefined, { needsKey: true });
export const exportMyData = () => call("GET", "/api/players/me/export", undefined, { needsKey: true });
export const deleteMe = () => call("DELETE", "/api/players/me", undefined, { needsKey: true });
/** A player's name, rating in each game and recent games. */
export const playerProfile = (id) => call("GET", `/api/players/${enc(id)}`);
/** Per game the player played rated: their rating before the first game, then after each. */
export const ratingHistory = (id) => call("GET", `/api/players/${enc(id)}/ratings/history`);
/** One page of a game's leaderboard, best first: [{player, name, rating, games, provisional}]. */
export const leaderboard = (game, page, perPage) =>
  call("GET", `/api/leaderboard/${enc(game)}?page=${enc(page)}&per_page=${enc(perPage)}`);

// The board editor's check of a position set up by hand (docs/server.md).
export const checkPosition = (game, position) => call("POST", "/api/positions/check", { game, position });

// Analysis (docs/server.md, "Analysis"): which games can be analysed, one position, a whole game.

/** {games: [{game, title, level}], seconds, ply_seconds, max_seconds, max_plies} */
export const analysable = () => call("GET", "/api/analysis");
/** One position: {game, record?|position?, ply?, moves?, seconds?} → the engine's verdict. */
export const analysePosition = (body) => call("POST", "/api/analysis", body);

/** Every position of a record, one line at a time: `onLine(item)` for the head, each ply
 * and the end ({done, mistakes}); resolves when the server has sent them all. `signal`
 * (an AbortSignal) stops it. */
export async function analyseGame(body, onLine, signal) {
  const key = playerKey();
  const headers = { Accept: "application/x-ndjson", "Content-Type": "application/json", "X-Lang": language() };
  if (key) headers["X-Player-Key"] = key;
  let response;
  try {
    response = await fetch("/api/analysis/game", { method: "POST", headers, body: JSON.stringify(body), signal });
  } catch (err) {
    if (err.name === "AbortError") return;
    throw new ApiError("network", t("the server cannot be reached ({0})", err.message), 0);
  }
  if (!response.ok) {
    const data = await response.json().catch(() => null);
    const error = (data && data.error) || {};
    throw new ApiError(error.code || "http", error.message || `${response.status} ${response.statusText}`, response.status);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (err) {
      if (err.name === "AbortError") return;
      throw err;
    }
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      if (!line) continue;
      const item = JSON.parse(line);
      if (item.error) throw new ApiError(item.error.code, item.error.message, 503);
      onLine(item);
    }
  }
}

// People (docs/server.md, "Challenges, follows and blocks"; docs/export.md): all about the
// signed-in player, so each needs its key.

const mine = { needsKey: true };
/** Challenge the player called `name` ({game, players?, clock?, rated, seat?, invite?}). */
export const challengePlayer = (name, spec) => call("POST", `/api/challenge/${enc(name)}`, spec, mine);
/** {in: [challenge], out: [challenge]}: the pending challenges to and from the player. */
export const myChallenges = () => call("GET", "/api/challenge", undefined, mine);
/** {challenge, seat, token}: the seat and its token once the table is made. */
export const acceptChallenge = (id) => call("POST", `/api/challenge/${enc(id)}/accept`, {}, mine);
export const declineChallenge = (id) => call("POST", `/api/challenge/${enc(id)}/decline`, {}, mine);
export const cancelChallenge = (id) => call("POST", `/api/challenge/${enc(id)}/cancel`, {}, mine);
/** `verb`: follow, unfollow, block or unblock. */
export const relate = (verb, name) => call("POST", `/api/rel/${enc(verb)}/${enc(name)}`, {}, mine);
/** {following, blocking} toward the player called `name`. */
export const relationWith = (name) => call("GET", `/api/rel/with/${enc(name)}`, undefined, mine);
/** [{id, name, bot, playing: [{table, game, seat}]}] */
export const followed = () => call("GET", "/api/rel/following", undefined, mine);
export const blocked = () => call("GET", "/api/rel/blocking", undefined, mine);
export const openData = () => call("GET", "/api/players/me/open-data", undefined, mine);
export const setOpenData = (named) => call("POST", "/api/players/me/open-data", { named }, mine);
// Moderation (docs/server.md "Moderation"): reports by anyone, the rest for moderators.
export const reportSomething = (report) => call("POST", "/api/reports", report, { needsKey: true });
export const mySanctions = () => call("GET", "/api/players/me/sanctions", undefined, { needsKey: true });
export const openReports = () => call("GET", "/api/moderation/reports", undefined, { needsKey: true });
export const reportHandled = (id) => call("POST", `/api/moderation/reports/${enc(id)}/handled`, undefined, { needsKey: true });
export const moderate = (action) => call("POST", "/api/moderation/actions", action, { needsKey: true });
export const moderationLog = () => call("GET", "/api/moderation/log", undefined, { needsKey: true });
