// The referee (#/referee[/{game}]) for a table playing the physical box of a game with a
// referee (the descriptor's `referee` says which). This is the page around it: which game,
// what its referee offers to choose from (GET /api/referee/{game}), the header, and where
// what is entered is kept (localStorage `regalia.referee.{game}`, so a reload or a dropped
// connection loses nothing). What to enter and how to show the answer is the game's own: the
// referee module of its board folder (boards/index.js, `loadReferee`), given the form, a
// `judge` asking the server's referee (POST /api/referee/{game}: the same code as the
// command line's) and that store.

import { h, fill } from "./dom.js";
import { allGames } from "./games.js";
import { loadReferee } from "./boards/index.js";
import { refereeForm, refereeJudge } from "./learning-api.js";
import { pageIn, t } from "./i18n.js";

export function showReferee(root, gameName) {
  const box = h("div", { class: "referee-page" }, h("p", {}, t("Loading the referee…")));
  fill(root, box);
  let page = null;
  let stopped = false;
  allGames()
    .then((games) => {
      const game = gameName ? games.find((g) => g.name === gameName) : games.find((g) => g.referee);
      if (!game || !game.referee) throw new Error(gameName ? t("{0} has no referee.", gameName) : t("No game here has a referee."));
      return Promise.all([game, refereeForm(game.name), loadReferee(game.name)]);
    })
    .then(([game, form, module]) => {
      if (!module) throw new Error(t("{0} has no referee.", game.title));
      if (!stopped) page = mountPage(box, game, form, module);
    })
    .catch((err) => fill(box, h("p", { class: "alert", role: "alert" }, t("Cannot open the referee: {0}", err.message)),
      h("p", {}, h("a", { href: "#/" }, t("Back to the lobby")))));
  return { destroy: () => { stopped = true; if (page) page.destroy(); } };
}

function mountPage(box, game, form, module) {
  const body = h("div", { class: "referee-body" });
  fill(box,
    h("header", { class: "table-head" }, h("h2", {}, t("{0} referee", game.title)),
      game.rules_url ? h("a", { href: pageIn(game.rules_url), class: "rules-link" }, t("Full rules")) : null,
      h("a", { href: "#/", class: "back" }, t("Lobby"))),
    body);
  const judge = (fields) => refereeJudge(game.name, fields);
  return module.mountReferee(body, { form, judge, keep: keeper(game.name) });
}

/** Where a game's referee page keeps what is entered: this browser's storage. */
function keeper(game) {
  const key = `regalia.referee.${game}`;
  return {
    read() {
      try {
        return JSON.parse(localStorage.getItem(key) || "null");
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // a browser without storage keeps it for this page only
      }
    },
  };
}
