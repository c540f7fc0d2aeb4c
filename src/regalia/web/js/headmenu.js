// The header's "Menu" on a phone (css/head.css decides when it shows): it folds the secondary
// links (Leaderboards, Tournaments, Settings, the language) so the header keeps to one row
// above the rules links and a table's board, status and move input stay in the window.
// A new page closes it.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Append the toggle to `head` (the site's header). */
export function mountHeadMenu(head) {
  const toggle = h("button", {
    type: "button", class: "head-menu-toggle", "aria-expanded": "false",
    title: t("leaderboards, tournaments, settings and language"),
  }, t("Menu"));
  const open = (yes) => {
    head.classList.toggle("menu-open", yes);
    toggle.setAttribute("aria-expanded", String(yes));
  };
  toggle.addEventListener("click", () => open(!head.classList.contains("menu-open")));
  window.addEventListener("hashchange", () => open(false));
  head.append(toggle);
}
