// What the browser remembers between visits: the player's name, the signed-in player and
// their key, the seat this browser plays at each table, the invite links of tables it created
// (to hand out while waiting), and whether turn alerts make a sound.

const NAME_KEY = "regalia.name";
const PLAYER_KEY = "regalia.player";
const SEATS_KEY = "regalia.seats";
const INVITES_KEY = "regalia.invites";
const SOUND_KEY = "regalia.sound";
/** The window event sent when the signed-in player changes (also from another tab). */
export const PLAYER_CHANGED = "regalia-player";

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

const SEAT_NUMBERS_KEY = "regalia.seatNumbers";

/** Remember which seat this browser plays at table `id` (its replay is drawn from there). */
export function rememberSeatNumber(id, seat) {
  if (read(SEAT_NUMBERS_KEY)[id] !== seat) write(SEAT_NUMBERS_KEY, id, seat);
}

/** The seat this browser played at table `id`, or null. */
export function seatNumber(id) {
  const seat = read(SEAT_NUMBERS_KEY)[id];
  return typeof seat === "number" ? seat : null;
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

// The signed-in player: {id, name, key, hasPassword}. The key is a secret: it lives only here
// (localStorage) and in the X-Player-Key header or the WebSocket hello, never in a URL.
// hasPassword: whether a password is known to exist (signed in with one, or set here): the
// server does not say, and changing a password needs the current one.

/** The signed-in player, or null. */
export function currentPlayer() {
  try {
    const player = JSON.parse(localStorage.getItem(PLAYER_KEY) || "null");
    return player && typeof player.key === "string" && player.key ? player : null;
  } catch {
    return null;
  }
}

/** The signed-in player's key (null: nobody is signed in). */
export function playerKey() {
  const player = currentPlayer();
  return player ? player.key : null;
}

function playerChanged() {
  window.dispatchEvent(new CustomEvent(PLAYER_CHANGED));
}

/** Remember a player the server just answered for ({id, name, player_key}). */
export function signIn(answer, hasPassword = false) {
  const player = { id: answer.id, name: answer.name, key: answer.player_key, hasPassword };
  localStorage.setItem(PLAYER_KEY, JSON.stringify(player));
  setPlayerName(answer.name);
  playerChanged();
}

/** Update what is known of the signed-in player (name, hasPassword), keeping the key. */
export function updatePlayer(changes) {
  const player = currentPlayer();
  if (!player) return;
  localStorage.setItem(PLAYER_KEY, JSON.stringify({ ...player, ...changes }));
  playerChanged();
}

/** Forget the player (signed out, or the key is no longer valid). */
export function forgetPlayer() {
  if (localStorage.getItem(PLAYER_KEY) === null) return;
  localStorage.removeItem(PLAYER_KEY);
  playerChanged();
}

// Another tab signed in or out: this one follows.
window.addEventListener("storage", (event) => {
  if (event.key === PLAYER_KEY || event.key === null) playerChanged();
});
