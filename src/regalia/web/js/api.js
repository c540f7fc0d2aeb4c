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
export const uploadReplay = (record) => call("POST", "/api/replays", { record });
/** Take an open seat: {seat, token, table}; 409 `seat_taken` when someone was faster. */
export const sitAt = (id, seat, name) => call("POST", `/api/tables/${enc(id)}/sit`, { seat, name });
/** A seat at the oldest waiting table of that game, players and clock, or a new one: {table, seat, token}. */
// A seat token only with `leave`: the waiting table a seeker gives up for bots.
export const quickPlay = (spec, token = null) => call("POST", "/api/quickplay", spec, { token });
export const lobbyOnline = () => call("GET", "/api/lobby/online");

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
/** A player's name, rating in each game and recent games. */
export const playerProfile = (id) => call("GET", `/api/players/${enc(id)}`);
/** One page of a game's leaderboard, best first: [{player, name, rating, games, provisional}]. */
export const leaderboard = (game, page, perPage) =>
  call("GET", `/api/leaderboard/${enc(game)}?page=${enc(page)}&per_page=${enc(perPage)}`);

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
