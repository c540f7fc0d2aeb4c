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
  let current = null; // the height set last

  function measure(board) {
    const box = board.getBoundingClientRect();
    let below = 0;
    for (const el of root.querySelectorAll(".keep-in-view")) {
      const r = el.getBoundingClientRect();
      if (!r.height || r.top < box.bottom - 1) continue; // hidden, or beside the board
      below = Math.max(below, r.bottom - box.bottom);
    }
    const top = box.top + window.scrollY;
    return { box, room: Math.max(MIN_PX, Math.floor(window.innerHeight - top - below - GAP_PX)) };
  }

  function set(height, ratio) {
    root.style.setProperty("--board-h", `${height}px`);
    root.style.setProperty("--board-w", `${Math.floor(height * ratio)}px`);
  }

  function fit() {
    frame = 0;
    const board = root.querySelector("svg.board");
    if (!board || !board.isConnected) return;
    const { box, room } = measure(board);
    if (!box.height) return; // hidden
    const view = board.viewBox && board.viewBox.baseVal;
    const ratio = view && view.height ? view.width / view.height : 1;
    // What reads --board-h besides the board (a panel beside it, as tall as it may be; a
    // board's width rounded to a pixel) moves the lines below once the board has its height,
    // so the room measured then may call for another height, and that height for this one
    // again: the page would swing between two heights at every frame. So a height that fits
    // stays unless a taller one that fits is found, and each is tried here before the page is
    // drawn (reading a box lays the page out at once).
    const fits = current !== null && room >= current;
    let height = room;
    set(height, ratio);
    // A board narrower than its room (a phone's width) takes the height its width gives it,
    // so nothing beside it grows past it.
    const taken = Math.floor(board.getBoundingClientRect().height);
    if (taken < height - 1) height = Math.max(MIN_PX, taken);
    for (let tries = 0; tries < 4; tries++) {
      set(height, ratio);
      const now = measure(board).room;
      if (now >= height) break;
      height = now;
    }
    if (fits && height < current + 2) height = current;
    set(height, ratio);
    current = height;
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
