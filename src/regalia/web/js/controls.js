// The buttons a player may press besides the board: pass, resign, draw offers, rematch,
// and a line to type a move in any notation the game accepts (keyboard players).

import { h, fill } from "./dom.js";
import { canPass } from "./boards/common.js";

// Which commands each game's rules allow (Regicida has no resigning and no draws).
const FEATURES = {
  regulator: { resign: true, draw: true },
  regicide: { resign: true, draw: true },
  regicida: { resign: false, draw: false },
};

export function createControls(root, { game, act, send }) {
  const features = FEATURES[game] || { resign: true, draw: false };
  const button = (label, cls, onclick) => h("button", { type: "button", class: cls, onclick }, label);
  const pass = button("Pass", "pass", () => act("pass"));
  const resign = button("Resign", "resign", () => {
    if (confirm("Resign this game?")) send({ type: "resign" });
  });
  const offer = button("Offer a draw", "offer-draw", () => send({ type: "offer_draw" }));
  const accept = button("Accept the draw", "accept-draw primary", () => send({ type: "accept_draw" }));
  const decline = button("Decline", "decline-draw", () => send({ type: "decline_draw" }));
  const rematch = button("Ask for a rematch", "rematch", () => send({ type: "rematch" }));
  const drawNote = h("span", { class: "draw-note" });
  const input = h("input", {
    type: "text", class: "move-input", autocomplete: "off", spellcheck: "false",
    placeholder: game === "regicida" ? "e.g. place 1 f6, swap c4 c5 flip c4" : "type a move, e.g. Nc3 or b1c3",
    "aria-label": "type a move",
  });
  const entry = h("form", { class: "move-entry" }, input, h("button", { type: "submit" }, "Play"));
  entry.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) {
      act(text);
      input.value = "";
    }
  });
  fill(root, h("div", { class: "buttons" }, pass, offer, accept, decline, drawNote, resign, rematch), entry);

  return {
    /** draw.accepted: seats that agreed to the pending offer; draw.declined: the last one was. */
    update(message, seat, draw = { accepted: new Set(), declined: false }) {
      const accepted = draw.accepted;
      const player = seat !== null && seat !== undefined;
      const playing = message.status === "playing";
      const myTurn = player && (message.to_act || []).includes(seat);
      const offerBy = message.draw_offer ?? null;
      pass.hidden = !(myTurn && canPass(message));
      resign.hidden = !(features.resign && player && playing);
      offer.hidden = !(features.draw && player && playing && offerBy === null);
      const mine = offerBy !== null && sameTeam(message.view, offerBy, seat);
      const answered = accepted.has(seat);
      accept.hidden = decline.hidden = !(features.draw && player && playing && offerBy !== null && !mine && !answered);
      drawNote.textContent = playing && draw.declined ? "The draw offer was declined." : "";
      if (playing && offerBy !== null) {
        drawNote.textContent = mine ? "Your side offered a draw." : answered ? "You agreed; waiting for your teammate." : "A draw is offered.";
      }
      rematch.hidden = !(player && message.status === "finished");
      entry.hidden = !(player && playing);
      input.disabled = !myTurn;
    },
  };
}

/** Whether two seats play on the same team (Regicide's `teams`; elsewhere every seat alone). */
function sameTeam(view, a, b) {
  if (a === b) return true;
  const teams = (view && view.teams) || [];
  return teams.some((team) => Array.isArray(team) && team.includes(a) && team.includes(b));
}
