"""Helpers of the customers: Deliveryman, Messenger-boy, Saleswoman, Tout (Helper Reference)."""

from __future__ import annotations

from ..cards import CARDS, NEEDS, has
from ..events import Delivered, Handed, Why
from ..moves import Move
from ..play_area import leave, lift
from ..serving import deliver_casual, take_vegetables
from ..state import ALL_BLUE_LATER, CASUAL_BONUS, MESSENGER, PlayerState, Slot, State, find
from .base import Helper, activate, owner_of, reachable, register, use, use_up

DELIVERYMAN_LAST_DELIVERY_FEE = 2
TOUT_PRICE = 2


@register
class Deliveryman(Helper):
    name = "Deliveryman"

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        return [use(card, slot.card) for other in reachable(s, p) for slot in other.regulars
                if has(p.cart, NEEDS[slot.card])]

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        """The owner must still deliver this round (the delivery is not theirs)."""
        owner = owner_of(s, "regulars", move.b)
        at = find(owner.regulars, move.b)
        slot = owner.regulars[at]
        take_vegetables(s, p, move.b)
        s.change_cash(p, CARDS[move.b].pays[slot.rows], Why.CUSTOMER, move.b)
        if s.telling:
            s.events.append(Delivered(owner.seat, move.b, p.seat, slot.rows + 1))
        if slot.rows == 3:
            s.pay(p, owner, DELIVERYMAN_LAST_DELIVERY_FEE, Why.HELPER, move.a)
            leave(s, owner, owner.regulars, at)
        else:
            owner.regulars[at] = slot._replace(rows=slot.rows + 1)
        use_up(s, p, move.a)


@register
class MessengerBoy(Helper):
    name = "Messenger-boy"

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        """Settled here (no ruling): with the Messenger-boy active, a customer on its top row
        may still take a single delivery. The card lets a customer take two deliveries, it
        never demands them; the single delivery fills the top row and the card is discarded
        (rulebook, F), so no second one follows. Two deliveries there are one move
        (RULINGS R7: "both deliveries are made together")."""
        return [use(card)]

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        activate(p, MESSENGER)
        use_up(s, p, move.a)


@register
class Saleswoman(Helper):
    name = "Saleswoman"
    NOW, AFTER_CHECKS = 0, 1

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        moves = [use(card, 2)]
        if p.regulars:
            moves += [use(card, 1, self.NOW), use(card, 1, self.AFTER_CHECKS)]
        return moves

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        """Option 1 may be activated now and used later: `AFTER_CHECKS` turns the markers
        blue once this phase's undelivered customers have been turned or penalised (Fraser's
        example); `NOW` turns them at once."""
        if move.b == 2:
            activate(p, CASUAL_BONUS)
        elif move.c == self.NOW:
            turn_all_blue(p)
        else:
            activate(p, ALL_BLUE_LATER)
        use_up(s, p, move.a)


def turn_all_blue(p: PlayerState) -> None:
    p.regulars[:] = [slot._replace(red=False) for slot in p.regulars]


@register
class Tout(Helper):
    name = "Tout"

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        others = reachable(s, p)
        moves = [use(card, 1, mine.card, theirs.card) for other in others
                 for theirs in other.casuals for mine in p.casuals]
        moves += [use(card, 2, theirs.card) for other in others for theirs in other.casuals
                  if has(p.cart, NEEDS[theirs.card])]
        return moves

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        if move.b == 1:
            other = owner_of(s, "casuals", move.d)
            lift(s, p, p.casuals, find(p.casuals, move.c))
            lift(s, other, other.casuals, find(other.casuals, move.d))
            p.casuals.append(Slot(move.d))
            other.casuals.append(Slot(move.c))
            if s.telling:
                s.events += (Handed(move.c, p.seat, other.seat), Handed(move.d, other.seat, p.seat))
        else:
            # Jon's example: the customer is served at once; the 2 Cash come from the
            # proceeds, and a card under the Tout is revealed only after, so it does not count
            # toward the +2/-2 modifier.
            other = owner_of(s, "casuals", move.c)
            lift(s, other, other.casuals, find(other.casuals, move.c))
            p.casuals.append(Slot(move.c))
            if s.telling:
                s.events.append(Handed(move.c, other.seat, p.seat))
            deliver_casual(s, p, move.c)
            s.pay(p, other, TOUT_PRICE, Why.HELPER, move.a)
        use_up(s, p, move.a)
