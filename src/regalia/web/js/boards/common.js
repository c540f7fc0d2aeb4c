// Small readers shared by the game views: legal move texts and the move history.

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
