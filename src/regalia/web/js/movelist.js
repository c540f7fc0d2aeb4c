// The move list: numbered rows of moves in the game's own notation. `since`: the moves after
// the first `since` ones were made since the viewer's own last move, and are marked. `marks`:
// by ply, {kind, title} of moves an analysis judged (a mistake "?", a blunder "??").

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

const MARK = { mistake: "?", blunder: "??" };

export function renderMoveList(root, rows, { current = null, onPick = null, since = null, marks = {} } = {}) {
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
        return onPick
          ? h("button", { type: "button", class: cls, "data-ply": mine, title, onclick: () => onPick(mine) }, shown)
          : h("span", { class: cls, "data-ply": mine, title }, shown);
      })));
  fill(root, items.length ? h("ol", { class: "moves" }, items) : h("p", { class: "muted" }, t("No moves yet.")));
  const list = root.querySelector("ol");
  if (list) list.scrollTop = list.scrollHeight;
}
