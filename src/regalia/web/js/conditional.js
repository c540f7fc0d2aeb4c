// Conditional moves at a turn-based table of a game that has them (the descriptor's
// `conditional_moves`): while the others are to move, the player queues lines of play —
// the moves in the order they would come, the others' and their own replies, separated by
// spaces, one line per line ("Nc3 e5 Nf3 Nc6"). The server keeps them to this seat alone,
// plays a reply the instant a move matches and drops them all on any other move
// (PUT/GET/DELETE /api/tables/{id}/conditional).

import { h, fill } from "./dom.js";
import { cancelConditionals, conditionals, setConditionals } from "./api.js";
import { TableStatus } from "./protocol.js";
import { t } from "./i18n.js";

export function createConditionals(root, { tableId, token, enabled }) {
  const text = h("textarea", { name: "conditional-lines", rows: 3, "aria-label": t("conditional moves, one line per line") });
  const saved = h("ul", { class: "conditional-lines" });
  const note = h("p", { class: "muted conditional-note" });
  const error = h("p", { class: "error", role: "alert" });
  const save = h("button", { type: "submit" }, t("Queue these replies"));
  const cancel = h("button", { type: "button", class: "cancel-conditionals" }, t("Cancel them"));
  const form = h("form", { class: "conditional-form" },
    h("p", { class: "muted" }, t("While the others are to move, queue your replies: the moves in the order they would come, separated by spaces, one line of play per line (e.g. Nc3 e5 Nf3 Nc6). Only you see them; any other move cancels them.")),
    text, h("div", { class: "conditional-actions" }, save, cancel), error);
  fill(root, h("details", { class: "conditionals" }, h("summary", {}, t("Conditional moves")), note, saved, form));
  let seq = -1;

  const show = (answer) => {
    const lines = answer ? answer.lines : [];
    fill(saved, lines.map((line) => h("li", {}, line.map((step) => step.text).join(" "))));
    cancel.hidden = !lines.length;
    if (!form.hidden) note.textContent = lines.length ? "" : t("No replies queued.");
  };
  const read = () => conditionals(tableId, token()).then(show).catch(() => {});
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const lines = text.value.split("\n").map((l) => l.trim().split(/\s+/).filter(Boolean)).filter((l) => l.length);
    try {
      show(await setConditionals(tableId, token(), lines));
      text.value = "";
    } catch (err) {
      error.textContent = err.message;
    }
  });
  cancel.addEventListener("click", async () => {
    error.textContent = "";
    try {
      show(await cancelConditionals(tableId, token()));
    } catch (err) {
      error.textContent = err.message;
    }
  });

  return {
    /** A view arrived: shown while the game goes on; the form only while others move. */
    update(view, seat) {
      root.hidden = !enabled() || view.status !== TableStatus.PLAYING;
      if (root.hidden) return;
      form.hidden = view.to_act.includes(seat);
      if (form.hidden) note.textContent = t("Your turn: play your move.");
      if (view.seq !== seq) {
        seq = view.seq;
        read();
      }
    },
  };
}
