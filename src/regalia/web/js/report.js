// The post-game report (#/report/{id}, GET /api/tables/{id}/report): for the chess games each
// seat's accuracy and its inaccuracies, mistakes and blunders, the chart of the first team's
// win chance with the turning point marked, and the judged moves — one picked shows the
// position it was played from with the engine's better move drawn on the board. A game with
// its own kind of report (a hidden-identity game's beliefs and votes) draws it with its board
// module's reportView.
// While the server computes it (or the game is still on) the page says so and asks again.

import { h, s, fill } from "./dom.js";
import { getTable, tableReport } from "./api.js";
import { loadBoard } from "./boards/index.js";
import { gameInfo } from "./games.js";
import { ErrorCode, TableStatus } from "./protocol.js";
import { t } from "./i18n.js";

const POLL_MS = 1500;
const KIND_MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

export function showReport(root, tableId) {
  const box = h("div", { class: "report-page" }, h("p", {}, t("Loading the game report…")));
  fill(root, box);
  let timer = null;
  let gone = false;
  const head = (title) => h("header", { class: "table-head" }, h("h2", {}, title),
    h("a", { href: `#/replay/${encodeURIComponent(tableId)}`, class: "back" }, t("Replay")));

  async function load() {
    try {
      const [report, summary] = await Promise.all([tableReport(tableId), getTable(tableId)]);
      if (gone) return;
      const game = await gameInfo(report.game);
      // "White · Ann": the seat (which four random bots at one table need) and who sat there.
      const names = summary.seats.map((seat) => (seat.name && seat.name !== seat.seat_name
        ? `${t(seat.seat_name)} · ${seat.name}` : t(seat.seat_name)));
      const title = t("{0} · game report of table {1}", game.title, tableId);
      if (report.status === "pending") {
        const { done, total } = report.progress || { done: 0, total: 0 };
        fill(box, head(title), h("p", { class: "report-pending", role: "status" },
          total ? t("The engine is judging the game: {0} of {1} positions.", done, total)
            : t("The report is waiting for the engine…")),
        total ? h("progress", { max: total, value: done }) : null);
        timer = setTimeout(load, POLL_MS);
        return;
      }
      if (report.status === "failed") {
        fill(box, head(title), h("p", { class: "alert", role: "alert" }, t("No report could be made: {0}", report.error || "")));
        return;
      }
      const module = await loadBoard(report.game);
      if (gone) return;
      fill(box, head(title), report.kind === "accuracy"
        ? accuracyView(report, names, module, game)
        : module.reportView(report, names)); // the game's own kind of report
    } catch (err) {
      if (gone) return;
      if (err.code === ErrorCode.NOT_FINISHED) { // the game goes on: the report follows its end
        fill(box, head(t("Game report")), h("p", { class: "report-pending", role: "status" }, err.message));
        timer = setTimeout(load, 2 * POLL_MS);
        return;
      }
      fill(box, head(t("Game report")), h("p", { class: "alert", role: "alert" }, t("Cannot load the report: {0}", err.message)));
    }
  }
  load();
  return { destroy: () => { gone = true; clearTimeout(timer); } };
}

// The chess games ----------------------------------------------------------------------

function accuracyView(report, names, module, game) {
  const who = (seat) => names[seat] || t("seat {0}", seat + 1);
  const figures = h("table", { class: "report-seats" },
    h("thead", {}, h("tr", {}, h("th", {}, t("Player")), h("th", {}, t("Accuracy")),
      h("th", {}, t("Inaccuracies")), h("th", {}, t("Mistakes")), h("th", {}, t("Blunders")))),
    h("tbody", {}, report.seats.map((seat) => h("tr", { class: "report-seat", "data-seat": seat.seat },
      h("th", { scope: "row" }, who(seat.seat)),
      h("td", { class: "accuracy" }, seat.accuracy === null ? "–" : `${seat.accuracy.toFixed(1)}%`),
      h("td", {}, String(seat.inaccuracies)), h("td", {}, String(seat.mistakes)), h("td", {}, String(seat.blunders))))));
  const boardBox = h("div", { class: "game-view report-board" });
  const caption = h("p", { class: "report-caption", "aria-live": "polite" });
  const list = h("ol", { class: "report-mistakes" });
  const chartBox = h("div", { class: "report-chart" });
  const board = module.createView(boardBox, { seat: null, act: () => {}, playerNames: () => names.map(() => ""), game });
  let picked = null;

  function pick(item) {
    picked = item;
    const view = item.better_view || item.view;
    board.update({ view, legal: [], to_act: [], status: TableStatus.FINISHED, result: null, draw_offer: null });
    const mover = who(item.seat);
    caption.textContent = item.better
      ? t("Move {0}: {1} played {2}; {3} was better (drawn on the board).", item.ply, mover, item.move, item.better)
      : t("Move {0}: {1} played {2}.", item.ply, mover, item.move);
    for (const li of list.children) li.classList.toggle("current", li.dataset.ply === String(item.ply));
    drawChart();
  }

  function drawChart() {
    fill(chartBox, winChart(report, picked ? picked.ply : null, (ply) => {
      const found = report.mistakes.find((m) => m.ply === ply);
      if (found) pick(found);
    }));
  }

  fill(list, report.mistakes.map((item) => h("li", { "data-ply": item.ply, class: `report-mistake ${item.kind}` },
    h("button", { type: "button", onclick: () => pick(item) },
      `${item.ply}. ${item.move}${KIND_MARKS[item.kind]} `,
      h("span", { class: "muted" }, judgedText(item, who(item.seat)))))));
  const turning = report.turning_point;
  const first = (report.first_team || [0]).map(who).join(" & ");
  drawChart();
  if (report.mistakes.length) pick(report.mistakes.find((m) => m.ply === turning) || report.mistakes[0]);
  return h("div", { class: "report-body" },
    figures,
    h("h3", {}, t("{0}'s chance of winning, move by move", first)),
    chartBox,
    h("p", { class: "muted" }, turning !== null
      ? t("Turning point: move {0}, marked on the chart.", turning)
      : t("No single move turned the game.")),
    h("div", { class: "table-body report-moves" },
      h("div", { class: "board-col" }, boardBox, caption),
      h("aside", { class: "side-col" }, h("h3", {}, t("Moves that cost the most")),
        report.mistakes.length ? list : h("p", {}, t("No move lost much: no mistakes.")))));
}

function judgedText(item, mover) {
  const cost = `${Math.round(item.loss * 100)}%`;
  if (item.kind === "blunder") return t("a blunder by {0}: it cost {1} of their chances", mover, cost);
  if (item.kind === "mistake") return t("a mistake by {0}: it cost {1} of their chances", mover, cost);
  return t("an inaccuracy by {0}: it cost {1} of their chances", mover, cost);
}

function winChart(report, current, onPick) {
  const chart = report.chart || [];
  const n = chart.length;
  if (n < 2) return null;
  const width = 100;
  const height = 30;
  const x = (ply) => 1 + (ply / (n - 1)) * (width - 2);
  const y = (win) => height - 1 - (win / 100) * (height - 2);
  const turning = report.turning_point;
  return s("svg", { class: "eval-chart report-win-chart", viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: "none",
    role: "img", "aria-label": t("the first team's chance of winning after each move") },
  s("line", { x1: 0, y1: y(50), x2: width, y2: y(50), class: "chart-axis" }),
  s("polyline", { points: chart.map((p) => `${x(p.ply).toFixed(2)},${y(p.win).toFixed(2)}`).join(" "), class: "chart-line" }),
  turning !== null ? s("line", { x1: x(turning), y1: 0, x2: x(turning), y2: height, class: "turning-point" },
    s("title", { text: t("Turning point: move {0}", turning) })) : null,
  current !== null ? s("line", { x1: x(current), y1: 0, x2: x(current), y2: height, class: "chart-current" }) : null,
  report.mistakes.map((m) => {
    // A round dot of a zero-length line: it stays round however the chart is stretched.
    const at = { x1: x(m.ply), y1: y(chart[m.ply].win), x2: x(m.ply), y2: y(chart[m.ply].win) };
    const dot = s("line", { ...at, class: `chart-dot ${m.kind}` },
      s("title", { text: `${m.ply}. ${m.move}${KIND_MARKS[m.kind]}` }));
    dot.addEventListener("click", () => onPick(m.ply));
    return dot;
  }));
}
