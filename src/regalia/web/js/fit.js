// Keeps a page's board in the window. The board scales so that it and what must stay in
// sight with it fit the window's height without scrolling: from the board's top down to the
// last element marked `keep-in-view` below it (the player's own side line, a game's piles
// and hint, and the move input when the controls fall below the board on a narrow screen).
// It sets two CSS variables on the page's root, which the stylesheet's boards read:
// --board-h (the board's greatest height) and --board-w (its width at that height).

const MIN_PX = 180; // smaller than this a board is not worth playing on: the page scrolls
const GAP_PX = 8; // kept free under the last element in sight

/** Fit the first board under `root` now and whenever the window or the page changes. */
export function fitBoard(root) {
  let frame = 0;
  let last = "";

  function fit() {
    frame = 0;
    const board = root.querySelector("svg.board");
    if (!board || !board.isConnected) return;
    const box = board.getBoundingClientRect();
    if (!box.height) return; // hidden
    let below = 0;
    for (const el of root.querySelectorAll(".keep-in-view")) {
      const r = el.getBoundingClientRect();
      if (!r.height || r.top < box.bottom - 1) continue; // hidden, or beside the board
      below = Math.max(below, r.bottom - box.bottom);
    }
    const top = box.top + window.scrollY;
    const height = Math.max(MIN_PX, Math.floor(window.innerHeight - top - below - GAP_PX));
    const view = board.viewBox && board.viewBox.baseVal;
    const ratio = view && view.height ? view.width / view.height : 1;
    const key = `${height}/${ratio}`;
    if (key === last) return;
    last = key;
    root.style.setProperty("--board-h", `${height}px`);
    root.style.setProperty("--board-w", `${Math.floor(height * ratio)}px`);
  }

  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(fit);
  };
  // The page's own changes (a board drawn, a line of status wrapping, a panel opening) and
  // the window's.
  const observer = new ResizeObserver(schedule);
  observer.observe(root);
  observer.observe(document.body);
  window.addEventListener("resize", schedule);
  schedule();
  return {
    destroy() {
      observer.disconnect();
      window.removeEventListener("resize", schedule);
      cancelAnimationFrame(frame);
    },
  };
}
