// Replays: step through a finished game (from the server or an uploaded record), with the
// move list, arrow keys, the record to download and, for a game the server analyses, the
// engine's view of the position shown or of every move (mistakes marked in the move list).

import { h, fill } from "./dom.js";
import { tableReplay } from "./api.js";
import { loadBoard } from "./boards/index.js";
import { renderMoveList } from "./movelist.js";
import { downloadLink } from "./download.js";
import { resultText } from "./result.js";
import { gameInfo } from "./games.js";
import { TableStatus } from "./protocol.js";
import { seatNumber } from "./store.js";
import { analysePosition, analyseGame } from "./api.js";
import { analysisInfo, canAnalyse, createAnalysisPanel, evaluationChart, openAnalysis } from "./analysis.js";
import { t } from "./i18n.js";
import { fitBoard } from "./fit.js";

let uploaded = null;

/** Show an uploaded record's replay: kept here, then routed to #/replay. */
export function openReplayData(replay) {
  uploaded = replay;
  if (location.hash === "#/replay") window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = "#/replay";
}

/** `ply`: the step to show first (a move list's link, `#/replay/{id}/{ply}`); the last if none. */
export function showReplay(root, tableId, { analyse = false, ply = null } = {}) {
  const box = h("div", { class: "replay-page" }, h("p", {}, t("Loading the replay…")));
  fill(root, box);
  let cleanup = () => {};
  const load = tableId ? tableReplay(tableId) : Promise.resolve(uploaded);
  load
    .then((replay) => {
      if (!replay) {
        fill(box, h("p", {}, t("No record loaded."), " ", h("a", { href: "#/" }, t("Upload one in the lobby."))));
        return;
      }
      return Promise.all([loadBoard(replay.game), gameInfo(replay.game)]).then(([module, game]) => {
        cleanup = mount(box, replay, module, game, tableId, analyse, ply);
      });
    })
    .catch((err) => fill(box, h("p", { class: "alert", role: "alert" }, t("Cannot load the replay: {0}", err.message))));
  return { destroy: () => cleanup() };
}

function mount(box, replay, module, game, tableId, analyseAll, firstPly) {
  const steps = replay.steps || [];
  const names = replay.seat_names || [];
  const shownNames = names.map((name) => t(name)); // in the page's language
  const boardRoot = h("div", { class: "game-view" });
  const movesRoot = h("div", { class: "move-list" });
  const counter = h("span", { class: "ply-counter", "aria-live": "polite" });
  const button = (label, title, onclick) => h("button", { type: "button", title, "aria-label": title, onclick }, label);
  const clamp = (n) => Math.max(0, Math.min(steps.length - 1, n));
  let ply = firstPly === null || !Number.isFinite(firstPly) ? steps.length - 1 : clamp(firstPly);
  // A table's replay keeps its step in the address (a link to share, a reload that stays).
  const link = tableId ? (n) => `#/replay/${encodeURIComponent(tableId)}/${n}` : null;
  const go = (n) => {
    ply = clamp(n);
    if (link) history.replaceState(null, "", link(ply));
    draw();
  };
  const nav = h("div", { class: "replay-nav", role: "group", "aria-label": t("replay steps") },
    button("«", t("first position"), () => go(0)),
    button("‹", t("previous move"), () => go(ply - 1)),
    counter,
    button("›", t("next move"), () => go(ply + 1)),
    button("»", t("last position"), () => go(steps.length - 1)));
  const title = tableId ? t("{0} · replay of table {1}", game.title, tableId) : t("{0} · replay of an uploaded record", game.title);
  // No one plays a replay; the names list still tells boards how many seats there are. A
  // player of the table sees it from their own seat, as they played it.
  const playerNames = () => names.map(() => "");
  const mine = tableId ? seatNumber(tableId) : null;
  const board = module.createView(boardRoot, { seat: mine, act: () => {}, playerNames, game });
  const status = h("p", { class: "status" },
    replay.result ? resultText(replay.result, names, mine, board.reason) : t("Unfinished record"));
  const extra = h("div", { class: "replay-extra" });
  fill(box,
    h("header", { class: "table-head" }, h("h2", {}, title),
      tableId && game.report ? h("a", { href: `#/report/${encodeURIComponent(tableId)}`, class: "report-link" }, t("Game report")) : null,
      h("a", { href: "#/", class: "back" }, t("Lobby"))),
    status,
    h("div", { class: "table-body" },
      h("div", { class: "board-col" }, nav, boardRoot),
      h("aside", { class: "side-col" }, extra, h("h3", {}, t("Moves")), movesRoot,
        h("p", {}, downloadLink(replay.record, `regalia-${replay.game}-${tableId || "record"}.txt`)))));
  const finalView = steps.length ? steps[steps.length - 1].view : {};

  function rows() {
    const fromView = board.moveRows(finalView) ?? [];
    const total = fromView.reduce((n, r) => n + r.cells.length, 0);
    if (total === steps.length - 1) return fromView;
    // One row per round: a new row whenever the turn comes round again to an earlier seat
    // (moves the game played by itself, like a forced pass, are no steps, so rows may be short).
    const who = (s) => {
      const name = typeof s.seat === "number" ? names[s.seat] : "";
      const text = String(s.text || s.action || "?");
      return name && !text.startsWith(name[0]) ? t("{0}: ", t(name)) : "";
    };
    const out = [];
    let row = null;
    let previous = Infinity;
    for (const s of steps.slice(1)) {
      const seat = typeof s.seat === "number" ? s.seat : null;
      if (!row || seat === null || seat <= previous) {
        row = { label: `${out.length + 1}.`, cells: [] };
        out.push(row);
      }
      row.cells.push(`${who(s)}${s.text || s.action || "?"}`);
      previous = seat ?? Infinity;
    }
    return out;
  }

  // Analysis: the evaluations by ply (one position, or every one), and the moves judged.
  const evaluations = [];
  const marks = {};
  let panel = null;
  let chartBox = null;
  let stream = null;
  const analysing = canAnalyse(game.name).then((yes) => {
    if (!yes || !replay.record) return false;
    buildPanel();
    return true;
  });

  function buildPanel() {
    panel = createAnalysisPanel(game, replay.players || names.length);
    const one = h("button", { type: "button", class: "analyse-one" }, t("Analyse this position"));
    const all = h("button", { type: "button", class: "analyse-all" }, t("Analyse every move"));
    const board = h("button", { type: "button", class: "open-analysis", title: t("try other moves from here") }, t("Analysis board"));
    chartBox = h("div", { class: "chart-box" });
    panel.element.hidden = true;
    fill(extra, h("h3", {}, t("Analysis")), h("div", { class: "buttons analysis-buttons" }, one, all, board), panel.element, chartBox);
    one.addEventListener("click", async () => {
      const info = await analysisInfo();
      const asked = ply;
      panel.element.hidden = false;
      panel.thinking(info.seconds);
      try {
        const answer = await analysePosition({ game: game.name, record: replay.record, ply: asked, seconds: info.seconds });
        evaluations[asked] = answer;
        panel.idle();
        if (asked === ply) panel.show(answer);
      } catch (err) {
        panel.failed(err);
      }
    });
    all.addEventListener("click", () => analyseEveryMove(all));
    board.addEventListener("click", () => openAnalysis(game.name, { record: replay.record, ply }));
  }

  async function analyseEveryMove(button) {
    const info = await analysisInfo();
    button.disabled = true;
    panel.element.hidden = false;
    stream = new AbortController();
    let total = steps.length - 1;
    panel.counted(0, total + 1);
    try {
      await analyseGame({ game: game.name, record: replay.record, seconds: info.ply_seconds }, (item) => {
        if (item.total !== undefined && item.ply === undefined) {
          total = item.total;
        } else if (item.ply !== undefined) {
          evaluations[item.ply] = item;
          panel.counted(item.ply + 1, total + 1);
          if (item.ply === ply) panel.show(item);
          drawChart();
        } else if (item.done) {
          for (const m of item.mistakes) {
            const who = shownNames[m.seat] || t("seat {0}", m.seat + 1);
            const cost = `${Math.round(m.drop * 100)}%`;
            const better = evaluations[m.ply - 1]?.best_line?.[0] || "?";
            marks[m.ply] = { kind: m.kind, title: m.kind === "blunder"
              ? t("A blunder by {0}: it cost {1} of their chances (engine: {2} was better)", who, cost, better)
              : t("A mistake by {0}: it cost {1} of their chances (engine: {2} was better)", who, cost, better) };
          }
          const count = item.mistakes.length;
          panel.idle(count === 1 ? t("1 move was a mistake: marked ? and ?? in the move list.")
            : count ? t("{0} moves were mistakes: marked ? and ?? in the move list.", count)
            : t("No move lost much: no mistakes."));
          draw();
        }
      }, stream.signal);
    } catch (err) {
      panel.failed(err);
      button.disabled = false;
    }
  }

  function drawChart() {
    if (!chartBox) return;
    const scores = steps.map((_, i) => (evaluations[i] ? evaluations[i].score : null));
    if (!scores.some((v) => v !== null)) return;
    fill(chartBox, evaluationChart(scores, marks, ply, go));
  }

  function draw() {
    const step = steps[ply];
    if (!step) return;
    // The result belongs to the last step: one before it shows whose turn it was then.
    const last = ply === steps.length - 1;
    board.update({
      view: step.view, legal: [], to_act: [], status: TableStatus.FINISHED, result: last ? replay.result : null, draw_offer: null,
    });
    counter.textContent = `${ply} / ${steps.length - 1}`;
    renderMoveList(movesRoot, rows(), { current: ply, onPick: go, link, marks });
    if (panel && evaluations[ply]) panel.show(evaluations[ply]);
    drawChart();
  }

  const keys = (event) => {
    if (event.target.closest("input, textarea, select, .board")) return;
    if (event.key === "ArrowLeft") go(ply - 1);
    else if (event.key === "ArrowRight") go(ply + 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(steps.length - 1);
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", keys);
  const fitting = fitBoard(box);
  draw();
  if (analyseAll) {
    analysing.then((yes) => {
      const button = yes && extra.querySelector(".analyse-all");
      if (button) analyseEveryMove(button);
    });
  }
  return () => {
    document.removeEventListener("keydown", keys);
    fitting.destroy();
    if (stream) stream.abort();
    if (panel) panel.destroy();
  };
}
