"""The sentences the games' scripts show, in the page's language: each page's catalog.

The start page and the offline score sheet (``/games/offline``) are kept by the service
worker and run without the server; the score sheet keeps deals typed without a
connection. Their scripts take every sentence from the page's one catalog
(:mod:`scorekeeper.web.catalog`): the refusals are the engine's own templates, so the
phone says exactly what the server would.
"""

from __future__ import annotations

from markupsafe import Markup

from ..engine import errors
from ..engine.errors import N_
from ..web import catalog

#: What the phone refuses before the server sees it: a new game, and a deal.
REFUSALS = (
    errors.PlayerCount, errors.BadPlayerName, errors.DuplicatePlayer, errors.BadThreshold,
    errors.BadFixedDeals, errors.UnknownGameVariant, errors.BadBullheads, errors.DealOverBound,
    errors.DealUnderBound, errors.BadRowCount, errors.BadTakesAt, errors.BadHandSize,
    errors.DeckTooSmall,
)

#: Every sentence of the games' scripts, by key; a page sends those its scripts show.
SENTENCES = {
    # The start page's list of games kept on the phone (game-start.js).
    "unsent": N_("not sent yet"),
    # The offline score sheet (offline-game.js, offline-game-view.js).
    "deal": N_("Deal %(number)s"),
    "save": N_("Save deal %(number)s"),
    "stack": N_("Pile"),
    "preview": N_("counts %(score)s, total %(total)s"),
    "over": N_("The game is over."),
    "wins": N_("%(name)s wins with %(total)s bullheads."),
    "share": N_("%(names)s share the win with %(total)s bullheads each."),
    "start": N_("No deal yet. Fewest bullheads leads."),
    "fixed": N_("Deal %(played)s of %(fixed)s played."),
    "threshold": N_("The game ends when someone reaches %(threshold)s."),
    "virgin": N_("Virgin doubling is on."),
    "hand": N_("Hand variant: cards left in the hand count double."),
    "tactics": N_("Tactics deck: cards 1 to %(max)s."),
    "double": N_("Double deck."),
    "shape": N_("%(rows)s rows of at most %(most)s cards; %(hand_size)s cards in each hand."),
    "waiting": N_("Waiting for the connection: the game is sent once it is back."),
    "sending": N_("Sending…"),
    "sent": N_("Sent. The server's score sheet opens now."),
    "sent_typing": N_("Sent. The server's score sheet opens once the deal you are typing is "
                      "saved or cleared."),
    "refused": N_("The server did not take this game: %(reason)s"),
    "conflict": N_("Deal %(number)s was also entered on another phone."),
    "same": N_("Same deal: keep the other phone's"),
    "mine": N_("Another deal: add mine as deal %(number)s"),
    "confirm": N_("Remove this deal from this phone? It was never saved in the game."),
    "persisted": N_("This browser has promised to keep it, even when space runs low."),
    "not_persisted": N_("This browser may delete it when the phone runs short of space: let "
                        "it be sent soon."),
    # The score sheet's deals waiting on the phone (offline-queue.js).
    "queue_waiting": N_("Saved on this phone. It will be sent once the connection is back."),
    "queue_sent": N_("Sent."),
    "behind": N_("Waits until the deal above is settled."),
    "again": N_("Send again"),
    "renumber": N_("Add it as deal %(number)s"),
    "remove": N_("Remove"),
    "theirs": N_("The other phone entered: %(values)s"),
    "invalid": N_("Check the numbers of %(players)s: whole numbers, and cards from 1 to "
                  "%(max)s."),
    "totals": N_("Totals with the waiting deals: %(totals)s"),
    # The score sheet's card grid (sheet-grid.js) and its hand-over box (handover.js).
    "done": N_("Done"),
    "copied": N_("Link copied"),
    "copy_failed": N_("Copying did not work: hold your finger on the link to copy it."),
}

#: Counted sentences of the games' scripts: one form for 1, the other for more.
PLURALS = {
    "deals": catalog.ngettext("%(num)s deal", "%(num)s deals"),
    "leading": catalog.ngettext(
        "Leading (fewest bullheads leads): %(names)s with %(total)s.",
        "Leading (fewest bullheads lead): %(names)s with %(total)s each."),
}

START = ("unsent",)
OFFLINE_SHEET = (
    "deal", "save", "stack", "preview", "over", "wins", "share", "start", "fixed",
    "threshold", "virgin", "hand", "tactics", "double", "shape", "waiting", "sending", "sent",
    "sent_typing", "refused", "conflict", "same", "mine", "confirm", "persisted",
    "not_persisted",
)
SHEET = (
    "deal", "save", "preview", "queue_waiting", "sending", "queue_sent", "behind", "again",
    "renumber", "remove", "theirs", "confirm", "invalid", "totals", "done", "copied",
    "copy_failed",
)
#: A correction's page: its card grid.
CORRECTION = ("done",)


def _page(keys: tuple[str, ...], plurals: tuple[str, ...] = (),
          refusals: tuple[type[errors.RulesError], ...] = ()) -> Markup:
    return catalog.render({key: SENTENCES[key] for key in keys},
                          {key: PLURALS[key] for key in plurals}, refusals)


def start_catalog() -> Markup:
    """The start page: refusals of a game started offline, and the games kept on the phone."""
    return _page(START, ("deals",), REFUSALS)


def offline_sheet_catalog() -> Markup:
    """The offline score sheet: its status lines, the deal form, the sending, the refusals."""
    return _page(OFFLINE_SHEET, ("leading",), REFUSALS)


def sheet_catalog() -> Markup:
    """The score sheet: deals waiting on the phone, the preview, the grid, the hand-over."""
    return _page(SHEET, (), (errors.DealOverBound, errors.DealUnderBound))


def correction_catalog() -> Markup:
    """A correction's page: its card grid."""
    return _page(CORRECTION)
