// The buttons a player may press besides the board: pass, resign, draw offers, rematch,
// claiming the win from an absent opponent (when the view says `claimable`), and a line to
// type a move in any notation the game accepts (keyboard players). What is shown comes from
// the game's descriptor (GET /api/games), never from its name.

import { h, fill } from "./dom.js";
import { canPass } from "./boards/common.js";
import { sameTeam } from "./games.js";
import { CommandType, TableStatus } from "./protocol.js";
import { t } from "./i18n.js";
import { createTakeback } from "./takeback.js";

export function createControls(root, { game, players, act, send }) {
  const button = (label, cls, onclick) => h("button", { type: "button", class: cls, onclick }, label);
  const pass = button(t("Pass"), "pass", () => act("pass"));
  // Resigning asks once more on the page itself (not the browser's bare confirm()).
  const resignAsk = h("span", { class: "resign-ask", role: "group", hidden: true, "aria-label": t("Resign this game?") },
    h("span", { class: "resign-question" }, t("Resign this game?")),
    button(t("Yes, resign"), "resign-confirm danger", () => {
      askResign(false);
      send({ type: CommandType.RESIGN });
    }),
    button(t("Keep playing"), "resign-cancel", () => askResign(false)));
  const resign = button(t("Resign"), "resign", () => askResign(true));
  function askResign(on) {
    resignAsk.hidden = !on;
    resign.classList.toggle("asking", on);
    if (on) resignAsk.querySelector(".resign-cancel").focus({ preventScroll: true });
  }
  const offer = button(t("Offer a draw"), "offer-draw", () => send({ type: CommandType.OFFER_DRAW }));
  const accept = button(t("Accept the draw"), "accept-draw primary", () => send({ type: CommandType.ACCEPT_DRAW }));
  const decline = button(t("Decline"), "decline-draw", () => send({ type: CommandType.DECLINE_DRAW }));
  const rematch = button(t("Ask for a rematch"), "rematch", () => send({ type: CommandType.REMATCH }));
  const claim = button(t("Claim the win"), "claim primary", () => send({ type: CommandType.CLAIM }));
  claim.title = t("your opponent has been away too long on their turn");
  const drawNote = h("span", { class: "draw-note" });
  const takeback = createTakeback({ game, players, send });
  const input = h("input", {
    type: "text", class: "move-input", autocomplete: "off", spellcheck: "false",
    placeholder: game.notation_hint ? t("e.g. {0}", t(game.notation_hint)) : t("type an action"),
    "aria-label": t("type a move"),
  });
  const rematchNote = h("span", { class: "rematch-note" });
  const entry = h("form", { class: "move-entry" }, input, h("button", { type: "submit" }, t("Play")));
  // A typed move stays in the box until the server has played it: a refused one can be
  // corrected rather than typed again.
  let sent = null;
  entry.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) {
      sent = text;
      act(text);
    }
  });
  // The notes have a line of their own, so a note never pushes a button onto another line.
  fill(root, h("div", { class: "buttons" }, claim, pass, ...takeback.buttons, offer, accept, decline, resign, rematch), resignAsk,
    h("p", { class: "control-notes", "aria-live": "polite" }, takeback.note, drawNote, rematchNote), entry);

  return {
    /** An event of the table (takebacks follow who agreed). */
    event(event, seat) {
      takeback.event(event, seat);
    },
    /** The player's move was played: a typed move is done with. */
    moveMade() {
      if (sent !== null && input.value.trim() === sent) input.value = "";
      sent = null;
    },
    /** The server refused something: a typed move stays, ready to correct. */
    refused() {
      if (sent === null) return;
      sent = null;
      if (!input.disabled) {
        input.focus();
        input.select();
      }
    },
    /** draw.accepted: seats that agreed to the pending offer; draw.declined: the last one was.
     * rematch.rematch: the rematch's table once it exists; rematch.asked: this player asked. */
    update(message, seat, draw = { accepted: new Set(), declined: false }, rematchState = {}) {
      const accepted = draw.accepted;
      const player = seat !== null && seat !== undefined;
      const playing = message.status === TableStatus.PLAYING;
      const myTurn = player && (message.to_act || []).includes(seat);
      const offerBy = message.draw_offer ?? null;
      const draws = game.draw_offers && player && playing;
      pass.hidden = !(myTurn && canPass(message));
      resign.hidden = !(game.resignation && player && playing);
      if (resign.hidden) askResign(false);
      offer.hidden = !(draws && offerBy === null);
      const mine = offerBy !== null && sameTeam(game, players, offerBy, seat);
      const answered = accepted.has(seat);
      accept.hidden = decline.hidden = !(draws && offerBy !== null && !mine && !answered);
      drawNote.textContent = playing && draw.declined ? t("The draw offer was declined.") : "";
      if (playing && offerBy !== null) {
        drawNote.textContent = mine ? t("Your side offered a draw.") : answered ? t("You agreed; waiting for your teammate.") : t("A draw is offered.");
      }
      const finished = player && message.status === TableStatus.FINISHED;
      rematch.hidden = !(finished && !rematchState.rematch && !rematchState.asked);
      rematchNote.textContent = finished && rematchState.asked && !rematchState.rematch
        ? t("You asked for a rematch: it starts when every player has asked.") : "";
      takeback.update(message, seat);
      claim.hidden = !(player && playing && message.claimable);
      entry.hidden = !(player && playing);
      input.disabled = !myTurn;
    },
  };
}
