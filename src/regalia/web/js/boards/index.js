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
