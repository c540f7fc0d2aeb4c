// The names on the wire (docs/server.md), the same as src/regalia/protocol.py: use these,
// never a bare string or number, so a renamed kind breaks loudly in one place.

/** What happened at a table: the `kind` of an `event` message. */
export const EventKind = Object.freeze({
  CREATED: "created",
  JOINED: "joined",
  STARTED: "started",
  ACTION: "action",
  CHAT: "chat",
  RESIGNED: "resigned",
  LEFT: "left",
  DRAW_OFFERED: "draw_offered",
  DRAW_ACCEPTED: "draw_accepted",
  DRAW_DECLINED: "draw_declined",
  FINISHED: "finished",
  REMATCH_OFFERED: "rematch_offered",
  REMATCH: "rematch",
  EXPIRED: "expired",
});

/** What a seat asks the table to do: the `type` of a command message. */
export const CommandType = Object.freeze({
  JOIN: "join",
  ACTION: "action",
  CHAT: "chat",
  RESIGN: "resign",
  OFFER_DRAW: "offer_draw",
  ACCEPT_DRAW: "accept_draw",
  DECLINE_DRAW: "decline_draw",
  REMATCH: "rematch",
  LEAVE: "leave",
});

/** The other WebSocket messages: the client sends hello and ping, the server the rest. */
export const MessageType = Object.freeze({
  HELLO: "hello",
  PING: "ping",
  WELCOME: "welcome",
  EVENT: "event",
  VIEW: "view",
  ERROR: "error",
  PONG: "pong",
});

export const TableStatus = Object.freeze({
  WAITING: "waiting",
  PLAYING: "playing",
  FINISHED: "finished",
  EXPIRED: "expired", // nobody took every seat in time: the game never started
});

export const SeatKind = Object.freeze({ HUMAN: "human", BOT: "bot" });

/** A seat's outcome in a finished game's `result.outcomes`. */
export const Outcome = Object.freeze({ WIN: "win", LOSS: "loss", DRAW: "draw" });

/** Why the server closed a table's WebSocket. */
export const CloseCode = Object.freeze({
  NORMAL: 1000,
  TOO_SLOW: 1008, // the page stopped reading and its backlog grew too long: reconnect
  TRY_AGAIN: 1013, // the server cannot serve the table now: reconnect later
  BAD_MESSAGE: 4400, // no valid hello
  BAD_TOKEN: 4401, // the seat token is not this table's
  UNKNOWN_TABLE: 4404,
});

/** Close codes after which reconnecting cannot help. */
export const FINAL_CLOSE_CODES = Object.freeze([
  CloseCode.BAD_MESSAGE, CloseCode.BAD_TOKEN, CloseCode.UNKNOWN_TABLE,
]);

/** Error codes (HTTP `error.code`, WebSocket `error` messages) the pages answer specially. */
export const ErrorCode = Object.freeze({
  UNKNOWN_TABLE: "unknown_table",
});
