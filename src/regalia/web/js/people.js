// Challenges, follows and blocks in the page. The header's Challenges link counts the
// challenges waiting for the signed-in player's answer and, live (GET /api/challenge/stream),
// shows each new one with Accept and Decline on whatever page is open; an accepted challenge
// opens its table for everyone in it. The People page (#/people) lists the challenges to and
// from the player, whom they follow and what those play now, whom they block, and whether
// their name appears in the open game data. A profile of someone else gets Challenge,
// Follow and Block (`playerActions`).

import { h, fill } from "./dom.js";
import {
  acceptChallenge, blocked, cancelChallenge, challengePlayer, declineChallenge, followed,
  myChallenges, openData, relate, relationWith, setOpenData, takeSeatAgain,
} from "./api.js";
import { allGames } from "./games.js";
import { currentPlayer, PLAYER_CHANGED, playerKey, rememberSeat } from "./store.js";
import { language, t } from "./i18n.js";

const RETRY_MS = [1000, 2000, 5000, 10000, 30000];
const listeners = new Set(); // pages that draw the pending challenges again on a change
let pending = new Map(); // id → challenge, as the stream last told

function invitedMe(c, me) {
  return me && c.invited.some((i) => i.id === me.id && i.answer !== "accepted");
}

function gameTitle(games, name) {
  const game = games.find((g) => g.name === name);
  return game ? game.title : name;
}

function clockText(clock) {
  if (!clock) return t("no clock");
  if (clock.per_move_s !== undefined) return t("{0} s a move", clock.per_move_s);
  if (clock.days_per_move !== undefined) return t("{0} days a move", clock.days_per_move);
  return `${Math.round(clock.initial_s / 60)}+${clock.increment_s}`;
}

/** One sentence about a challenge for the signed-in player. */
function describe(c, games, me) {
  const title = gameTitle(games, c.game);
  const rated = c.rated ? t("rated") : t("casual");
  if (c.challenger.id === me.id) {
    return t("You challenge {0} to {1} ({2}, {3})", c.invited.map((i) => i.name).join(", "), title, clockText(c.clock), rated);
  }
  return t("{0} challenges you to {1} ({2}, {3})", c.challenger.name, title, clockText(c.clock), rated);
}

async function openTable(tableId, token) {
  let seatToken = token;
  if (!seatToken) seatToken = (await takeSeatAgain(tableId)).token;
  rememberSeat(tableId, seatToken);
  location.hash = `#/t/${encodeURIComponent(tableId)}/${encodeURIComponent(seatToken)}`;
}

const accepting = new Set(); // challenges this page's own answer may open

async function accept(c) {
  accepting.add(c.id);
  try {
    const answer = await acceptChallenge(c.id);
    if (answer.challenge.table) await openTable(answer.challenge.table, answer.token);
  } finally {
    accepting.delete(c.id);
  }
}

/** The header's Challenges link and the live alerts of new challenges. */
export function mountChallenges(root) {
  const alerts = h("div", { class: "challenge-alerts", role: "status", "aria-live": "polite" });
  const link = h("a", { href: "#/people", class: "challenges-link" });
  root.replaceChildren(link, alerts);
  let games = [];
  allGames().then((found) => { games = found; draw(); }).catch(() => {});
  let stop = null;

  function draw() {
    const me = currentPlayer();
    link.hidden = !me;
    const waiting = me ? [...pending.values()].filter((c) => invitedMe(c, me)) : [];
    fill(link, t("Challenges"), waiting.length ? h("span", { class: "badge challenge-count" }, String(waiting.length)) : null);
    fill(alerts, waiting.map((c) => alert(c, me)));
    for (const listener of listeners) listener();
  }

  function alert(c, me) {
    const note = h("span", { class: "muted" });
    const act = (fn) => async () => {
      try {
        await fn(c);
      } catch (err) {
        note.textContent = err.message;
      }
    };
    return h("div", { class: "challenge-alert", "data-challenge": c.id },
      h("span", { class: "challenge-text" }, describe(c, games, me)),
      h("button", { type: "button", class: "accept-challenge", onclick: act(accept) }, t("Accept")),
      h("button", { type: "button", class: "decline-challenge", onclick: act((x) => declineChallenge(x.id)) }, t("Decline")),
      note);
  }

  function heard(event) {
    const c = event.challenge;
    const me = currentPlayer();
    if (event.type === "challenge") pending.set(c.id, c);
    else pending.delete(c.id);
    if (event.type === "challengeAccepted" && me && c.table && !accepting.has(c.id)) {
      // Everyone in it goes to the table (the last to accept has its token already).
      if (!location.hash.startsWith(`#/t/${c.table}`)) openTable(c.table, null).catch(() => {});
    }
    draw();
  }

  function connect() {
    if (stop) stop();
    pending = new Map();
    draw();
    if (!currentPlayer()) return;
    stop = follow(heard);
  }
  window.addEventListener(PLAYER_CHANGED, connect);
  connect();
}

/** Read the challenge stream until stopped, reconnecting with a growing wait. */
function follow(onEvent) {
  const control = new AbortController();
  let tries = 0;
  (async () => {
    while (!control.signal.aborted) {
      try {
        const response = await fetch("/api/challenge/stream", {
          headers: { Accept: "application/x-ndjson", "X-Player-Key": playerKey() || "", "X-Lang": language() },
          signal: control.signal,
        });
        if (response.status === 401) return; // signed out elsewhere: PLAYER_CHANGED follows
        if (!response.ok) throw new Error(String(response.status));
        tries = 0;
        pending = new Map(); // the stream starts with every challenge still pending
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) break;
          buffer += decoder.decode(chunk.value, { stream: true });
          let end;
          while ((end = buffer.indexOf("\n")) >= 0) {
            const line = buffer.slice(0, end).trim();
            buffer = buffer.slice(end + 1);
            if (line) onEvent(JSON.parse(line));
          }
        }
      } catch (err) {
        if (control.signal.aborted) return;
      }
      await new Promise((done) => setTimeout(done, RETRY_MS[Math.min(tries++, RETRY_MS.length - 1)]));
    }
  })();
  return () => control.abort();
}

/** #/people: challenges in and out, follows with their games in play, blocks, open data. */
export function showPeople(root) {
  const box = h("div", { class: "people-page" });
  fill(root, box);
  let gone = false;
  const me = currentPlayer();
  if (!me) {
    fill(box, h("h2", {}, t("People")), h("p", { class: "muted" }, t("Sign in (or choose a name) to challenge and follow players.")));
    return { destroy() {} };
  }
  async function draw() {
    const [mineNow, follows, blocks, data, games] = await Promise.all([
      myChallenges(), followed(), blocked(), openData(), allGames().catch(() => []),
    ]);
    if (gone) return;
    const named = h("input", { type: "checkbox", class: "open-data-named", checked: data.named });
    named.addEventListener("change", () => setOpenData(named.checked).catch(() => { named.checked = !named.checked; }));
    fill(box,
      h("header", { class: "table-head" }, h("h2", {}, t("People")), h("a", { href: "#/", class: "back" }, t("Lobby"))),
      h("h3", {}, t("Challenges to you")),
      mineNow.in.length
        ? h("ul", { class: "challenges-in" }, mineNow.in.map((c) => h("li", { "data-challenge": c.id }, describe(c, games, me), " ",
            invitedMe(c, me) ? [
              h("button", { type: "button", onclick: () => accept(c).catch(() => {}) }, t("Accept")), " ",
              h("button", { type: "button", onclick: () => declineChallenge(c.id).then(draw, () => {}) }, t("Decline")),
            ] : h("span", { class: "muted" }, t("accepted: waiting for the others")))))
        : h("p", { class: "muted" }, t("No challenges to you.")),
      h("h3", {}, t("Your challenges")),
      mineNow.out.length
        ? h("ul", { class: "challenges-out" }, mineNow.out.map((c) => h("li", { "data-challenge": c.id }, describe(c, games, me), " ",
            h("button", { type: "button", onclick: () => cancelChallenge(c.id).then(draw, () => {}) }, t("Cancel")))))
        : h("p", { class: "muted" }, t("You have no challenge waiting for an answer.")),
      h("h3", {}, t("Following")),
      follows.length
        ? h("ul", { class: "following" }, follows.map((p) => h("li", { "data-player": p.id },
            h("a", { href: `#/player/${encodeURIComponent(p.id)}` }, p.name), " ",
            p.playing.length
              ? [h("span", { class: "badge playing-now" }, t("playing now")), " ",
                 p.playing.map((g) => h("a", { href: `#/t/${encodeURIComponent(g.table)}`, class: "watch-link" }, t("Watch {0}", gameTitle(games, g.game))))]
              : h("span", { class: "muted" }, t("not playing now")))))
        : h("p", { class: "muted" }, t("You follow nobody yet: follow players from their profiles.")),
      h("h3", {}, t("Blocked")),
      blocks.length
        ? h("ul", { class: "blocked" }, blocks.map((p) => h("li", {}, p.name, " ",
            h("button", { type: "button", onclick: () => relate("unblock", p.name).then(draw, () => {}) }, t("Unblock")))))
        : h("p", { class: "muted" }, t("You block nobody.")),
      h("h3", {}, t("Open game data")),
      h("label", { class: "open-data" }, named, " ", t("Name me in the open game data (otherwise my games show 'anonymous')")));
  }
  const redraw = () => draw().catch(() => {});
  listeners.add(redraw);
  draw().catch((err) => { if (!gone) fill(box, h("p", { class: "alert", role: "alert" }, err.message)); });
  return {
    destroy() {
      gone = true;
      listeners.delete(redraw);
    },
  };
}

/** A profile's Challenge, Follow and Block controls (someone else's profile, signed in). */
export function playerActions(profile, games) {
  const me = currentPlayer();
  if (!me || me.id === profile.id || (profile.bot && !profile.bot_account)) return null;
  const box = h("section", { class: "player-actions", "aria-label": t("Challenge, follow or block") });
  const note = h("p", { class: "muted action-note", role: "status" });
  const game = h("select", { class: "challenge-game", "aria-label": t("Game") },
    games.map((g) => h("option", { value: g.name }, g.title)));
  const clock = h("select", { class: "challenge-clock", "aria-label": t("Clock") });
  const rated = h("input", { type: "checkbox", class: "challenge-rated" });
  const others = h("input", { type: "text", class: "challenge-invite", maxlength: 200, placeholder: t("names, separated by commas") });
  const more = h("label", { class: "challenge-more" }, t("Also invite"), " ", others);
  function presets() {
    const g = games.find((x) => x.name === game.value);
    fill(clock, h("option", { value: "" }, t("no clock")),
      ((g && g.clock_presets) || []).map((p, i) => h("option", { value: String(i), selected: i === 0 }, t(p.label))));
    more.hidden = !g || g.min_players <= 2;
  }
  game.addEventListener("change", presets);
  presets();
  const send = h("button", { type: "button", class: "challenge-send" }, t("Challenge"));
  send.addEventListener("click", async () => {
    const g = games.find((x) => x.name === game.value);
    const preset = clock.value === "" ? null : g.clock_presets[Number(clock.value)].clock;
    const invite = more.hidden ? [] : others.value.split(",").map((x) => x.trim()).filter(Boolean);
    try {
      const players = Math.min(g.max_players, Math.max(g.min_players, invite.length + 2));
      await challengePlayer(profile.name, { game: g.name, players, clock: preset, rated: rated.checked, invite });
      note.textContent = t("Challenge sent: {0} sees it at once.", profile.name);
    } catch (err) {
      note.textContent = err.message;
    }
  });
  const followButton = h("button", { type: "button", class: "follow-toggle" });
  const blockButton = h("button", { type: "button", class: "block-toggle" });
  let state = { following: false, blocking: false };
  function drawToggles() {
    followButton.textContent = state.following ? t("Unfollow") : t("Follow");
    blockButton.textContent = state.blocking ? t("Unblock") : t("Block");
  }
  async function toggle(verb) {
    try {
      await relate(verb, profile.name);
      state = await relationWith(profile.name);
      drawToggles();
      note.textContent = "";
    } catch (err) {
      note.textContent = err.message;
    }
  }
  followButton.addEventListener("click", () => toggle(state.following ? "unfollow" : "follow"));
  blockButton.addEventListener("click", () => toggle(state.blocking ? "unblock" : "block"));
  relationWith(profile.name).then((found) => { state = found; drawToggles(); }).catch(() => {});
  drawToggles();
  fill(box,
    h("div", { class: "challenge-form" }, game, " ", clock, " ",
      h("label", {}, rated, " ", t("rated")), " ", more, " ", send),
    h("div", { class: "relation-buttons" }, followButton, " ", blockButton),
    note);
  return box;
}
