// What the browser remembers between visits: the player's name, the seat this browser plays
// at each table, the invite links of tables it created (to hand out while waiting), and
// whether turn alerts make a sound.

const NAME_KEY = "regalia.name";
const SEATS_KEY = "regalia.seats";
const INVITES_KEY = "regalia.invites";
const SOUND_KEY = "regalia.sound";

export function playerName() {
  return localStorage.getItem(NAME_KEY) || "";
}

export function setPlayerName(name) {
  localStorage.setItem(NAME_KEY, name.trim().slice(0, 40));
}

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "{}");
  } catch {
    return {};
  }
}

function write(key, id, value) {
  const all = read(key);
  all[id] = value;
  localStorage.setItem(key, JSON.stringify(all));
}

/** Remember that this browser plays `token` at table `id`. */
export function rememberSeat(id, token) {
  write(SEATS_KEY, id, token);
}

export function seatToken(id) {
  return read(SEATS_KEY)[id] || null;
}

/** Remember the invite links [{seat, name, url}] of a table this browser created. */
export function rememberInvites(id, invites) {
  write(INVITES_KEY, id, invites);
}

export function invitesOf(id) {
  return read(INVITES_KEY)[id] || [];
}

/** Whether turn alerts make a sound (on unless turned off). */
export function soundOn() {
  return localStorage.getItem(SOUND_KEY) !== "off";
}

export function setSoundOn(on) {
  localStorage.setItem(SOUND_KEY, on ? "on" : "off");
}
