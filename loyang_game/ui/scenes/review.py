"""The coach's review of a game: the AI goes through a person's decisions in a thinker
(`ai.thinker`, a background thread or process; a progress bar; Cancel or Esc stops it and
goes back) and lists the few that cost the most by its judgement; a click opens the replay at
that moment with the AI's choice lit.

Opened as `d.open("review", replay=<Replay>, seat=<the person's seat>)`. The judging is
`ai.review` (honest: each decision from what the seat could see then, by the hint's own
search looked at longer); this scene only shows it, in plain words: a move the hint
suggested is named so, and a finding against it says that a longer look finds something
else better. `python -m lab.review_bench` measures the frames while the review
thinks.
"""

from __future__ import annotations

from functools import partial

import pygame

from ai.review import (
    MAX_DECISIONS,
    MAX_LINE,
    SHOWN,
    THRESHOLD,
    Finding,
    worth_showing,
)
from ai.thinker import Job, Request, Result, open_thinker

from ...text.moves import move_words
from ...words import N_, _, decimal, ngettext, pgettext
from .. import theme as t
from ..draw import fit, panel, text, wrap
from ..menu import GREY, SOFT, MenuScene, message_box, page
from ..scene import frame_layout
from ..widgets import BUTTON, Form, Item

# The decisions a finding names, by their code (ai.review: an AtHand value, "action", "offer").
DECISION_WORDS = {
    "home": N_("Home vegetable"), "path": N_("Path step"), "cards": N_("Card phase"),
    "harvest": N_("Harvest"), "claim": N_("Foreman"), "pay": N_("raising money"),
    "keep": N_("Two-pack"), "partner": N_("choice of partner"), "shop": N_("Book-keeper"),
    "action": N_("Action phase"), "offer": N_("the Offer"),
}


def where_words(finding: Finding) -> str:
    """When a finding's decision was: "Round 3, Card phase", or "Setup"."""
    if not finding.round:
        return _("Setup")
    code = finding.where
    decision = _(DECISION_WORDS[code]) if code in DECISION_WORDS else code
    return _("Round {round}, {decision}", round=finding.round, decision=decision)


def why(finding: Finding) -> str:
    """What the AI expects of its choice and of the person's, as the hint says it, and how
    sure it is."""
    if finding.high - finding.low < 0.05:
        return ngettext("the AI expects you to finish on about space {theirs} after it, {yours} "
                        "after yours (on the {n} deal you could not tell apart)",
                        "the AI expects you to finish on about space {theirs} after it, {yours} "
                        "after yours (on all {n} deals you could not tell apart)",
                        finding.samples, theirs=decimal(finding.theirs),
                        yours=decimal(finding.yours))
    return ngettext("the AI expects you to finish on about space {theirs} after it, {yours} after "
                    "yours ({low} to {high} spaces between them over {n} deal you could not "
                    "tell apart)",
                    "the AI expects you to finish on about space {theirs} after it, {yours} after "
                    "yours ({low} to {high} spaces between them over {n} deals you could not "
                    "tell apart)",
                    finding.samples, theirs=decimal(finding.theirs), yours=decimal(finding.yours),
                    low=decimal(finding.low), high=decimal(finding.high))


def _case(finding: Finding) -> str:
    """Which of the three things a finding says: the person followed the hint and a longer
    look finds better ("followed"), the hint had suggested the better move ("hint"), or a
    longer look finds better ("longer")."""
    if finding.followed:
        return "followed"
    if finding.hint is not None and finding.hint == finding.suggestion:
        return "hint"
    return "longer"


# The finding said whole, one template for each case, with or without "in the race".
VERDICTS = {
    ("followed", False): N_("{where}: you {played}, as the hint suggested; a longer look finds "
                            "“{other}” better by about {cost} spaces: {why}"),
    ("followed", True): N_("{where}: you {played}, as the hint suggested; a longer look finds "
                           "“{other}” better by about {cost} spaces in the race: {why}"),
    ("hint", False): N_("{where}: you {played}; the hint suggested “{other}”, better by about "
                        "{cost} spaces: {why}"),
    ("hint", True): N_("{where}: you {played}; the hint suggested “{other}”, better by about "
                       "{cost} spaces in the race: {why}"),
    ("longer", False): N_("{where}: you {played}; a longer look finds “{other}” better by about "
                          "{cost} spaces: {why}"),
    ("longer", True): N_("{where}: you {played}; a longer look finds “{other}” better by about "
                         "{cost} spaces in the race: {why}"),
}
# The two sentences of a finding's row: what the person did, and what the AI says of it.
DID = {"followed": N_("You {played}, as the hint suggested."), "hint": N_("You {played}."),
       "longer": N_("You {played}.")}
SAYS = {
    ("followed", False): N_("A longer look finds “{other}” better by about {cost} spaces."),
    ("followed", True): N_("A longer look finds “{other}” better by about {cost} spaces in the "
                           "race."),
    ("hint", False): N_("The hint suggested “{other}”, better by about {cost} spaces."),
    ("hint", True): N_("The hint suggested “{other}”, better by about {cost} spaces in the "
                       "race."),
    ("longer", False): N_("A longer look finds “{other}” better by about {cost} spaces."),
    ("longer", True): N_("A longer look finds “{other}” better by about {cost} spaces in the "
                         "race."),
}


def _values(finding: Finding) -> dict[str, object]:
    return {"played": move_words(finding.played, advice=True),
            "other": move_words(finding.suggestion, advice=True),
            "cost": decimal(finding.cost)}


def advice(finding: Finding) -> tuple[str, str]:
    """What the person did, and what the AI says of it, two sentences: the hint's own move
    is named as such, and a finding that overturns the hint says that a longer look finds
    something else better."""
    case, values = _case(finding), _values(finding)
    return _(DID[case], **values), _(SAYS[case, finding.race], **values)


def verdict(finding: Finding) -> str:
    """The finding in one line (the replay shows it as its note)."""
    return _(VERDICTS[_case(finding), finding.race], where=where_words(finding),
             why=why(finding), **_values(finding))


class ReviewScene(MenuScene):
    name = "review"

    def __init__(self, d, replay, seat: int) -> None:
        super().__init__(d)
        self.replay, self.seat = replay, seat
        self.who = (replay.names[seat] if seat < len(replay.names)
                    else _("Seat {seat}", seat=seat + 1))
        self.thinker = open_thinker()
        self.thinker.submit(Request(Job.REVIEW, replay.config, tuple(replay.moves), seat))
        self.result: Result | None = None  # the thinker's answer, once the review is done
        self.findings: list[Finding] | None = None  # all of them, once the review is done
        self.shown: list[Finding] = []
        self.page: pygame.Surface | None = None  # the last drawing, and what it showed
        self.look: tuple = ()
        self.form.add(Item("cancel", BUTTON, _("Cancel"), action=self.back, colour=GREY))

    # -- the review's life --------------------------------------------------------------------
    def back(self) -> None:
        """Cancel (if still thinking) and go back."""
        self.thinker.close()
        self.d.pop()

    def close(self) -> None:
        self.thinker.close()

    def update(self, dt: float) -> None:
        if self.findings is not None:
            return
        result = self.thinker.poll()
        if result is None:
            return
        self.result = result
        if result.error:
            self.message = _("The review stopped: {error}", error=result.error)
        self.findings = list(result.findings)
        self.shown = worth_showing(self.findings)
        form = self.form = Form()
        for i in range(len(self.shown)):
            form.add(Item(f"row{i}", BUTTON, action=partial(self.open_at, i),
                          paint=self.paint_row))
        form.add(Item("back", BUTTON, pgettext("button", "Back"), action=self.back, colour=GREY))
        other = self.next_person()
        if other is not None:
            form.add(Item("next", BUTTON, _("Review {name}", name=self.replay.names[other]),
                          action=self.review_next))

    def next_person(self) -> int | None:
        """The next person's seat after this one (pass-and-play: every person at the screen
        gets a review), or None when only one person played."""
        persons = [s for s, kind in enumerate(self.replay.kinds) if kind == "person"]
        if len(persons) < 2:
            return None
        later = [s for s in persons if s > self.seat]
        return (later or persons)[0]

    def review_next(self) -> None:
        """This review gives way to the next person's."""
        seat = self.next_person()
        self.back()
        self.d.open("review", replay=self.replay, seat=seat)

    def open_at(self, i: int) -> None:
        finding = self.shown[i]
        self.d.open("replay", replay=self.replay, at=finding.step, viewer=self.seat,
                    note=verdict(finding), suggestion=finding.suggestion)

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        """The page is drawn again only when something on it changed, else the last drawing
        is shown: while the review thinks, every call into pygame that lets go of the GIL
        waits for it to come back from the review's thread, so a frame of one blit stays
        smooth where a frame of a hundred drawing calls would not."""
        live = self.form.live()
        hover = next((i for i, item in enumerate(live) if item.rect.collidepoint(self.d.mouse)),
                     None)
        look = (surf.get_size(), self.thinker.progress, self.findings is None, self.form.focus,
                hover, self.message)
        if look != self.look or self.page is None:
            if self.page is None or self.page.get_size() != surf.get_size():
                self.page = pygame.Surface(surf.get_size())
            self.draw_page(self.page)
            self.look = look
        surf.blit(self.page, (0, 0))

    def draw_page(self, surf) -> None:
        L = frame_layout(surf.get_size())
        findings = self.findings
        thinking = findings is None
        page(surf, self.d.sprites, L, _("Review"),
             _("{name}'s decisions, each judged from what {name} could see then", name=self.who),
             _("Enter or Esc: cancel") if thinking
             else _("Arrows: move   Enter or click: see it in the replay   Esc: back"))
        if findings is None:
            self.draw_progress(surf, L)
        else:
            self.draw_findings(surf, L, findings)
        self.form.draw(surf, L, self.d.mouse)
        message_box(surf, L, self.message)

    def draw_progress(self, surf, L) -> None:
        progress = self.thinker.progress
        done, total = progress.done, progress.total
        text(surf, _("The AI is going through the game..."), L.px(26), t.GOLD,
             center=L.R(640, 290, 0, 0).topleft, bold=True)
        bar = L.R(290, 330, 700, 30)
        panel(surf, bar, (70, 55, 40), radius=L.px(8))
        if total:
            filled = bar.copy()
            filled.w = max(L.px(16), bar.w * done // total)
            panel(surf, filled, (90, 170, 90), radius=L.px(8))
        pygame.draw.rect(surf, t.GOLD, bar, L.px(2), border_radius=L.px(8))
        told = (_("judging decision {at} of {total}", at=min(done + 1, total), total=total)
                if total else _("getting ready"))
        text(surf, told, L.px(20), SOFT, center=L.R(640, 382, 0, 0).topleft)
        self.form.get("cancel").rect = L.R(540, 430, 200, 46)

    def draw_findings(self, surf, L, findings: list[Finding]) -> None:
        """The review done: the findings worth showing among all `findings`."""
        if self.shown:
            said = (_("Of {total} decisions, the {n} that cost the most by the AI's judgement "
                      "(click one to see it in the replay):", total=len(findings),
                      n=len(self.shown)) if len(self.shown) > 1
                    else _("Of {total} decisions, the one that cost the most by the AI's "
                           "judgement (click one to see it in the replay):", total=len(findings)))
            text(surf, said, L.px(20), SOFT,
                 topleft=L.R(130, 122, 0, 0).topleft)
        elif self.result is not None and not self.result.error:  # (else the message says why)
            text(surf, _("No decision cost more than {threshold} spaces by the AI's judgement.",
                         threshold=decimal(THRESHOLD)),
                 L.px(24), t.WHITE, center=L.R(640, 300, 0, 0).topleft, bold=True)
            text(surf, ngettext("{n} decision judged.", "{n} decisions judged.", len(findings)),
                 L.px(20), SOFT,
                 center=L.R(640, 340, 0, 0).topleft)
        for i in range(len(self.shown)):
            self.form.get(f"row{i}").rect = L.R(130, 152 + i * 94, 1020, 84)
        note = _("Costs are the AI's estimates in final Path spaces (with others, in the race) "
                 "against a longer look than the hint's: the top {shown} whose whole {level} "
                 "interval is above {threshold} spaces.", shown=SHOWN,
                 threshold=decimal(THRESHOLD), level=_("95%"))
        left_out = self.result.left_out if self.result is not None else 0
        if left_out:
            note = _("A long game: {n} of its decisions were left out (a review judges up to "
                     "{most}, spread over the game, and stretches of up to {line} moves).",
                     n=left_out, most=MAX_DECISIONS, line=MAX_LINE) + " " + note
        for i, line in enumerate(reversed(wrap(note, L.px(17), L.px(1020)))):
            text(surf, line, L.px(17), (190, 170, 140),
                 center=L.R(640, 636 - 20 * i, 0, 0).topleft)
        if self.next_person() is None:
            self.form.get("back").rect = L.R(540, 664, 200, 46)
        else:  # the two side by side, centred
            self.form.get("back").rect = L.R(410, 664, 200, 46)
            self.form.get("next").rect = L.R(630, 664, 240, 46)

    def paint_row(self, surf, L, item: Item, focused: bool, hover: bool) -> None:
        finding = self.shown[int(item.key[3:])]
        r = item.rect
        panel(surf, r, (60, 44, 30), radius=L.px(8), alpha=235)
        pygame.draw.rect(surf, t.HIGHLIGHT if focused else t.GOLD if hover else (120, 95, 60),
                         r, L.px(3) if focused else L.px(1), border_radius=L.px(8))
        x, width = r.x + L.px(14), r.w - L.px(28)
        said = (_("about {cost} spaces  ({low} to {high})", cost=decimal(finding.cost),
                  low=decimal(finding.low), high=decimal(finding.high))
                if finding.high - finding.low >= 0.05
                else _("about {cost} spaces  (on every deal)", cost=decimal(finding.cost)))
        cost = text(surf, said, L.px(22), t.GOLD,
                    midright=(r.right - L.px(14), r.y + L.px(19)), bold=True)
        text(surf, fit(where_words(finding), L.px(22), cost.x - x - L.px(10), True), L.px(22),
             t.WHITE, topleft=(x, r.y + L.px(7)), bold=True)
        lines = advice(finding)  # what the AI expects is in the replay's note (`verdict`)
        for j, line in enumerate(lines):  # a long language's line a size smaller, then cut
            size = next((L.px(v) for v in (19, 17, 15) if t.font(L.px(v)).size(line)[0] <= width),
                        L.px(15))
            text(surf, fit(line, size, width), size, SOFT,
                 midleft=(x, r.y + L.px(44) + j * L.px(23)))
