// Text mode, for screen readers (lichess's "blind mode" is the model): a switch in the table's
// header, kept on this device. On, the table page shows the position as text (whose turn, then
// every piece or token the board draws, grouped by its owner), keeps the focus in the move box
// for typed moves, and announces every move and every change of the status line (whose turn,
// the result) in a log, a live region. It reads what the page draws — the board's own labels,
// the move list, the status — so every game with a board that labels its pieces has it.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "regalia.text-mode";

export function textModeOn() {
  try {
    return localStorage.getItem(KEY) === "on";
  } catch {
    return false;
  }
}

function setTextMode(on) {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // storage refused (a private window): the switch holds for this page only
  }
}

/** The position in words: the board's labelled pieces and tokens, each label whole (it names
 * the owner, the piece and the square in the page's language), one line per owner (the
 * drawn element's House, else its class: a colour or a seat), in the board's order. */
export function positionLines(boardRoot) {
  const groups = new Map();
  for (const title of boardRoot.querySelectorAll("svg.board title")) {
    if (title.closest(".recent-move")) continue; // the arrows repeat the move list
    const text = title.textContent.trim();
    if (!text) continue;
    const drawn = title.parentElement;
    const owner = drawn.getAttribute("data-house") || drawn.getAttribute("class") || "";
    if (!groups.has(owner)) groups.set(owner, []);
    groups.get(owner).push(text);
  }
  return [...groups.values()].map((items) => items.join("; "));
}

/** Mount the switch in `page`'s header and, while it is on, the text panel above the table's
 * body. `boardRoot`: where the board draws. Returns { destroy }. */
export function mountTextMode(page, boardRoot) {
  const head = page.querySelector(".table-head");
  const toggle = h("button", {
    type: "button", class: "text-mode-toggle", "aria-pressed": "false",
    title: t("for screen readers: the position as text, moves typed, every move and result announced"),
  }, t("Text mode"));
  const status = h("p", { class: "text-status" });
  const position = h("ul", { class: "text-position" });
  // Focusable: it scrolls, and a keyboard must reach what scrolled away.
  const log = h("div", { class: "text-log", role: "log", "aria-live": "polite", "aria-label": t("moves and results"), tabindex: 0 });
  const panel = h("section", { class: "text-mode", "aria-label": t("the position as text"), hidden: true },
    h("h3", {}, t("Position")), status, position, h("h3", {}, t("Moves and results")), log);
  if (head) head.insertBefore(toggle, head.querySelector(".back"));
  (head || page).after(panel);

  let on = false;
  let movesSeen = null; // how many moves were in the list when last looked at
  let statusSeen = "";
  let frame = 0;

  const moveTexts = () => [...page.querySelectorAll(".move-list .move")].map((m) => m.textContent.trim());
  const statusText = () => (page.querySelector(".status")?.textContent || "").trim();
  const say = (text) => {
    log.append(h("p", {}, text));
    while (log.children.length > 30) log.firstElementChild.remove();
  };

  function look() {
    frame = 0;
    if (!on) return;
    const moves = moveTexts();
    if (movesSeen !== null && moves.length > movesSeen) {
      for (const move of moves.slice(movesSeen)) say(t("Move: {0}", move));
    }
    movesSeen = moves.length;
    const now = statusText();
    if (now && now !== statusSeen) say(now);
    statusSeen = now;
    status.textContent = now;
    const lines = positionLines(boardRoot);
    fill(position, lines.length ? lines.map((line) => h("li", {}, line)) : h("li", {}, t("No pieces on the board.")));
    const input = page.querySelector("input.move-input");
    if (input && !input.disabled && document.activeElement === document.body) input.focus();
  }
  const schedule = () => {
    if (on && !frame) frame = requestAnimationFrame(look);
  };
  const observer = new MutationObserver(schedule);

  function show(value) {
    on = value;
    toggle.setAttribute("aria-pressed", String(on));
    panel.hidden = !on;
    page.classList.toggle("text-mode-on", on);
    observer.disconnect();
    if (on) {
      // The table's body (board, status, moves): never the panel, which this redraws.
      observer.observe(page.querySelector(".table-body") || boardRoot, { subtree: true, childList: true, characterData: true });
      movesSeen = moveTexts().length;
      statusSeen = "";
      schedule();
    }
  }
  toggle.addEventListener("click", () => {
    setTextMode(!on);
    show(!on);
  });
  show(textModeOn());
  return {
    destroy() {
      observer.disconnect();
      cancelAnimationFrame(frame);
    },
  };
}
