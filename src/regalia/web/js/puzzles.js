// Puzzles (#/puzzles/{game} the next one, #/puzzles/{game}/{id} a given one): a position cut
// from a real game where one move wins, with the board turned to the side to move. The player
// moves on the board; each move goes to the server with the solver's moves so far (POST
// /api/puzzles/{id}/try), which answers with the opponent's reply and the position after it,
// "solved", or a wrong move and the whole solution line, which the page lists and steps
// through on the board. A signed-in player's puzzle rating and streak show on the page; a
// guest plays unrated. The lobby's "Puzzle of the day" comes from here too (`dailyPuzzle`).
// A puzzle whose `answer` is "choice" (a game of hidden identities: who holds what) is asked
// instead: the board is a spectator's, its `question` stands above it, and one button per
// answer (`board.legal`) sends the pick; the answer's board (the reveal) shows once it is in.
// The server's side is docs/server.md's "Puzzles".

import { h, fill } from "./dom.js";
import { ApiError, analysePosition } from "./api.js";
import { canAnalyse, openAnalysis } from "./analysis.js";
import { gameInfo, seatNames } from "./games.js";
import { loadBoard } from "./boards/index.js";
import { fitBoard } from "./fit.js";
import { language, t, tn } from "./i18n.js";
import { ErrorCode } from "./protocol.js";
import { PLAYER_CHANGED, currentPlayer, forgetPlayer, playerKey } from "./store.js";

const enc = encodeURIComponent;

/** The puzzle calls: like api.js's, with the player's key when there is one; a key the
 * server no longer knows is forgotten and the call made again as a guest. */
async function call(method, path, body) {
  const key = playerKey();
  const headers = { Accept: "application/json", "X-Lang": language() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (key) headers["X-Player-Key"] = key;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError("network", t("the server cannot be reached ({0})", err.message), 0);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data && data.error) || {};
    if (error.code === ErrorCode.BAD_PLAYER_KEY && key) {
      if (playerKey() === key) forgetPlayer();
      if (!path.startsWith("/api/players/me")) return call(method, path, body);
    }
    throw new ApiError(error.code || "http", error.message || `${response.status} ${response.statusText}`, response.status);
  }
  return data;
}

/** A puzzle: {id, game, position, to_move, rating, themes, plays, solver_moves, board,
 * answer ("line" | "choice"), question}. */
export const nextPuzzle = (game, after = null) =>
  call("GET", `/api/puzzles/next?game=${enc(game)}${after ? `&after=${enc(after)}` : ""}`);
/** Today's puzzle of a game: a puzzle and its "date" (the UTC day). */
export const dailyPuzzle = (game) => call("GET", `/api/puzzles/daily?game=${enc(game)}`);
export const getPuzzle = (id) => call("GET", `/api/puzzles/${enc(id)}`);
/** {ok, solved, reply, board, solution, rating_change, rating, streak}. */
export const tryPuzzle = (id, moves) => call("POST", `/api/puzzles/${enc(id)}/try`, { moves });
/** {games: {G: {rating, streak, best_streak, solved, failed}}} of the signed-in player. */
export const myPuzzles = () => call("GET", "/api/players/me/puzzles");

/** The address of a game's puzzles, or of one of them. */
export function puzzleLink(game, id = null) {
  return `#/puzzles/${enc(game)}${id ? `/${enc(id)}` : ""}`;
}

/** A theme's name in words: lichess's names (mateIn2, fork…), else the game's own
 * (its descriptor's `puzzle_themes`). */
export function themeText(theme, game) {
  const mate = /^mateIn(\d+)$/.exec(theme);
  if (mate) return t("mate in {0}", Number(mate[1]));
  const words = {
    oneMove: t("one move"),
    short: t("short"),
    long: t("long"),
    fork: t("fork"),
    hangingPiece: t("hanging piece"),
  };
  const own = (game.puzzle_themes || {})[theme];
  return words[theme] || (own ? t(own) : theme);
}

const LENGTHS = ["oneMove", "short", "long"]; // themes that say how long the line is

/** "+12", "−8", "±0": a rating change as the page shows it. */
function signed(change) {
  return change > 0 ? `+${change}` : change < 0 ? `−${Math.abs(change)}` : "±0";
}

export function showPuzzles(root, gameName, puzzleId) {
  const box = h("div", { class: "puzzle-page" }, h("p", {}, t("Loading the puzzle…")));
  fill(root, box);
  let page = null;
  let gone = false;
  Promise.all([gameInfo(gameName), loadBoard(gameName)])
    .then(([game, module]) => {
      if (gone) return;
      if (!game.puzzles) {
        fill(box, h("p", { class: "alert", role: "alert" }, t("{0} has no puzzles.", game.title)),
          h("p", {}, h("a", { href: "#/" }, t("Back to the lobby"))));
        return;
      }
      page = mountPuzzles(box, game, module, puzzleId);
    })
    .catch((err) => fill(box, h("p", { class: "alert", role: "alert" }, t("Cannot open the puzzles: {0}", err.message)),
      h("p", {}, h("a", { href: "#/" }, t("Back to the lobby")))));
  return { destroy: () => { gone = true; if (page) page.destroy(); } };
}

function mountPuzzles(box, game, module, puzzleId) {
  const players = game.default_players || game.min_players;
  const seats = seatNames(game, players);
  const task = h("p", { class: "puzzle-task" });
  const boardRoot = h("div", { class: "game-view puzzle-board" });
  const facts = h("p", { class: "puzzle-facts" });
  const themes = h("ul", { class: "puzzle-themes", "aria-label": t("themes") });
  const feedback = h("p", { class: "puzzle-feedback keep-in-view", role: "status", "aria-live": "polite" });
  const choices = h("div", { class: "buttons puzzle-choices keep-in-view", role: "group", hidden: true });
  const retry = h("button", { type: "button", class: "puzzle-retry" }, t("Retry"));
  const next = h("button", { type: "button", class: "puzzle-next primary" }, t("Next puzzle"));
  const buttons = h("div", { class: "buttons puzzle-buttons keep-in-view" }, retry, next);
  const solutionBox = h("div", { class: "puzzle-solution", hidden: true });
  const score = h("p", { class: "puzzle-score" });
  const analysisLink = h("button", { type: "button", class: "puzzle-analysis", hidden: true },
    t("Open this position in the analysis board"));

  const boardCol = h("div", { class: "board-col" }, task, boardRoot);
  const sideCol = h("aside", { class: "side-col puzzle-side" }, feedback, choices, buttons, solutionBox, facts, themes, score, analysisLink);
  fill(box,
    h("header", { class: "table-head" }, h("h2", {}, t("{0} puzzles", game.title)), h("a", { href: "#/", class: "back" }, t("Lobby"))),
    h("div", { class: "table-body puzzle-body" }, boardCol, sideCol));

  let puzzle = null;
  let board = null;
  let boardSeat = null;
  let current = null; // the board the player moves on: {view, to_act, legal}
  let mine = []; // the solver's moves so far (legal[].text)
  let state = "loading"; // "playing" | "busy" | "solved" | "failed"
  let stats = null; // the signed-in player's {rating, streak} in this game
  let ticket = 0;
  let analysable = false;
  const daily = dailyPuzzle(game.name).catch(() => null);
  canAnalyse(game.name).then((yes) => { analysable = yes; showAnalysisLink(); });

  // No table status: a board takes premoves only at a table (the solver's partner may be
  // the one to move in a team game, and the solver plays for the whole side).
  const message = (b, movable) => ({
    view: b.view, legal: movable ? b.legal : [], to_act: movable ? b.to_act : [],
    status: null, result: null, draw_offer: null,
  });

  function draw(b, movable) {
    // The board turns to the side to move (a board made for another side is made again).
    if (!board || boardSeat !== puzzle.to_move) {
      // A question's solver is an onlooker (to_move −1): the board is a spectator's.
      const seat = puzzle.to_move >= 0 ? puzzle.to_move : null;
      board = module.createView(boardRoot, { seat, act: (action) => play(action), playerNames: () => [], game });
      boardSeat = puzzle.to_move;
    }
    const asking = isChoice();
    board.update(message(b, movable && !asking), { recent: [] });
    if (asking) {
      task.textContent = questionText();
      delete task.dataset.seat;
    } else if (movable) setTask(b.to_act && b.to_act.length ? b.to_act[0] : puzzle.to_move);
  }

  const isChoice = () => Boolean(puzzle && puzzle.answer === "choice");
  // The game's question in the page's language (its descriptor's words, catalogued).
  const questionText = () => (puzzle.question ? t(puzzle.question) : t("Pick your answer"));

  /** A question's answers, one button each (disabled while one is being checked). */
  function showChoices(b, enabled) {
    choices.hidden = !isChoice();
    if (!isChoice()) return fill(choices);
    choices.setAttribute("aria-label", questionText());
    fill(choices, (b.legal || []).map((l) => h("button", {
      type: "button", class: "puzzle-choice", "data-answer": l.action, disabled: !enabled,
      onclick: () => play(l.action),
    }, t(l.text))));
  }

  /** An answer's words as its button says them. */
  function answerWords(action) {
    const found = (puzzle.board.legal || []).find((l) => l.action === action || l.text === action);
    return found ? t(found.text) : action;
  }

  /** "Find the best move for Black": the seat to move, in the game's own word for it. */
  function setTask(seat) {
    task.textContent = t("Find the best move for {0}", t(seats[seat] || seats[0]));
    task.dataset.seat = String(seat);
  }

  function say(text, kind = "") {
    fill(feedback, text);
    feedback.className = `puzzle-feedback keep-in-view${kind ? ` ${kind}` : ""}`;
  }

  function showScore() {
    if (!currentPlayer()) {
      score.className = "puzzle-score guest muted";
      score.textContent = t("Playing as a guest: sign in (at the top) for a puzzle rating and a streak.");
      return;
    }
    score.className = "puzzle-score";
    if (!stats) {
      score.textContent = t("No puzzle rating yet: your first puzzle here gives you one.");
      return;
    }
    fill(score, h("span", { class: "puzzle-rating" }, t("Your puzzle rating: {0}", stats.rating)), " · ",
      h("span", { class: "puzzle-streak" }, tn(stats.streak, "Streak: {0} puzzle solved in a row", "Streak: {0} puzzles solved in a row", stats.streak)));
  }

  async function loadStats() {
    if (!currentPlayer()) {
      stats = null;
      showScore();
      return;
    }
    try {
      const mineAll = await myPuzzles();
      const found = mineAll.games && mineAll.games[game.name];
      stats = found ? { rating: found.rating, streak: found.streak } : null;
    } catch {
      stats = null; // the rating is a courtesy: the puzzle plays without it
    }
    showScore();
  }

  function showAnalysisLink() {
    analysisLink.hidden = !(analysable && puzzle && (state === "solved" || state === "failed"));
  }

  function show(found, replace) {
    puzzle = found;
    mine = [];
    current = found.board;
    state = "playing";
    box.dataset.puzzle = found.id;
    box.dataset.state = state;
    if (replace) history.replaceState(null, "", puzzleLink(game.name, found.id));
    fill(facts,
      h("span", { class: "puzzle-id" }, t("Puzzle {0}", found.id)), " · ",
      h("span", { class: "puzzle-level", "data-rating": found.rating }, t("rated {0}", found.rating)),
      found.plays ? [" · ", tn(found.plays, "played once", "played {0} times", found.plays)] : null,
      h("span", { class: "puzzle-date-box" }));
    // Today's puzzle says so, however it was opened (the lobby links to its address).
    const dated = (d) => {
      if (!d || d.id !== found.id || puzzle !== found) return;
      fill(facts.querySelector(".puzzle-date-box"), " · ", h("span", { class: "puzzle-date" }, t("Puzzle of the day, {0}", d.date)));
    };
    if (found.date) dated(found);
    else daily.then(dated);
    fill(themes, (found.themes || []).map((theme) => h("li", { class: "puzzle-theme", "data-theme": theme }, themeText(theme, game))));
    fill(solutionBox);
    solutionBox.hidden = true;
    retry.hidden = true;
    next.hidden = true;
    // A question's answers stand under it, above the board (on a phone too: in reach at
    // once), with what the page says and Next puzzle.
    if (isChoice()) {
      for (const part of [feedback, choices, buttons]) boardCol.insertBefore(part, boardRoot);
    } else sideCol.prepend(feedback, choices, buttons);
    say(isChoice() ? t("Read the table as it stood before the vote, then pick your answer.")
      : t("Your move: pick a piece, then its square (or drag it)."));
    showAnalysisLink();
    draw(current, true);
    showChoices(current, true);
  }

  async function open(fetchIt, replace) {
    const mark = ++ticket;
    state = "loading";
    box.dataset.state = state;
    try {
      const found = await fetchIt();
      if (mark === ticket) show(found, replace);
    } catch (err) {
      if (mark !== ticket) return;
      const text = err.code === ErrorCode.NO_PUZZLES ? t("There are no puzzles of {0} yet.", game.title)
        : err.code === ErrorCode.NOT_FOUND ? t("There is no such puzzle.")
          : t("Cannot load the puzzle: {0}", err.message);
      say(text, "refused");
      next.hidden = err.code === ErrorCode.NO_PUZZLES;
      box.dataset.state = "error";
    }
  }

  async function play(action) {
    if (state !== "playing" || !puzzle) return;
    const legal = current.legal.find((l) => l.action === action || l.text === action);
    if (!legal) return;
    const id = puzzle.id;
    const asking = isChoice();
    mine.push(asking ? legal.action : legal.text);
    state = "busy";
    box.dataset.state = state;
    say(t("Checking {0}…", asking ? t(legal.text) : legal.text));
    draw(current, false); // no second move while the server answers
    showChoices(current, false);
    const mark = ++ticket;
    let answer;
    try {
      answer = await tryPuzzle(id, mine);
    } catch (err) {
      if (mark !== ticket) return;
      mine.pop();
      state = "playing";
      box.dataset.state = state;
      say(t("The move could not be checked: {0}", err.message), "refused");
      draw(current, true);
      showChoices(current, true);
      return;
    }
    if (mark !== ticket) return;
    if (answer.rating !== null && answer.rating !== undefined) {
      stats = { rating: answer.rating, streak: answer.streak ?? 0 };
    }
    if (answer.ok && !answer.solved) {
      current = answer.board;
      state = "playing";
      box.dataset.state = state;
      say(t("Right! The answer was {0}: find the next move.", answer.reply), "success");
      draw(current, true);
      return;
    }
    if (asking) {
      // The answer's board shows what the question hid (the reveal); the buttons stay, the
      // right one marked, the pick marked wrong if it was.
      state = answer.solved ? "solved" : "failed";
      if (answer.board) draw(answer.board, false);
      const right = (answer.solution || [])[0];
      for (const b of choices.querySelectorAll("button.puzzle-choice")) {
        b.disabled = true;
        b.classList.toggle("right", b.dataset.answer === right);
        b.classList.toggle("wrong", b.dataset.answer === legal.action && !answer.solved);
      }
      const rated = ratingWords(answer, t("A guest's puzzles are not rated."));
      say(answer.solved
        ? [h("strong", {}, t("Right! The answer is {0}.", answerWords(right))), " ", rated]
        : [h("strong", {}, t("Wrong: the answer is {0}, not {1}.", answerWords(right), t(legal.text))), " ", rated],
      answer.solved ? "success" : "wrong");
      retry.hidden = true;
    } else if (answer.solved) {
      state = "solved";
      if (answer.board) draw(answer.board, false);
      say([h("strong", {}, t("Solved!")), " ", ratingWords(answer, t("A guest's puzzles are not rated."))], "success");
      retry.hidden = true;
    } else {
      state = "failed";
      say([h("strong", {}, t("{0} is not the move.", legal.text)), " ", ratingWords(answer, t("The solution is below."))], "wrong");
      showSolution(answer.solution || []);
      retry.hidden = false;
    }
    box.dataset.state = state;
    next.hidden = false;
    showScore();
    showAnalysisLink();
    next.focus({ preventScroll: true });
  }

  /** A rated try's new puzzle rating and its change; `otherwise` for a guest's. */
  function ratingWords(answer, otherwise) {
    return currentPlayer() && answer.rating !== null && answer.rating !== undefined
      ? h("span", { class: "rating-delta" }, t("Puzzle rating {0} ({1}).", answer.rating, signed(answer.rating_change)))
      : otherwise;
  }

  /** The solution line, each move a button that shows the position after it on the board. */
  function showSolution(line) {
    let at = 0;
    const buttons = line.map((text, i) => h("button", {
      type: "button", class: `move solution-move ${i % 2 === 0 ? "solver" : "reply"}`, "data-ply": i + 1,
      title: i % 2 === 0 ? t("the solver's move") : t("the reply"), onclick: () => step(i + 1),
    }, text));
    const start = h("button", { type: "button", class: "move solution-start", "data-ply": 0, onclick: () => step(0) }, t("start"));
    const back = h("button", { type: "button", class: "solution-back", "aria-label": t("previous move"), onclick: () => step(at - 1) }, "◀");
    const forward = h("button", { type: "button", class: "solution-forward", "aria-label": t("next move"), onclick: () => step(at + 1) }, "▶");
    const note = h("span", { class: "solution-note muted", role: "status" });
    fill(solutionBox,
      h("p", { class: "solution-line" }, h("span", { class: "muted" }, t("Solution: ")), start, " ", buttons.map((b, i) => [i ? " " : "", b])),
      analysable ? h("div", { class: "buttons solution-steps" }, back, forward, note) : null);
    solutionBox.hidden = false;
    const mark = () => {
      for (const b of [start, ...buttons]) b.classList.toggle("current", Number(b.dataset.ply) === at);
      back.disabled = at <= 0;
      forward.disabled = at >= line.length;
      solutionBox.dataset.ply = String(at);
    };
    mark();
    let asked = 0;
    async function step(ply) {
      if (ply < 0 || ply > line.length || state !== "failed") return;
      at = ply;
      mark();
      const mine = ++asked;
      if (ply === 0) {
        note.textContent = "";
        draw(puzzle.board, false);
        return;
      }
      if (!analysable) return;
      note.textContent = "…";
      // The analysis board's reading of the line: the position after the first `ply` moves
      // (asked again, a little later, while the server says this address asks too often).
      for (let tries = 1; ; tries++) {
        try {
          const answer = await analysePosition({ game: game.name, position: puzzle.position, moves: line.slice(0, ply), seconds: 0.1 });
          if (mine !== asked || state !== "failed") return;
          note.textContent = "";
          draw(answer, false);
          return;
        } catch (err) {
          if (mine !== asked) return;
          if (tries < 4 && (err.code === ErrorCode.RATE_LIMITED || err.code === ErrorCode.BUSY)) {
            await new Promise((resolve) => setTimeout(resolve, 1000 * tries));
            if (mine !== asked) return;
            continue;
          }
          note.textContent = t("Cannot show this move: {0}", err.message);
          return;
        }
      }
    }
  }

  retry.addEventListener("click", () => {
    if (!puzzle) return;
    ticket += 1;
    show(puzzle, false);
  });
  next.addEventListener("click", () => open(() => nextPuzzle(game.name, puzzle ? puzzle.id : null), true));
  analysisLink.addEventListener("click", () => {
    if (puzzle) openAnalysis(game.name, { position: puzzle.position, record: null, ply: null });
  });
  const playerChanged = () => loadStats();
  window.addEventListener(PLAYER_CHANGED, playerChanged);

  loadStats();
  if (puzzleId) open(() => getPuzzle(puzzleId), false);
  else open(() => nextPuzzle(game.name), true);
  // The board, the task above it and the answer under it (a phone's one column) fit the window.
  const fitting = fitBoard(box);
  return {
    destroy() {
      ticket += 1;
      fitting.destroy();
      window.removeEventListener(PLAYER_CHANGED, playerChanged);
    },
  };
}

/** The lobby's line for a game with puzzles: today's puzzle, linked (nothing if none). */
export function dailyLine(game, daily = undefined) {
  // A game with puzzles keeps the line's room while the puzzle loads (nothing below it moves);
  // one without, or with no puzzle today, has no line.
  const line = h("p", { class: "daily-puzzle", hidden: !game.puzzles, "data-game": game.name });
  if (!game.puzzles) return line;
  (daily || dailyPuzzle(game.name))
    .then((daily) => {
      // Its rating and what it is about (the first theme that is not its length).
      const words = (daily.themes || []).filter((x) => !LENGTHS.includes(x)).slice(0, 1).map((x) => themeText(x, game));
      fill(line, h("span", { class: "daily-icon", "aria-hidden": "true" }, "♞ "),
        h("a", { href: puzzleLink(game.name, daily.id), class: "daily-link", "data-puzzle": daily.id }, t("Puzzle of the day")),
        h("span", { class: "muted" }, " · ", t("rated {0}", daily.rating), words.length ? [" · ", words[0]] : null));
      line.title = line.textContent.replace("♞ ", ""); // all of it, where the card cuts it short
    })
    .catch(() => { line.hidden = true; }); // no puzzle today: no line
  return line;
}
