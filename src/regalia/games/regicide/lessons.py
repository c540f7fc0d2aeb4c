"""Interactive lessons of Regicide: small hand-made positions (position text or a record
from one), one point each.

Pure data, read by `regalia.core.lessons` and the server's lessons API. Solutions are in the
short form or the coordinate form (C15); every step is checked by
`tests/games/regicide/test_lessons.py`.
"""

from __future__ import annotations

from regalia.core.lessons import Lesson, LessonStep

KINGS = Lesson(
    key="kings",
    title="Capture the kings",
    summary=(
        "There is no check and no checkmate: a king is captured like any other piece. Your "
        "team wins the moment both enemy kings have been captured."
    ),
    steps=(
        LessonStep(
            start="Y:Ka7,Nf3/G:Kg1/R:Ko8/B:Kh14 Y - - - 0 1",
            instruction="You play Yellow. Capture Green's king with your knight.",
            solutions=("YNxg1",),
            wrong="Green's king stands on g1, one knight's jump from your knight on f3.",
            success=(
                "You captured Green's king. The game goes on: Green stays in the game "
                "without a king, and your team still has to capture Blue's king too."
            ),
        ),
        LessonStep(
            start="Y:Ka7,Nf3/G:Kg1,Rd7/R:Ko8/B:Pj12 Y - B - 0 1",
            instruction=(
                "Blue's king has already fallen. Green's rook attacks your king, but there "
                "is no check in this game. Capture Green's king to win."
            ),
            solutions=("YNxg1",),
            wrong=(
                "Saving your king is not needed: capture Green's king on g1 and the game "
                "ends at once."
            ),
            success=(
                "Both kings of the dark team are captured, so Yellow and Red win at once. "
                "Leaving your own king attacked was legal: only captured kings count."
            ),
        ),
    ),
)

DOUBLE_STEPS = Lesson(
    key="double-steps",
    title="Two double steps",
    summary=(
        "Pawns move away from their owner. A pawn's first move and its second move may each "
        "be two squares straight forward, if both squares are empty."
    ),
    steps=(
        LessonStep(
            start="Y:Ka7,Pd6:0/G:Kg1/R:Ko8/B:Kh14 Y - - - 0 1",
            instruction=(
                "Yellow's pawns move toward line o. This pawn has not moved yet: move it "
                "two squares forward."
            ),
            solutions=("d6f6",),
            wrong="Move the pawn on d6 two squares, to f6.",
            success="Your pawn made its first move two squares long, from d6 to f6.",
        ),
        LessonStep(
            start="Y:Ka7,Pf6:1/G:Kg1/R:Ko8/B:Kh14 Y - - - 0 1",
            instruction=(
                "This pawn has moved once. Its second move may be two squares long as well: "
                "move it two squares."
            ),
            solutions=("f6h6",),
            wrong="Move the pawn on f6 two squares, to h6.",
            success=(
                "Your pawn used its second double step. It has made two moves, so from now "
                "on it moves one square at a time."
            ),
        ),
        LessonStep(
            start="Y:Ka7,Pd6:0/G:Kg1,Ne7/R:Ko8/B:Kh14 Y - - - 0 1",
            instruction=(
                "Capture the green knight with your pawn. A capture counts as one of the "
                "pawn's moves."
            ),
            solutions=("d6e7",),
            wrong="Your pawn captures one square diagonally forward: the knight is on e7.",
            success=(
                "Your pawn captured on e7. That was its first move, so it still has one "
                "double step left for its second."
            ),
        ),
    ),
)

EN_PASSANT = Lesson(
    key="en-passant",
    title="En passant: for the next player only",
    summary=(
        "When a pawn moves two squares, the next player may capture it as if it had moved "
        "one square. Only that player, and only on that move."
    ),
    steps=(
        LessonStep(
            start=(
                '[Game "regicide"]\n'
                '[Position "Y:Ka7/G:Kg1/R:Ko8,Pn10:0/B:Kh14,Pl11:1 R - - - 0 1"]\n'
                "\n"
                "1. RP-l10\n"
                "*\n"
            ),
            instruction=(
                "You play Blue. Red's pawn has just moved two squares, from n10 to l10, past "
                "your pawn. Capture it en passant: move your pawn to m10."
            ),
            solutions=("BPxm10",),
            wrong="Your pawn on l11 can move onto m10, the square Red's pawn passed over.",
            success=(
                "You captured Red's pawn en passant: your pawn moved onto the square it "
                "passed over, and the red pawn left the board."
            ),
        ),
        LessonStep(
            start=(
                '[Game "regicide"]\n'
                '[Position "Y:Ka7/G:Kg1,Nk8,Pl9:1/R:Ko8,Pn10:0/B:Kh14 R - - - 0 1"]\n'
                "\n"
                "1. RP-l10 BK-h13\n"
                "2. YK-a6\n"
                "*\n"
            ),
            instruction=(
                "You play Green. Red's pawn passed your pawn two moves ago, but only Blue, "
                "the next player, could take it en passant, and Blue did not. Capture it "
                "with your knight instead."
            ),
            solutions=("GNxl10",),
            wrong="Red's pawn is on l10; your knight on k8 can jump there.",
            success=(
                "Your knight captured the pawn. En passant was no longer possible: the right "
                "belongs to the next player only, for one move."
            ),
        ),
    ),
)

SWAP = Lesson(
    key="swap",
    title="The teammate swap",
    summary=(
        "When your pawn and a teammate's pawn stand head on, each on the other's forward "
        "square, either of you may swap them as a whole move."
    ),
    steps=(
        LessonStep(
            start="Y:Ka7,Pf7/G:Kg1/R:Ko8,Pg7/B:Kh14 Y - - - 0 1",
            instruction=(
                "Your pawn and your teammate Red's pawn block each other. Swap them: move "
                "your pawn onto Red's pawn."
            ),
            solutions=("f7g7",),
            wrong="Move your pawn on f7 onto Red's pawn on g7 to swap them.",
            success=(
                "The two pawns swapped places and can both go on. A swap counts as a move "
                "of each pawn."
            ),
        ),
        LessonStep(
            start="Y:Ka7/G:Kg1,Pe9/R:Ko8/B:Kh14,Pe10 B - - - 0 1",
            instruction=(
                "You play Blue. Green is your teammate, and its pawn faces yours on line e. "
                "Swap the two pawns."
            ),
            solutions=("e10e9",),
            wrong="Move your pawn on e10 onto Green's pawn on e9 to swap them.",
            success=(
                "Blue's and Green's pawns swapped places. Either owner may make the swap, "
                "and it takes the whole move."
            ),
        ),
    ),
)

DEAD_END = Lesson(
    key="dead-end",
    title="Dead ends",
    summary=(
        "A pawn whose forward square is missing, beside a cut-off corner, turns toward the "
        "nearest back rank. It keeps that direction for good and never captures again."
    ),
    steps=(
        LessonStep(
            start="Y:Ka7,Pl12/G:Kg1/R:Ko8/B:Kh14 Y - - - 0 1",
            instruction=(
                "Your pawn on l12 has reached a dead end: the square m12 does not exist. "
                "Move it anyway."
            ),
            solutions=("l12l13",),
            wrong="Move the pawn on l12: see where it can go.",
            success=(
                "Your pawn turned toward line 14, the nearest back rank, and moved to l13. "
                "It keeps moving that way, one square at a time."
            ),
        ),
        LessonStep(
            start="Y:Ka7,Pl12/G:Kg1,Nm11/R:Ko8/B:Kh14 Y - - - 0 1",
            instruction=(
                "Before it turns, a pawn at a dead end may still capture diagonally forward. "
                "Capture the green knight."
            ),
            solutions=("l12m11",),
            wrong="The green knight is on m11, diagonally forward from your pawn on l12.",
            success=(
                "Your pawn captured on m11. Once a pawn has turned, it can never capture "
                "again, so take what you can first."
            ),
        ),
        LessonStep(
            start="Y:Ka7,Pl13:N/G:Kg1/R:Ko8/B:Kh14,Nk14 Y - - - 0 1",
            instruction=(
                "This pawn turned at a dead end and now moves toward line 14. It cannot "
                "capture the blue knight. Move it onto line 14 and promote it."
            ),
            solutions=("l13l14q", "l13l14r", "l13l14b", "l13l14n"),
            wrong="Move the pawn on l13 to l14 and choose a piece.",
            success=(
                "Your turned pawn reached line 14 and was promoted: a turned pawn still "
                "promotes on the back rank it turned toward."
            ),
        ),
    ),
)

PROMOTION = Lesson(
    key="promotion",
    title="Promotion on another back rank",
    summary=(
        "A pawn that reaches any back rank other than its owner's own is promoted at once, "
        "to a queen, rook, bishop or knight."
    ),
    steps=(
        LessonStep(
            start="Y:Ka7/G:Kg1,Pg13/R:Ko8/B:Kh14 G - - - 0 1",
            instruction="You play Green. Move your pawn onto Blue's back rank and promote it.",
            solutions=("g13g14q", "g13g14r", "g13g14b", "g13g14n"),
            wrong="Move the pawn on g13 to g14 and choose a piece.",
            success=(
                "Your pawn reached line 14 and was promoted. Straight ahead, a pawn always "
                "reaches the back rank of the teammate sitting opposite, Blue here."
            ),
        ),
        LessonStep(
            start="Y:Ka7,Pk13/G:Kg1/R:Ko8/B:Kh14,Nl14 Y - - - 0 1",
            instruction=(
                "Your pawn moves toward line o, but a capture can take it onto line 14, "
                "Blue's back rank. Capture the blue knight and promote."
            ),
            solutions=("k13l14q", "k13l14r", "k13l14b", "k13l14n"),
            wrong="Capture diagonally forward: the blue knight is on l14.",
            success=(
                "Your pawn captured onto line 14, an opponent's back rank, and was promoted "
                "at once: every back rank but your own promotes."
            ),
        ),
    ),
)

NO_KING = Lesson(
    key="no-king",
    title="Playing on without a king",
    summary=(
        "A player whose king has been captured stays in the game with all their pieces. On "
        "each turn they may only capture or pass."
    ),
    steps=(
        LessonStep(
            start="Y:Nf5/G:Kg1,Rd4/R:Ko8/B:Kh14 Y - Y - 0 1",
            instruction=(
                "Your king has been captured, but you play on: you may only capture or "
                "pass. Capture the green rook."
            ),
            solutions=("YNxd4",),
            wrong="Your knight on f5 can capture the green rook on d4.",
            success=(
                "Your knight captured the rook. Without a king you can still help your "
                "team, but only with captures."
            ),
        ),
        LessonStep(
            start="Y:Qd8/G:Kg1,Pd12/R:Ko8/B:Kh14,Pe13 Y - Y - 0 1",
            instruction=(
                "Your only capture would put your queen on d12, where Blue's pawn on e13 "
                "can take it. Pass instead."
            ),
            solutions=("pass",),
            wrong="Taking on d12 loses your queen to Blue's pawn. Pass this turn.",
            success=(
                "You passed. A player without a king may pass whenever they like; if they "
                "cannot capture at all, they pass automatically."
            ),
        ),
    ),
)

LESSONS: tuple[Lesson, ...] = (KINGS, DOUBLE_STEPS, EN_PASSANT, SWAP, DEAD_END, PROMOTION, NO_KING)
