// Entry point: a hash router over the lobby, a table, the replay viewer, the leaderboards and
// the players' profiles, and the header (rules links, leaderboards, the account control).
// Routes: #/ lobby · #/t/{id} watch · #/t/{id}/{token} play · #/replay/{id} · #/replay ·
// #/leaderboard[/{game}[/{page}]] · #/player/{id} · #/analysis/{game} · #/editor/{game} · #/learn/{game}[/{lesson}] ·
// #/games (My games) · #/referee[/{game}] · #/people · #/moderation · #/puzzles/{game}[/{id}]

import { showLobby } from "./lobby.js";
import { showTournament, showTournaments } from "./tournaments.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";
import { showReport } from "./report.js";
import { showLeaderboard } from "./leaderboard.js";
import { showProfile } from "./profile.js";
import { showAnalysis } from "./analysis.js";
import { showEditor } from "./editor.js";
import { showReset, showSettings } from "./settings.js";
import { registerWorker } from "./pwa.js";
import { showLearn } from "./learn.js";
import { showPuzzles } from "./puzzles.js";
import { showReferee } from "./referee.js";
import { mountMyGamesBadge, showMyGames } from "./mygames.js";
import { mountAccount } from "./account.js";
import { mountChallenges, showPeople } from "./people.js";
import { mountHeadMenu } from "./headmenu.js";
import { mountSanctionNotice, showModeration } from "./moderation.js";
import { allGames } from "./games.js";
import { fill, h } from "./dom.js";
import { chooseLanguage, language, loadLanguage, pageIn, t } from "./i18n.js";

const main = document.getElementById("main");
let current = null;

function route() {
  if (current && current.destroy) current.destroy();
  current = null;
  main.replaceChildren();
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "t" && parts[1]) {
    current = showTable(main, parts[1], parts[2] || null);
  } else if (parts[0] === "replay") {
    // #/replay/{id}/analyse analyses every move; #/replay/{id}/{ply} opens at that step.
    const ply = /^\d+$/.test(parts[2] || "") ? Number(parts[2]) : null;
    current = showReplay(main, parts[1] || null, { analyse: parts[2] === "analyse", ply });
  } else if (parts[0] === "report" && parts[1]) { // #/report/{id}: the post-game report
    current = showReport(main, parts[1]);
  } else if (parts[0] === "leaderboard") {
    current = showLeaderboard(main, parts[1] || null, parts[2] || 1);
  } else if (parts[0] === "analysis" && parts[1]) {
    current = showAnalysis(main, parts[1]);
  } else if (parts[0] === "editor" && parts[1]) { // #/editor/{game}?fen=…: editor.js
    current = showEditor(main);
  } else if (parts[0] === "learn" && parts[1]) {
    current = showLearn(main, parts[1], parts[2] || null);
  } else if (parts[0] === "puzzles" && parts[1]) { // the next puzzle, or puzzle {id}: puzzles.js
    current = showPuzzles(main, parts[1], parts[2] || null);
  } else if (parts[0] === "settings") { // #/settings[/{note}], #/reset[/{token}]: settings.js
    current = showSettings(main, parts[1] || null);
  } else if (parts[0] === "reset") {
    current = showReset(main, parts[1] || null);
  } else if (parts[0] === "games") {
    current = showMyGames(main);
  } else if (parts[0] === "referee") {
    current = showReferee(main, parts[1] || null);
  } else if (parts[0] === "tournaments") {
    current = parts[1] ? showTournament(main, parts[1]) : showTournaments(main);
  } else if (parts[0] === "player" && parts[1]) {
    current = showProfile(main, parts[1]);
  } else if (parts[0] === "people") {
    current = showPeople(main);
  } else if (parts[0] === "moderation") {
    current = showModeration(main);
  } else {
    current = showLobby(main);
  }
  window.scrollTo(0, 0);
}

// The catalogue of the page's language comes first: every page draws its words through it.
await loadLanguage();
translateStatic(document);
mountLanguageSwitch(document.getElementById("lang-switch"));
window.addEventListener("hashchange", route);
mountAccount(document.getElementById("account"));
mountMyGamesBadge(document.getElementById("my-games"));
mountChallenges(document.getElementById("challenges"));
mountHeadMenu(document.querySelector(".site-head"));
mountSanctionNotice(document.getElementById("site-notice"), document.getElementById("moderation-link"));
registerWorker(); // installable, offline page, pushes (js/pwa.js)
route();

// The header links to each game's rules, for the games that have a rules page: "Rules:" and
// each title, in the place index.html keeps for them (a phone's header has its row from the
// start, so the page does not move down when they come).
const rulesLinks = document.querySelector("#rules-nav .rules-links");
allGames()
  .then((games) => {
    const withRules = games.filter((g) => g.rules_url);
    if (!withRules.length) {
      rulesLinks.remove();
      return;
    }
    fill(rulesLinks, h("span", { class: "rules-label" }, t("Rules:")),
      withRules.map((g) => h("a", { href: pageIn(g.rules_url), title: t("the rules of {0}", g.title) }, g.title)));
  })
  .catch(() => rulesLinks.remove()); // the lobby says why the games cannot be loaded

/** The page's own words (index.html): each element with `data-t` shows its text translated,
 * and `data-t-label` its aria-label. */
function translateStatic(root) {
  for (const node of root.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of root.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(node.dataset.tLabel));
}

/** The header's language switch: each language in its own name; a choice is remembered on
 * this device and the page drawn again in it. Without a choice the page follows the browser. */
function mountLanguageSwitch(root) {
  const names = { en: "English", "pt-BR": "Português" };
  const select = h("select", { class: "lang-select", "aria-label": t("Language"), title: t("Language") },
    Object.entries(names).map(([tag, name]) => h("option", { value: tag, lang: tag, selected: tag === language() }, name)));
  select.addEventListener("change", () => {
    chooseLanguage(select.value);
    location.reload();
  });
  root.replaceChildren(select);
}
