// One table's WebSocket: hello with token and last seq, reconnect with back-off, and
// messages handed to the page with the moment they arrived (performance.now(): clocks count
// from it, never from the server's wall clock). Actions carry the last seq seen so stale
// ones are refused. The hello carries the signed-in player's key (store.js), which binds the
// seat to that player; a key the server refuses is forgotten and the hello sent again without.
// It also says the page's language (`lang`), so the server's errors come back in it.

import { CloseCode, CommandType, ErrorCode, FINAL_CLOSE_CODES, MessageType } from "./protocol.js";
import { forgetPlayer, playerKey } from "./store.js";
import { language } from "./i18n.js";

export function connectTable(tableId, { token, name, onMessage, onStatus }) {
  let socket = null;
  let lastSeq = 0;
  let closed = false;
  let delay = 500;
  let timer = null;
  let keyRefused = false; // the server refused this hello's player key: say hello again without

  function open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
    socket = ws;
    onStatus("connecting");
    // A socket replaced by reconnect() says nothing more.
    ws.addEventListener("open", () => {
      if (ws !== socket) return;
      delay = 500;
      const hello = { type: MessageType.HELLO, token: token || null, name: name || undefined, last_seq: lastSeq, lang: language() };
      const key = playerKey();
      if (key) hello.player_key = key;
      ws.send(JSON.stringify(hello));
    });
    ws.addEventListener("message", (event) => {
      if (ws !== socket) return;
      const at = performance.now();
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      // A frame is one message, or a change's messages (its events, then its view) together.
      for (const message of Array.isArray(frame) ? frame : [frame]) {
        if (ws !== socket) return;
        if (message.type === MessageType.ERROR && message.code === ErrorCode.BAD_PLAYER_KEY) {
          keyRefused = true; // the server closes this socket next
          forgetPlayer();
          return;
        }
        if (message.type === MessageType.WELCOME) onStatus("connected");
        if (typeof message.seq === "number") lastSeq = Math.max(lastSeq, message.seq);
        if (message.type === MessageType.EVENT && message.event) lastSeq = Math.max(lastSeq, message.event.seq);
        onMessage(message, at);
      }
    });
    ws.addEventListener("close", (event) => {
      if (ws !== socket) return;
      socket = null;
      if (closed) return;
      if (keyRefused) {
        keyRefused = false;
        open();
        return;
      }
      if (FINAL_CLOSE_CODES.includes(event.code)) {
        onStatus("refused", event.code, event.reason);
        return;
      }
      onStatus("disconnected");
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    });
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  open();
  return {
    send,
    action(text) {
      return send({ type: CommandType.ACTION, action: text, seq: lastSeq });
    },
    get lastSeq() {
      return lastSeq;
    },
    /** Say hello again on a new socket (e.g. with the key of a player who just signed in),
     * resuming from the last seq seen. */
    reconnect() {
      clearTimeout(timer);
      const old = socket;
      socket = null;
      if (old) old.close(CloseCode.NORMAL);
      if (!closed) open();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      if (socket) socket.close(CloseCode.NORMAL);
    },
  };
}
