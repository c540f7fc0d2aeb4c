// The HTTP API of the game server (docs/server.md): one function per call.

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

async function call(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError("network", `the server cannot be reached (${err.message})`, 0);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data && data.error) || {};
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
  call("GET", status ? `/api/tables?status=${encodeURIComponent(status)}` : "/api/tables");
export const getTable = (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`);
/** A table's `view` message for the holder of `token` (a spectator's without one). */
export const tableView = (id, token) => call("GET", `/api/tables/${encodeURIComponent(id)}/view`, undefined, token);
export const createTable = (spec) => call("POST", "/api/tables", spec);
export const tableReplay = (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/replay`);
export const uploadReplay = (record) => call("POST", "/api/replays", { record });
/** Take an open seat: {seat, token, table}; 409 `seat_taken` when someone was faster. */
export const sitAt = (id, seat, name) =>
  call("POST", `/api/tables/${encodeURIComponent(id)}/sit`, { seat, name });
/** A seat at the oldest waiting table of that game, players and clock, or a new one: {table, seat, token}. */
export const quickPlay = (spec) => call("POST", "/api/quickplay", spec);
