// The move list: numbered rows of moves in the game's own notation.

import { h, fill } from "./dom.js";

export function renderMoveList(root, rows, { current = null, onPick = null } = {}) {
  let ply = 0;
  const items = rows.map((row) =>
    h("li", {}, h("span", { class: "move-no" }, row.label),
      row.cells.map((text) => {
        ply += 1;
        const mine = ply;
        const cls = `move${current === mine ? " current" : ""}`;
        return onPick
          ? h("button", { type: "button", class: cls, "data-ply": mine, onclick: () => onPick(mine) }, text)
          : h("span", { class: cls, "data-ply": mine }, text);
      })));
  fill(root, items.length ? h("ol", { class: "moves" }, items) : h("p", { class: "muted" }, "No moves yet."));
  const list = root.querySelector("ol");
  if (list) list.scrollTop = list.scrollHeight;
}
