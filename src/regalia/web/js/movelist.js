// The move list: numbered rows of moves in the game's own notation. `since`: the moves after
// the first `since` ones were made since the viewer's own last move, and are marked. `marks`:
// by ply, {kind, title} of moves an analysis judged (a mistake "?", a blunder "??").
// Every move leads to its ply when the page can show it: `link(ply)` gives its address (a
// link), `onPick(ply)` shows it in place (a click on the link, or a button without one). The
// list keeps the current move in sight (the last one when no move is current).

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

const MARK = { mistake: "?", blunder: "??" };

export function renderMoveList(root, rows, { current = null, onPick = null, link = null, since = null, marks = {} } = {}) {
  let ply = 0;
  const items = rows.map((row) =>
    h("li", {}, h("span", { class: "move-no" }, row.label),
      row.cells.map((text) => {
        ply += 1;
        const mine = ply;
        const fresh = since !== null && mine > since;
        const mark = marks[mine];
        const cls = `move${current === mine ? " current" : ""}${fresh ? " since-mine" : ""}${mark ? ` ${mark.kind}` : ""}`;
        const title = mark ? mark.title : fresh ? t("made since your last move") : undefined;
        const shown = mark ? [text, h("span", { class: "move-mark", "aria-hidden": "true" }, MARK[mark.kind] || "")] : text;
        const attrs = { class: cls, "data-ply": mine, title, "aria-current": current === mine ? "step" : undefined };
        if (link) {
          const pick = onPick ? (event) => { event.preventDefault(); onPick(mine, link(mine)); } : undefined;
          return h("a", { ...attrs, href: link(mine), onclick: pick }, shown);
        }
        return onPick
          ? h("button", { ...attrs, type: "button", onclick: () => onPick(mine) }, shown)
          : h("span", attrs, shown);
      })));
  // A list of plain text scrolls once it is long: it takes the focus itself, so a keyboard
  // can scroll it (nothing inside it can).
  const focus = link || onPick ? undefined : "0";
  fill(root, items.length ? h("ol", { class: "moves", tabindex: focus }, items) : h("p", { class: "muted" }, t("No moves yet.")));
  const list = root.querySelector("ol");
  if (!list) return;
  const shown = current !== null ? list.querySelector(`[data-ply="${current}"]`) : null;
  if (!shown) {
    list.scrollTop = list.scrollHeight;
    return;
  }
  // Scroll the list itself (never the page) so the current move's row is in its middle.
  const row = shown.closest("li");
  const offset = row.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
  list.scrollTop = Math.max(0, offset - (list.clientHeight - row.offsetHeight) / 2);
}
