// Analysis: the game's strongest engine on a position (an evaluation bar, the best line in
// the game's notation, the depth reached) and on every move of a finished game (the
// evaluation after each move, the moves where it dropped most marked as mistakes). The
// panel serves the replay page; `showAnalysis` is the analysis board (#/analysis/{game}): a
// position from a replay, typed by hand or the start, and moves tried on it by clicking.
// Which games can be analysed, and for how long, the server says (GET /api/analysis).

import { h, s, fill } from "./dom.js";
import { analysable, analysePosition, analyseGame } from "./api.js";
import { gameInfo, seatNames } from "./games.js";
import { editorLink, hasEditor, loadBoard } from "./boards/index.js";
import { language, listText, t } from "./i18n.js";
import { TableStatus } from "./protocol.js";
import { fitBoard } from "./fit.js";
import { endgameText } from "./endgame.js";

let loading = null;

/** What the server analyses: {games: [{game, title, level}], seconds, ply_seconds, …}. */
export function analysisInfo() {
  if (!loading) {
    loading = analysable().catch((err) => {
      loading = null;
      throw err;
    });
  }
  return loading;
}

/** Whether the server can analyse `name`'s positions. */
export async function canAnalyse(name) {
  try {
    return (await analysisInfo()).games.some((g) => g.game === name);
  } catch {
    return false;
  }
}

/** The first team's expected score for its lead of `score` centipawns (as the server's). */
const expected = (score) => 1 / (1 + 10 ** (-score / 400));

/** The two sides' names: the first team's seats, and the others'. */
function sides(game, players) {
  const names = seatNames(game, players).map((name) => t(name));
  const first = new Set(((game.teams && game.teams[String(players)]) || [[0]])[0] || [0]);
  return [listText(names.filter((_, i) => first.has(i))), listText(names.filter((_, i) => !first.has(i)))];
}

/** An evaluation in words, from the first team's side: "+0.35", "Black mates in 3". */
export function evaluationText(answer, [first, other]) {
  if (!answer.evaluation) return answer.over ? t("The game is over") : "";
  const { mate } = answer.evaluation;
  if (mate !== null && mate !== undefined) {
    const winner = answer.score > 0 ? first : other;
    return mate === 0 ? t("{0} has won", winner) : t("{0} mates in {1}", winner, Math.abs(mate));
  }
  const pawns = answer.score / 100;
  return `${pawns > 0 ? "+" : pawns < 0 ? "−" : "±"}${Math.abs(pawns).toFixed(2)}`;
}

function lead(answer, [first, other]) {
  if (!answer.evaluation || answer.evaluation.mate !== null) return "";
  if (Math.abs(answer.score) < 30) return t("about even");
  return t("{0} better", answer.score > 0 ? first : other);
}

/**
 * The panel: an evaluation bar (the first team's share from the left), the evaluation in
 * words, the best line, the depth, and a progress bar while the engine thinks.
 */
export function createAnalysisPanel(game, players) {
  const names = sides(game, players);
  const fillBar = h("span", { class: "eval-fill" });
  const barText = h("span", { class: "eval-text" }, "…");
  const bar = h("div", {
    class: "eval-bar", role: "meter", "aria-label": t("evaluation: {0} on the left, {1} on the right", names[0], names[1]),
    "aria-valuemin": 0, "aria-valuemax": 100, "aria-valuenow": 50,
  }, fillBar, h("span", { class: "eval-side first" }, names[0]), barText, h("span", { class: "eval-side other" }, names[1]));
  const words = h("p", { class: "eval-words" });
  const line = h("p", { class: "best-line" });
  const endgame = h("p", { class: "endgame-verdict" });
  const progress = h("progress", { class: "thinking", max: 100, value: 0, hidden: true, "aria-label": t("the engine is thinking") });
  const progressText = h("span", { class: "thinking-text muted", "aria-live": "polite" });
  const error = h("p", { class: "error analysis-error", role: "alert" });
  const element = h("section", { class: "analysis-panel", "aria-label": t("analysis") },
    bar, h("div", { class: "thinking-row" }, progress, progressText), words, endgame, line, error);
  let timer = null;

  function show(answer) {
    error.textContent = "";
    const share = answer.evaluation || answer.over ? expected(answer.score) : 0.5;
    fillBar.style.width = `${(share * 100).toFixed(1)}%`;
    bar.setAttribute("aria-valuenow", String(Math.round(share * 100)));
    barText.textContent = evaluationText(answer, names);
    element.dataset.score = String(answer.score);
    const better = lead(answer, names);
    endgame.textContent = endgameText(answer, game, players);
    endgame.hidden = !endgame.textContent;
    fill(words, h("strong", { class: "eval-value" }, evaluationText(answer, names)), better ? ` — ${better}` : "",
      answer.depth ? h("small", {}, " · ", t("depth {0}, {1} positions, {2} s", answer.depth, answer.nodes.toLocaleString(language()), answer.seconds)) : "");
    fill(line, answer.best_line && answer.best_line.length
      ? [h("span", { class: "muted" }, t("Best line: ")), h("span", { class: "line-moves" }, answer.best_line.join(" "))]
      : "");
  }

  /** Show a progress bar for `seconds` (or a count, `done` of `total`). */
  function thinking(seconds, text = t("The engine is thinking…")) {
    clearInterval(timer);
    const started = performance.now();
    progress.hidden = false;
    progress.value = 0;
    progressText.textContent = text;
    element.classList.add("busy");
    if (seconds) {
      timer = setInterval(() => {
        progress.value = Math.min(98, ((performance.now() - started) / (seconds * 1000)) * 100);
      }, 100);
    }
  }

  function counted(done, total) {
    clearInterval(timer);
    progress.hidden = false;
    progress.value = total ? (done / total) * 100 : 0;
    progressText.textContent = t("Analysed {0} of {1} positions…", done, total);
    element.classList.add("busy");
  }

  function idle(text = "") {
    clearInterval(timer);
    progress.hidden = true;
    progressText.textContent = text;
    element.classList.remove("busy");
  }

  function failed(err) {
    idle();
    error.textContent = t("The analysis failed: {0}", err.message);
  }

  return { element, show, thinking, counted, idle, failed, names, destroy: () => clearInterval(timer) };
}

/** A small chart of the first team's evaluation after each ply; click a point to go there. */
export function evaluationChart(scores, marks, current, onPick) {
  const n = scores.length;
  if (n < 2) return null;
  const width = 100;
  const height = 24;
  // A margin of a dot's radius on every side: a mate (the very top or bottom) or the first
  // and last move keep their whole dot inside the chart.
  const r = 1.3;
  const x = (i) => r + (i / (n - 1)) * (width - 2 * r);
  const y = (v) => height / 2 - (expected(v) - 0.5) * (height - 2 * r);
  const points = scores.map((v, i) => (v === null || v === undefined ? null : `${x(i).toFixed(2)},${y(v).toFixed(2)}`)).filter(Boolean);
  const dots = Object.entries(marks).map(([ply, mark]) =>
    s("circle", { cx: x(Number(ply)), cy: y(scores[Number(ply)] ?? 0), r, class: `chart-mark ${mark.kind}` },
      s("title", { text: mark.title })));
  const svg = s("svg", { class: "eval-chart", viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: "none", role: "img",
    "aria-label": t("the evaluation after each move") },
  s("rect", { x: 0, y: 0, width, height: height / 2, class: "chart-first" }),
  s("line", { x1: 0, y1: height / 2, x2: width, y2: height / 2, class: "chart-axis" }),
  s("polyline", { points: points.join(" "), class: "chart-line" }),
  current !== null ? s("line", { x1: x(current), y1: 0, x2: x(current), y2: height, class: "chart-current" }) : null,
  dots);
  svg.addEventListener("click", (event) => {
    const box = svg.getBoundingClientRect();
    onPick(Math.round(((event.clientX - box.left) / box.width) * (n - 1)));
  });
  return svg;
}

// The analysis board ---------------------------------------------------------------------

let handed = null;

/** Open the analysis board on a record's position (from a replay): kept here, then routed. */
export function openAnalysis(game, source) {
  handed = { game, ...source };
  try {
    sessionStorage.setItem("regalia.analysis", JSON.stringify(handed));
  } catch {
    // a private window may refuse: the page still has it in memory
  }
  const hash = `#/analysis/${encodeURIComponent(game)}`;
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = hash;
}

function handedFor(game) {
  let found = handed;
  if (!found) {
    try {
      found = JSON.parse(sessionStorage.getItem("regalia.analysis") || "null");
    } catch {
      found = null;
    }
  }
  return found && found.game === game ? found : null;
}

export function showAnalysis(root, gameName) {
  const box = h("div", { class: "analysis-page" }, h("p", {}, t("Loading the analysis board…")));
  fill(root, box);
  let cleanup = () => {};
  Promise.all([gameInfo(gameName), analysisInfo(), loadBoard(gameName)])
    .then(([game, info, module]) => {
      if (!info.games.some((g) => g.game === gameName)) {
        fill(box, h("p", { class: "alert", role: "alert" }, t("{0} positions cannot be analysed here.", game.title)),
          h("p", {}, h("a", { href: "#/" }, t("Back to the lobby"))));
        return;
      }
      cleanup = mountBoard(box, game, info, module, handedFor(gameName));
    })
    .catch((err) => fill(box, h("p", { class: "alert", role: "alert" }, t("Cannot open the analysis board: {0}", err.message))));
  return { destroy: () => cleanup() };
}

function mountBoard(box, game, info, module, source) {
  const players = game.default_players || game.min_players;
  const panel = createAnalysisPanel(game, players);
  const boardRoot = h("div", { class: "game-view" });
  let request = { record: source ? source.record : null, position: source ? source.position || null : null, ply: source ? source.ply ?? null : null };
  let moves = [];
  let current = null; // the last answer
  let asked = 0;

  const positionInput = h("textarea", {
    class: "position-input", rows: 2, spellcheck: "false", "aria-label": t("position text"),
    placeholder: t("Type or paste a position in the game's own text (the board shows the current one)"),
  });
  const setUp = h("button", { type: "submit" }, t("Set up this position"));
  const start = h("button", { type: "button", class: "start-position" }, t("Start position"));
  const positionError = h("p", { class: "error position-error", role: "alert" });
  const form = h("form", { class: "position-form" }, h("label", {}, t("Position"), positionInput), h("div", { class: "buttons" }, setUp, start), positionError);
  // Thinking times up to the server's cap (the bots' own), its default preselected.
  const times = [...new Set([0.5, 1, 2, 3, 5, 10, info.seconds, info.max_seconds])]
    .filter((n) => n > 0 && n <= info.max_seconds).sort((a, b) => a - b);
  const secondsSelect = h("select", { name: "seconds", "aria-label": t("thinking time") },
    times.map((n) => h("option", { value: n, selected: n === info.seconds }, t("{0} s", n))));
  const again = h("button", { type: "button", class: "analyse-again" }, t("Think again"));
  const back = h("button", { type: "button", class: "take-back" }, t("Take back a move"));
  const tried = h("p", { class: "tried-moves" });
  const origin = h("p", { class: "analysis-origin muted" });
  const edit = hasEditor(game.name) ? h("a", { class: "editor-link", href: editorLink(game.name) }, t("Edit this position in the board editor")) : null;

  fill(box,
    h("header", { class: "table-head" }, h("h2", {}, t("{0} · analysis board", game.title)), h("a", { href: "#/", class: "back" }, t("Lobby"))),
    origin,
    h("div", { class: "table-body" },
      h("div", { class: "board-col" }, panel.element, boardRoot),
      h("aside", { class: "side-col" },
        h("p", { class: "analysis-help" }, t("Click a move on the board to try it: the engine answers for whoever is to move.")),
        h("div", { class: "buttons" }, back, h("label", {}, t("Think for "), secondsSelect), again),
        tried, form, edit)));

  const board = module.createView(boardRoot, { seat: null, act: (text) => play(text), playerNames: () => [], game });

  function describeOrigin() {
    if (request.record !== null) {
      origin.textContent = request.ply === undefined || request.ply === null
        ? t("From a game record, after every move.")
        : request.ply === 1 ? t("From a game record, after 1 move.") : t("From a game record, after {0} moves.", request.ply);
    } else if (request.position) origin.textContent = t("From a position set up by hand.");
    else origin.textContent = t("From the start position.");
  }

  async function run() {
    const ticket = ++asked;
    const seconds = Number(secondsSelect.value);
    panel.thinking(seconds);
    again.disabled = true;
    try {
      const body = { game: game.name, moves, seconds };
      if (request.record !== null) body.record = request.record;
      if (request.position) body.position = request.position;
      if (request.ply !== null && request.record !== null) body.ply = request.ply;
      const answer = await analysePosition(body);
      if (ticket !== asked) return;
      current = answer;
      board.update({ view: answer.view, legal: answer.legal, to_act: answer.to_act, status: TableStatus.PLAYING, result: answer.result, draw_offer: null });
      panel.show(answer);
      panel.idle();
      const text = board.position ? board.position(answer.view) : "";
      if (text && document.activeElement !== positionInput) positionInput.value = text;
      if (edit && text) edit.href = editorLink(game.name, text);
      // Each move tried leads back to the position after it.
      fill(tried, moves.length ? [h("span", { class: "muted" }, t("Tried: ")), h("span", { class: "line-moves" },
        triedTexts.map((text, i) => [i ? " " : "", h("button", {
          type: "button", class: `move tried${i === moves.length - 1 ? " current" : ""}`, "data-ply": i + 1,
          title: t("back to the position after {0}", text), onclick: () => backTo(i + 1),
        }, text)]))] : "");
      back.disabled = !moves.length;
    } catch (err) {
      if (ticket !== asked) return;
      if (moves.length && err.status === 422) {
        moves.pop();
        triedTexts.pop();
      }
      panel.failed(err);
    } finally {
      if (ticket === asked) again.disabled = false;
    }
  }

  const triedTexts = [];
  function play(action) {
    const legal = current ? current.legal.find((l) => l.action === action) : null;
    moves.push(action);
    triedTexts.push(legal ? legal.text : action);
    run();
  }

  /** Back to the position after the first `count` moves tried. */
  function backTo(count) {
    if (count >= moves.length) return;
    moves = moves.slice(0, count);
    triedTexts.length = count;
    run();
  }

  back.addEventListener("click", () => {
    moves.pop();
    triedTexts.pop();
    run();
  });
  again.addEventListener("click", () => run());
  secondsSelect.addEventListener("change", () => run());
  start.addEventListener("click", () => {
    request = { record: null, position: null, ply: null };
    moves = [];
    triedTexts.length = 0;
    positionError.textContent = "";
    describeOrigin();
    run();
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = positionInput.value.trim();
    positionError.textContent = "";
    if (!text) return;
    // Check it reads before leaving the current position.
    try {
      await analysePosition({ game: game.name, position: text, seconds: 0.1 });
    } catch (err) {
      positionError.textContent = err.message;
      return;
    }
    request = { record: null, position: text, ply: null };
    moves = [];
    triedTexts.length = 0;
    describeOrigin();
    run();
  });

  describeOrigin();
  back.disabled = true;
  const fitting = fitBoard(box);
  run();
  return () => {
    asked += 1;
    fitting.destroy();
    panel.destroy();
  };
}
