// Ratings in words, the same on the table page, the leaderboard and the profiles.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** A change's difference with its sign: "+34", "−12" (a minus sign), "±0". */
export function ratingDelta(change) {
  const delta = change.after - change.before;
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `−${-delta}`;
  return "±0";
}

/** "1000 → 1034 (+34)". */
export function ratingChangeText(change) {
  return `${change.before} → ${change.after} (${ratingDelta(change)})`;
}

/** The class of a change: up, down or same (coloured by the stylesheet). */
export const ratingTrend = (change) =>
  change.after > change.before ? "up" : change.after < change.before ? "down" : "same";

/** The "provisional" mark of a rating from too few games to be sure of, or nothing. */
export function provisionalMark(provisional) {
  return provisional
    ? h("span", { class: "provisional", title: t("provisional: too few games yet for the rating to be sure") }, t("provisional"))
    : null;
}
