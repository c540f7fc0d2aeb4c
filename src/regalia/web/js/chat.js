// The table chat: a scrolling log and, for seated players, a line to write in. The table's
// own news (a clock ran out, a bot took a seat over, a player came back) shows in the log too.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

const someone = () => t("someone"); // a message from a player without a name

export function createChat(root, { canWrite, send }) {
  const log = h("ol", { class: "chat-log", "aria-live": "polite", "aria-label": t("chat messages") });
  const input = h("input", { type: "text", maxlength: 500, placeholder: t("Say something to the table"), "aria-label": t("chat message") });
  const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit" }, t("Send")));
  const note = h("p", { class: "muted chat-note" }, t("Spectators read the chat but cannot write."));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text && send(text)) input.value = "";
  });
  fill(root, h("h3", {}, t("Chat")), log, canWrite ? form : note);
  const seen = new Set();
  return {
    add(event) {
      if (seen.has(event.seq)) return;
      seen.add(event.seq);
      log.append(h("li", { "data-seq": event.seq }, h("strong", {}, t("{0}: ", event.name || someone())), event.text));
      log.scrollTop = log.scrollHeight;
    },
    /** A line from the table itself (not a player), once per event seq. */
    note(seq, text) {
      if (seen.has(seq)) return;
      seen.add(seq);
      log.append(h("li", { class: "system", "data-seq": seq }, text));
      log.scrollTop = log.scrollHeight;
    },
    setWritable(writable) {
      form.hidden = !writable;
      note.hidden = writable;
    },
  };
}
