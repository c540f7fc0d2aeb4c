// Regicida's post-game report (report.js shows it): each seat's Identity, an outside
// observer's belief after each action that the seat holds the Regent House, and the votes.

import { h, s } from "../dom.js";
import { t } from "../i18n.js";

export function identityView(report, names) {
  const houses = new Map((report.houses || []).map((house) => [house.number, house]));
  const houseName = (n) => (houses.get(n) ? houses.get(n).name : t("House {0}", n));
  const colour = (seat) => (report.identities ? houses.get(report.identities[seat])?.colour : null) || `hsl(${seat * 67} 60% 45%)`;
  const who = (seat) => names[seat] || t("seat {0}", seat + 1);
  const regent = report.regent;
  const votes = report.votes || [];
  const voteText = (v) => (v.vote === "neutral" ? t("the Neutral Player") : who(v.vote));
  const rows = Array.from({ length: report.players }, (_, seat) => {
    const vote = votes.find((v) => v.seat === seat);
    return h("tr", { class: "report-seat", "data-seat": seat },
      h("th", { scope: "row" }, h("span", { class: "swatch", style: `background:${colour(seat)}` }), who(seat)),
      h("td", {}, report.identities ? houseName(report.identities[seat]) : "?"),
      h("td", {}, vote ? voteText(vote) : "–"),
      h("td", { class: vote && vote.right ? "vote-right" : "vote-wrong" }, vote ? (vote.right ? t("right") : t("wrong")) : "–"));
  });
  const guess = report.guess === null || report.guess === undefined ? null
    : report.guess === "neutral" ? t("the Neutral Player") : who(report.guess);
  return h("div", { class: "report-body" },
    regent ? h("p", {}, t("The Regent House: {0}.", houseName(regent))) : null,
    h("table", { class: "report-seats" },
      h("thead", {}, h("tr", {}, h("th", {}, t("Player")), h("th", {}, t("Identity")), h("th", {}, t("Vote")), h("th", {}, t("Vote right?")))),
      h("tbody", {}, rows)),
    regent ? h("h3", {}, t("How the public evidence pointed at the Regent's holder")) : null,
    regent ? holderChart(report, colour, who) : null,
    guess ? h("p", { class: "muted" }, t("An onlooker who saw only the public actions would have named {0}.", guess)) : null,
    h("p", { class: "muted" }, t("Each line: the chance, after each action, that the seat holds the Regent House, from public actions only.")));
}

function holderChart(report, colour, who) {
  const chart = report.chart || [];
  const n = chart.length;
  if (n < 2) return null;
  const width = 100;
  const height = 40;
  const x = (i) => 1 + (i / (n - 1)) * (width - 2);
  const y = (p) => height - 1 - p * (height - 2);
  const intrigue = chart.findIndex((p) => p.phase === "intrigue");
  const line = (seat, cls, stroke) => s("polyline", {
    points: chart.map((p, i) => `${x(i).toFixed(2)},${y(p.regent[seat]).toFixed(2)}`).join(" "),
    class: cls, style: stroke ? `stroke:${stroke}` : "",
  });
  const seats = Array.from({ length: report.players }, (_, seat) => line(seat, "holder-line", colour(seat)));
  const neutral = report.players < 6 ? line(report.players, "holder-line neutral", null) : null;
  const legend = h("ul", { class: "report-legend" },
    Array.from({ length: report.players }, (_, seat) => h("li", {}, h("span", { class: "swatch", style: `background:${colour(seat)}` }), who(seat))),
    neutral ? h("li", {}, h("span", { class: "swatch neutral" }), t("the Neutral Player")) : null);
  return h("div", { class: "report-chart" },
    s("svg", { class: "eval-chart report-holder-chart", viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: "none", role: "img",
      "aria-label": t("the chance each seat holds the Regent House, action by action") },
    intrigue > 0 ? s("line", { x1: x(intrigue), y1: 0, x2: x(intrigue), y2: height, class: "phase-line" },
      s("title", { text: t("Intrigue begins") })) : null,
    seats, neutral),
    h("p", { class: "chart-phases muted" }, h("span", {}, t("Expansion")), intrigue > 0 ? h("span", {}, t("Intrigue")) : null),
    legend);
}
