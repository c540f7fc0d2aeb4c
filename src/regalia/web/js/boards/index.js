// The board view of each game, loaded on demand. A game with a board of its own adds one
// module here; any other game gets the generic view (its fields and its legal actions).

const MODULES = {
  regulator: () => import("./regulator.js"),
  regicide: () => import("./regicide.js"),
  regicida: () => import("./regicida.js"),
};

export function loadBoard(game) {
  const load = MODULES[game] || (() => import("./generic.js"));
  return load();
}

// The referee page of each game whose descriptor has a `referee`: what to enter and how to
// show the answer (../referee.js is the page around it). A game without one resolves to null.
const REFEREES = {
  regicida: () => import("./regicida-referee.js"),
};

export function loadReferee(game) {
  const load = REFEREES[game];
  return load ? load() : Promise.resolve(null);
}

// The board editor of each chess game (../editor.js is the page around it): its geometry,
// armies, and how its position text is read and written. A game without one has no editor.
const EDITORS = {
  regulator: () => import("./regulator-editor.js"),
  regicide: () => import("./regicide-editor.js"),
};

export function hasEditor(game) {
  return Boolean(EDITORS[game]);
}

/** The editor's address for `game` with the position `text` in it (#/editor/{game}?fen=…). */
export function editorLink(game, text) {
  const base = `#/editor/${encodeURIComponent(game)}`;
  return text ? `${base}?fen=${encodeURIComponent(text)}` : base;
}

export function loadEditor(game) {
  const load = EDITORS[game];
  return load ? load() : Promise.resolve(null);
}

// A small picture of each game's board at its start, for the lobby's cards (web/img/). A game
// without one gets none.
const PICTURES = {
  regulator: "img/regulator.svg",
  regicide: "img/regicide.svg",
  regicida: "img/regicida.svg",
};

export function pictureOf(game) {
  return PICTURES[game] || null;
}
