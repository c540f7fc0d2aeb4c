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
