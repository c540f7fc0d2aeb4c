"""Interactive lessons of Regulator Chess: small hand-made positions (FEN, R12), one point each.

Pure data, read by `regalia.core.lessons` and the server's lessons API. Solutions are SAN or
coordinate moves (R13); every step is checked by `tests/games/regulator/test_lessons.py`.
"""

from __future__ import annotations

from regalia.core.lessons import Lesson, LessonStep

TRACK = Lesson(
    key="track",
    title="The regulator track",
    summary=(
        "Beside the board runs a track of seven spaces shared by both players. Every pawn "
        "move that captures nothing pushes the regulator one space up."
    ),
    steps=(
        LessonStep(
            start="2k2/4p/5/5/1P3/5/2K2 w 2 0 1",
            instruction=(
                "The regulator is on space 2. Push your pawn: watch the regulator climb to 3."
            ),
            solutions=("b4",),
            wrong="Only a pawn move raises the regulator. Push the pawn on b3.",
            success=(
                "The regulator climbed from 2 to 3: a pawn move that captures nothing moves "
                "it one space up. From space 3 on, bishops may also leap like knights."
            ),
        ),
        LessonStep(
            start="2k2/4p/5/5/1P3/5/2K2 b 6 0 1",
            instruction=(
                "You play Black now. The track belongs to both players: push your pawn and "
                "watch the regulator climb from 6 to 7."
            ),
            solutions=("e5",),
            wrong="A king move leaves the regulator where it is. Push the black pawn on e6.",
            success=(
                "Black's push moved the same regulator up to 7. Both players' pawn moves "
                "raise it, so each push changes what every bishop and knight can do."
            ),
        ),
        LessonStep(
            start="2k2/5/4p/5/1P3/5/2K2 w 7 0 1",
            instruction="The regulator is on 7, the top of the track. Push your pawn anyway.",
            solutions=("b4",),
            wrong="Push the pawn on b3 and watch the regulator.",
            success="The regulator stayed on 7: it never goes past the top of the track.",
        ),
        LessonStep(
            start="2k2/P3p/5/5/5/5/2K2 w 3 0 1",
            instruction=(
                "Push your pawn to the last rank and promote it. A promoting push is a pawn "
                "move too: watch the regulator climb to 4."
            ),
            solutions=("a7=Q", "a7=R", "a7=B", "a7=N"),
            wrong="Push the pawn on a6 to a7 and choose a piece for it.",
            success=(
                "Your pawn was promoted and the regulator climbed to 4: a promoting push "
                "counts as a pawn move. Queens and rooks never change with the regulator."
            ),
        ),
    ),
)

CAPTURES = Lesson(
    key="captures",
    title="Captures pull the regulator down",
    summary=(
        "A capture by a knight, bishop, rook, queen or king moves the regulator one space "
        "down. A capture by a pawn leaves it where it is."
    ),
    steps=(
        LessonStep(
            start="2k2/4p/1n3/5/2N2/P4/2K2 w 4 0 1",
            instruction="The regulator is on 4. Capture the black knight with your knight.",
            solutions=("Nxb5",),
            wrong="Look for the capture: your knight on c3 can take the black knight on b5.",
            success=(
                "Your knight captured and the regulator went down from 4 to 3: every capture "
                "by a piece pulls it one space down."
            ),
        ),
        LessonStep(
            start="2k2/4p/5/2n2/1P2N/5/2K2 w 4 0 1",
            instruction=(
                "Both your pawn and your knight can take the black knight on c4. Capture "
                "so that the regulator stays on 4."
            ),
            solutions=("bxc4",),
            wrong=(
                "A capture by your knight would pull the regulator down. Capture with the "
                "pawn on b3 instead."
            ),
            success=(
                "The regulator stayed on 4: a capture by a pawn leaves it where it is, even "
                "at either end of the track."
            ),
        ),
        LessonStep(
            start="2k2/4p/5/5/5/P2n1/2K2 w 2 0 1",
            instruction="Take the black knight next to your king, and watch the regulator.",
            solutions=("Kxd2",),
            wrong="Your king can capture the knight on d2 itself.",
            success=(
                "The regulator went down from 2 to 1: a capture by the king pulls it down "
                "like any other piece's. It never goes below 1."
            ),
        ),
    ),
)

BISHOPS = Lesson(
    key="bishops",
    title="Bishops leap like knights (spaces 3 to 5)",
    summary=(
        "While the regulator is on space 3 or higher, a bishop may also move and capture "
        "like a knight, leaping over anything in its way."
    ),
    steps=(
        LessonStep(
            start="2k2/4p/2n2/5/3B1/P4/4K w 3 0 1",
            instruction=(
                "The regulator is on 3, so your bishop may also leap like a knight. Capture "
                "the black knight with your bishop."
            ),
            solutions=("Bxc5",),
            wrong="Look at a knight's jump from d3: one of them lands on the black knight on c5.",
            success=(
                "Your bishop captured with a knight's leap. The capture pulled the regulator "
                "down to 2, so from now on bishops move only diagonally again."
            ),
        ),
        LessonStep(
            start="bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 3 0 1",
            instruction=(
                "The game started with the regulator on 3. Your bishops are boxed in by "
                "pawns, but they can leap. Jump a bishop out."
            ),
            solutions=("a1b3", "d1c3", "d1e3"),
            wrong="Move a bishop, not a knight or a pawn: from a1 or d1 it can leap like a knight.",
            success=(
                "Your bishop leapt over the pawns like a knight. A leaping bishop can also "
                "land on squares of the other colour."
            ),
        ),
        LessonStep(
            start="2k2/5/4N/2p2/1b3/4P/2K2 w 3 0 1",
            instruction=(
                "The black bishop on b3 gives check with a knight's leap. Answer the check by "
                "taking its power away: capture something with a piece."
            ),
            solutions=("Nxc4",),
            wrong=(
                "Your king can step away, but there is a sharper answer: a capture by your "
                "knight pulls the regulator down to 2."
            ),
            success=(
                "Your knight's capture pulled the regulator down to 2, where bishops cannot "
                "leap, so the check is gone. A move is judged with the powers of the new "
                "regulator space."
            ),
        ),
    ),
)

KNIGHTS = Lesson(
    key="knights",
    title="Knights slide like rooks (spaces 6 and 7)",
    summary=(
        "While the regulator is on space 6 or 7, a knight may also move and capture like a "
        "rook, sliding along ranks and files until a piece blocks it."
    ),
    steps=(
        LessonStep(
            start="r1k2/4p/5/5/5/4P/N1K2 w 6 0 1",
            instruction=(
                "The regulator is on 6. Slide your knight up the a-file like a rook and "
                "capture the black rook."
            ),
            solutions=("Nxa7",),
            wrong="Your knight on a1 can slide straight up the a-file to a7.",
            success=(
                "Your knight slid like a rook and captured. The capture pulled the regulator "
                "down to 5, so knights only jump again."
            ),
        ),
        LessonStep(
            start="2k2/4p/5/5/2N2/4P/2K2 w 5 0 1",
            instruction=(
                "The regulator is on 5. Give check without moving your knight: push your "
                "pawn to raise the regulator to 6."
            ),
            solutions=("e3",),
            wrong="Leave the knight where it is and push the pawn on e2.",
            success=(
                "The push raised the regulator to 6: your knight on c3 now slides up the "
                "c-file like a rook and checks the black king."
            ),
        ),
        LessonStep(
            start="2k2/5/2n2/5/5/P4/2K2 w 5 0 1",
            instruction=(
                "Try to push your pawn: it is not allowed. A push would raise the regulator "
                "to 6 and let the black knight slide down the c-file onto your king. Step "
                "your king off the c-file."
            ),
            solutions=("Kb1", "Kb2", "Kd1", "Kd2"),
            wrong="Your king is still on the c-file. Step it to the b-file or the d-file.",
            success=(
                "Your king left the c-file. Now a push to space 6 would no longer put your "
                "king in check, so your pawn may move next turn."
            ),
        ),
    ),
)

LAST_PAWN = Lesson(
    key="last-pawn",
    title="When the last pawn is gone",
    summary=(
        "Once no pawn of either side is on the board, captures no longer pull the "
        "regulator down. The capture that removes the last pawn still does."
    ),
    steps=(
        LessonStep(
            start="2k2/5/5/2p2/5/1N3/2K2 w 4 0 1",
            instruction=(
                "Only one pawn is left on the board. Capture it with your knight and watch "
                "the regulator."
            ),
            solutions=("Nxc4",),
            wrong="Your knight on b2 can capture the pawn on c4.",
            success=(
                "The regulator still went down to 3: the capture that removes the last pawn "
                "counts, because the rule looks at the board before the move."
            ),
        ),
        LessonStep(
            start="2k2/5/5/b4/5/5/N1K2 w 6 0 1",
            instruction=(
                "No pawns are left and the regulator is on 6. Slide your knight up the "
                "a-file and capture the black bishop."
            ),
            solutions=("Nxa4",),
            wrong="Your knight on a1 can slide up the a-file to the bishop on a4.",
            success=(
                "The regulator stayed on 6: with no pawns left, captures no longer move it. "
                "Nothing can change the regulator any more, so knights keep sliding."
            ),
        ),
    ),
)

STALEMATE = Lesson(
    key="stalemate",
    title="Stalemate loses",
    summary=(
        "A player who has no legal move loses, whether their king is in check or not. "
        "Leaving your opponent without a move wins the game."
    ),
    steps=(
        LessonStep(
            start="1k3/5/1K3/5/5/2Q2/5 w 5 0 1",
            instruction=(
                "Leave Black without any legal move, without giving check. In this game that wins."
            ),
            solutions=("Qc5",),
            wrong=(
                "Black can still move. Look for a queen move that takes away a7 and c7 "
                "without attacking b7."
            ),
            success=(
                "Black has no legal move and loses. Unlike chess, stalemate is not a draw: "
                "a player with no legal move loses."
            ),
        ),
        LessonStep(
            start="k4/3B1/1K3/5/5/1P3/5 w 2 0 1",
            instruction=(
                "The black king can still escape to b7. Raise the regulator so that your "
                "bishop covers b7 with a knight's leap."
            ),
            solutions=("b3",),
            wrong=(
                "The bishop on d6 needs space 3 to leap to b7. Push your pawn to raise the "
                "regulator."
            ),
            success=(
                "The push raised the regulator to 3: your bishop now also guards b7 with a "
                "knight's leap, the black king has no move, and Black loses."
            ),
        ),
    ),
)

LESSONS: tuple[Lesson, ...] = (TRACK, CAPTURES, BISHOPS, KNIGHTS, LAST_PAWN, STALEMATE)
