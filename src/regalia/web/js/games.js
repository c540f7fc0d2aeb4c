// What the web app says about each game: a one-paragraph summary and the rules page.

export const GAME_INFO = {
  regulator: {
    summary:
      "Chess for two on a 5 × 7 board with a king, two bishops, two knights and five pawns a side. " +
      "Beside the board runs a regulator track of seven spaces: every quiet pawn move pushes the " +
      "regulator up, every capture by a piece pulls it down. From space 3 bishops may also leap " +
      "like knights, and from space 6 knights may also slide like rooks — so each pawn push " +
      "changes what every minor piece can do. A player with no legal move loses, stalemate included.",
  },
  regicide: {
    summary:
      "Four-player team chess on a 160-square cross: Yellow and Red against Green and Blue, " +
      "each army on its own arm of the cross. There is no check or mate — kings are captured like " +
      "any other piece, and a player whose king falls plays on, capturing or passing. Pawns march " +
      "away from their owner, may double-step on their first two moves, swap places with a " +
      "teammate's pawn and promote on any other back rank. A team wins when both enemy kings are taken.",
  },
  regicida: {
    summary:
      "A hidden-identity game for two to six players. Each of you secretly serves one of six " +
      "Houses. Together you lay out 36 Ally tokens into a 6 × 6 realm, then scheme by swapping " +
      "pairs and turning tokens dark. The Objective card ranks the Houses and crowns a Regent — " +
      "but then everyone votes in secret on who holds the Regent House. Unmask the Regent and " +
      "the best-placed accuser wins; fail, and the Regent rules alone. Talk, bluff and deduce.",
  },
};

export function rulesLink(game) {
  return `rules/${game}.html`;
}
