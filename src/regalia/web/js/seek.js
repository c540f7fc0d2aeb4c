// Quick play's wait, and the computer when nobody comes. "Play now" that made a table with
// open seats remembers when the server said to give up waiting (`bot_after_s`); the table
// page then counts down to it, with "Play the computer now" beside, and at zero leaves the
// waiting table for one with bots of a level near the player's rating (the server picks).
// "Play the computer" in the lobby goes there at once.

import { h, fill } from "./dom.js";
import { quickPlay } from "./api.js";
import { rememberSeat } from "./store.js";
import { TableStatus } from "./protocol.js";
import { t } from "./i18n.js";

const key = (tableId) => `regalia.seek.${tableId}`;

/** After "Play now" seated this browser at a waiting table: when to offer its seats to bots. */
export function rememberSeek(tableId, spec, botAfterS) {
  const at = Date.now() + botAfterS * 1000;
  try {
    sessionStorage.setItem(key(tableId), JSON.stringify({ spec, at }));
  } catch {
    // no storage (a private window's quota): the table just waits
  }
}

function savedSeek(tableId) {
  try {
    return JSON.parse(sessionStorage.getItem(key(tableId)) || "null");
  } catch {
    return null;
  }
}

function forget(tableId) {
  try {
    sessionStorage.removeItem(key(tableId));
  } catch {
    // nothing remembered
  }
}

/** A table against bots for quick play's `spec` (a live seek still comes first), giving up
 * `leave` ({table, token}) if given; then that table's page. */
export async function playComputer(spec, leave = null) {
  const body = { ...spec, bot_after_s: 0 };
  if (leave) body.leave = leave.table;
  const answer = await quickPlay(body, leave ? leave.token : null);
  rememberSeat(answer.table.id, answer.token);
  location.hash = `#/t/${encodeURIComponent(answer.table.id)}/${encodeURIComponent(answer.token)}`;
}

/** The countdown under a waiting table's status line, shown while this browser seeks there. */
export function seekCountdown(tableId, token) {
  const element = h("p", { class: "seek-wait", hidden: true, "aria-live": "polite" });
  let timer = null;
  const stop = () => {
    clearInterval(timer);
    timer = null;
  };

  async function giveUp(saved) {
    stop();
    forget(tableId);
    fill(element, t("Finding you a computer opponent…"));
    try {
      await playComputer(saved.spec, { table: tableId, token });
    } catch (err) {
      fill(element, h("span", { class: "error", role: "alert" }, err.message));
    }
  }

  function update(status) {
    const saved = token ? savedSeek(tableId) : null;
    if (status !== TableStatus.WAITING || !saved) {
      if (saved && status) forget(tableId); // someone came (or the table is gone)
      stop();
      element.hidden = true;
      return;
    }
    if (timer) return;
    const left = h("span", { class: "seek-left" });
    const now = h("button", { type: "button", class: "play-computer" }, t("Play the computer now"));
    now.addEventListener("click", () => giveUp(saved));
    fill(element, left, " ", now);
    element.hidden = false;
    const tick = () => {
      const seconds = Math.ceil((saved.at - Date.now()) / 1000);
      if (seconds <= 0) {
        giveUp(saved);
        return;
      }
      left.textContent = t("Nobody yet: in {0} s the open seats go to the computer.", seconds);
    };
    tick();
    if (!element.hidden && savedSeek(tableId)) timer = setInterval(tick, 1000);
  }

  return { element, update, destroy: stop };
}
