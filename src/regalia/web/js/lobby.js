// The lobby: every game the server offers, a form to create a table, invite links, and the
// table lists. All it says about a game comes from the game's descriptor.

import { h, fill } from "./dom.js";
import { listTables, createTable, uploadReplay } from "./api.js";
import { allGames, levelTitle, seatNames } from "./games.js";
import { SeatKind, TableStatus } from "./protocol.js";
import { playerName, setPlayerName, rememberSeat, rememberInvites, seatToken } from "./store.js";
import { copyButton } from "./copy.js";
import { openReplayData } from "./replay.js";

export function showLobby(root) {
  const games = h("section", { class: "games", "aria-label": "games" }, h("p", {}, "Loading games…"));
  const created = h("section", { class: "created", hidden: true, "aria-live": "polite" });
  const tables = h("section", { class: "tables", "aria-label": "tables" });
  const nameInput = h("input", {
    id: "player-name",
    value: playerName(),
    maxlength: 40,
    placeholder: "Your name",
    autocomplete: "nickname",
    onchange: (e) => setPlayerName(e.target.value),
  });
  fill(
    root,
    h("div", { class: "lobby" },
      h("p", { class: "name-row" }, h("label", { for: "player-name" }, "Playing as "), nameInput),
      games,
      created,
      tables,
      replayUpload(),
    ),
  );

  allGames()
    .then((list) => fill(games, list.map((g) => gameCard(g, created))))
    .catch((err) => fill(games, h("p", { class: "error", role: "alert" }, `Cannot load games: ${err.message}`)));

  async function refresh() {
    try {
      const [all, list] = await Promise.all([listTables(), allGames().catch(() => [])]);
      fill(tables, tableLists(all, list));
    } catch (err) {
      fill(tables, h("p", { class: "error" }, `Cannot load tables: ${err.message}`));
    }
  }
  refresh();
  const timer = setInterval(refresh, 4000);
  return { destroy: () => clearInterval(timer) };
}

function gameCard(game, created) {
  const form = tableForm(game, created);
  return h("article", { class: "game-card", "data-game": game.name },
    h("h2", {}, game.title),
    h("p", { class: "summary" }, game.description || game.summary),
    h("p", { class: "players" }, playersText(game),
      game.rules_url ? [" · ", h("a", { href: game.rules_url }, `Full rules of ${game.title}`)] : null),
    h("details", { class: "new-table" }, h("summary", {}, "New table"), form),
  );
}

function playersText(game) {
  return game.min_players === game.max_players
    ? `${game.min_players} players`
    : `${game.min_players}–${game.max_players} players`;
}

function tableForm(game, created) {
  const levels = game.levels || [];
  const seatsBox = h("fieldset", { class: "seats" });
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  const defaultCount = game.default_players || game.min_players;
  const playersSelect = h("select", { name: "players", "aria-label": "number of players" },
    counts.map((n) => h("option", { value: n, selected: n === defaultCount }, String(n))));
  const optionInputs = (game.options || []).map((opt) => optionInput(game, opt));

  function drawSeats() {
    const players = Number(playersSelect.value);
    const names = seatNames(game, players);
    fill(seatsBox, h("legend", {}, "Seats"),
      names.map((seatName, i) => {
        const kind = h("select", { name: `kind-${i}`, "aria-label": `${seatName}: human or bot` },
          h("option", { value: SeatKind.HUMAN, selected: i === 0 }, "Human"),
          h("option", { value: SeatKind.BOT, selected: i !== 0 }, "Bot"));
        // Titles for people, the technical name (as in `regalia arena`) as a tooltip.
        const level = h("select", { name: `level-${i}`, "aria-label": `${seatName}: bot level` },
          levels.map((l) => h("option", { value: l.name, title: l.name, selected: l.name === game.default_level },
            l.title || l.name)));
        const sync = () => { level.disabled = kind.value !== SeatKind.BOT; };
        kind.addEventListener("change", sync);
        sync();
        return h("div", { class: "seat-row" }, h("span", { class: "seat-name" }, seatName), kind, level);
      }));
  }
  playersSelect.addEventListener("change", drawSeats);
  drawSeats();

  const error = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "table-form", "data-game": game.name },
    counts.length > 1 ? h("label", {}, "Players ", playersSelect) : null,
    optionInputs.map((o) => o.label),
    seatsBox,
    h("button", { type: "submit", class: "primary" }, "Create table"),
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
    try {
      const answer = await createTable({ game: game.name, players, options, seats });
      showCreated(created, game, answer);
    } catch (err) {
      error.textContent = err.message;
    }
  });
  return form;
}

function optionInput(game, opt) {
  const id = `opt-${game.name}-${opt.name}`;
  let input;
  if (opt.choices && opt.choices.length) {
    input = h("select", { id, name: opt.name },
      opt.default === null || opt.default === undefined ? h("option", { value: "" }, "default") : null,
      opt.choices.map((c) => h("option", { value: c, selected: c === opt.default }, c)));
  } else {
    input = h("input", {
      id, name: opt.name, type: "number",
      min: opt.minimum ?? undefined, max: opt.maximum ?? undefined,
      value: opt.default ?? "", placeholder: "default",
    });
  }
  const title = opt.name.replaceAll("_", " ");
  const label = h("label", { for: id, title: opt.help }, `${title[0].toUpperCase()}${title.slice(1)} `, input,
    opt.help ? h("small", {}, ` ${opt.help}`) : null);
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
  rememberInvites(table.id, tokens.slice(1).map((t) => ({
    seat: t.seat, name: names[t.seat], url: inviteUrl(`#/t/${table.id}/${t.token}`),
  })));
  const rows = tokens.map((t, i) => {
    const url = inviteUrl(`#/t/${table.id}/${t.token}`);
    return h("li", { class: "invite", "data-seat": t.seat },
      h("span", { class: "seat-name" }, names[t.seat] || `Seat ${t.seat}`),
      i === 0
        ? h("a", { href: url, class: "button primary play-link" }, "Play this seat")
        : h("input", { readonly: true, value: url, class: "invite-url", "aria-label": `invite link for ${names[t.seat]}` }),
      copyButton(url, i === 0 ? "Copy my link" : "Copy invite"),
    );
  });
  const watch = inviteUrl(answer.spectate || `#/t/${table.id}`);
  fill(box,
    h("h2", {}, `${game.title} table ${table.id} created`),
    tokens.length
      ? h("p", {}, "Each link below plays one seat. Keep yours; send the others to your friends. " +
          "This browser also lists them on the table page until everyone has joined.")
      : h("p", {}, "Every seat is a bot: watch them play."),
    h("ul", { class: "invites" }, rows),
    h("p", {}, h("a", { href: watch, class: "watch-link" }, "Watch as a spectator"), " ", copyButton(watch, "Copy spectator link")),
  );
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" });
}

function tableLists(all, games) {
  const section = (label, status, rows) =>
    h("div", { class: `table-list ${status}` },
      h("h2", {}, label),
      rows.length
        ? h("ul", {}, rows.map((t) => tableRow(t, games.find((g) => g.name === t.game))))
        : h("p", { class: "muted" }, "None right now."));
  return [
    section("Open tables", TableStatus.WAITING, all.filter((t) => t.status === TableStatus.WAITING)),
    section("Running tables", TableStatus.PLAYING, all.filter((t) => t.status === TableStatus.PLAYING)),
    section("Finished games", TableStatus.FINISHED, all.filter((t) => t.status === TableStatus.FINISHED).slice(0, 20)),
  ];
}

function tableRow(table, game) {
  const level = (name) => (game ? levelTitle(game, name) : name);
  const seats = table.seats.map((s) =>
    `${s.seat_name}: ${s.kind === SeatKind.BOT ? `${level(s.level)} bot` : s.joined ? s.name || "human" : "open"}`).join(", ");
  const finished = table.status === TableStatus.FINISHED;
  return h("li", { "data-table": table.id },
    h("strong", {}, game ? game.title : table.game), ` · ${table.id} · ${seats} `,
    finished
      ? h("a", { href: `#/replay/${table.id}` }, "Replay")
      : h("a", { href: `#/t/${table.id}` }, "Watch"),
    !finished && seatToken(table.id)
      ? [" · ", h("a", { href: `#/t/${table.id}/${seatToken(table.id)}`, class: "my-seat" }, "Play your seat")]
      : null,
  );
}

function replayUpload() {
  const text = h("textarea", {
    rows: 4, placeholder: "Paste a game record: its tag pairs, then the moves", "aria-label": "game record",
  });
  const file = h("input", { type: "file", accept: ".txt,.pgn,.rec,text/plain", "aria-label": "record file" });
  const error = h("p", { class: "error", role: "alert" });
  file.addEventListener("change", async () => {
    if (file.files[0]) text.value = await file.files[0].text();
  });
  const form = h("form", { class: "upload" }, text, h("div", {}, file, h("button", { type: "submit" }, "View replay")), error);
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
  return h("section", { class: "replay-upload" }, h("h2", {}, "View a game record"), form);
}
