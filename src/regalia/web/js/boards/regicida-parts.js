// Regicida pieces of the table that are not the grid: tokens, houses, the Objective card,
// the Line of Succession, the player list, the vote screen and the reveal.

import { h, s } from "../dom.js";

export const PHASES = {
  expansion: "Expansion — build the realm",
  intrigue: "Intrigue — swap and darken",
  assassination: "Assassination — the secret vote",
  over: "Game over",
};

export function houseOf(view, number) {
  return (view.houses || []).find((x) => x.number === number) || { number, name: `House ${number}`, colour: "#888" };
}

/** A token in SVG at (x, y), size `size`: House colour, light or dark side, House digit. */
export function tokenSvg(view, number, side, x, y, size, extra = {}) {
  const house = houseOf(view, number);
  const dark = side === "dark";
  const pad = size * 0.06;
  return s("g", { class: `token ${side}`, "data-house": number, ...extra },
    s("title", { text: `${house.name} (House ${number}), ${side} side${extra["data-cell"] ? `, ${extra["data-cell"]}` : ""}` }),
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

export function objectiveCard(view) {
  const goal = view.objective || {};
  return h("div", { class: "objective-card", "aria-label": "Objective" },
    h("small", {}, "Objective"), h("strong", {}, goal.title || goal.key || "?"), h("span", {}, goal.rule || ""));
}

export function successionLine(view) {
  return h("div", { class: "succession" }, h("small", {}, "Line of Succession (ties go to the first)"),
    h("ol", {}, (view.succession || []).map((n) => h("li", {}, houseChip(view, n)))));
}

export function identityBox(view) {
  if (view.identity === null || view.identity === undefined) {
    return h("div", { class: "identity spectator" }, h("small", {}, "Identity"), "You are watching: no Identity is shown.");
  }
  return h("div", { class: "identity", "data-identity": view.identity },
    h("small", {}, "Your Identity (secret)"), houseChip(view, view.identity));
}

export function playerList(view, names) {
  const seats = view.seats || [];
  const voted = new Set(view.votes_cast || []);
  const acting = new Set(view.to_act || []);
  const left = view.intrigues_left || [];
  return h("ul", { class: "players-list" }, seats.map((seatName, i) =>
    h("li", { "data-seat": i, class: acting.has(i) ? "to-act" : "" },
      h("span", { class: "turn-marker", "aria-hidden": "true" }, acting.has(i) ? "▶" : ""),
      h("strong", {}, seatName), names[i] && names[i] !== seatName ? ` ${names[i]}` : "",
      view.seat === i ? h("small", { class: "you" }, " (you)") : "",
      h("small", {}, ` · intrigues left ${left[i] ?? "?"}`),
      view.phase === "assassination" ? h("small", {}, voted.has(i) ? " · voted" : " · thinking") : "",
    )));
}

export function voteScreen(view, legal, act) {
  const votes = legal.filter((t) => t.startsWith("vote "));
  if (view.phase !== "assassination") return null;
  if (view.your_vote) {
    return h("div", { class: "vote-screen" }, h("h3", {}, "Your vote is cast"),
      h("p", {}, `You voted: ${voteLabel(view, view.your_vote.replace(/^vote /, ""))}. Waiting for the others…`));
  }
  if (!votes.length) {
    return h("div", { class: "vote-screen" }, h("h3", {}, "The vote"), h("p", {}, "Players are voting in secret."));
  }
  return h("div", { class: "vote-screen", role: "group", "aria-label": "vote" },
    h("h3", {}, "Who holds the Regent House?"),
    h("p", {},
      "Vote in secret for the player you think serves the Regent House — or for the Neutral " +
        "Player if you think no player does. Votes are revealed together."),
    h("div", { class: "vote-buttons" }, votes.map((text) =>
      h("button", { type: "button", class: "vote", "data-action": text, onclick: () => act(text) }, voteLabel(view, text.slice(5))))));
}

function voteLabel(view, target) {
  if (target === "neutral") return "the Neutral Player";
  const seat = Number(target) - 1;
  return (view.seats || [])[seat] || `seat ${target}`;
}

export function revealBox(view) {
  const r = view.reveal;
  if (!r) return null;
  const seats = view.seats || [];
  const who = (t) => (t === "neutral" || t === null ? "the Neutral Player" : seats[t] || `seat ${t + 1}`);
  const v = r.verdict;
  const regent = houseOf(view, v.regent);
  const needed = view.players <= 3 ? 1 : 2;
  const count = `${v.votes_for_target} vote(s) (${needed} needed)`;
  let story;
  if (v.target === "neutral") {
    story = `No player holds ${regent.name}, so the Neutral Player was the target. It got ${count}: ` +
      (v.assassinated ? "the assassination succeeds." : "the assassination fails and everyone loses.");
  } else {
    story = `${who(v.target)} holds the Regent House and got ${count}: ` +
      (v.assassinated ? "assassinated!" : "the Regent survives and wins alone.");
  }
  if (v.assassinated) {
    story += v.winners.length
      ? ` Of those who voted for the target, ${who(v.winners[0])} serves the highest-ranked House and wins.`
      : "";
  }
  return h("div", { class: "reveal" },
    h("h3", {}, "The reveal"),
    h("p", { class: "verdict" }, `Regent House: `, houseChip(view, v.regent), `. ${story}`),
    h("p", { class: "winners" }, v.winners.length ? `Winner: ${v.winners.map(who).join(", ")}` : "No winner."),
    h("table", { class: "identities" },
      h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Identity"), h("th", {}, "Voted for"))),
      h("tbody", {}, (r.identities || []).map((house, i) =>
        h("tr", {}, h("td", {}, seats[i] || `seat ${i + 1}`), h("td", {}, houseChip(view, house)), h("td", {}, who(r.votes[i])))))),
    (r.unused || []).length ? h("p", {}, "Neutral Player (Houses no one held): ", r.unused.map((n, i) => [i ? ", " : "", houseChip(view, n)])) : null,
    rankingTable(view, r.ranking),
  );
}

export function rankingTable(view, ranking) {
  if (!ranking) return null;
  return h("table", { class: "ranking" },
    h("caption", {}, `Coronation ranking — ${(view.objective || {}).title || ""}`),
    h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "House"), h("th", {}, "Score"), h("th", {}, "Light only"))),
    h("tbody", {}, ranking.map((row) =>
      h("tr", {},
        h("td", {}, String(row.rank)),
        h("td", {}, houseChip(view, row.house)),
        h("td", {}, String(row.score)),
        h("td", {}, String(row.light_score))))));
}
