// Takebacks at a table whose game has them (the descriptor's `takebacks`): a player asks to
// take their last move back; every other seat still standing must agree (a bot agrees at a
// casual table, never at a rated one); a move declines. The view's `takeback_offer` says who
// asks; the events say who agreed and whether the last request was declined.

import { h } from "./dom.js";
import { CommandType, EventKind, TableStatus } from "./protocol.js";
import { t } from "./i18n.js";
import { seatNames } from "./games.js";

export function createTakeback({ game, players, send }) {
  const names = seatNames(game, players);
  const button = (label, cls, onclick) => h("button", { type: "button", class: cls, onclick }, label);
  const ask = button(t("Take back"), "offer-takeback", () => send({ type: CommandType.OFFER_TAKEBACK }));
  ask.title = t("ask to take your last move back");
  const accept = button(t("Accept the takeback"), "accept-takeback primary", () => send({ type: CommandType.ACCEPT_TAKEBACK }));
  const decline = button(t("Decline the takeback"), "decline-takeback", () => send({ type: CommandType.DECLINE_TAKEBACK }));
  const note = h("span", { class: "takeback-note" });
  const agreed = new Set();
  let declined = false;
  let taken = false;
  const movers = []; // the seat of each action still on the board, in order

  return {
    buttons: [ask, accept, decline],
    note,
    /** Follow one event of the table. */
    event(event, seat) {
      const { ACTION, TAKEBACK, TAKEBACK_ACCEPTED, TAKEBACK_DECLINED, TAKEBACK_OFFERED } = EventKind;
      if (event.kind === TAKEBACK_OFFERED) agreed.clear();
      if (event.kind === TAKEBACK_ACCEPTED) agreed.add(event.seat);
      if (event.kind === ACTION) movers.push(event.seat);
      if (event.kind === TAKEBACK) movers.splice(movers.length - event.plies);
      declined = event.kind === TAKEBACK_DECLINED || (declined && ![TAKEBACK_OFFERED, ACTION].includes(event.kind));
      taken = event.kind === TAKEBACK || (taken && ![TAKEBACK_OFFERED, ACTION].includes(event.kind));
      if (event.kind === TAKEBACK) agreed.clear();
    },
    update(message, seat) {
      const player = seat !== null && seat !== undefined;
      const on = Boolean(game.takebacks) && player && message.status === TableStatus.PLAYING;
      const by = message.takeback_offer ?? null;
      const mine = by !== null && by === seat;
      const answered = agreed.has(seat);
      ask.hidden = !(on && by === null && movers.includes(seat));
      accept.hidden = decline.hidden = !(on && by !== null && !mine && !answered);
      let text = "";
      const asker = by === null ? "" : names[by] ? t(names[by]) : t("seat {0}", by + 1);
      if (on && by !== null) {
        text = mine ? t("You asked to take your last move back.")
          : answered ? t("You agreed; waiting for the other players.")
          : t("{0} asks to take their last move back.", asker);
      } else if (on && declined) {
        text = t("The takeback was declined.");
      } else if (on && taken) {
        text = t("The last move was taken back.");
      }
      note.textContent = text;
    },
  };
}
