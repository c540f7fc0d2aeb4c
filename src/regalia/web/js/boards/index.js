// The board view of each game, loaded on demand. A new game adds one module here.

const MODULES = {
  regulator: () => import("./regulator.js"),
  regicide: () => import("./regicide.js"),
  regicida: () => import("./regicida.js"),
};

export function loadBoard(game) {
  const load = MODULES[game];
  if (!load) return Promise.reject(new Error(`this web app cannot show ${game} yet`));
  return load();
}
