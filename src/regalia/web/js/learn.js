// Learn (#/learn/{game}[/{lesson}]): a game's lessons played on the same board the tables
// use. Each step shows its instruction and position; a click on the board (or a typed move)
// goes to the server, which checks it with the real rules and answers with the step's
// success, its wrong-try message or the rules' reason. Steps solved are remembered in this
// browser (localStorage `regalia.lessons`: {game: {lesson: [step numbers]}}).

import { h, fill } from "./dom.js";
import { gameInfo } from "./games.js";
import { loadBoard } from "./boards/index.js";
import { TableStatus } from "./protocol.js";
import { lessonsOf, tryStep } from "./learning-api.js";
import { pageIn, t } from "./i18n.js";
import { fitBoard } from "./fit.js";

const PROGRESS_KEY = "regalia.lessons";

function readProgress() {
  try {
    return JSON.parse(localStorage.getItem(PROGRESS_KEY) || "{}") || {};
  } catch {
    return {};
  }
}

/** The steps of `lesson` solved in this browser, as a Set of step numbers. */
export function stepsDone(game, lesson) {
  const done = ((readProgress()[game] || {})[lesson]) || [];
  return new Set(done.filter((n) => Number.isInteger(n)));
}

function rememberStep(game, lesson, step) {
  const all = readProgress();
  const mine = (all[game] = all[game] || {});
  const steps = new Set(mine[lesson] || []);
  steps.add(step);
  mine[lesson] = [...steps].sort((a, b) => a - b);
  try {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify(all));
  } catch {
    // a browser without storage remembers nothing: the lessons still play
  }
}

/** The lobby's links under a game card: its lessons and its referee, when the game has them. */
export function learnLinks(game) {
  const links = [];
  if (game.lessons) {
    links.push(h("a", { href: `#/learn/${encodeURIComponent(game.name)}`, class: "learn-link" }, t("Learn to play")));
  }
  if (game.referee) {
    links.push(h("a", { href: `#/referee/${encodeURIComponent(game.name)}`, class: "referee-link", title: t("Score a game played with the physical box") }, t("Referee a table game")));
  }
  if (!links.length) return null;
  return h("p", { class: "learn-links" }, links.map((link, i) => [i ? " · " : "", link]));
}

export function showLearn(root, gameName, lessonKey) {
  const box = h("div", { class: "learn-page" }, h("p", {}, t("Loading the lessons…")));
  fill(root, box);
  let page = null;
  Promise.all([gameInfo(gameName), lessonsOf(gameName), loadBoard(gameName)])
    .then(([game, lessons, module]) => {
      page = mountLessons(box, game, lessons, module, lessonKey);
    })
    .catch((err) => fill(box, h("p", { class: "alert", role: "alert" }, t("Cannot open the lessons: {0}", err.message)),
      h("p", {}, h("a", { href: "#/" }, t("Back to the lobby")))));
  return { destroy: () => page && page.destroy() };
}

function mountLessons(box, game, lessons, module, lessonKey) {
  // On a phone the list stays folded (its summary counts the lessons done), so the step and
  // its board are on the first screen.
  const phone = window.matchMedia("(max-width: 600px)").matches;
  const list = h("ol", { class: "lesson-list" });
  const listBox = h("details", { class: "lessons-box", open: !phone },
    h("summary", { class: "lessons-summary" }), list);
  const title = h("h3", { class: "lesson-title" });
  const summary = h("p", { class: "lesson-summary muted" });
  const count = h("p", { class: "step-count" });
  const instruction = h("p", { class: "instruction" });
  const boardRoot = h("div", { class: "game-view learn-board" });
  const feedback = h("p", { class: "feedback", role: "status", "aria-live": "polite" });
  const again = h("button", { type: "button", class: "try-again" }, t("Try again"));
  const next = h("button", { type: "button", class: "next-step primary" });
  const moveInput = h("input", {
    name: "move", autocomplete: "off", spellcheck: "false", "aria-label": t("Type a move"),
    placeholder: game.notation_hint ? t("Type a move, e.g. {0}", t(game.notation_hint)) : t("Type a move"),
  });
  const moveForm = h("form", { class: "lesson-move-form keep-in-view" }, moveInput, h("button", { type: "submit" }, t("Play")));
  const lessonBox = h("section", { class: "lesson", "aria-live": "polite" },
    title, summary, count, instruction, feedback, h("div", { class: "buttons lesson-buttons" }, again, next), boardRoot, moveForm);

  fill(box,
    h("header", { class: "table-head" }, h("h2", {}, t("Learn {0}", game.title)),
      game.rules_url ? h("a", { href: pageIn(game.rules_url), class: "rules-link" }, t("Full rules")) : null,
      h("a", { href: "#/", class: "back" }, t("Lobby"))),
    h("div", { class: "learn-body" }, listBox, lessonBox));

  let lesson = lessons.find((l) => l.key === lessonKey) || null;
  let stepIndex = 0;
  let board = null;
  let boardSeat;
  let asked = 0;
  let busy = false;

  function drawList() {
    const finished = lessons.filter((l) => stepsDone(game.name, l.key).size >= l.steps.length).length;
    listBox.querySelector("summary").textContent = t("Lessons: {0} of {1} done", finished, lessons.length);
    fill(list, lessons.map((l) => {
      const done = stepsDone(game.name, l.key);
      const complete = done.size >= l.steps.length;
      return h("li", { class: ["lesson-item", complete ? "done" : "", lesson && lesson.key === l.key ? "current" : ""].filter(Boolean).join(" "), "data-lesson": l.key },
        h("a", { href: `#/learn/${encodeURIComponent(game.name)}/${encodeURIComponent(l.key)}`, "aria-current": lesson && lesson.key === l.key ? "page" : null },
          h("span", { class: "lesson-mark", "aria-hidden": "true" }, complete ? "✓" : ""),
          h("span", { class: "lesson-name" }, l.title)),
        h("small", { class: "lesson-progress" }, complete ? t("done") : t("{0} of {1} steps done", done.size, l.steps.length)));
    }));
  }

  function message(view, legal, seat) {
    return { view, legal, to_act: legal.length ? [seat] : [], status: TableStatus.PLAYING, result: null, draw_offer: null };
  }

  /** A board for the step's seat (the board turns to the seat it was made for). */
  function boardFor(seat) {
    if (!board || boardSeat !== seat) {
      board = module.createView(boardRoot, { seat, act: (action) => play(action), playerNames: () => [], game });
      boardSeat = seat;
    }
    return board;
  }

  function showStep() {
    asked += 1;
    busy = false;
    const step = lesson.steps[stepIndex];
    const done = stepsDone(game.name, lesson.key);
    title.textContent = lesson.title;
    summary.textContent = lesson.summary;
    count.textContent = t("Step {0} of {1}", stepIndex + 1, lesson.steps.length) + (done.has(stepIndex) ? ` ✓` : "");
    instruction.textContent = step.instruction;
    feedback.textContent = "";
    feedback.className = "feedback";
    again.hidden = true;
    next.hidden = true;
    moveForm.hidden = false;
    moveInput.value = "";
    boardFor(step.seat).update(message(step.view, step.legal, step.seat), { recent: [] });
    lessonBox.dataset.step = String(stepIndex);
    lessonBox.dataset.lesson = lesson.key;
  }

  function say(text, kind) {
    feedback.textContent = text;
    feedback.className = `feedback ${kind}`;
  }

  async function play(action) {
    if (busy || !lesson) return;
    const step = lesson.steps[stepIndex];
    const ticket = ++asked;
    busy = true;
    let answer;
    try {
      answer = await tryStep(game.name, lesson.key, stepIndex, action);
    } catch (err) {
      if (ticket === asked) {
        busy = false;
        say(t("The try could not be checked: {0}", err.message), "refused");
      }
      return;
    }
    if (ticket !== asked) return;
    if (!answer.legal) {
      // Not a move at all here: the position stays, the rules say why.
      busy = false;
      say(answer.message, "refused");
      return;
    }
    moveInput.value = "";
    // Show what the try did, with no move left to make until "Try again" or "Next".
    boardFor(step.seat).update(message(answer.view || step.view, [], step.seat), { recent: [] });
    moveForm.hidden = true;
    if (answer.ok) {
      rememberStep(game.name, lesson.key, stepIndex);
      say(answer.message, "success");
      drawList();
      count.textContent = t("Step {0} of {1}", stepIndex + 1, lesson.steps.length) + " ✓";
      const following = nextPlace();
      next.textContent = following
        ? (following.lesson === lesson ? t("Next step") : t("Next lesson: {0}", following.lesson.title))
        : t("All lessons done: back to the list");
      next.hidden = false;
      again.hidden = false;
      again.textContent = t("Play this step again");
      next.focus({ preventScroll: true });
    } else {
      say(answer.message, "wrong");
      again.textContent = t("Try again");
      again.hidden = false;
      again.focus({ preventScroll: true });
    }
  }

  /** The step after this one: the next step, else the next lesson not yet done. */
  function nextPlace() {
    if (stepIndex + 1 < lesson.steps.length) return { lesson, step: stepIndex + 1 };
    const at = lessons.indexOf(lesson);
    const later = [...lessons.slice(at + 1), ...lessons.slice(0, at)];
    const open = later.find((l) => stepsDone(game.name, l.key).size < l.steps.length);
    return open ? { lesson: open, step: firstOpenStep(open) } : null;
  }

  function firstOpenStep(l) {
    const done = stepsDone(game.name, l.key);
    const open = l.steps.findIndex((_, i) => !done.has(i));
    return open < 0 ? 0 : open;
  }

  function open(l, step) {
    if (l !== lesson) {
      // A new lesson is a new address, so a reload (or Back) comes back to it.
      lesson = l;
      stepIndex = step;
      history.replaceState(null, "", `#/learn/${encodeURIComponent(game.name)}/${encodeURIComponent(l.key)}`);
      drawList();
    } else stepIndex = step;
    lessonBox.hidden = false;
    showStep();
  }

  again.addEventListener("click", () => showStep());
  next.addEventListener("click", () => {
    const following = nextPlace();
    if (!following) {
      listBox.open = true;
      listBox.scrollIntoView({ block: "start" });
      return;
    }
    open(following.lesson, following.step);
    lessonBox.scrollIntoView({ block: "nearest" });
  });
  moveForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = moveInput.value.trim();
    if (text) play(text);
  });

  drawList();
  if (lesson) open(lesson, firstOpenStep(lesson));
  else {
    // No lesson chosen: the first one not yet done waits below the list.
    const first = lessons.find((l) => stepsDone(game.name, l.key).size < l.steps.length) || lessons[0];
    if (first) {
      lesson = first;
      stepIndex = firstOpenStep(first);
      drawList();
      showStep();
    } else lessonBox.hidden = true;
  }
  // The board, the step's words above it and the move line below it fit the window.
  const fitting = fitBoard(box);
  return { destroy: () => { asked += 1; fitting.destroy(); } };
}
