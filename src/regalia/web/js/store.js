// What the browser remembers between visits: the player's name and seat tokens by table.

const NAME_KEY = "regalia.name";
const SEATS_KEY = "regalia.seats";

export function playerName() {
  return localStorage.getItem(NAME_KEY) || "";
}

export function setPlayerName(name) {
  localStorage.setItem(NAME_KEY, name.trim().slice(0, 40));
}

function seats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
  } catch {
    return {};
  }
}

/** Remember that this browser plays `token` at table `id` (for "my tables" links). */
export function rememberSeat(id, token) {
  const all = seats();
  all[id] = token;
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

export function seatToken(id) {
  return seats()[id] || null;
}
