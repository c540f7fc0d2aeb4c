// A rating-history chart (SVG, no library): one line per game of a player's profile, the
// rating before their first rated game then after each one (GET
// /api/players/{id}/ratings/history). Each point links to its game's replay and says its
// rating and date in a tooltip; the caption says the way from the first to the last rating.

import { h, s } from "./dom.js";
import { language, t, tn } from "./i18n.js";

const W = 320;
const H = 120;
const PAD = { left: 34, right: 8, top: 8, bottom: 16 };

function dateText(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleDateString(language(), { dateStyle: "medium" });
}

/** The chart of one game's points [{table, at, rating}] (two at least: before and after). */
export function ratingChart(game, title, points) {
  const ratings = points.map((p) => p.rating);
  let low = Math.min(...ratings);
  let high = Math.max(...ratings);
  if (high - low < 20) {
    const mid = (high + low) / 2; // a flat line sits in the middle, not on an edge
    low = mid - 10;
    high = mid + 10;
  }
  const x = (i) => PAD.left + (points.length > 1 ? (i * (W - PAD.left - PAD.right)) / (points.length - 1) : 0);
  const y = (r) => PAD.top + ((high - r) * (H - PAD.top - PAD.bottom)) / (high - low);
  const games = points.length - 1;
  const first = ratings[0];
  const last = ratings[ratings.length - 1];
  const caption = tn(games, "{0}: {1} → {2} over {3} rated game", "{0}: {1} → {2} over {3} rated games", title, first, last, games);
  const grid = [high, (high + low) / 2, low].map((r) => [
    s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(r), y2: y(r), class: "grid" }),
    s("text", { x: PAD.left - 4, y: y(r) + 3, class: "axis" }, String(Math.round(r))),
  ]);
  const line = s("polyline", { class: "rating-line", points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" ") });
  const dots = points.map((p, i) => {
    const label = p.table
      ? t("Rating {0} after the game of {1}", p.rating, dateText(p.at))
      : t("Rating {0} before the first rated game", p.rating);
    const dot = s("circle", { cx: x(i), cy: y(p.rating), r: 3, class: `rating-dot${i === points.length - 1 ? " last" : ""}` }, s("title", { text: label }));
    return p.table ? s("a", { href: `#/replay/${encodeURIComponent(p.table)}`, "aria-label": label }, dot) : dot;
  });
  const svg = s("svg", { class: "rating-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": caption, "data-game": game },
    grid, line, dots);
  return h("figure", { class: `rating-history ${last >= first ? "up" : "down"}`, "data-game": game },
    svg, h("figcaption", {}, caption));
}
