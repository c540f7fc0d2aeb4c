// Small readers shared by the game views: legal move texts, the move history, whether the
// game of a message is still going.

import { TableStatus } from "../protocol.js";

/** Whether the message's game is still going: a table with a result (a resignation, a
 * claimed win, a timeout) is over even when its position is not. */
export function inPlay(message) {
  return !(message.view && message.view.over) && !message.result;
}

/** The class of the viewer's pieces while they may premove — seated, the game going, and
 * another seat to move — else null (the board then takes no premove). */
export function premoveClass(message, seat, cls) {
  const waiting = !(message.to_act || []).includes(seat) && message.status === TableStatus.PLAYING;
  return seat !== null && seat !== undefined && inPlay(message) && waiting ? cls : null;
}

/** Legal actions of a view message as coordinate/machine texts. */
export function legalTexts(message) {
  const legal = message.legal && message.legal.length ? message.legal : [];
  return legal.map((l) => (typeof l === "string" ? l : l.action ?? l.text));
}

/** Whether `pass` is among the legal actions. */
export function canPass(message) {
  return legalTexts(message).includes("pass");
}

/** The move history of a view, in the game's own notation. */
export function historyOf(view) {
  const list = view.history ?? view.moves ?? view.log ?? [];
  return list.map((m) => (typeof m === "string" ? m : m.text ?? m.san ?? m.action ?? JSON.stringify(m)));
}
