// One table's WebSocket: hello with token and last seq, reconnect with back-off, and
// messages handed to the page with the moment they arrived (performance.now(): clocks count
// from it, never from the server's wall clock). Actions carry the last seq seen so stale
// ones are refused.

import { CloseCode, CommandType, FINAL_CLOSE_CODES, MessageType } from "./protocol.js";

export function connectTable(tableId, { token, name, onMessage, onStatus }) {
  let socket = null;
  let lastSeq = 0;
  let closed = false;
  let delay = 500;
  let timer = null;

  function open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
    onStatus("connecting");
    socket.addEventListener("open", () => {
      delay = 500;
      socket.send(JSON.stringify({ type: MessageType.HELLO, token: token || null, name: name || undefined, last_seq: lastSeq }));
    });
    socket.addEventListener("message", (event) => {
      const at = performance.now();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === MessageType.WELCOME) onStatus("connected");
      if (typeof message.seq === "number") lastSeq = Math.max(lastSeq, message.seq);
      if (message.type === MessageType.EVENT && message.event) lastSeq = Math.max(lastSeq, message.event.seq);
      onMessage(message, at);
    });
    socket.addEventListener("close", (event) => {
      socket = null;
      if (closed) return;
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
    close() {
      closed = true;
      clearTimeout(timer);
      if (socket) socket.close(CloseCode.NORMAL);
    },
  };
}
