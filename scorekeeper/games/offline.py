"""The sentences a phone needs for a game started without a connection, in the page's language.

The start page and the offline score sheet (``/games/offline``) are kept by the service
worker and run without the server, so their scripts get every sentence from the page,
rendered here: the refusals are the server's own sentences (:func:`describe` of an error
whose fields are ``{placeholders}``), so the phone says exactly what the server would.
"""

from __future__ import annotations

from flask_babel import get_translations, gettext, ngettext

from ..engine import scoring as sc
from ..web.messages import describe


def _slot(name: str) -> str:
    return "{" + name + "}"


def refusals() -> dict[str, str]:
    """What the phone can refuse before the server sees it, keyed by the error's name
    (every score sheet carries them)."""
    return _refusals()


def _refusals() -> dict[str, str]:
    errors = [
        sc.PlayerCount(count=_slot("count")),
        sc.BadPlayerName(player=_slot("player"), limit=_slot("limit")),
        sc.DuplicatePlayer(player=_slot("player")),
        sc.BadThreshold(value=_slot("value"), limit=_slot("limit")),
        sc.BadFixedDeals(value=_slot("value"), limit=_slot("limit")),
        sc.UnknownGameVariant(variant=_slot("variant")),
        sc.BadBullheads(player=_slot("player"), value=_slot("value")),
        sc.DealOverBound(total=_slot("total"), bound=_slot("bound"), rows=_slot("rows")),
        sc.DealUnderBound(total=_slot("total"), bound=_slot("bound"), players=_slot("players"),
                          cards=_slot("cards"), kept=_slot("kept")),
        sc.BadRowCount(value=_slot("value")),
        sc.BadTakesAt(value=_slot("value")),
        sc.BadHandSize(value=_slot("value")),
        sc.DeckTooSmall(players=_slot("players"), hand_size=_slot("hand_size"),
                        rows=_slot("rows"), needed=_slot("needed"), cards=_slot("cards")),
    ]
    return {type(error).__name__: describe(error) for error in errors}  # type: ignore[arg-type]


def start_words() -> dict[str, object]:
    """The start page: refusals of a game started offline, and the games kept on the phone."""
    return {
        "refusals": refusals(),
        "deals": [get_translations().ungettext("%(num)s deal", "%(num)s deals", n)
                  % {"num": _slot("num")} for n in (1, 2)],
        "unsent": gettext("not sent yet"),
    }


def sheet_words() -> dict[str, object]:
    """The offline score sheet: its status lines, the deal form and the sending."""
    number, total = _slot("number"), _slot("total")
    return {
        "refusals": refusals(),
        "deal": gettext("Deal %(number)s", number=number),
        "save": gettext("Save deal %(number)s", number=number),
        "stack": gettext("Stack"),
        "preview": gettext("counts %(score)s, total %(total)s", score=_slot("score"), total=total),
        "over": gettext("The game is over."),
        "wins": gettext("%(name)s wins with %(total)s bullheads.", name=_slot("name"), total=total),
        "share": gettext("%(names)s share the win with %(total)s bullheads each.",
                         names=_slot("names"), total=total),
        "leads": ngettext("Leading (fewest bullheads leads): %(names)s with %(total)s.",
                          "Leading (fewest bullheads lead): %(names)s with %(total)s each.", 1,
                          names=_slot("names"), total=total),
        "lead": ngettext("Leading (fewest bullheads leads): %(names)s with %(total)s.",
                         "Leading (fewest bullheads lead): %(names)s with %(total)s each.", 2,
                         names=_slot("names"), total=total),
        "start": gettext("No deal yet. Fewest bullheads leads."),
        "fixed": gettext("Deal %(played)s of %(fixed)s played.", played=_slot("played"),
                         fixed=_slot("fixed")),
        "threshold": gettext("The game ends when someone reaches %(threshold)s.",
                             threshold=_slot("threshold")),
        "virgin": gettext("Virgin doubling is on."),
        "hand": gettext("Hand variant: cards left in the hand count double."),
        "tactics": gettext("Tactics deck: cards 1 to %(max)s.", max=_slot("max")),
        "double": gettext("Double deck."),
        "shape": shape_sentence(_slot("rows"), _slot("most"), _slot("hand_size")),
        "waiting": gettext("Waiting for the connection: the game is sent once it is back."),
        "sending": gettext("Sending…"),
        "sent": gettext("Sent. The server's score sheet opens now."),
        "sent_typing": gettext("Sent. The server's score sheet opens once the deal you are "
                               "typing is saved or cleared."),
        "refused": gettext("The server did not take this game: %(reason)s", reason=_slot("reason")),
        "conflict": gettext("Deal %(number)s was also entered on another phone.", number=number),
        "same": gettext("Same deal: keep the other phone's"),
        "mine": gettext("Another deal: add mine as deal %(number)s", number=number),
        "confirm": gettext("Remove this deal from this phone? It was never saved in the game."),
        "persisted": gettext("This browser has promised to keep it, even when space runs low."),
        "not_persisted": gettext("This browser may delete it when the phone runs short of "
                                 "space: let it be sent soon."),
    }


def shape_sentence(rows: object, most: object, hand_size: object) -> str:
    """A game's shape when it is not the booklet's: "3 rows of at most 4 cards, ..."."""
    return gettext("%(rows)s rows of at most %(most)s cards; %(hand_size)s cards in each hand.",
                   rows=rows, most=most, hand_size=hand_size)
