// The lobby: every game the server offers, a form to create a table (seats, time control,
// absence rules, rated for a signed-in player), "Play now", invite links, a link to each
// game's leaderboard, and the table lists with a Join button per open seat. All it says
// about a game comes from the game's descriptor.

import { h, fill } from "./dom.js";
import { listTables, createTable, uploadReplay, sitAt, quickPlay, lobbyOnline } from "./api.js";
import { playComputer, rememberSeek } from "./seek.js";
import { allGames, levelLabel, levelTitle, levelsByStrength, seatNames } from "./games.js";
import { AbsenceRule, ErrorCode, SeatKind, TableStatus, TimeoutRule } from "./protocol.js";
import {
  PLAYER_CHANGED, currentPlayer, playerName, setPlayerName, rememberSeat, rememberInvites, seatToken,
} from "./store.js";
import { botBadge } from "./botbadge.js";
import { copyButton } from "./copy.js";
import { openReplayData } from "./replay.js";
import { timeControlText } from "./clocks.js";
import { myGamesSection } from "./mygames.js";
import { ensureName } from "./name.js";
import { leaderboardLink } from "./leaderboard.js";
import { analysisInfo, canAnalyse } from "./analysis.js";
import { learnLinks } from "./learn.js";
import { dailyLine, dailyPuzzle, puzzleLink } from "./puzzles.js";
import { editorLink, hasEditor, pictureOf } from "./boards/index.js";
import { pageIn, t } from "./i18n.js";

// How long the cards wait for their lines (see showLobby) before they are drawn anyway.
const CARDS_WAIT_MS = 600;

export function showLobby(root) {
  const games = h("section", { class: "games", "aria-label": t("games") }, h("p", {}, t("Loading games…")));
  const created = h("section", { class: "created", hidden: true, "aria-live": "polite" });
  const tables = h("section", { class: "tables", "aria-label": t("tables") });
  // What comes under the cards shows with them (drawn before them, the cards would push it
  // down the page as they come).
  const below = h("div", { class: "lobby-below", hidden: true }, tables, replayUpload());
  const joinError = h("p", { class: "error join-error", role: "alert" });
  const onlineLine = h("p", { class: "online-count muted", "aria-live": "polite" });
  let lastOnline = null;
  const nameInput = h("input", {
    id: "player-name",
    value: playerName(),
    maxlength: 40,
    placeholder: t("Your name"),
    autocomplete: "nickname",
    onchange: (e) => setPlayerName(e.target.value),
  });
  const nameRow = h("p", { class: "name-row" });
  // Without a player, any name will do (and no table is rated); a player's seats carry theirs.
  const showPlayer = () => {
    const player = currentPlayer();
    if (player) {
      fill(nameRow, t("Playing as "), h("a", { href: `#/player/${encodeURIComponent(player.id)}`, class: "player-link" }, player.name),
        h("span", { class: "muted" }, t(" — your seats take your player's name, and rated tables are open to you.")));
    } else if (!nameInput.isConnected) {
      // The box comes (back) with the remembered name; one already shown keeps what is typed
      // in it, which is not remembered until Enter or leaving the box.
      nameInput.value = playerName();
      fill(nameRow, h("label", { for: "player-name" }, t("Playing as ")), nameInput,
        h("span", { class: "muted" }, t(" — play as a guest or sign in (at the top) to play rated games.")));
    }
    showRatedSwitches();
  };
  const showRatedSwitches = () => {
    const player = currentPlayer();
    for (const label of root.querySelectorAll(".rated-switch")) {
      label.hidden = !player;
      if (!player) label.querySelector("input").checked = false;
    }
  };
  fill(
    root,
    h("div", { class: "lobby" },
      nameRow,
      onlineLine,
      myGamesSection(),
      games,
      created,
      joinError,
      below,
    ),
  );

  showPlayer();
  window.addEventListener(PLAYER_CHANGED, showPlayer);
  // The cards are drawn once what they show is known — which games have an analysis board,
  // each game's puzzle of the day, who waits for an opponent, the tables — or after
  // CARDS_WAIT_MS at most: a line coming in later would move what is under the pointer.
  const listed = refresh(); // the table lists, under the cards, and who is online
  allGames()
    .then(async (list) => {
      const dailies = new Map(list.filter((g) => g.puzzles).map((g) => [g.name, dailyPuzzle(g.name)]));
      const known = [analysisInfo(), listed, ...dailies.values()].map((p) => p.catch(() => null));
      await Promise.race([Promise.all(known), new Promise((done) => setTimeout(done, CARDS_WAIT_MS))]);
      fill(games, list.map((g) => gameCard(g, created, dailies.get(g.name))));
      below.hidden = false;
      if (lastOnline) drawOnline(lastOnline);
      else showOnline();
      // Only the new cards' switches: redrawing the name row here would wipe a name being typed.
      showRatedSwitches();
    })
    .catch((err) => {
      fill(games, h("p", { class: "error", role: "alert" }, t("Cannot load games: {0}", err.message)));
      below.hidden = false;
    });

  /** Take an open seat: a name first (asked if none is remembered), then the table. */
  async function join(table, seat) {
    joinError.textContent = "";
    const seatName = t(table.seats[seat].seat_name);
    if (table.rated && !currentPlayer()) {
      joinError.textContent = t("Table {0} is rated: play as a guest or sign in (at the top of the page) to take a seat.", table.id);
      return;
    }
    const name = await ensureName(t("Your name, to play {0} at table {1}:", seatName, table.id), t("Join"));
    if (!name) return;
    if (!currentPlayer()) nameInput.value = name;
    try {
      const answer = await sitAt(table.id, seat, name);
      rememberSeat(table.id, answer.token);
      location.hash = `#/t/${encodeURIComponent(table.id)}/${encodeURIComponent(answer.token)}`;
    } catch (err) {
      joinError.textContent = err.code === ErrorCode.SEAT_TAKEN
        ? t("Someone took {0} at table {1} first.", seatName, table.id)
        : t("Cannot join table {0}: {1}", table.id, err.message);
      refresh();
    }
  }

  /** The table lists and who is online, asked together. */
  async function refresh() {
    await Promise.all([showTables(), showOnline()]);
  }

  async function showTables() {
    try {
      const [all, list] = await Promise.all([listTables(), allGames().catch(() => [])]);
      fill(tables, tableLists(all, list, join));
    } catch (err) {
      fill(tables, h("p", { class: "error" }, t("Cannot load tables: {0}", err.message)));
    }
  }

  /** Who is online, and per game how many wait for an opponent (Play now pairs with them). */
  async function showOnline() {
    try {
      drawOnline(await lobbyOnline());
    } catch {
      // the counts are a hint: the tables say the rest
    }
  }

  function drawOnline(now) {
    lastOnline = now;
    onlineLine.textContent = now.players_online === 1
      ? t("1 player online")
      : t("{0} players online", now.players_online);
    for (const box of root.querySelectorAll(".seek-count")) {
      const waiting = now.seeks.filter((s) => s.game === box.dataset.game).length;
      box.dataset.count = waiting;
      box.textContent = waiting === 0
        ? t("nobody waiting for an opponent now")
        : waiting === 1 ? t("1 player waiting for an opponent") : t("{0} players waiting for an opponent", waiting);
    }
  }
  const timer = setInterval(refresh, 4000);
  return {
    destroy() {
      clearInterval(timer);
      window.removeEventListener(PLAYER_CHANGED, showPlayer);
    },
  };
}

/** A game's card: its board's picture, its name, one sentence and the two ways to start
 * (Play now, Play the computer); under them its links and the New table form. */
function gameCard(game, created, daily) {
  const table = tableForm(game, created);
  // The analysis board, for the games the server can analyse.
  const analysis = h("span", { class: "analysis-link-box", hidden: true }, " · ",
    h("a", { href: `#/analysis/${encodeURIComponent(game.name)}`, class: "analysis-link" }, t("Analysis board")));
  canAnalyse(game.name).then((yes) => { analysis.hidden = !yes; });
  const picture = pictureOf(game.name);
  const learn = learnLinks(game);
  return h("article", { class: "game-card", "data-game": game.name },
    h("div", { class: "card-head" },
      picture ? h("img", { class: "card-picture", src: picture, alt: "", width: 64, height: 64 }) : null,
      h("div", { class: "card-words" },
        h("h2", {}, game.title),
        // One sentence; the whole description is the rules page's and the sentence's tooltip.
        h("p", { class: "summary", title: t(game.description || game.summary) }, t(game.summary || game.description)))),
    playNow(game, table),
    dailyLine(game, daily),
    h("p", { class: "players card-links" }, playersText(game),
      learn ? [" · ", [...learn.childNodes]] : null,
      game.puzzles ? [" · ", h("a", { href: puzzleLink(game.name), class: "puzzles-link" }, t("Puzzles"))] : null,
      game.rules_url ? [" · ", h("a", { href: pageIn(game.rules_url) }, t("Full rules of {0}", game.title))] : null,
      " · ", h("a", { href: leaderboardLink(game.name), class: "leaderboard-link" }, t("Leaderboard")), analysis,
      hasEditor(game.name) ? [" · ", h("a", { href: editorLink(game.name), class: "editor-link" }, t("Board editor"))] : null),
    h("details", { class: "new-table" }, h("summary", {}, t("New table")), table.form),
  );
}

/** "Play now": a seat at the oldest table waiting for this game, player count and time
 * control (those of the New table form), or a new table with the other seats open. */
function playNow(game, table) {
  const what = h("span", { class: "play-now-what muted" });
  const error = h("p", { class: "error", role: "alert" });
  const button = h("button", { type: "button", class: "play-now primary" }, t("Play now"));
  const computer = h("button", { type: "button", class: "play-computer" }, t("Play the computer"));
  const waiting = h("span", { class: "seek-count muted", "data-game": game.name });
  const describe = () => {
    const { players, clock } = table.choice();
    what.textContent = t("{0} players · {1}", players, timeControlText(clock));
  };
  table.form.addEventListener("change", describe);
  describe();
  // Play now: a live seek, else a table that waits `bot_after_s` before its seats go to bots;
  // Play the computer: bots of a level near the player's rating at once.
  const play = async (pressed, againstComputer) => {
    error.textContent = "";
    const { players, clock } = table.choice();
    if (clock === undefined) {
      error.textContent = t("The custom time control is not complete.");
      return;
    }
    const name = await ensureName(t("Your name, to play {0}:", game.title), pressed.textContent);
    if (!name) return;
    pressed.disabled = true;
    try {
      const spec = { game: game.name, players, name };
      if (clock) spec.clock = clock;
      // A turn-based seek waits for people for the longest the server allows, not seconds.
      if (clock && clock.days_per_move && !againstComputer) spec.bot_after_s = 3600;
      if (againstComputer) {
        await playComputer(spec);
        return;
      }
      const answer = await quickPlay(spec);
      const id = answer.table.id;
      rememberSeat(id, answer.token);
      if (answer.table.status === TableStatus.WAITING && answer.bot_after_s != null) {
        rememberSeek(id, spec, answer.bot_after_s);
      }
      location.hash = `#/t/${encodeURIComponent(id)}/${encodeURIComponent(answer.token)}`;
    } catch (err) {
      error.textContent = err.message;
    } finally {
      pressed.disabled = false;
    }
  };
  button.addEventListener("click", () => play(button, false));
  computer.addEventListener("click", () => play(computer, true));
  return h("div", { class: "play-now-row" }, button, " ", computer, " ", what, " ", waiting, error);
}

function playersText(game) {
  return game.min_players === game.max_players
    ? t("{0} players", game.min_players)
    : t("{0}–{1} players", game.min_players, game.max_players);
}

function tableForm(game, created) {
  const levels = levelsByStrength(game);
  const seatsBox = h("fieldset", { class: "seats" });
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  const defaultCount = game.default_players || game.min_players;
  const playersSelect = h("select", { name: "players", "aria-label": t("number of players") },
    counts.map((n) => h("option", { value: n, selected: n === defaultCount }, String(n))));
  const optionInputs = (game.options || []).map((opt) => optionInput(game, opt));

  function drawSeats() {
    const players = Number(playersSelect.value);
    const names = seatNames(game, players);
    fill(seatsBox, h("legend", {}, t("Seats")),
      names.map((seatName, i) => {
        const kind = h("select", { name: `kind-${i}`, "aria-label": t("{0}: human, bot or open", t(seatName)) },
          h("option", { value: SeatKind.HUMAN, selected: i === 0, title: t("someone you send an invite link to") }, t("Human")),
          h("option", { value: SeatKind.BOT, selected: i !== 0 }, t("Bot")),
          h("option", { value: SeatKind.OPEN, title: t("anyone may take it from the lobby") }, t("Open")));
        // Titles for people, weakest first; the technical name (as in `regalia arena`) and
        // what the level does as a tooltip.
        const level = h("select", { name: `level-${i}`, "aria-label": t("{0}: bot level", t(seatName)) },
          levels.map((l) => h("option", {
            value: l.name, title: l.help ? `${l.name}: ${t(l.help)}` : l.name, selected: l.name === game.default_level,
          }, levelLabel(l))));
        const sync = () => { level.disabled = kind.value !== SeatKind.BOT; };
        kind.addEventListener("change", sync);
        sync();
        return h("div", { class: "seat-row" }, h("span", { class: "seat-name" }, t(seatName)), kind, level);
      }));
  }
  playersSelect.addEventListener("change", drawSeats);
  drawSeats();

  const timing = timingInputs(game);
  const error = h("p", { class: "error", role: "alert" });
  // Shown to signed-in players only (the lobby toggles it): the creator must be one too.
  const rated = h("input", { type: "checkbox", name: "rated", role: "switch" });
  const ratedTip = t("A rated game changes the players' ratings. Every human seat must be taken by a signed-in player (a guest or with a password), each a different one; the game starts only then. Bot seats play as their level's own rated player.");
  const form = h("form", { class: "table-form", "data-game": game.name },
    counts.length > 1 ? h("label", {}, t("Players "), playersSelect) : null,
    optionInputs.map((o) => o.label),
    seatsBox,
    timing.fields,
    h("label", { class: "rated-switch", title: ratedTip, hidden: !currentPlayer() }, rated, t(" Rated"),
      h("small", {}, t("every human seat must be a signed-in player"))),
    h("button", { type: "submit", class: "primary" }, t("Create table")),
    error,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const players = Number(playersSelect.value);
    const seats = seatNames(game, players).map((_, i) => {
      const kind = form.elements[`kind-${i}`].value;
      return kind === SeatKind.BOT ? { kind, level: form.elements[`level-${i}`].value } : { kind };
    });
    const options = {};
    for (const o of optionInputs) {
      if (o.input.value !== "") options[o.name] = o.input.value;
    }
    const clock = timing.clock();
    if (clock === undefined) {
      error.textContent = t("The custom time control is not complete.");
      return;
    }
    // Only what differs from the server's defaults (the game's own) is sent.
    const spec = { game: game.name, players, options, seats, ...timing.rules() };
    if (clock) spec.clock = clock;
    if (rated.checked && currentPlayer()) spec.rated = true;
    try {
      const answer = await createTable(spec);
      showCreated(created, game, answer);
    } catch (err) {
      error.textContent = err.message;
    }
  });
  return { form, choice: () => ({ players: Number(playersSelect.value), clock: timing.clock() }) };
}

const GRACE_S = 60; // the server's default time away before the absence rule applies

/** The time control (presets, untimed, custom) and, under "Options", the timeout and absence
 * rules with the game's defaults. clock(): the clock to send, null untimed, undefined when
 * the custom one is incomplete; rules(): {on_timeout?, absence?} where they differ. */
function timingInputs(game) {
  const presets = game.clock_presets || [];
  const id = (what) => `${what}-${game.name}`;
  const choice = h("select", { id: id("clock"), name: "clock", "aria-label": t("time control") },
    h("option", { value: "" }, t("Untimed")),
    presets.map((p, i) => h("option", { value: `preset-${i}` }, t("{0} ({1})", t(p.label), timeControlText(p.clock)))),
    h("optgroup", { label: t("Turn-based (days a move)") },
      (game.days_per_move || []).map((d) => h("option", { value: `days-${d}` }, timeControlText({ days_per_move: d })))),
    h("option", { value: "custom" }, t("Custom…")));
  const number = (name, label, value, min, max) =>
    h("label", { class: "clock-field" }, `${label} `,
      h("input", { type: "number", name, value, min, max, step: 1, inputmode: "numeric" }));
  const style = h("select", { name: "clock-style", "aria-label": t("custom time control") },
    h("option", { value: "fischer" }, t("minutes each + seconds a turn")),
    h("option", { value: "per-move" }, t("seconds a turn")));
  const minutes = number("clock-minutes", t("Minutes"), 10, 1, 1440);
  const increment = number("clock-increment", t("+ seconds a turn"), 5, 0, 3600);
  const perMove = number("clock-per-move", t("Seconds a turn"), 60, 1, 86400);
  const custom = h("div", { class: "custom-clock" }, style, minutes, increment, perMove);
  const sync = () => {
    custom.hidden = choice.value !== "custom";
    const fischer = style.value === "fischer";
    minutes.hidden = increment.hidden = !fischer;
    perMove.hidden = fischer;
  };
  choice.addEventListener("change", sync);
  style.addEventListener("change", sync);
  sync();

  const select = (name, label, entries, value) =>
    h("label", {}, `${label} `, h("select", { name, "aria-label": label },
      entries.map(([v, text]) => h("option", { value: v, selected: v === value }, text))));
  const onTimeout = select("on-timeout", t("Out of time:"), [
    [TimeoutRule.LOSE, t("that side loses")],
    [TimeoutRule.BOT, t("a bot plays on for them")],
  ], game.on_timeout || TimeoutRule.LOSE);
  const absence = select("absence", t("Away on their turn:"), [
    [AbsenceRule.BOT, t("a bot plays for them until they return")],
    [AbsenceRule.CLAIM, t("the others may claim the win")],
    [AbsenceRule.WAIT, t("wait for them")],
  ], game.absence || AbsenceRule.WAIT);
  const grace = number("grace", t("after seconds"), GRACE_S, 1, 3600);
  const options = h("details", { class: "table-options" }, h("summary", {}, t("Options")),
    h("div", { class: "table-options-body" }, onTimeout, h("div", { class: "absence-row" }, absence, grace)));

  const value = (label) => label.querySelector("input, select").value;
  const whole = (label) => {
    const n = Number(value(label));
    return value(label) !== "" && Number.isInteger(n) && n >= 0 ? n : null;
  };
  return {
    fields: [h("label", { for: id("clock") }, t("Time control "), choice), custom, options],
    clock() {
      if (choice.value === "") return null;
      if (choice.value.startsWith("preset-")) return presets[Number(choice.value.slice(7))].clock;
      if (choice.value.startsWith("days-")) return { days_per_move: Number(choice.value.slice(5)) };
      if (style.value === "per-move") {
        const s = whole(perMove);
        return s ? { per_move_s: s } : undefined;
      }
      const m = whole(minutes);
      const inc = whole(increment);
      return m && inc !== null ? { initial_s: m * 60, increment_s: inc } : undefined;
    },
    rules() {
      const out = {};
      if (value(onTimeout) !== (game.on_timeout || TimeoutRule.LOSE)) out.on_timeout = value(onTimeout);
      const seconds = whole(grace) ?? GRACE_S;
      if (value(absence) !== (game.absence || AbsenceRule.WAIT) || seconds !== GRACE_S) {
        out.absence = { grace_s: seconds, then: value(absence) };
      }
      return out;
    },
  };
}

function optionInput(game, opt) {
  const id = `opt-${game.name}-${opt.name}`;
  let input;
  if (opt.choices && opt.choices.length) {
    input = h("select", { id, name: opt.name },
      opt.default === null || opt.default === undefined ? h("option", { value: "" }, t("default")) : null,
      opt.choices.map((c) => h("option", { value: c, selected: c === opt.default }, t(c))));
  } else {
    input = h("input", {
      id, name: opt.name, type: "number",
      min: opt.minimum ?? undefined, max: opt.maximum ?? undefined,
      value: opt.default ?? "", placeholder: t("default"),
    });
  }
  const words = opt.name.replaceAll("_", " ");
  const title = words[0].toUpperCase() + words.slice(1); // as the extractor names it
  const label = h("label", { for: id, title: t(opt.help) }, `${t(title)} `, input,
    opt.help ? h("small", {}, ` ${t(opt.help)}`) : null);
  return { name: opt.name, input, label };
}

function inviteUrl(path) {
  return new URL(path, location.href).href;
}

function showCreated(box, game, answer) {
  const table = answer.table;
  const tokens = answer.tokens || [];
  const names = table.seats.map((s) => s.seat_name);
  if (tokens.length) rememberSeat(table.id, tokens[0].token);
  rememberInvites(table.id, tokens.slice(1).map((tok) => ({
    seat: tok.seat, name: names[tok.seat], url: inviteUrl(`#/t/${table.id}/${tok.token}`),
  })));
  // A table for oneself (one's own seat, every other a bot) has nothing to send anyone: it
  // opens at once. Invites and open seats are shown here first (and on the table page).
  const open = table.seats.filter((s) => s.kind === SeatKind.OPEN).map((s) => t(s.seat_name));
  if (tokens.length === 1 && !open.length) {
    location.hash = `#/t/${encodeURIComponent(table.id)}/${encodeURIComponent(tokens[0].token)}`;
    return;
  }
  const rows = tokens.map((tok, i) => {
    const url = inviteUrl(`#/t/${table.id}/${tok.token}`);
    return h("li", { class: "invite", "data-seat": tok.seat },
      h("span", { class: "seat-name" }, names[tok.seat] ? t(names[tok.seat]) : t("Seat {0}", tok.seat)),
      i === 0
        ? h("a", { href: url, class: "button primary play-link" }, t("Play this seat"))
        : h("input", { readonly: true, value: url, class: "invite-url", "aria-label": t("invite link for {0}", t(names[tok.seat])) }),
      copyButton(url, i === 0 ? t("Copy my link") : t("Copy invite")),
    );
  });
  const watch = inviteUrl(answer.spectate || `#/t/${table.id}`);
  fill(box,
    h("h2", {}, t("{0} table {1} created", game.title, table.id), table.rated ? h("span", { class: "badge rated-badge" }, t("rated")) : null),
    table.rated
      ? h("p", { class: "rated-note" }, t("A rated table: whoever opens an invite link plays as a guest or signs in before taking the seat, and the game starts when every human seat has its own player."))
      : null,
    open.length
      ? h("p", { class: "open-seats" }, open.length > 1
          ? t("Open: {0}. Anyone may take them from the lobby's Open tables; the game starts once every seat is taken.", open.join(", "))
          : t("Open: {0}. Anyone may take it from the lobby's Open tables; the game starts once every seat is taken.", open[0]))
      : null,
    tokens.length
      ? h("p", {}, t("Each link below plays one seat. Keep yours; send the others to your friends. This browser also lists them on the table page until everyone has joined."))
      : h("p", {}, t("Every seat is a bot: watch them play.")),
    h("ul", { class: "invites" }, rows),
    h("p", {}, h("a", { href: watch, class: "watch-link" }, t("Watch as a spectator")), " ", copyButton(watch, t("Copy spectator link"))),
  );
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" });
  // The next step has the focus: playing one's own seat (or watching a table of bots).
  const next = box.querySelector(".play-link") || box.querySelector(".watch-link");
  if (next) next.focus({ preventScroll: true });
}

function tableLists(all, games, join) {
  const section = (label, status, rows) =>
    h("div", { class: `table-list ${status}` },
      h("h2", {}, label),
      rows.length
        ? h("ul", {}, rows.map((row) => tableRow(row, games.find((g) => g.name === row.game), join)))
        : h("p", { class: "muted" }, t("None right now.")));
  return [
    section(t("Open tables"), TableStatus.WAITING, all.filter((x) => x.status === TableStatus.WAITING)),
    section(t("Running tables"), TableStatus.PLAYING, all.filter((x) => x.status === TableStatus.PLAYING)),
    section(t("Finished games"), TableStatus.FINISHED, all.filter((x) => x.status === TableStatus.FINISHED).slice(0, 20)),
  ];
}

function tableRow(table, game, join) {
  const level = (name) => t(game ? levelTitle(game, name) : name);
  // A seat nobody took: "open" (anyone may take it) or "invited" (only its invite link can).
  const who = (s) => (s.kind === SeatKind.BOT ? t("{0} bot", level(s.level))
    : s.joined ? s.name || t("human") : s.kind === SeatKind.OPEN ? t("open") : t("invited"));
  const seats = table.seats.map((s, i) => {
    const badge = botBadge(s);
    return [i ? ", " : "", t("{0}: {1}", t(s.seat_name), who(s)), badge ? [" ", badge] : null];
  });
  const finished = table.status === TableStatus.FINISHED;
  // Open seats anyone may take (a human seat nobody joined waits for its invite link).
  const mine = seatToken(table.id);
  const open = table.status === TableStatus.WAITING && !mine
    ? table.seats.filter((s) => s.kind === SeatKind.OPEN && !s.joined)
    : [];
  return h("li", { "data-table": table.id },
    h("strong", {}, game ? game.title : table.game), ` · ${table.id} · `,
    table.rated ? [h("span", { class: "badge rated-badge", title: t("a rated game: signed-in players only") }, t("rated")), " · "] : null,
    h("span", { class: "time-control" }, timeControlText(table.clock)), " · ", seats, " ",
    open.map((s) => [h("button", {
      type: "button", class: "join-seat", "data-seat": s.seat, onclick: () => join(table, s.seat),
    }, t("Join as {0}", t(s.seat_name))), " "]),
    finished
      ? h("a", { href: `#/replay/${table.id}` }, t("Replay"))
      : h("a", { href: `#/t/${table.id}` }, t("Watch")),
    !finished && seatToken(table.id)
      ? [" · ", h("a", { href: `#/t/${table.id}/${seatToken(table.id)}`, class: "my-seat" }, t("Play your seat"))]
      : null,
  );
}

function replayUpload() {
  const text = h("textarea", {
    rows: 4, placeholder: t("Paste a game record: its tag pairs, then the moves"), "aria-label": t("game record"),
  });
  // The browser's own file button speaks the browser's language ("Choose File"): ours is a
  // label in the page's, with the input inside it (still focusable, and read as one control).
  const file = h("input", { type: "file", class: "sr-only", accept: ".txt,.pgn,.rec,text/plain" });
  const chosen = h("span", { class: "file-chosen muted" }, t("no file chosen"));
  const pick = h("label", { class: "button file-pick" }, t("Open a record file…"), file);
  const error = h("p", { class: "error", role: "alert" });
  file.addEventListener("change", async () => {
    if (!file.files[0]) return;
    chosen.textContent = file.files[0].name;
    text.value = await file.files[0].text();
  });
  const form = h("form", { class: "upload" }, text,
    h("div", { class: "upload-buttons" }, pick, chosen, h("button", { type: "submit" }, t("View replay"))), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      const replay = await uploadReplay(text.value);
      openReplayData(replay);
    } catch (err) {
      error.textContent = err.message;
    }
  });
  return h("section", { class: "replay-upload" }, h("h2", {}, t("View a game record")), form);
}
