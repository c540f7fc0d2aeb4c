"""Interactive lessons of Regicida: each step starts from a record (seed, players, Objective
and the actions played so far) that reaches the phase it teaches.

Pure data, read by `regalia.core.lessons` and the server's lessons API. A record replays the
whole deal from its seed, secrets included: it stays on the server, and a learner is only
ever sent their own seat's view. Every step is checked by
`tests/games/regicida/test_lessons.py`.

Houses: 1 Drave, 2 Halvern, 3 Bearth, 4 Gantis, 5 Na'Ghar, 6 Avondale.
"""

from __future__ import annotations

from regalia.core.lessons import Lesson, LessonStep

# Expansion, four players: Drave on f6, Avondale on g6, Na'Ghar on h6; pile 1's top is Drave.
_FIRST_TOKENS = """\
[Game "regicida"]
[Seed "32"]
[Players "4"]
[Objective "united"]

P1 place 1 f6
P2 place 2 g6
P3 place 3 h6
"""

# The same game two placements on: a row of five, d6 to h6; Player 2 to place.
_A_ROW_OF_FIVE = """\
[Game "regicida"]
[Seed "32"]
[Players "4"]
[Objective "united"]

P1 place 1 f6
P2 place 2 g6
P3 place 3 h6
P4 place 1 e6
P1 place 2 d6
"""

# Three players; pile 1 holds one token (Halvern), and one Halvern token lies on f8.
_PILE_ONE_RUNS_OUT = """\
[Game "regicida"]
[Seed "4"]
[Players "3"]
[Objective "united"]

P1 place 1 f6
P2 place 1 f5
P3 place 1 e6
P1 place 2 e5
P2 place 1 f7
P3 place 1 d6
P1 place 1 g7
P2 place 2 f4
P3 place 1 g6
P1 place 1 h6
P2 place 1 d7
P3 place 2 c7
P1 place 1 f8
P2 place 1 d5

"""

# Three players, United we are strong, Intrigue's first turn: Player 3 holds Na'Ghar.
_GRID_FULL = """\
[Game "regicida"]
[Seed "157"]
[Players "3"]
[Objective "united"]

P3 place 1 f6
P1 place 2 f7
P2 place 2 e6
P3 place 3 f5
P1 place 2 g5
P2 place 2 d6
P3 place 3 c6
P1 place 3 f8
P2 place 3 c5
P3 place 3 e7
P1 place 2 g6
P2 place 2 d5
P3 place 1 g4
P1 place 3 h4
P2 place 2 h3
P3 place 2 e5
P1 place 3 e8
P2 place 3 d7
P3 place 1 d8
P1 place 2 h6
P2 place 1 g7
P3 place 2 g8
P1 place 1 g3
P2 place 2 f3
P3 place 3 f4
P1 place 3 h7
P2 place 1 e4
P3 place 1 c7
P1 place 1 h5
P2 place 3 e3
P3 place 3 d3
P3 split 1
P1 place 3 h8
P2 place 1 c4
P3 place 1 c3
P1 place 2 d4
P2 place 3 c8
"""

# Three players, Central concentration, last Intrigue round: Player 1 holds Drave; e2 is
# dark.
_LAST_INTRIGUE_ROUND = """\
[Game "regicida"]
[Seed "5"]
[Players "3"]
[Objective "central"]

P1 place 3 f6
P2 place 3 e6
P3 place 1 f7
P1 place 2 f8
P2 place 3 f9
P3 place 3 d6
P1 place 3 c6
P2 place 3 g9
P3 place 3 g8
P1 place 3 g7
P2 place 1 h8
P3 place 1 e8
P1 place 1 g6
P2 place 1 h7
P3 place 1 h6
P1 place 1 e5
P2 place 1 e7
P3 place 1 f10
P1 place 1 g5
P2 place 3 f5
P3 place 2 h5
P1 place 2 d5
P2 place 2 h9
P3 place 3 e10
P1 place 1 e9
P2 place 3 d9
P3 place 3 g10
P3 split 2
P1 place 1 d8
P1 split 2
P2 place 1 c5
P3 place 1 h10
P3 split 3
P1 place 3 c7
P2 place 3 d10
P2 split 1
P3 place 3 d7
P3 split 2
P1 place 2 c8
P2 place 1 c9
P3 place 3 c10
P1 swap e2 f2 flip f2
P2 swap f3 f4 flip f3
P3 swap e6 f6 flip f6
P1 swap a5 b5 flip b5
P2 swap c1 c2 flip c1
P3 swap e2 e3 flip e2
"""

# Two players, Central concentration, Player 2 has voted: Halvern 4 (4 light) and Bearth 4
# (3 light) lead; Player 1 holds Drave, Player 2 Bearth.
_TIED_ON_SCORE = """\
[Game "regicida"]
[Seed "27"]
[Players "2"]
[Objective "central"]

P2 place 1 f6
P1 place 3 f5
P2 place 2 e6
P1 place 1 f7
P2 place 3 f8
P1 place 3 e7
P2 place 3 e8
P1 place 3 e5
P2 place 2 d5
P1 place 2 c5
P2 place 2 g6
P1 place 2 g7
P2 place 2 c6
P1 place 1 g8
P2 place 2 h7
P1 place 2 g5
P2 place 2 d6
P1 place 2 d7
P2 place 2 c7
P1 place 2 d4
P1 split 1
P2 place 2 h8
P1 place 2 d8
P2 place 2 g9
P1 place 2 c4
P1 split 3
P2 place 2 g4
P1 place 3 h9
P2 place 2 f4
P1 place 2 h6
P1 split 3
P2 place 2 e4
P2 split 1
P1 place 2 c8
P2 place 2 f9
P2 split 1
P1 place 2 e9
P1 split 3
P2 place 2 d9
P2 split 1
P1 place 2 h4
P2 place 1 h5
P1 place 3 c9
P2 swap a4 b4 flip a4
P1 swap f5 f6 flip f5
P2 swap b4 c4 flip b4
P1 swap d2 e2 flip d2
P2 swap e2 f2 flip f2
P1 swap a1 b1 flip b1
P2 vote 1
"""

# Two players, Central concentration, Player 2 has voted: Na'Ghar and Halvern tie on 4 (4
# light); Na'Ghar comes first in the Line of Succession. Player 1 Drave, Player 2 Na'Ghar.
_TIED_ON_LIGHT_TOKENS = """\
[Game "regicida"]
[Seed "32"]
[Players "2"]
[Objective "central"]

P1 place 3 f6
P2 place 2 e6
P1 place 3 d6
P2 place 3 f5
P1 place 3 e7
P2 place 3 f7
P1 place 3 f4
P2 place 3 c6
P1 place 3 d7
P2 place 3 c7
P1 place 1 g7
P2 place 3 h7
P1 place 1 h6
P2 place 1 e4
P1 place 1 g6
P2 place 2 g5
P1 place 2 c5
P2 place 2 h5
P1 place 1 e3
P2 place 2 f3
P1 place 2 d5
P2 place 1 d3
P1 place 1 d4
P2 place 3 d2
P1 place 1 e5
P2 place 2 g4
P1 place 3 c4
P1 split 2
P2 place 3 g3
P1 place 3 g2
P1 split 1
P2 place 3 e2
P1 place 2 f2
P2 place 2 h4
P1 place 2 h3
P1 split 1
P2 place 3 c2
P1 place 2 c3
P2 place 1 h2
P1 swap c1 d1 flip d1
P2 swap c4 c5 flip c4
P1 swap e2 f2 flip e2
P2 swap c5 c6 flip c6
P1 swap f1 f2 flip f1
P2 swap a6 b6 flip b6
P2 vote 1
"""

# Four players, United we are strong: Drave is the Regent House, held by Player 3. Player 2
# (Na'Ghar) voted for Player 3, the others elsewhere; Player 1 (Halvern) votes last.
_REGENT_HELD = """\
[Game "regicida"]
[Seed "78"]
[Players "4"]
[Objective "united"]

P1 place 2 f6
P2 place 3 e6
P3 place 2 f5
P4 place 1 g6
P1 place 3 h6
P2 place 3 g5
P3 place 3 d6
P4 place 2 e5
P1 place 1 d5
P2 place 3 d4
P3 place 1 e4
P4 place 3 g4
P1 place 3 d7
P2 place 1 e7
P3 place 3 c7
P4 place 2 f7
P1 place 2 g7
P2 place 3 g3
P3 place 1 f3
P4 place 1 f4
P1 place 3 g2
P2 place 2 f2
P3 place 2 c6
P4 place 3 h7
P1 place 1 h5
P2 place 3 e3
P2 split 1
P3 place 3 d3
P4 place 1 h4
P1 place 3 h3
P1 split 1
P2 place 1 c5
P2 split 2
P3 place 3 c4
P3 split 2
P4 place 2 c3
P1 place 3 e2
P1 split 1
P2 place 3 h2
P3 place 1 c2
P4 place 2 d2
P1 swap a6 b6 flip a6
P2 swap d5 e5 flip e5
P3 swap b2 b3 flip b2
P4 swap b6 c6 flip c6
P1 swap c3 d3 flip d3
P2 swap f4 f5 flip f4
P3 swap d6 e6 flip e6
P4 swap f1 f2 flip f2
P1 swap c1 c2 flip c1
P2 swap e3 e4 flip e4
P3 swap d4 d5 flip d4
P4 swap b4 b5 flip b4
P2 vote 3
P3 vote 2
P4 vote 2
"""

# Four players, Control of the borders: Bearth is the Regent House and nobody holds it.
# Player 2 (Halvern) voted Neutral, the others elsewhere; Player 1 (Drave) votes last.
_REGENT_UNHELD = """\
[Game "regicida"]
[Seed "15"]
[Players "4"]
[Objective "borders"]

P3 place 2 f6
P4 place 2 g6
P1 place 2 e6
P2 place 3 f7
P3 place 3 g7
P4 place 1 e5
P1 place 3 d5
P2 place 2 d4
P3 place 2 e7
P4 place 2 f8
P1 place 2 e8
P2 place 3 d7
P3 place 3 d8
P4 place 3 d9
P1 place 3 f5
P2 place 3 c7
P3 place 2 b7
P4 place 2 g8
P1 place 2 e4
P2 place 3 c6
P3 place 2 b6
P4 place 2 e9
P4 split 3
P1 place 2 f9
P1 split 3
P2 place 3 b8
P2 split 1
P3 place 3 g5
P4 place 3 d6
P1 place 3 c5
P2 place 3 f4
P3 place 3 c4
P3 split 1
P4 place 3 g9
P1 place 3 c8
P2 place 2 b5
P2 split 1
P3 place 1 b4
P4 place 1 c9
P1 place 2 b9
P2 place 3 g4
P3 swap d1 e1 flip e1
P4 swap d4 e4 flip d4
P1 swap b3 c3 flip c3
P2 swap a1 b1 flip a1
P3 swap b5 c5 flip c5
P4 swap f3 f4 flip f4
P1 swap e2 e3 flip e2
P2 swap d5 d6 flip d6
P3 swap e4 e5 flip e5
P4 swap a5 a6 flip a5
P1 swap c1 d1 flip c1
P2 swap a3 b3 flip a3
P2 vote neutral
P3 vote 1
P4 vote 2
"""


PLACING = Lesson(
    key="placing",
    title="Placing tokens",
    summary=(
        "In Expansion, players in turn take the top token of any pile and place it next to "
        "a placed token. The realm may never grow beyond six rows and six columns."
    ),
    steps=(
        LessonStep(
            start=_FIRST_TOKENS,
            instruction=(
                "Pile 1's top token is a Drave token. Take it and place it next to the "
                "Drave token on f6, on a free cell touching it."
            ),
            solutions=("place 1 e6", "place 1 f5", "place 1 f7"),
            wrong=(
                "Take the token from pile 1 and put it on a free cell beside f6: above, "
                "below or to its left."
            ),
            success=(
                "Your Drave token joined the other one. Under United we are strong, a "
                "House scores the size of its largest group, so neighbours count."
            ),
        ),
        LessonStep(
            start=_A_ROW_OF_FIVE,
            instruction=(
                "The realm may span at most six columns. Make this row of five tokens six "
                "long: place a token, from any pile, at either end of it."
            ),
            solutions=(
                "place 1 c6",
                "place 1 i6",
                "place 2 c6",
                "place 2 i6",
                "place 3 c6",
                "place 3 i6",
            ),
            wrong="Put the token at an end of the row: on c6, left of d6, or on i6, right of h6.",
            success=(
                "The row is six tokens wide now, the most the realm allows. From here on, "
                "no token may go further left or right: only above or below."
            ),
        ),
    ),
)

SPLITTING = Lesson(
    key="splitting",
    title="When a pile runs out",
    summary=(
        "When a pile has just run out and another pile has two or more tokens, the same "
        "player splits one of them: its lower half becomes the new pile."
    ),
    steps=(
        LessonStep(
            start=_PILE_ONE_RUNS_OUT,
            instruction=(
                "Pile 1 has one token left, a Halvern token. Take it and place it next to "
                "the Halvern token on f8."
            ),
            solutions=("place 1 e8", "place 1 g8", "place 1 f9"),
            wrong="Take the last token of pile 1 and put it on a free cell beside f8.",
            success=(
                "Pile 1 is empty now. Your turn is not over yet: first you must split another pile."
            ),
        ),
        LessonStep(
            start=_PILE_ONE_RUNS_OUT + "P3 place 1 e8\n",
            instruction=(
                "Pile 1 ran out on your turn, so you split a pile before your turn ends. "
                "Split the taller pile, pile 3."
            ),
            solutions=("split 3",),
            wrong="Pile 3 holds 12 tokens and pile 2 only 9: split pile 3.",
            success=(
                "The lower half of pile 3, six tokens, became the new pile 1, and the upper "
                "six stayed on pile 3. The top of the new pile is now in view."
            ),
        ),
    ),
)

INTRIGUE = Lesson(
    key="intrigue",
    title="Intrigue: swap and darken",
    summary=(
        "Once the grid is full, each player takes three Intrigue turns: swap two neighbouring "
        "tokens that are both light, then turn one of the two dark. Dark tokens never move "
        "again."
    ),
    steps=(
        LessonStep(
            start=_GRID_FULL,
            instruction=(
                "You hold Na'Ghar. Swap your Na'Ghar token on b2 with the Halvern token on "
                "c2, so it joins your group on d2, and turn the Halvern token dark."
            ),
            solutions=("swap b2 c2 flip b2",),
            wrong=(
                "Swap b2 and c2, and turn dark the Halvern token, which lands on b2. Keep "
                "your own token light."
            ),
            success=(
                "The two tokens swapped places and the Halvern token turned dark: the grid "
                "has one more dark token, and your largest Na'Ghar group now has four."
            ),
        ),
        LessonStep(
            start=_LAST_INTRIGUE_ROUND,
            instruction=(
                "Under Central concentration only tokens in the inner 4×4 score. You hold "
                "Drave: your light Drave tokens on a4 and e1 stand on the border. Bring one "
                "of them into the centre with one swap."
            ),
            solutions=("swap a4 b4 flip a4", "swap a4 b4 flip b4"),
            wrong=(
                "That swap leaves Drave's score where it was. The Drave token on a4 can "
                "swap with its neighbour on b4."
            ),
            success=(
                "A Drave token now stands in the inner 4×4 and Drave scores one more. The "
                "token on e1 could not move in: its inner neighbour is dark, and dark "
                "tokens are never picked again."
            ),
        ),
    ),
)

CORONATION = Lesson(
    key="coronation",
    title="Reading the Coronation ranking",
    summary=(
        "After Intrigue the six Houses are ranked by the Objective: higher score first. A tie "
        "goes to the score counted over light tokens only, and then to the House earlier in "
        "the Line of Succession. Rank 1 is the Regent House."
    ),
    steps=(
        LessonStep(
            start=_TIED_ON_SCORE,
            instruction=(
                "Halvern and Bearth tie on 4 points. A tie goes to the House with more "
                "points counted over light tokens only. Player 2 holds Bearth and nobody "
                "holds Halvern. Vote for the holder of the Regent House: Player 2, or the "
                "Neutral Player, who stands for the Houses no player holds."
            ),
            solutions=("vote neutral",),
            wrong=(
                "Count light tokens only: Halvern has 4 points, Bearth only 3. Halvern is "
                "the Regent House, and no player holds it."
            ),
            success=(
                "Halvern won the tie on light tokens, so it is the Regent House. Nobody "
                "held it, so the target was the Neutral Player. With two players one vote "
                "is enough, and as its only voter you win."
            ),
        ),
        LessonStep(
            start=_TIED_ON_LIGHT_TOKENS,
            instruction=(
                "Na'Ghar and Halvern tie on 4 points, and on 4 over light tokens too. Then "
                "the House earlier in the Line of Succession ranks first. Player 2 holds "
                "Na'Ghar and nobody holds Halvern. Vote for the holder of the Regent House."
            ),
            solutions=("vote 2",),
            wrong=(
                "Look at the Line of Succession: Na'Ghar comes before Halvern, so Na'Ghar is "
                "the Regent House, and Player 2 holds it."
            ),
            success=(
                "Na'Ghar stands first in the Line of Succession, so it won the tie and is the "
                "Regent House. Your vote assassinated Player 2, who held it, and you win."
            ),
        ),
    ),
)

VOTE = Lesson(
    key="vote",
    title="The vote and its verdict",
    summary=(
        "Every player secretly votes for another player, or for the Neutral Player. The "
        "target is whoever holds the Regent House. With enough votes the target is "
        "assassinated, and the voter whose House ranks highest wins."
    ),
    steps=(
        LessonStep(
            start=_REGENT_HELD,
            instruction=(
                "Drave is the Regent House, and you are sure Player 3 holds it. With four "
                "players an assassination needs two votes. Vote for Player 3."
            ),
            solutions=("vote 3",),
            wrong="Only votes for the holder of the Regent House count: vote for Player 3.",
            success=(
                "Votes and Identities are revealed: Player 3 held Drave and got two votes, "
                "so the assassination succeeds. Of the players who voted for Player 3, your "
                "House Halvern ranks highest, so you win."
            ),
        ),
        LessonStep(
            start=_REGENT_UNHELD,
            instruction=(
                "Bearth is the Regent House, and you are sure no player holds it. Vote for "
                "the Neutral Player, who stands for the Houses nobody holds."
            ),
            solutions=("vote neutral",),
            wrong="If nobody holds Bearth, the target is the Neutral Player: vote for it.",
            success=(
                "Nobody held Bearth, so the target was the Neutral Player, and with your "
                "vote it got two: the assassination succeeds. Player 2 voted for it too, and "
                "their House Halvern ranks higher than your Drave, so Player 2 wins."
            ),
        ),
    ),
)

LESSONS: tuple[Lesson, ...] = (PLACING, SPLITTING, INTRIGUE, CORONATION, VOTE)
