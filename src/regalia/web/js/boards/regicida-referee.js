// Regicida's referee page, for a table playing the physical box: tap each of the 36 cells
// to set its House and side (or type the board in its text form), choose the Objective and
// the Line of Succession, and the server's referee ranks the Houses, explaining every
// tie-break; then each player's name, Identity and vote give the verdict. What the page
// offers (Houses, Objectives) comes from the referee's form; the scoring is the server's, the
// same code as the command line's. Everything entered goes to `keep` at every change, so a
// reload or a dropped connection loses nothing: the server works it out again once it answers.
// The page around it (which game, the header, where things are kept) is ../referee.js.

import { h, fill } from "../dom.js";
import { t, tn } from "../i18n.js";

const SIZE = 6;
const CELLS = SIZE * SIZE;
const PER_HOUSE = 6;
const RETRY_MS = 5000;

const cellName = (i) => String.fromCharCode(97 + (i % SIZE)) + String(Math.floor(i / SIZE) + 1);

function blank() {
  return {
    cells: Array(CELLS).fill(null), // null or {house, dark}
    objective: "",
    succession: [],
    players: [0, 1, 2, 3].map(() => ({ name: "", house: 0, vote: "" })),
    brush: { house: 1, dark: false },
  };
}

function load(keep) {
  const fresh = blank();
  try {
    const kept = keep.read();
    if (!kept || typeof kept !== "object") return fresh;
    const cells = Array.isArray(kept.cells) && kept.cells.length === CELLS
      ? kept.cells.map((c) => (c && c.house >= 1 && c.house <= 6 ? { house: c.house, dark: Boolean(c.dark) } : null))
      : fresh.cells;
    return {
      cells,
      objective: typeof kept.objective === "string" ? kept.objective : "",
      succession: Array.isArray(kept.succession) ? kept.succession.filter((n) => n >= 1 && n <= 6) : [],
      players: Array.isArray(kept.players) && kept.players.length
        ? kept.players.map((p) => ({ name: String(p.name || ""), house: Number(p.house) || 0, vote: String(p.vote || "") }))
        : fresh.players,
      brush: kept.brush && kept.brush.house ? { house: kept.brush.house, dark: Boolean(kept.brush.dark) } : fresh.brush,
    };
  } catch {
    return fresh;
  }
}

/** The board in the game's text form (H11: six lines of `3L 1D …`); `?` for a cell not set. */
export function boardText(cells) {
  const lines = [];
  for (let r = 0; r < SIZE; r++) {
    lines.push(cells.slice(r * SIZE, r * SIZE + SIZE).map((c) => (c ? `${c.house}${c.dark ? "D" : "L"}` : "?")).join(" "));
  }
  return lines.join("\n");
}

/** Cells from a typed board text, or throws an Error saying where it does not read. */
export function readBoardText(text) {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  if (lines.length !== SIZE) throw new Error(t("A board has 6 lines of cells; this text has {0}.", lines.length));
  const cells = [];
  lines.forEach((line, r) => {
    const words = line.split(/\s+/);
    if (words.length !== SIZE) throw new Error(t("Line {0} has {1} cells, not 6.", r + 1, words.length));
    words.forEach((word, c) => {
      const m = /^([1-6])([LD])$/i.exec(word);
      if (m) cells.push({ house: Number(m[1]), dark: m[2].toUpperCase() === "D" });
      else if (word === "?" || word === "-" || word === "--") cells.push(null);
      else throw new Error(t("Line {0}, cell {1}: \"{2}\" is not a House digit 1-6 followed by L or D.", r + 1, c + 1, word));
    });
  });
  return cells;
}

/** The page inside `box`: `form` is what the game's referee offers to choose from, `judge`
 * asks the server's referee (a Promise of its answer) and `keep` stores what is entered. */
export function mountReferee(box, { form, judge, keep }) {
  const state = load(keep);
  const houses = form.houses;
  const houseOf = (n) => houses.find((x) => x.number === n) || { number: n, name: String(n), colour: "#888" };
  const chip = (n) => {
    const house = houseOf(n);
    return h("span", { class: "house-chip", style: `--house:${house.colour}`, "data-house": n },
      h("span", { class: "chip-dot" }, String(n)), ` ${house.name}`);
  };

  // The board: a palette (House and side) and the 36 cells, each tap sets one cell.
  const palette = h("div", { class: "ref-palette", role: "group", "aria-label": t("what a tap puts on a cell") });
  const sides = h("div", { class: "ref-sides", role: "group", "aria-label": t("side") });
  const grid = h("div", { class: "ref-grid", role: "group", "aria-label": t("the board, 6 × 6 cells") });
  const counted = h("p", { class: "ref-count", "aria-live": "polite" });
  const textArea = h("textarea", { class: "ref-board-text", rows: 6, spellcheck: "false", "aria-label": t("the board as text") });
  const textError = h("p", { class: "error", role: "alert" });
  const textForm = h("form", { class: "ref-text-form" },
    h("p", { class: "muted" }, t("Six lines of six cells, top row first; each cell a House digit and L (light) or D (dark), e.g. 3L 1D 6L 2L 2L 5D. A ? marks a cell not set yet.")),
    textArea, h("div", { class: "buttons" }, h("button", { type: "submit" }, t("Read this board"))), textError);
  const textBox = h("details", { class: "ref-text" }, h("summary", {}, t("Type or paste the board as text")), textForm);

  const objectives = h("div", { class: "ref-objectives", role: "radiogroup", "aria-label": t("Objective") });
  const line = h("ol", { class: "ref-line" });
  const linePick = h("div", { class: "ref-line-pick", role: "group", "aria-label": t("the next House in the Line of Succession") });
  const lineClear = h("button", { type: "button", class: "ref-line-clear" }, t("Start the line again"));

  const status = h("div", { class: "ref-status", role: "status", "aria-live": "polite" });
  const offline = h("p", { class: "alert ref-offline", role: "alert", hidden: true });
  const ranking = h("div", { class: "ref-ranking" });

  const playersBox = h("div", { class: "ref-players" });
  const addPlayer = h("button", { type: "button", class: "ref-add-player" }, t("Add a player"));
  const verdictStatus = h("p", { class: "ref-verdict-status muted", "aria-live": "polite" });
  const verdictBox = h("div", { class: "ref-verdict", "aria-live": "polite" });
  const reset = h("button", { type: "button", class: "ref-reset" }, t("Clear everything for a new game"));

  fill(box,
    h("p", { class: "muted ref-intro" }, t("For a game played with the physical box: set the final board, the Objective and the Line of Succession to see the Coronation ranking, then each player's Identity and vote for the verdict. What you enter stays on this device.")),
    offline,
    h("section", { class: "ref-section ref-board", "aria-labelledby": "ref-board-title" },
      h("h3", { id: "ref-board-title" }, t("1. The board")),
      h("p", { class: "muted" }, t("Choose a House and a side, then tap every cell that shows it.")),
      palette, sides, grid, counted, textBox),
    h("section", { class: "ref-section", "aria-labelledby": "ref-objective-title" },
      h("h3", { id: "ref-objective-title" }, t("2. The Objective")), objectives),
    h("section", { class: "ref-section", "aria-labelledby": "ref-line-title" },
      h("h3", { id: "ref-line-title" }, t("3. The Line of Succession")),
      h("p", { class: "muted" }, t("Tap the Houses in their order, first House first.")),
      line, linePick, h("div", { class: "buttons" }, lineClear)),
    h("section", { class: "ref-section ref-result", "aria-labelledby": "ref-ranking-title" },
      h("h3", { id: "ref-ranking-title" }, t("The Coronation ranking")), status, ranking),
    h("section", { class: "ref-section", "aria-labelledby": "ref-verdict-title" },
      h("h3", { id: "ref-verdict-title" }, t("4. Identities and votes")),
      h("p", { class: "muted" }, t("Each player in seat order: their name, the House of their Identity and who they voted for.")),
      playersBox, h("div", { class: "buttons" }, addPlayer), verdictStatus, verdictBox),
    h("div", { class: "buttons ref-end" }, reset));

  const save = () => keep.write(state);

  // --- the board -------------------------------------------------------------------------
  const cellButtons = [];
  const labels = h("div", { class: "ref-grid-cols", "aria-hidden": "true" }, h("span", {}),
    Array.from({ length: SIZE }, (_, c) => h("span", {}, String.fromCharCode(97 + c))));
  const rows = [];
  for (let r = 0; r < SIZE; r++) {
    const cells = [];
    for (let c = 0; c < SIZE; c++) {
      const index = r * SIZE + c;
      const button = h("button", { type: "button", class: "ref-cell", "data-cell": cellName(index), onclick: () => paint(index) });
      cellButtons.push(button);
      cells.push(button);
    }
    rows.push(h("div", { class: "ref-grid-row" }, h("span", { class: "ref-row-label", "aria-hidden": "true" }, String(r + 1)), cells));
  }
  fill(grid, labels, rows);

  function paint(index) {
    const { house, dark } = state.brush;
    const cell = state.cells[index];
    state.cells[index] = house === 0 ? null : { house, dark };
    if (cell && house !== 0 && cell.house === house && cell.dark === dark) state.cells[index] = { house, dark: !dark };
    changed();
  }

  function drawPalette() {
    const counts = Object.fromEntries(houses.map((x) => [x.number, 0]));
    state.cells.forEach((c) => { if (c) counts[c.house] += 1; });
    fill(palette, houses.map((x) =>
      h("button", {
        type: "button", class: `ref-brush${state.brush.house === x.number ? " chosen" : ""}${counts[x.number] === PER_HOUSE ? " full" : ""}`,
        style: `--house:${x.colour}`, "data-house": x.number, "data-focus": `brush-${x.number}`,
        "aria-pressed": String(state.brush.house === x.number),
        title: x.name, onclick: () => { state.brush.house = x.number; changed(); },
      }, h("span", { class: "brush-digit" }, String(x.number)), h("span", { class: "brush-name" }, x.name),
      h("small", { class: "brush-count" }, t("{0}/{1}", counts[x.number], PER_HOUSE)))),
    h("button", {
      type: "button", class: `ref-brush erase${state.brush.house === 0 ? " chosen" : ""}`, "data-house": 0, "data-focus": "brush-0",
      "aria-pressed": String(state.brush.house === 0), onclick: () => { state.brush.house = 0; changed(); },
    }, t("Erase")));
    fill(sides, [false, true].map((dark) => h("button", {
      type: "button", class: `ref-side${state.brush.dark === dark ? " chosen" : ""}`, "data-side": dark ? "dark" : "light", "data-focus": dark ? "side-dark" : "side-light",
      "aria-pressed": String(state.brush.dark === dark), onclick: () => { state.brush.dark = dark; changed(); },
    }, dark ? t("Dark side") : t("Light side"))));
    return counts;
  }

  function drawBoard() {
    const counts = drawPalette();
    state.cells.forEach((cell, i) => {
      const button = cellButtons[i];
      const name = cellName(i);
      if (cell) {
        const house = houseOf(cell.house);
        button.className = `ref-cell set ${cell.dark ? "dark" : "light"}`;
        button.style.setProperty("--house", house.colour);
        button.textContent = String(cell.house);
        button.dataset.token = `${cell.house}${cell.dark ? "D" : "L"}`;
        button.setAttribute("aria-label", cell.dark ? t("{0}: {1}, dark side", name, house.name) : t("{0}: {1}, light side", name, house.name));
      } else {
        button.className = "ref-cell";
        button.style.removeProperty("--house");
        button.textContent = "";
        delete button.dataset.token;
        button.setAttribute("aria-label", t("{0}: not set", name));
      }
    });
    const set = state.cells.filter(Boolean).length;
    const over = houses.filter((x) => counts[x.number] > PER_HOUSE).map((x) => x.name);
    counted.textContent = over.length
      ? t("{0} of 36 cells set. Too many tokens of {1}: every House has 6.", set, over.join(", "))
      : t("{0} of 36 cells set.", set);
    counted.classList.toggle("error", over.length > 0);
    if (document.activeElement !== textArea) textArea.value = boardText(state.cells);
  }

  textForm.addEventListener("submit", (event) => {
    event.preventDefault();
    textError.textContent = "";
    try {
      state.cells = readBoardText(textArea.value);
    } catch (err) {
      textError.textContent = err.message;
      return;
    }
    textArea.blur();
    changed();
  });

  // --- the Objective and the Line of Succession ---------------------------------------------
  function drawObjectives() {
    fill(objectives, form.objectives.map((o) => h("label", { class: `ref-objective${state.objective === o.key ? " chosen" : ""}` },
      h("input", {
        type: "radio", name: "objective", value: o.key, checked: state.objective === o.key, "data-focus": `objective-${o.key}`,
        onchange: () => { state.objective = o.key; changed(); },
      }),
      h("span", {}, h("strong", {}, o.title), h("small", {}, ` — ${o.rule}`)))));
  }

  function drawLine() {
    fill(line, state.succession.length
      ? state.succession.map((n) => h("li", { "data-house": n }, chip(n)))
      : h("li", { class: "muted empty" }, t("No House yet.")));
    const left = houses.filter((x) => !state.succession.includes(x.number));
    fill(linePick, left.map((x) => h("button", {
      type: "button", class: "ref-line-house", style: `--house:${x.colour}`, "data-house": x.number, "data-focus": "line",
      onclick: () => { state.succession.push(x.number); changed(); },
    }, h("span", { class: "brush-digit" }, String(x.number)), ` ${x.name}`)));
    lineClear.disabled = !state.succession.length;
  }
  lineClear.addEventListener("click", () => { state.succession = []; changed(); });

  // --- identities and votes ---------------------------------------------------------------
  /** The choices of each vote: the other players named so far, and the Neutral Player
   * while fewer than six play. Kept in place, so typing a name moves no focus. */
  function voteOptions(select, i) {
    const p = state.players[i];
    const targets = state.players.map((q) => q.name.trim()).filter((n, j) => j !== i && n);
    fill(select, h("option", { value: "" }, t("Voted for…")),
      targets.map((n) => h("option", { value: n, selected: p.vote === n }, n)),
      state.players.length < 6 ? h("option", { value: form.neutral, selected: p.vote === form.neutral }, t("the Neutral Player")) : null);
    if (select.value !== p.vote) select.value = "";
  }

  function refreshVotes() {
    playersBox.querySelectorAll(".ref-vote").forEach((select, i) => voteOptions(select, i));
  }

  function drawPlayers() {
    fill(playersBox, state.players.map((p, i) => {
      const name = h("input", {
        type: "text", value: p.name, maxlength: 24, placeholder: t("Player {0}", i + 1), autocomplete: "off",
        "aria-label": t("Player {0}'s name", i + 1), class: "ref-name",
      });
      name.addEventListener("input", () => {
        // Commas and = separate the referee's text forms: a name cannot hold them.
        p.name = name.value.replace(/[,=]/g, "");
        if (p.name !== name.value) name.value = p.name;
        refreshVotes();
        changed();
      });
      const house = h("select", { class: "ref-house", "aria-label": t("Player {0}'s Identity", i + 1) },
        h("option", { value: "0" }, t("Identity…")),
        houses.map((x) => h("option", { value: x.number, selected: p.house === x.number }, `${x.number} ${x.name}`)));
      house.addEventListener("change", () => { p.house = Number(house.value); changed(); });
      const vote = h("select", { class: "ref-vote", "aria-label": t("Player {0}'s vote", i + 1) });
      voteOptions(vote, i);
      vote.addEventListener("change", () => { p.vote = vote.value; changed(); });
      const remove = h("button", {
        type: "button", class: "ref-remove", "aria-label": t("Remove player {0}", i + 1), title: t("Remove this player"),
        disabled: state.players.length <= 2,
        onclick: () => { state.players.splice(i, 1); changed({ players: true }); },
      }, "✕");
      return h("div", { class: "ref-player", "data-player": i },
        h("div", { class: "ref-player-name" }, name, remove),
        h("div", { class: "ref-player-picks" }, house, vote));
    }));
    addPlayer.disabled = state.players.length >= 6;
  }
  addPlayer.addEventListener("click", () => {
    state.players.push({ name: "", house: 0, vote: "" });
    changed({ players: true });
    const inputs = playersBox.querySelectorAll(".ref-name");
    inputs[inputs.length - 1].focus();
  });

  reset.addEventListener("click", () => {
    if (!window.confirm(t("Clear the board, the Objective, the line and the players?"))) return;
    Object.assign(state, blank());
    changed({ players: true });
  });

  // --- asking the server --------------------------------------------------------------------
  let timer = null;
  let retry = null;
  let asked = 0;

  function fields() {
    const complete = state.cells.every(Boolean) && state.objective && state.succession.length === houses.length;
    if (!complete) return null;
    return { board: boardText(state.cells), objective: state.objective, succession: state.succession.join(" ") };
  }

  function verdictFields() {
    const players = state.players.map((p) => ({ ...p, name: p.name.trim() }));
    if (players.some((p) => !p.name || !p.house || !p.vote)) return null;
    if (players.some((p) => p.vote !== form.neutral && !players.some((q) => q.name === p.vote))) return null;
    return {
      identities: players.map((p) => `${p.name}=${p.house}`).join(","),
      votes: players.map((p) => `${p.name}=${p.vote}`).join(","),
    };
  }

  function missingText() {
    const missing = [];
    const set = state.cells.filter(Boolean).length;
    if (set < CELLS) missing.push(t("{0} cells of the board", CELLS - set));
    if (!state.objective) missing.push(t("the Objective"));
    if (state.succession.length < houses.length) missing.push(t("{0} Houses of the Line of Succession", houses.length - state.succession.length));
    return missing;
  }

  function compute() {
    clearTimeout(timer);
    timer = null;
    const ticket = ++asked;
    const base = fields();
    if (!base) {
      fill(ranking);
      fill(verdictBox);
      status.className = "ref-status";
      fill(status, t("Still to enter before the ranking:"), h("ul", { class: "ref-missing" }, missingText().map((m) => h("li", {}, m))));
      verdictStatus.textContent = "";
      return;
    }
    const more = verdictFields();
    status.className = "ref-status";
    status.textContent = t("Working out the ranking…");
    ranking.classList.add("stale");
    verdictBox.classList.add("stale");
    Promise.all([
      judge(base),
      more ? judge({ ...base, ...more }).catch((err) => (err.code === "network" ? Promise.reject(err) : { error: err })) : null,
    ]).then(([rows, verdict]) => {
      if (ticket !== asked) return;
      online();
      status.textContent = "";
      drawRanking(rows);
      drawVerdict(verdict);
    }, (err) => {
      if (ticket !== asked) return;
      if (err.code === "network") {
        offline.hidden = false;
        offline.textContent = t("No connection to the server. What you entered is kept on this device; the ranking will be worked out as soon as the server answers again.");
        status.textContent = t("Waiting for the server…");
        clearTimeout(retry);
        retry = setTimeout(compute, RETRY_MS);
        return;
      }
      online();
      fill(ranking);
      fill(verdictBox);
      status.className = "ref-status error";
      status.textContent = t("The referee cannot rank this table: {0}", err.message);
    });
  }

  function online() {
    offline.hidden = true;
    clearTimeout(retry);
    retry = null;
  }

  function drawRanking(rows) {
    ranking.classList.remove("stale");
    const objective = form.objectives.find((o) => o.key === state.objective);
    fill(ranking,
      h("p", { class: "muted" }, t("Objective: {0}. Ties: the same Objective over light tokens only, then the Line of Succession.", objective ? objective.title : state.objective)),
      h("ol", { class: "ref-ranking-list" }, rows.map((row) =>
        h("li", { class: `ref-rank${row.rank === 1 ? " regent" : ""}`, "data-house": row.house, "data-rank": row.rank },
          h("div", { class: "ref-rank-head" },
            h("span", { class: "ref-rank-number" }, `${row.rank}.`), chip(row.house),
            h("span", { class: "ref-rank-score" }, t("score {0} · light-only {1}", row.score, row.light_score)),
            row.rank === 1 ? h("strong", { class: "ref-regent" }, t("Regent House")) : null),
          h("small", { class: "ref-why" }, row.why)))));
  }

  function drawVerdict(verdict) {
    verdictBox.classList.remove("stale");
    if (!verdict) {
      fill(verdictBox);
      verdictStatus.textContent = t("Enter every player's name, Identity and vote to get the verdict.");
      return;
    }
    if (verdict.error) {
      fill(verdictBox);
      verdictStatus.textContent = "";
      fill(verdictBox, h("p", { class: "error", role: "alert" }, t("No verdict yet: {0}", verdict.error.message)));
      return;
    }
    verdictStatus.textContent = "";
    const needed = state.players.length <= 3 ? 1 : 2;
    const target = verdict.target === form.neutral ? t("the Neutral Player") : verdict.target;
    const who = verdict.target === form.neutral
      ? t("No player holds the Regent House, so the Neutral Player is the target.")
      : t("{0} holds the Regent House and is the target.", verdict.target);
    const count = verdict.votes_for_target;
    let votes;
    if (count === 1) {
      votes = verdict.assassinated
        ? tn(needed, "{0} got 1 vote (1 needed): the assassination succeeds.", "{0} got 1 vote ({1} needed): the assassination succeeds.", target, needed)
        : tn(needed, "{0} got 1 vote (1 needed): the assassination fails.", "{0} got 1 vote ({1} needed): the assassination fails.", target, needed);
    } else {
      votes = verdict.assassinated
        ? tn(needed, "{0} got {1} votes (1 needed): the assassination succeeds.", "{0} got {1} votes ({2} needed): the assassination succeeds.", target, count, needed)
        : tn(needed, "{0} got {1} votes (1 needed): the assassination fails.", "{0} got {1} votes ({2} needed): the assassination fails.", target, count, needed);
    }
    let outcome;
    if (verdict.winners.length) {
      outcome = verdict.assassinated
        ? t("Winner: {0}, who voted for the target and holds the highest-ranked House among those who did.", verdict.winners.join(", "))
        : t("Winner: {0}, the Regent, alone.", verdict.winners.join(", "));
    } else {
      outcome = verdict.assassinated ? t("No winner.") : t("No winner: everyone loses.");
    }
    fill(verdictBox,
      h("p", {}, t("Regent House:"), " ", chip(verdict.regent)),
      h("p", {}, who), h("p", {}, votes),
      h("p", { class: "ref-winners" }, h("strong", {}, outcome)));
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(compute, 250);
  }

  /** Something was entered: keep it, draw it, ask the server again. The players' rows are
   * drawn again only when players come or go (`players`), so typing keeps its focus. */
  function changed({ players = false } = {}) {
    save();
    // Drawing again replaces the buttons: the keyboard's focus goes to the new one of the
    // same kind (the next House of the line once the one chosen has left it).
    const active = document.activeElement;
    const key = active && box.contains(active) ? active.dataset.focus : null;
    drawBoard();
    drawObjectives();
    drawLine();
    if (players) drawPlayers();
    if (key && !box.contains(active)) {
      const again = box.querySelector(`[data-focus="${key}"]`) || (key === "line" ? lineClear : null);
      if (again) again.focus({ preventScroll: true });
    }
    schedule();
  }

  const back = () => { if (retry) compute(); };
  window.addEventListener("online", back);
  drawBoard();
  drawObjectives();
  drawLine();
  drawPlayers();
  compute();
  return {
    destroy() {
      asked += 1;
      clearTimeout(timer);
      clearTimeout(retry);
      window.removeEventListener("online", back);
    },
  };
}
