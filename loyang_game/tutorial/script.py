"""The tutorial's chapters and steps, on the deal of seed `SEED` (found by
`tools/tutorial_seed.py`; the person sits in seat 0 and starts, the opponent of `opponent`
plays seat 1).

A step is one of three:
- a *note* (`move` and `until` unset): words about the table as it stands, and Next; a note
  about something still to come on the table (the Harvest, the opponent's last take) has a
  `when`, and the table plays on until it holds: its words never come before the event;
- a *guided* move (`move`): the one thing to click is lit, any other click is refused kindly;
- a *free* step (`until`): the person plays as they like until `until(state)` holds, and each
  move is commented on (`comment`).

`run_to(chapter)` plays the script headless to the start of a chapter (a free step by the
`default` policy), which is how a chapter is skipped to and how the tests check that every
guided move is a legal move of the engine.

The words are the project's own, checked against the rulebook (Phases 1-3, the Action
phase's actions A-H, "End of the game") and docs/rules/RULINGS.md (R3, R4, R7-R11).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import GameConfig, GameState, Move, flow, new_game
from ..engine.moves import (
    ADVANCE,
    BUY,
    CASUAL,
    DISCARD,
    END,
    KEEP,
    LOAN,
    PLACE,
    REGULAR,
    RETURN,
    SELL,
    SOW,
    TAKE,
    TRADE,
    TWO_PACK,
    UPGRADE,
    USE,
)
from ..engine.state import ACTIONS, CARDS_PHASE
from ..text.names import OBJECT, SUBJECT, card_words, veg_words
from ..words import N_, _, list_words, ngettext
from . import opponent

SEED = 1215
PERSON, OPPONENT = 0, 1


def config() -> GameConfig:
    return GameConfig(seats=2, seed=SEED, start_seat=PERSON)


@dataclass(frozen=True)
class Step:
    text: str
    move: tuple | None = None  # the guided move's data (`Move.to_data()`)
    until: Callable[[GameState], bool] | None = None  # a free step is done when this holds
    kinds: frozenset = frozenset()  # a free step: the kinds of move allowed (empty: all)
    when: Callable[[GameState], bool] | None = None  # a note: what it tells has happened

    @property
    def free(self) -> bool:
        """A free step is the one with an `until` (so the two never disagree)."""
        return self.until is not None

    @property
    def guided(self) -> Move | None:
        return Move.from_data(list(self.move)) if self.move else None


@dataclass(frozen=True)
class Chapter:
    title: str
    steps: tuple[Step, ...]


def note(text: str, when: Callable[[GameState], bool] | None = None) -> Step:
    return Step(text, when=when)


def _phase_is(*phases: str) -> Callable[[GameState], bool]:
    """A note's `when`: the game is in one of these phases (or over)."""
    return lambda state: state.is_over or state.phase in phases


def _round_begun(number: int) -> Callable[[GameState], bool]:
    """A note's `when`: round `number`'s Harvest is behind (its Card phase has begun)."""
    return lambda state: state.is_over or (state.round >= number
                                           and state.phase in (CARDS_PHASE, ACTIONS))


def do(text: str, *move) -> Step:
    return Step(text, move=tuple(move))


def _round_over(number: int) -> Callable[[GameState], bool]:
    """Done once the person's Path step of round `number` is behind them."""
    def done(state: GameState) -> bool:
        return state.is_over or state.round > number or (
            state.round == number and state.players[PERSON].done
            and flow.decision(state) != "path")
    return done


def _card_phase_over(state: GameState) -> bool:
    return state.is_over or flow.decision(state) not in ("cards",) or (
        state.current_player == PERSON and not state.players[PERSON].hand)


CHAPTERS: tuple[Chapter, ...] = (
    Chapter(N_("Your farm"), (
        note(N_("Welcome to Loyang! You farm outside the city gates for nine rounds, and the "
                "farmer who walks furthest along the Path of Prosperity (the numbered track) "
                "wins. You play against Bao; this deal is always the same.")),
        note(N_("Your board, from the top: the Shop with its prices (dark: buy, pale: sell), "
                "the Path of Prosperity, your Cart (what you carry this round), and the "
                "Storehouse (what stays overnight) beside your Cash. Fields lie above the board, "
                "the cards you play beside it.")),
        do(N_("First, your Home field: buy one Wheat from your Shop (3 Cash). It sows the "
              "Home field with 9 Wheat, and the field gives you one every round."), "home", 0),
    )),
    Chapter(N_("The Harvest"), (
        note(N_("Each round begins with the Harvest: what your Storehouse kept comes back into "
                "your Cart, and every sown field gives 1 vegetable into it. Your Home field gave "
                "you a Wheat: look at your Cart."), when=_round_begun(1)),
        note(N_("Then the top card of your field pile turned over: a new 6-space field, still "
                "empty. You will sow it in the Action phase; until then it gives nothing."),
             when=_round_begun(1)),
    )),
    Chapter(N_("The Card phase"), (
        note(N_("Now the Card phase: you and Bao each hold 4 cards. In turn you either place a "
                "hand card into the Courtyard (the middle), or take one Courtyard card with one "
                "hand card and play both. Whoever takes is out of this phase; the last one "
                "left, or one with a single card, must take.")),
        do(N_("In a 2-player game, at the start of each of your turns, you may first turn the "
              "top card of the draw pile face up into the Courtyard, for more to choose from. "
              "Click the draw pile."), "flip"),
        do(N_("A Regular customer R4 came up: it wants Wheat and Cabbage, and you grow "
              "Wheat. Keep your options open: place Regular customer R7 (Pumpkin and Bean, "
              "dear ones) into the Courtyard."), "place", 20),
        do(N_("Bao placed a card too. Now take: click your Market stall S5, then Regular "
              "customer R4 in the Courtyard. Both go into play, the rest of your hand to the "
              "Courtyard."), "take", 17, 4),
        note(N_("Bao took last, so Bao starts the next round and acts first now. Had there "
                "been a common field among the cards, playing it would cost 2 Cash at once; your "
                "own fields come free from your field pile."), when=_phase_is(ACTIONS)),
    )),
    Chapter(N_("Fields and the Shop"), (
        do(N_("Your Action phase: do as many actions as you like, in any order (only the "
              "Two-pack is once a phase). Sow first: "
              "click the Wheat in your Cart, then the empty 6-space field. One vegetable sows "
              "the whole field: it fills with 6 Wheat."), "sow", 74, 0),
        do(N_("Buy at the Shop: click the Pumpkin in your Shop. You pay the dark price (4 "
              "Cash) and it goes into your Cart."), "buy", 1),
    )),
    Chapter(N_("The Market stall"), (
        do(N_("Your Market stall S5 offers a Wheat, a Pumpkin and a Leek, each for 1 vegetable "
              "(the bowls). Trade your Pumpkin for its Leek, which costs 6 at the Shop: click "
              "the Pumpkin in your Cart, then the stall's Leek."), "trade", 4, 2, 1),
        note(N_("A stall never refills by itself: when its last vegetable is gone, the card "
                "is discarded. Any vegetable can be traded in, even the same kind.")),
    )),
    Chapter(N_("The Two-pack"), (
        do(N_("Once in each Action phase you may buy a Two-pack: 2 cards from the draw pile. "
              "It costs as many Cash as you have Helpers or Market stalls, whichever is more: "
              "1 for you. Click Buy a Two-pack."), "twopack"),
        do(N_("You drew a Market crier (a Helper) and Casual customer K8. Keep both: one goes "
              "on top of the other, and only the top card is in play. Click the Market crier, "
              "then the customer."), "keep", 55, 35),
        do(N_("A Helper works once and then leaves. Use the Market crier: click it and choose "
              "to refill your Market stalls. The card under it is revealed and comes into "
              "play."), "use", 55, 1),
    )),
    Chapter(N_("Customers and a Loan"), (
        note(N_("Casual customer K8 came out from under the Helper: it wants a Wheat, a "
                "Pumpkin and a Leek, once, and pays 9 (2 more with more Regular than Casual "
                "customers, 2 less with fewer; you have one of each). Unlike a Regular "
                "customer, a Casual one costs nothing if it is never served.")),
        do(N_("You have the Leek but only 2 Cash. Take a Loan: 5 Cash at once, at any time. "
              "It is never repaid: at the end of the game each Loan moves you one space back on "
              "the Path. Be sparing, as the rulebook warns: a space is dear late in the game, "
              "and more than one Loan in a game is rare. Here it pays: K8 brings 9."), "loan"),
        do(N_("Buy a Wheat at the Shop (3 Cash)."), "buy", 0),
        do(N_("And a Pumpkin (4 Cash)."), "buy", 1),
        do(N_("Serve Casual customer K8: click it. Its three vegetables go back to the "
              "supply, you take 9 Cash and the card is discarded."), "casual", 35),
        do(N_("Your Storehouse keeps only 1 vegetable overnight. Upgrade it (2 Cash, once, for "
              "good) and it keeps 4: click the Storehouse."), "upgrade"),
    )),
    Chapter(N_("A customer not served"), (
        note(N_("Regular customer R4 wants a Wheat and a Cabbage once in every round from now "
                "on, until it has had 4 deliveries, and pays more each time (4, 5, 6, 7). Your "
                "Wheat went into the field, and buying both (3 + 5 Cash) is more than your 7: "
                "this round it goes without.")),
        do(N_("End your Action phase (the button at the bottom). The game asks first, as R4 "
              "is due: confirm. Its blue marker turns red; each round it is left unserved "
              "while red costs a 2-Cash penalty."), "end"),
    )),
    Chapter(N_("The Path of Prosperity"), (
        do(N_("Last, walk on the Path. The first step of a round costs 1 Cash, each further "
              "step the number of the space you step on. Space 3 is two steps: 1 + 3 = 4 Cash "
              "of your 7. Click space 3."), "advance", 2),
        note(N_("Prices rise as you go: from space 10, a round's first step still costs 1, "
                "but a second costs 12, the space it reaches. Walking far late in the game is "
                "dear, so climb a little every round.")),
    )),
    Chapter(N_("Round 2: a customer served"), (
        note(N_("That was a whole round. Bao walked too, and round 2 began with the Harvest: "
                "both your fields gave a Wheat. This Card phase is yours to play as you like; "
                "then we serve Regular customer R4 together."), when=_round_begun(2)),
        Step(N_("Round 2's Card phase: place a card, or take a Courtyard card with a hand "
                "card. Your choice."), until=_card_phase_over),
        do(N_("Your Action phase. R4's marker is red: unserved again, it costs 2 Cash. It "
              "wants a Wheat and a Cabbage; you have 2 Wheat but 3 Cash, and a Cabbage costs 5. "
              "First trade a Wheat at your stall for its Leek: click a Wheat in your Cart, then "
              "the stall's Leek."), "trade", 4, 2, 0),
        do(N_("Sell the Leek to your Shop: it has a free Leek space, and a Leek sells for the "
              "pale price, 2 Cash. Click the Leek in your Cart, then the Leek in your Shop."),
              "sell", 5),
        do(N_("Now 5 Cash: buy a Cabbage at the Shop (the dark price, 5 Cash)."), "buy", 3),
        do(N_("Serve R4: click it. The Wheat and Cabbage go onto its lowest empty row and you "
              "are paid that row's price at once: 4 Cash. The next delivery pays 5, then 6, "
              "then 7; after the fourth the card is discarded. Its marker stays red, so "
              "missing it again would still cost 2 Cash."), "regular", 17),
    )),
    Chapter(N_("Round 2, your way"), (
        Step(N_("Now play the rest of your Action phase as you like: a Wheat (3 Cash) would "
                "sow the new 5-space field, or keep the Cash for the Path. Then end the phase "
                "and walk."), until=_round_over(2)),
    )),
    Chapter(N_("The end of the game"), (
        note(N_("The game goes on like this for 9 rounds; your Home field's last Wheat comes in "
                "round 9. After the Action phase of round 9 the game ends.")),
        note(N_("Then each Loan moves its owner one space back on the Path. The furthest "
                "farmer wins; a tie goes to more Cash, then to more vegetables on the fields "
                "and in the Storehouse.")),
        note(N_("You know the whole game now. Try a first real game: two players against the "
                "easy AI, with the Introductory variant (a face-down Regular customer to start "
                "with). Good harvests!")),
    )),
)


def steps() -> list[tuple[int, int]]:
    """(chapter, step) of every step, in order."""
    return [(c, i) for c, chapter in enumerate(CHAPTERS) for i in range(len(chapter.steps))]


def default(state: GameState) -> Move:
    """The person's move in a free step when it is skipped or played headless."""
    return opponent.choose(state)


def opponent_moves(state: GameState) -> list[Move]:
    """Let the opponent play until it is the person's turn (or the game is over)."""
    made = []
    while not state.is_over and state.current_player == OPPONENT:
        move = opponent.choose(state)
        state.apply(move)
        made.append(move)
    return made


def run_to(chapter: int, step: int = 0) -> GameState:
    """The game as the script leaves it at the start of (chapter, step): every guided move
    made, every free step played by `default`, the opponent's moves between them."""
    state = new_game(config())
    for c, i in steps():
        if (c, i) >= (chapter, step):
            break
        play_step(state, CHAPTERS[c].steps[i])
    return state


def play_step(state: GameState, step: Step) -> None:
    """Play one step headless: its guided move, or a free step by `default`."""
    guided, until = step.guided, step.until
    if guided is not None:
        opponent_moves(state)
        state.apply(guided)  # IllegalMove if the script and the deal disagree
    elif until is not None:  # a free step
        while True:
            opponent_moves(state)
            if until(state):
                return
            state.apply(default(state))


def allowed(step: Step, move: Move) -> bool:
    """Whether a free step lets the person make `move`."""
    return not step.kinds or move.kind in step.kinds


# --- comments on a free choice -----------------------------------------------------------------

def comment(before: GameState, move: Move, after: GameState) -> str:
    """A sentence on the person's own choice in a free step."""
    p0, p1 = before.players[PERSON], after.players[PERSON]
    k = move.kind
    if k == PLACE:
        return _("You placed {card}: you stay in the phase and see what Bao does. Take before "
                 "the good cards are gone.", card=card_words(move.a, OBJECT))
    if k == TAKE:
        cards = [card_words(c, OBJECT) for c in (move.a, move.b) if c >= 0]
        return _("You played {cards}. Taking early gets the cards you want; taking last makes "
                 "you starting player, first in the Action phase.", cards=list_words(cards))
    if k == "flip":
        return _("You turned the draw pile's top card over: one more card to choose from.")
    if k == BUY:
        return _("Bought a {veg} for {cash} Cash. Buying is dear: fields and stalls give "
                 "vegetables more cheaply.", veg=veg_words(move.a), cash=p0.cash - p1.cash)
    if k == SELL:
        return _("Sold a {veg} for {cash} Cash: little, but Cash at any time.",
                 veg=veg_words(move.a), cash=p1.cash - p0.cash)
    if k == SOW:
        return _("Sowed {veg}: that field gives one every round until it is empty.",
                 veg=veg_words(move.b))
    if k == TRADE:
        return _("A stall trade: often the cheapest way to a dear vegetable.")
    if k == REGULAR:
        return _("Served {customer}: {cash} Cash, and no marker turn or penalty for it this "
                 "round.", customer=card_words(move.a, OBJECT), cash=p1.cash - p0.cash)
    if k == CASUAL:
        return _("Served {customer} for {cash} Cash.", customer=card_words(move.a, OBJECT),
                 cash=p1.cash - p0.cash)
    if k in (USE, DISCARD):
        return _("{helper} has done its work and is discarded.",
                 helper=card_words(move.a, SUBJECT))
    if k == TWO_PACK:
        return _("A Two-pack: choose which of its cards to keep.")
    if k == KEEP:
        return _("Kept. Only the top card of a stack is in play; the other waits beneath.")
    if k == LOAN:
        return _("A Loan: 5 Cash now, one Path space back at the end of the game.")
    if k == UPGRADE:
        return _("Your Storehouse now keeps 4 vegetables overnight.")
    if k == END:
        if p1.cash < p0.cash:
            return _("A customer went unserved while red: {cash} Cash penalty.",
                     cash=p0.cash - p1.cash)
        waiting = [card_words(r.card, SUBJECT) for r in p1.regulars
                   if r.red and r.served != before.round]
        served = [card_words(r.card, SUBJECT) for r in p1.regulars
                  if r.red and r.served == before.round]
        if waiting:
            return ngettext("Action phase over. {customers} went without: a red marker costs 2 "
                            "Cash each round it is not served.",
                            "Action phase over. {customers} went without: a red marker costs 2 "
                            "Cash each round it is not served.", len(waiting),
                            customers=", ".join(waiting))
        if served:
            return ngettext("Action phase over, every due customer served. {customers} keeps "
                            "its red marker: serve it every round, or pay 2 Cash.",
                            "Action phase over, every due customer served. {customers} keep "
                            "their red markers: serve them every round, or pay 2 Cash.",
                            len(served), customers=", ".join(served))
        return _("Action phase over, every due customer served.")
    if k == RETURN:
        return _("A {veg} went back to the supply: the Storehouse was full.",
                 veg=veg_words(move.a))
    if k == ADVANCE:
        if not move.a:
            return _("You stayed put and kept your Cash.")
        return ngettext("You walked {n} space, now on space {space}.",
                        "You walked {n} spaces, now on space {space}.", move.a, space=p1.path)
    return _("Done.")
