// The game's exact endgame knowledge in words, for the analysis panel: the server's
// `endgame` ({result: "win" | "loss" | "draw", moves, plies, clock}, for the side to move)
// comes from the game's own tables of solved endings; a game or a position without them
// has none.

import { seatNames } from "./games.js";
import { listText, t } from "./i18n.js";

/** "Endgame table: White mates in 17", "Endgame table: a draw", or "" when it says nothing. */
export function endgameText(answer, game, players) {
  const found = answer.endgame;
  if (!found) return "";
  if (found.result === "draw") {
    return found.clock ? t("Endgame table: a draw, as the 100-ply rule comes first") : t("Endgame table: a draw");
  }
  const names = seatNames(game, players).map((name) => t(name));
  const mover = (answer.to_act || [0])[0];
  const winner = found.result === "win" ? names[mover] : listText(names.filter((_, seat) => seat !== mover));
  return t("Endgame table: {0} mates in {1}", winner, found.moves);
}
