// Who sits where, and their clocks: one row per seat with the seat's name, who plays it, a
// presence dot (connected, disconnected, played by a bot) and, at a timed table, a clock
// that ticks for every seat to act (several at once in a simultaneous round). Driven by the
// table summary, `view` messages (`clocks`, `presence`) and `presence` messages; the boards
// know nothing of it.

import { botBadge } from "./botbadge.js";
import { h, fill } from "./dom.js";
import { AbsenceRule, SeatKind, TableStatus, TimeoutRule } from "./protocol.js";
import { t, tn } from "./i18n.js";

const TICK_MS = 100; // tenths are shown under ten seconds

/** "4:59", "1:02:03", and "0:09.4" (tenths) under ten seconds; never below zero. */
export function formatClock(ms) {
  const left = Math.max(0, ms);
  const pad = (n) => String(n).padStart(2, "0");
  if (left < 10_000) {
    const tenths = Math.floor(left / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const seconds = Math.floor(left / 1000);
  const hours = Math.floor(seconds / 3600);
  if (hours >= 48) return t("{0} d {1} h", Math.floor(hours / 24), hours % 24); // turn-based
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours ? `${hours}:${pad(minutes)}:${pad(seconds % 60)}` : `${minutes}:${pad(seconds % 60)}`;
}

/** 90 → "1 min 30 s", 300 → "5 min", 20 → "20 s". */
function duration(seconds) {
  const s = Math.max(0, Math.round(seconds || 0));
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  if (!minutes) return t("{0} s", rest);
  return rest ? t("{0} min {1} s", minutes, rest) : t("{0} min", minutes);
}

/** A time control in words: "5 min + 3 s", "1 min a turn", or "untimed". */
export function timeControlText(clock) {
  if (!clock) return t("untimed");
  if (clock.days_per_move) return tn(clock.days_per_move, "{0} day a move", "{0} days a move", clock.days_per_move);
  if (clock.per_move_s !== undefined && clock.per_move_s !== null) return t("{0} a turn", duration(clock.per_move_s));
  return t("{0} + {1} s", duration(clock.initial_s), clock.increment_s || 0);
}

/** A table's clock and absence rules in a line: what the players agreed to. */
export function tableRulesText(summary) {
  const parts = [];
  if (summary.clock) {
    parts.push(t("Time control: {0}", timeControlText(summary.clock)));
    parts.push(summary.on_timeout === TimeoutRule.BOT ? t("out of time: a bot plays on") : t("out of time: that side loses"));
  }
  const absence = summary.absence;
  if (absence && absence.then && absence.then !== AbsenceRule.WAIT) {
    parts.push(absence.then === AbsenceRule.BOT
      ? t("away {0} on their turn: a bot plays for them", duration(absence.grace_s))
      : t("away {0} on their turn: the others may claim the win", duration(absence.grace_s)));
  }
  return parts.join(" · ");
}

/** Below this a clock shows as low: 10% of its start, at least 5 s and at most 20 s. */
function lowTimeMs(clock) {
  if (!clock) return 0;
  const start = 1000 * (clock.per_move_s ?? clock.initial_s ?? 0);
  return Math.min(20_000, Math.max(0.1 * start, 5_000));
}

/** What each seat's presence is, from a view's or a `presence` message's `presence` entry. */
function presenceOf(info, live, offline = false) {
  if (info.kind === SeatKind.BOT) return { state: "bot", text: t("bot") };
  if (!info.joined) return info.kind === SeatKind.OPEN ? { state: "open", text: t("open seat") } : { state: "waiting", text: t("invited, not joined yet") };
  if (offline) return { state: "disconnected", text: t("you are offline: reconnecting…") };
  const connected = live ? live.connected : Boolean(info.connected);
  const bot = live ? live.bot : Boolean(info.bot_playing);
  if (bot) return { state: "bot-playing", text: connected ? t("a bot plays for them") : t("disconnected, a bot plays for them") };
  return connected ? { state: "connected", text: t("online") } : { state: "disconnected", text: t("disconnected") };
}

/**
 * The seats strip of a table page. `update({summary, clocks, receivedAt, presence, status,
 * seat, offline})`:
 * `summary` the table summary (seats, clock), `clocks` a view's clocks (null: untimed) as of
 * `receivedAt` (performance.now() when it arrived), `presence` per seat or null, `seat` the
 * viewer's (null: a spectator), `offline` whether this page has lost its connection (the
 * viewer's own seat is then not online). Any of them may be left out: the last one given stays.
 * `onLow()` is called when the viewer's own running clock crosses the low mark.
 */
export function createSeatClocks(root, { who = () => [], onLow = () => {} } = {}) {
  const list = h("ol", { class: "seat-clocks", "aria-label": t("players and clocks") });
  const caption = h("p", { class: "time-control muted" });
  fill(root, list, caption);
  let state = { summary: null, clocks: null, receivedAt: 0, presence: null, status: null, seat: null, offline: false };
  let rows = [];
  let timer = null;

  function build(summary) {
    rows = summary.seats.map((info, i) => {
      const dot = h("span", { class: "presence-dot", "aria-hidden": "true" });
      const label = h("span", { class: "seat-label" });
      const note = h("span", { class: "presence-text" });
      const clock = h("span", { class: "clock", role: "timer", "aria-label": t("{0}'s clock", t(info.seat_name)) });
      const row = h("li", { class: "seat-clock", "data-seat": i }, dot, h("span", { class: "seat-who" }, label, note), clock);
      return { row, dot, label, note, clock };
    });
    fill(list, rows.map((r) => r.row));
  }

  function running() {
    const { clocks, status } = state;
    if (!clocks || status !== TableStatus.PLAYING) return new Set();
    return new Set(clocks.running || []);
  }

  /** Each seat's time left now, as the server said minus the time since it said it. */
  function tick() {
    const { clocks, receivedAt, summary } = state;
    if (!clocks || !summary) return;
    const runs = running();
    const low = lowTimeMs(summary.clock);
    const elapsed = performance.now() - receivedAt;
    rows.forEach((r, i) => {
      const left = (clocks.remaining_ms || [])[i] ?? 0;
      const ms = runs.has(i) ? Math.max(0, left - elapsed) : left;
      const text = formatClock(ms);
      if (r.clock.textContent !== text) r.clock.textContent = text;
      // The viewer's own running clock crossing the low mark (once a turn, as it runs down).
      if (runs.has(i) && i === state.seat && r.was > low && ms <= low) onLow();
      r.was = ms;
      r.row.classList.toggle("low", ms <= low);
      r.row.classList.toggle("out", ms <= 0);
    });
  }

  function schedule() {
    const runs = running().size > 0;
    if (runs && !timer) timer = setInterval(tick, TICK_MS);
    if (!runs && timer) {
      clearInterval(timer);
      timer = null;
    }
  }

  function draw() {
    const { summary, clocks, presence, seat, offline } = state;
    if (!summary) return;
    if (rows.length !== summary.seats.length) build(summary);
    const names = who();
    const runs = running();
    const timed = Boolean(clocks);
    list.classList.toggle("timed", timed);
    // Seats side by side up to four, else in two rows (phones: two columns, by the stylesheet).
    const count = summary.seats.length;
    list.style.setProperty("--seat-columns", String(count <= 4 ? count : Math.ceil(count / 2)));
    summary.seats.forEach((info, i) => {
      const r = rows[i];
      const p = presenceOf(info, presence && presence[i], offline && seat === i);
      r.row.dataset.presence = p.state;
      r.row.classList.toggle("you", seat === i);
      r.row.classList.toggle("running", runs.has(i));
      r.dot.title = p.text;
      const badge = botBadge(info);
      fill(r.label, h("strong", {}, t(info.seat_name)), seat === i ? t(" (you)") : "", badge ? [" ", badge] : null);
      // A bot seat's player is the bot ("Random bot"): its presence says nothing more.
      const player = names[i] || "";
      r.note.textContent = info.kind === SeatKind.BOT && player ? player : [player, p.text].filter(Boolean).join(" · ");
      r.note.title = r.note.textContent;
      r.clock.hidden = !timed;
    });
    caption.textContent = tableRulesText(summary);
    caption.hidden = !caption.textContent;
    tick();
    schedule();
  }

  return {
    update(changes) {
      state = { ...state, ...changes };
      draw();
    },
    destroy() {
      clearInterval(timer);
      timer = null;
    },
  };
}
