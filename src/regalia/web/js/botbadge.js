// A BOT account's mark (issue 27): a program plays the seat through the Bot API. A table
// summary's seat says so in `bot`; a built-in level's seat (kind "bot") already reads
// "… bot" by its name, so only a BOT account's seat wears the badge.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { SeatKind } from "./protocol.js";

/** The badge of a summary's seat played by a BOT account, else null. */
export function botBadge(seat) {
  if (!seat.bot || seat.kind === SeatKind.BOT) return null;
  return h("span", { class: "badge bot-badge", title: t("a BOT account: a program plays this seat") }, t("BOT"));
}
