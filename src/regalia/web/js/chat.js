// The table chat: a scrolling log and a line to write in (a spectator's reaches only the
// spectators: the server keeps it from the players). The table's
// own news (a clock ran out, a bot took a seat over, a player came back) shows in the log too.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

const someone = () => t("someone"); // a message from a player without a name
const spectator = () => t("a spectator"); // a spectator's line (spectators see it alone)

export function createChat(root, { canWrite, send }) {
  const log = h("ol", { class: "chat-log", "aria-live": "polite", "aria-label": t("chat messages") });
  const input = h("input", { type: "text", maxlength: 500, placeholder: t("Say something to the table"), "aria-label": t("chat message") });
  const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit" }, t("Send")));
  const note = h("p", { class: "muted chat-note" }, t("Spectators chat among themselves: the players do not see it."));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text && send(text)) input.value = "";
  });
  fill(root, h("h3", {}, t("Chat")), log, form, canWrite ? null : note);
  const seen = new Set();
  return {
    add(event) {
      if (seen.has(event.seq)) return;
      seen.add(event.seq);
      const who = event.name || (event.spectators ? spectator() : someone());
      log.append(h("li", { "data-seq": event.seq }, h("strong", {}, t("{0}: ", who)), event.text));
      log.scrollTop = log.scrollHeight;
    },
    /** A line from the table itself (not a player), once per event seq. */
    note(seq, text) {
      if (seen.has(seq)) return;
      seen.add(seq);
      log.append(h("li", { class: "system", "data-seq": seq }, text));
      log.scrollTop = log.scrollHeight;
    },
    setWritable(writable) { // a spectator writes too, to the spectators only
      note.hidden = writable;
    },
  };
}
