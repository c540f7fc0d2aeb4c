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
  TIMEOUT: "timeout", // a seat's clock ran out
  TAKEOVER: "takeover", // a bot plays an absent (or timed-out) seat: {seat, level}
  RETURNED: "returned", // the human is back and plays their seat again
  CLAIMED: "claimed", // a seat claimed the win from an absent opponent
  RESUMED: "resumed", // a server took the table on after none ran it (nothing to show)
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
  CLAIM: "claim", // claim the win from an opponent away too long (when the view's `claimable`)
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
  PRESENCE: "presence", // who is connected, and which seats bots play, as it changes
});

export const TableStatus = Object.freeze({
  WAITING: "waiting",
  PLAYING: "playing",
  FINISHED: "finished",
  EXPIRED: "expired", // nobody took every seat in time: the game never started
});

export const SeatKind = Object.freeze({
  HUMAN: "human",
  BOT: "bot",
  OPEN: "open", // anyone may take it (POST /api/tables/{id}/sit); then it is a human seat
});

/** A table's `on_timeout`: what a seat whose clock runs out gets. */
export const TimeoutRule = Object.freeze({ LOSE: "lose", BOT: "bot" });

/** A table's `absence.then`: what happens once a seat to act has been away for the grace time. */
export const AbsenceRule = Object.freeze({ BOT: "bot", CLAIM: "claim", WAIT: "wait" });

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
  SEAT_TAKEN: "seat_taken", // someone took the open seat first
  BAD_PLAYER_KEY: "bad_player_key", // the player key was revoked or never existed: forget it
  PLAYER_REQUIRED: "player_required", // a rated table seats only signed-in players
  ALREADY_SEATED: "already_seated", // the same player at a second seat of a rated table
  NAME_TAKEN: "name_taken", // another player has that name (whatever the case)
  BAD_NAME: "bad_name",
  BAD_LOGIN: "bad_login", // a wrong name or password (also the current password when changing it)
  BAD_PASSWORD: "bad_password", // too short or too long
  RATE_LIMITED: "rate_limited",
  UNKNOWN_PLAYER: "unknown_player",
  UNKNOWN_GAME: "unknown_game",
});
