// The rules pages' diagrams: each <figure class="rules-diagram" data-game data-position> is
// drawn by the game's own board module (js/boards/) from the position text, in the page's
// language and the board style chosen on this device (look.js), through the module's
// `diagramView(position, {check, last})` (or a promise of it). `data-check` marks a king in check, `data-last` a
// move's two squares (`c3d5`). Nothing in the diagram can be played.

import { h } from "./dom.js";
import { loadLanguage } from "./i18n.js";
import { loadBoard } from "./boards/index.js";
import "./look.js";

await loadLanguage(document.documentElement.lang || "en");
for (const figure of document.querySelectorAll("figure.rules-diagram[data-game][data-position]")) {
  const module = await loadBoard(figure.dataset.game);
  if (!module.diagramView) continue;
  const box = h("div", { class: "game-view" });
  figure.prepend(box);
  const view = module.createView(box, { seat: null, act: () => {}, playerNames: () => [], game: null });
  const { check, last } = figure.dataset;
  view.update(await module.diagramView(figure.dataset.position, { check: check === "true", last: last || null }), {});
  figure.dataset.drawn = "true";
}
