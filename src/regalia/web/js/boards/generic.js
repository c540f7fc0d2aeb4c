// The view of a game that ships no board of its own: the view's fields as a readable list,
// and the legal actions as buttons in the game's own notation (a filterable list when many).

import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { seatNames } from "../games.js";
import { TableStatus } from "../protocol.js";

const MANY = 24; // more actions than this get a filter box instead of a wall of buttons
const DEPTH = 3; // nested deeper than this, a value is shown as JSON text
// Shown elsewhere: the legal actions are the buttons, the status line says who acts and
// the result, and the seats' names come from the game's descriptor.
const SKIP = new Set(["legal", "legal_actions", "to_act", "result", "seat_names"]);
const HISTORY_KEYS = ["history", "moves", "log"];
// Fields that hold seat numbers (the core contract's seats are ints): shown by seat name.
const SEAT_KEYS = new Set(["seat", "turn", "winner", "winners", "to_act"]);

const isScalar = (value) => value === null || typeof value !== "object";
const isRecord = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** `cards_left` → "Cards left". */
function label(key) {
  const text = String(key).replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function scalar(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  return String(value);
}

/** Renders JSON values compactly; `seats` names the seats of seat-number fields. */
function renderer(seats) {
  const seatOf = (key, value) =>
    SEAT_KEYS.has(key) && Number.isInteger(value) && seats[value] ? seats[value] : scalar(value);

  /** A list of records with few keys, as a small table. */
  function recordTable(rows, depth) {
    const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    if (keys.length > 6) return null;
    return h("table", { class: "view-table" },
      h("thead", {}, h("tr", {}, keys.map((k) => h("th", { scope: "col" }, label(k))))),
      h("tbody", {}, rows.map((r) => h("tr", {}, keys.map((k) => h("td", {}, value(k, r[k], depth + 1)))))));
  }

  /** Scalars as text, flat lists joined, lists of records as tables, the rest nested. */
  function value(key, v, depth) {
    if (isScalar(v)) return seatOf(key, v);
    if (depth >= DEPTH) return h("code", {}, JSON.stringify(v));
    if (Array.isArray(v)) {
      if (!v.length) return t("none");
      if (v.every(isScalar)) return v.map((x) => seatOf(key, x)).join(", ");
      if (v.every((x) => Array.isArray(x) && x.every(isScalar))) {
        const none = t("none");
        return v.map((x) => `(${x.length ? x.map(scalar).join(", ") : none})`).join(" ");
      }
      const table = v.every(isRecord) ? recordTable(v, depth) : null;
      return table || h("ol", { class: "view-list" }, v.map((x) => h("li", {}, value(key, x, depth + 1))));
    }
    const entries = Object.entries(v);
    return entries.length ? fields(entries, depth + 1) : "—";
  }

  function fields(entries, depth = 0) {
    return h("dl", { class: depth ? "view-fields nested" : "view-fields" },
      entries.map(([key, v]) => [h("dt", {}, label(key)), h("dd", { "data-field": key }, value(key, v, depth))]));
  }
  return fields;
}

/** The history field of a view when its entries read as moves (text, or {seat, text|action}). */
function historyOf(view) {
  const key = HISTORY_KEYS.find((k) => Array.isArray(view[k]));
  if (!key) return null;
  const list = view[key];
  const text = (m) => (typeof m === "string" ? m : m && (m.text ?? m.action));
  if (!list.length || !list.every((m) => typeof text(m) === "string")) return null;
  return { key, list, text };
}

export function createView(root, { seat, act, playerNames, game }) {
  const you = h("p", { class: "generic-seat" });
  const viewBox = h("section", { class: "generic-fields", "aria-label": t("the game as you see it") });
  const actionsBox = h("section", { class: "generic-actions", "aria-label": t("your actions"), tabindex: -1 });
  fill(root, h("div", { class: "generic-view" }, you, actionsBox, viewBox));
  let pending = null; // a click sent and not yet answered: no second click meanwhile
  let word = ""; // the filter's text, kept while the same actions are redrawn (a chat line does)
  let shownActions = "";

  const names = (view) => seatNames(game || {}, playerNames().length || view.players || 0);

  function choose(legal) {
    if (pending) return;
    // Keep keyboard focus in the box while the buttons are disabled and redrawn.
    if (actionsBox.contains(document.activeElement)) actionsBox.focus();
    pending = setTimeout(release, 3000); // a refused action brings no update: free the buttons
    for (const b of actionsBox.querySelectorAll("button.action")) b.disabled = true;
    act(legal.action);
  }
  function release() {
    clearTimeout(pending);
    pending = null;
    for (const b of actionsBox.querySelectorAll("button.action")) b.disabled = false;
  }

  const actionButton = (legal) =>
    h("button", { type: "button", class: "action", "data-action": legal.action, onclick: () => choose(legal) },
      legal.text ?? legal.action);

  function drawActions(message) {
    const legal = (message.legal || []).filter((l) => typeof l === "object");
    const focused = document.activeElement;
    const hadFocus = actionsBox.contains(focused);
    const focusedAction = hadFocus && focused.dataset ? focused.dataset.action : undefined;
    const actions = legal.map((l) => l.action).join("\n");
    if (actions !== shownActions) word = "";
    shownActions = actions;
    const playing = message.status === TableStatus.PLAYING;
    actionsBox.hidden = seat === null || seat === undefined || !playing;
    if (!legal.length) {
      fill(actionsBox, h("p", { class: "muted" }, t("Waiting for the others…")));
      if (hadFocus && !actionsBox.hidden) actionsBox.focus();
      return;
    }
    const together = (message.to_act || []).length > 1;
    const heading = h("h3", {}, together ? t("Your choice (everyone to act chooses at once)") : t("Your action"));
    if (legal.length <= MANY) {
      fill(actionsBox, heading, h("div", { class: "action-buttons" }, legal.map(actionButton)));
    } else {
      const list = h("ul", { class: "action-list" }, legal.map((l) => h("li", {}, actionButton(l))));
      const count = h("span", { class: "muted", "aria-live": "polite" });
      const filter = h("input", {
        type: "search", class: "action-filter", placeholder: t("filter actions"), "aria-label": t("filter actions"),
        autocomplete: "off", spellcheck: "false", value: word,
      });
      const apply = () => {
        word = filter.value;
        const needle = word.trim().toLowerCase();
        let shown = 0;
        for (const li of list.children) {
          li.hidden = Boolean(needle) && !li.textContent.toLowerCase().includes(needle);
          if (!li.hidden) shown += 1;
        }
        count.textContent = t("{0} of {1}", shown, legal.length);
      };
      filter.addEventListener("input", apply);
      filter.addEventListener("keydown", (event) => {
        if (event.key !== "Enter") return;
        event.preventDefault();
        const first = list.querySelector("li:not([hidden]) button");
        if (first) first.focus();
      });
      fill(actionsBox, heading, h("p", { class: "action-filter-row" }, filter, " ", count), list);
      apply();
    }
    // Keyboard focus stays where it was: the filter, the same action, or else the first one.
    if (hadFocus) {
      const same = [...actionsBox.querySelectorAll("button.action")].find((b) => b.dataset.action === focusedAction);
      const filterHad = focused.classList.contains("action-filter");
      (same || actionsBox.querySelector(filterHad ? ".action-filter" : "button.action, .action-filter") || actionsBox).focus();
    }
  }

  return {
    update(message) {
      release();
      const view = message.view || {};
      const seatName = seat === null || seat === undefined ? null : names(view)[seat];
      fill(you, seatName ? [t("You play "), h("strong", {}, t(seatName))] : t("You are watching."));
      const history = historyOf(view);
      // The line above says whose view this is; the title says which game.
      const noise = (k, v) =>
        SKIP.has(k) || (history && k === history.key) || (k === "game" && v === game?.name) ||
        (k === "seat" && (v === null || v === seat));
      const shown = Object.entries(view).filter(([k, v]) => !noise(k, v));
      const fields = renderer(names(view));
      fill(viewBox, shown.length ? fields(shown) : h("p", { class: "muted" }, t("Nothing to show yet.")));
      drawActions(message);
    },
    /** Rows from the view's history when it has one; null: the page lists the action events. */
    moveRows(view) {
      const history = historyOf(view || {});
      if (!history) return null;
      const seatsNamed = names(view);
      return history.list.map((m, i) => {
        const who = typeof m === "object" && typeof m.seat === "number" ? t("{0}: ", seatsNamed[m.seat] !== undefined ? t(seatsNamed[m.seat]) : m.seat) : "";
        return { label: `${i + 1}.`, cells: [`${who}${history.text(m)}`] };
      });
    },
  };
}
