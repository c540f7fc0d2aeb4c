// The move list: numbered rows of moves in the game's own notation. `since`: the moves after
// the first `since` ones were made since the viewer's own last move, and are marked.

import { h, fill } from "./dom.js";

export function renderMoveList(root, rows, { current = null, onPick = null, since = null } = {}) {
  let ply = 0;
  const items = rows.map((row) =>
    h("li", {}, h("span", { class: "move-no" }, row.label),
      row.cells.map((text) => {
        ply += 1;
        const mine = ply;
        const fresh = since !== null && mine > since;
        const cls = `move${current === mine ? " current" : ""}${fresh ? " since-mine" : ""}`;
        const title = fresh ? "made since your last move" : undefined;
        return onPick
          ? h("button", { type: "button", class: cls, "data-ply": mine, title, onclick: () => onPick(mine) }, text)
          : h("span", { class: cls, "data-ply": mine, title }, text);
      })));
  fill(root, items.length ? h("ol", { class: "moves" }, items) : h("p", { class: "muted" }, "No moves yet."));
  const list = root.querySelector("ol");
  if (list) list.scrollTop = list.scrollHeight;
}
