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
  TAKEBACK_OFFERED: "takeback_offered", // a seat asks to take its last move back
  TAKEBACK_ACCEPTED: "takeback_accepted",
  TAKEBACK_DECLINED: "takeback_declined",
  TAKEBACK: "takeback", // every other seat agreed: the last `plies` actions are undone
  FINISHED: "finished",
  REMATCH_OFFERED: "rematch_offered",
  REMATCH: "rematch",
  EXPIRED: "expired",
  TIMEOUT: "timeout", // a seat's clock ran out
  TAKEOVER: "takeover", // a bot plays an absent (or timed-out) seat: {seat, level}
  RETURNED: "returned", // the human is back and plays their seat again
  CLAIMED: "claimed", // a seat claimed the win from an absent opponent
  CONDITIONAL: "conditional", // this seat's queued replies (never sent to anyone else)
  VACATION: "vacation", // the seat's player is on vacation until `until`: its clock stands still
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
  OFFER_TAKEBACK: "offer_takeback", // ask to take the own last move back (the game's `takebacks`)
  ACCEPT_TAKEBACK: "accept_takeback",
  DECLINE_TAKEBACK: "decline_takeback",
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

/** Why the server refused: `error.code` of an HTTP error, `code` of a WebSocket `error`
 * (src/regalia/protocol.py's ErrorCode; pages compare with these, never a bare string). */
export const ErrorCode = Object.freeze({
  BAD_JSON: "bad_json",
  BAD_MESSAGE: "bad_message",
  BAD_OPTIONS: "bad_options",
  BAD_NAME: "bad_name",
  BAD_PASSWORD: "bad_password", // too short or too long
  BAD_PREFS: "bad_prefs", // notification preferences: an unknown event, time zone or time
  BAD_SUBSCRIPTION: "bad_subscription", // a push subscription or its endpoint was refused
  BAD_EMAIL: "bad_email",
  NO_ANALYSIS: "no_analysis",
  TIMEOUT: "timeout",
  TOO_LARGE: "too_large",
  INVALID: "invalid",
  ILLEGAL: "illegal",
  BAD_NOTATION: "bad_notation",
  BAD_RECORD: "bad_record",
  BAD_POSITION: "bad_position",
  BAD_TOKEN: "bad_token",
  NOT_SEATED: "not_seated",
  BAD_LOGIN: "bad_login", // a wrong name or password (also the current password when changing it)
  BAD_PLAYER_KEY: "bad_player_key", // the player key was revoked or never existed: forget it
  PLAYER_REQUIRED: "player_required", // a rated table seats only signed-in players
  STALE_KEY: "stale_key", // the player key is too old to set a first password
  BAD_API_TOKEN: "bad_api_token", // the Bearer token was revoked or never existed
  MISSING_SCOPE: "missing_scope", // the API token lacks the scope the request needs
  BOT_ONLY: "bot_only", // the Bot API plays only for BOT accounts
  BOT_ACCOUNT: "bot_account", // a BOT cannot do that (quick play, a second upgrade)
  NOT_FOUND: "not_found",
  UNKNOWN_TABLE: "unknown_table",
  UNKNOWN_GAME: "unknown_game",
  UNKNOWN_PLAYER: "unknown_player",
  UNKNOWN_CHALLENGE: "unknown_challenge", // none, or not one of the caller's
  NO_PUZZLES: "no_puzzles", // the game has no puzzles, or none yet
  NOT_STARTED: "not_started",
  NOT_FINISHED: "not_finished",
  FINISHED: "finished",
  NOT_YOUR_TURN: "not_your_turn",
  STALE: "stale",
  NO_DRAW_OFFER: "no_draw_offer",
  DRAWS_NOT_ALLOWED: "draws_not_allowed",
  NO_TAKEBACK: "no_takeback", // no takeback request to answer, or no move to take back
  TAKEBACKS_NOT_ALLOWED: "takebacks_not_allowed",
  RESIGN_NOT_ALLOWED: "resign_not_allowed",
  SEAT_TAKEN: "seat_taken", // someone took the open seat first
  ALREADY_SEATED: "already_seated", // the same player at a second seat of a rated table
  CHALLENGE_CLOSED: "challenge_closed", // accepted, declined or cancelled already
  BLOCKED: "blocked", // one of the two players blocks the other
  FORBIDDEN: "forbidden", // moderation: the caller has not the role for it
  MUTED: "muted", // a moderator muted this player: no chat until the mute ends
  CHAT_OFF: "chat_off", // the table was created with its chat off
  BANNED: "banned", // a moderator banned this player from new games for a while
  NAME_TAKEN: "name_taken", // another player has that name (whatever the case)
  NOT_CLAIMABLE: "not_claimable",
  TIMED_OUT: "timed_out",
  NO_CONDITIONALS: "no_conditionals", // no conditional moves in this game, or not now
  RATE_LIMITED: "rate_limited",
  TOO_MANY_TABLES: "too_many_tables",
  TOO_MANY_GAMES: "too_many_games", // a BOT plays its most games at once
  INTERNAL: "internal",
  STORAGE_ERROR: "storage_error",
  UNAVAILABLE: "unavailable",
  MAIL_OFF: "mail_off", // the server sends no mail
  BUSY: "busy",
});

/** The HTTP status each error code is answered with. */
export const ErrorStatus = Object.freeze({
  BAD_JSON: 400,
  BAD_MESSAGE: 400,
  BAD_OPTIONS: 400,
  BAD_NAME: 400,
  BAD_PASSWORD: 400,
  BAD_PREFS: 400,
  BAD_SUBSCRIPTION: 400,
  BAD_EMAIL: 400,
  NO_ANALYSIS: 400,
  TIMEOUT: 408,
  TOO_LARGE: 413,
  INVALID: 422,
  ILLEGAL: 422,
  BAD_NOTATION: 422,
  BAD_RECORD: 422,
  BAD_POSITION: 422,
  BAD_TOKEN: 401,
  NOT_SEATED: 401,
  BAD_LOGIN: 401,
  BAD_PLAYER_KEY: 401,
  PLAYER_REQUIRED: 401,
  STALE_KEY: 403,
  BAD_API_TOKEN: 401,
  MISSING_SCOPE: 403,
  BOT_ONLY: 403,
  BOT_ACCOUNT: 409,
  NOT_FOUND: 404,
  UNKNOWN_TABLE: 404,
  UNKNOWN_GAME: 404,
  UNKNOWN_PLAYER: 404,
  UNKNOWN_CHALLENGE: 404,
  NO_PUZZLES: 404,
  NOT_STARTED: 409,
  NOT_FINISHED: 409,
  FINISHED: 409,
  NOT_YOUR_TURN: 409,
  STALE: 409,
  NO_DRAW_OFFER: 409,
  DRAWS_NOT_ALLOWED: 409,
  NO_TAKEBACK: 409,
  TAKEBACKS_NOT_ALLOWED: 409,
  RESIGN_NOT_ALLOWED: 409,
  SEAT_TAKEN: 409,
  ALREADY_SEATED: 409,
  CHALLENGE_CLOSED: 409,
  BLOCKED: 403,
  FORBIDDEN: 403,
  MUTED: 403,
  CHAT_OFF: 403,
  BANNED: 403,
  NAME_TAKEN: 409,
  NOT_CLAIMABLE: 409,
  TIMED_OUT: 409,
  NO_CONDITIONALS: 409,
  RATE_LIMITED: 429,
  TOO_MANY_TABLES: 429,
  TOO_MANY_GAMES: 429,
  INTERNAL: 500,
  STORAGE_ERROR: 500,
  UNAVAILABLE: 503,
  MAIL_OFF: 503,
  BUSY: 503,
});
