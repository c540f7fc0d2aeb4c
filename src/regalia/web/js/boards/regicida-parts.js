// Regicida pieces of the table that are not the grid: tokens, houses, the Objective card,
// the Line of Succession, the player list, the vote screen and the reveal.

import { h, s } from "../dom.js";
import { t, tn, translated } from "../i18n.js";

/** Each phase's heading, in the page's language. */
export const PHASES = () => ({
  expansion: t("Expansion — build the realm"),
  intrigue: t("Intrigue — swap and darken"),
  assassination: t("Assassination — the secret vote"),
  over: t("Game over"),
});

export function houseOf(view, number) {
  return (view.houses || []).find((x) => x.number === number) || { number, name: t("House {0}", number), colour: "#888" };
}

/** A token in SVG at (x, y), size `size`: House colour, light or dark side, House digit. */
export function tokenSvg(view, number, side, x, y, size, extra = {}) {
  const house = houseOf(view, number);
  const dark = side === "dark";
  const pad = size * 0.06;
  return s("g", { class: `token ${side}`, "data-house": number, ...extra },
    s("title", { text: tokenTitle(house.name, number, dark, extra["data-cell"]) }),
    s("rect", { x: x + pad, y: y + pad, width: size - 2 * pad, height: size - 2 * pad, rx: size * 0.18, class: "token-base" }),
    s("rect", {
      x: x + pad, y: y + pad, width: size - 2 * pad, height: size - 2 * pad, rx: size * 0.18,
      fill: house.colour, "fill-opacity": dark ? 0.45 : 1, class: "token-face",
    }),
    dark ? s("path", { d: `M${x + size * 0.2} ${y + size * 0.8} L${x + size * 0.8} ${y + size * 0.2}`, class: "dark-slash" }) : null,
    s("text", { x: x + size / 2, y: y + size / 2 + size * 0.14, class: "token-digit", "font-size": size * 0.42 }, String(number)),
  );
}

/** A small inline token chip in HTML text. */
export function houseChip(view, number) {
  const house = houseOf(view, number);
  return h("span", { class: "house-chip", style: `--house:${house.colour}`, "data-house": number },
    h("span", { class: "chip-dot" }, String(number)), ` ${house.name}`);
}

function tokenTitle(name, number, dark, cell) {
  if (cell) return dark ? t("{0} (House {1}), dark side, {2}", name, number, cell) : t("{0} (House {1}), light side, {2}", name, number, cell);
  return dark ? t("{0} (House {1}), dark side", name, number) : t("{0} (House {1}), light side", name, number);
}

export function objectiveCard(view) {
  const goal = view.objective || {};
  return h("div", { class: "objective-card", "aria-label": t("Objective") },
    h("small", {}, t("Objective")), h("strong", {}, goal.title ? t(goal.title) : goal.key || "?"), h("span", {}, goal.rule ? t(goal.rule) : ""));
}

export function successionLine(view) {
  return h("div", { class: "succession" }, h("small", {}, t("Line of Succession (ties go to the first)")),
    h("ol", {}, (view.succession || []).map((n) => h("li", {}, houseChip(view, n)))));
}

export function identityBox(view) {
  if (view.identity === null || view.identity === undefined) {
    return h("div", { class: "identity spectator" }, h("small", {}, t("Identity")), t("You are watching: no Identity is shown."));
  }
  return h("div", { class: "identity", "data-identity": view.identity },
    h("small", {}, view.reveal ? t("Your Identity") : t("Your Identity (secret)")), houseChip(view, view.identity));
}

export function playerList(view, names) {
  const seats = view.seats || [];
  const voted = new Set(view.votes_cast || []);
  const acting = new Set(view.to_act || []);
  const left = view.intrigues_left || [];
  return h("ul", { class: "players-list" }, seats.map((seatName, i) =>
    h("li", { "data-seat": i, class: acting.has(i) ? "to-act" : "" },
      h("span", { class: "turn-marker", "aria-hidden": "true" }, acting.has(i) ? "▶" : ""),
      h("strong", {}, t(seatName)), names[i] && names[i] !== seatName ? ` ${names[i]}` : "",
      view.seat === i ? h("small", { class: "you" }, t(" (you)")) : "",
      h("small", {}, " · ", t("intrigues left {0}", left[i] ?? "?")),
      view.phase === "assassination" ? h("small", {}, " · ", voted.has(i) ? t("voted") : t("not voted yet")) : "",
    )));
}

export function voteScreen(view, legal, act) {
  const votes = legal.filter((text) => text.startsWith("vote "));
  if (view.phase !== "assassination") return null;
  if (view.your_vote) {
    return h("div", { class: "vote-screen" }, h("h3", {}, t("Your vote is cast")),
      h("p", {}, t("You voted: {0}. Waiting for the others…", voteLabel(view, view.your_vote.replace(/^vote /, "")))));
  }
  if (!votes.length) {
    return h("div", { class: "vote-screen" }, h("h3", {}, t("The vote")), h("p", {}, t("Players are voting in secret.")));
  }
  return h("div", { class: "vote-screen", role: "group", "aria-label": t("vote") },
    h("h3", {}, t("Who holds the Regent House?")),
    h("p", {},
      t("Vote in secret for the player you think serves the Regent House — or for the Neutral Player if you think no player does. Votes are revealed together.")),
    h("div", { class: "vote-buttons" }, votes.map((text) =>
      h("button", { type: "button", class: "vote", "data-action": text, onclick: () => act(text) }, voteLabel(view, text.slice(5))))));
}

/** An action's text ("place 1 f6", "swap c4 c5 flip c4", "vote 2") with its verbs in the
 * page's language, for the move list and the screen reader's last-move line. */
export function actionWords(view, action) {
  if (typeof action !== "string") return action;
  let m;
  if ((m = /^place (\d+) (\S+)$/.exec(action))) return t("place {0} {1}", m[1], m[2]);
  if ((m = /^split (\d+)$/.exec(action))) return t("split {0}", m[1]);
  if ((m = /^swap (\S+) (\S+) flip (\S+)$/.exec(action))) return t("swap {0} {1} flip {2}", m[1], m[2], m[3]);
  if (action === "pass") return t("pass");
  if (action === "vote") return t("a secret vote"); // another seat's, before the reveal
  if (action === "vote neutral") return t("vote for the Neutral Player");
  if ((m = /^vote (\S+)$/.exec(action))) return t("vote for {0}", voteLabel(view, m[1]));
  return action;
}

function voteLabel(view, target) {
  if (target === "neutral") return t("the Neutral Player");
  const seat = Number(target) - 1;
  return (view.seats || [])[seat] ? t(view.seats[seat]) : t("seat {0}", target);
}

export function revealBox(view) {
  const r = view.reveal;
  if (!r) return null;
  const seats = view.seats || [];
  const who = (x) => (x === "neutral" || x === null ? t("the Neutral Player") : seats[x] ? t(seats[x]) : t("seat {0}", x + 1));
  const v = r.verdict;
  const regent = houseOf(view, v.regent);
  const needed = view.players <= 3 ? 1 : 2;
  const count = v.votes_for_target === 1
    ? tn(needed, "1 vote (1 needed)", "1 vote ({0} needed)", needed)
    : tn(needed, "{0} votes (1 needed)", "{0} votes ({1} needed)", v.votes_for_target, needed);
  let story;
  if (v.target === "neutral") {
    story = v.assassinated
      ? t("No player holds {0}, so the Neutral Player was the target. It got {1}: the assassination succeeds.", regent.name, count)
      : t("No player holds {0}, so the Neutral Player was the target. It got {1}: the assassination fails and everyone loses.", regent.name, count);
  } else {
    story = v.assassinated
      ? t("{0} holds the Regent House and got {1}: assassinated!", who(v.target), count)
      : t("{0} holds the Regent House and got {1}: the Regent survives and wins alone.", who(v.target), count);
  }
  if (v.assassinated && v.winners.length) {
    story = t("{0} Of those who voted for the target, {1} serves the highest-ranked House and wins.", story, who(v.winners[0]));
  }
  return h("div", { class: "reveal" },
    h("h3", {}, t("The reveal")),
    h("p", { class: "verdict" }, t("Regent House: "), houseChip(view, v.regent), `. ${story}`),
    h("p", { class: "winners" }, v.winners.length ? t("Winner: {0}", v.winners.map(who).join(", ")) : t("No winner.")),
    h("table", { class: "identities" },
      h("thead", {}, h("tr", {}, h("th", {}, t("Player")), h("th", {}, t("Identity")), h("th", {}, t("Voted for")))),
      h("tbody", {}, (r.identities || []).map((house, i) =>
        h("tr", {}, h("td", {}, who(i)), h("td", {}, houseChip(view, house)), h("td", {}, who(r.votes[i])))))),
    (r.unused || []).length ? h("p", {}, t("Neutral Player (Houses no one held): "), r.unused.map((n, i) => [i ? ", " : "", houseChip(view, n)])) : null,
    rankingTable(view, r.ranking),
  );
}

export function rankingTable(view, ranking) {
  if (!ranking) return null;
  return h("table", { class: "ranking" },
    h("caption", {}, t("Coronation ranking — {0}", (view.objective || {}).title ? t(view.objective.title) : "")),
    h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("House")), h("th", {}, t("Score")), h("th", {}, t("Light only")))),
    h("tbody", {}, ranking.map((row) =>
      h("tr", {},
        h("td", {}, String(row.rank)),
        h("td", {}, houseChip(view, row.house), row.why ? h("small", { class: "why" }, translated(row.why)) : null),
        h("td", {}, String(row.score)),
        h("td", {}, String(row.light_score))))));
}
