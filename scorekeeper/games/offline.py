"""What the games' scripts need in a page: each page's catalog of sentences, and the sheet's
data (the game's log and the addresses the phone writes to).

The score sheet, its evening and the start page run on the phone: the sheet is drawn from
the game's log in the phone's storage, also without a connection, and the service worker
keeps the pages' shells. Their scripts take every sentence from the page's one catalog
(:mod:`scorekeeper.web.catalog`), each the very msgid the server's templates use, so the
phone words the sheet exactly as the server would; the refusals are the engine's own
templates.
"""

from __future__ import annotations

import dataclasses

from flask import url_for
from markupsafe import Markup
from werkzeug.http import quote_etag

from ..engine import errors
from ..engine.errors import N_
from ..web import catalog
from . import backup, store
from .api import etag, handover_json, view_url

#: What the phone refuses before the server sees it: a new game, a deal, a log entry.
REFUSALS = (
    errors.PlayerCount, errors.BadPlayerName, errors.DuplicatePlayer, errors.BadThreshold,
    errors.BadFixedDeals, errors.UnknownGameVariant, errors.BadRowCount, errors.BadTakesAt,
    errors.BadHandSize, errors.DeckTooSmall,
)
DEAL_REFUSALS = (
    errors.BadBullheads, errors.BadCard, errors.CardOutsideDeck, errors.CardTakenTwice,
    errors.DealOverBound, errors.DealUnderBound, errors.MissingPlayerValue, errors.EntryKind,
    errors.GameFinished, errors.DealNumberTaken, errors.DealNumberSkipped, errors.NoSuchDeal,
    errors.NotTheLastDeal, errors.CannotRestore, errors.TooManyDeals, errors.TooManyChanges,
    errors.NoSuchGame, errors.ClientIdReused,
)

#: The score sheet's sentences (static/js/sheet*.js) that its server's pages say too: each
#: the msgid of one of the sheet's templates (or of its CSV file), which the phone repeats
#: and never words anew (tests/test_sheet_sentences.py holds this).
SHEET = {
    # The status (games/_status.html).
    "over": N_("The game is over."),
    "wins": N_("%(name)s wins with %(total)s bullheads."),
    "share": N_("%(names)s share the win with %(total)s bullheads each."),
    "no_more": N_("No deal can be added any more. Correcting a deal can re-open the game."),
    "no_more_kept": N_("No deal can be added any more."),
    "start": N_("No deal yet. Fewest bullheads leads."),
    "threshold": N_("The game ends when someone reaches %(threshold)s."),
    "virgin": N_("Virgin doubling is on."),
    "shape": N_("%(rows)s rows of at most %(most)s cards; %(hand_size)s cards in each hand."),
    "hand": N_("Hand variant: cards left in the hand count double."),
    "tactics": N_("Tactics deck: cards 1 to %(max)s."),
    "double": N_("Double deck."),
    # After the end (games/_finished.html), and an undone deal.
    "same_players": N_("New game, same players"),
    "evening": N_("The evening so far"),
    "bgstats": N_("Log in BG Stats"),
    "share_result": N_("Share the result"),
    "withdrawn": N_("Deal %(number)s was undone."),
    "open_history": N_("Open the history"),
    "restore": N_("Restore deal %(number)s"),
    # The deals (games/_sheet_area.html, _standings.html, _table.html).
    "standings": N_("Standings"),
    "deals": N_("Deals"),
    "no_deals": N_("The deals will appear here."),
    "undo": N_("Undo deal %(number)s"),
    "rank": N_("Rank"),
    "player": N_("Player"),
    "deal": N_("Deal %(number)s"),
    "total": N_("Total"),
    "caption": N_("Score sheet: deals as rows, players as columns"),
    "deal_word": N_("Deal"),
    "correct": N_("Correct deal %(number)s"),
    "entered": N_("entered"),
    "counts": N_("counts"),
    "tap_hint": N_("Tap a deal number to correct it."),
    "corrected": N_("marks a corrected deal: its earlier values are in the history."),
    "split_hand": N_("Small grey: pile + hand as entered; bold: what counts (the hand doubled, "
                     "then Virgin doubling if on)."),
    "split_virgin": N_("Small grey: the bullheads as entered; bold: what counts after Virgin "
                       "doubling."),
    # The deal form (games/_deal_form.html, _deal_fields.html).
    "save": N_("Save deal %(number)s"),
    "preview": N_("counts %(score)s, total %(total)s"),
    "stack": N_("Pile"),
    "bullheads": N_("Bullheads"),
    "in_hand": N_("In hand (×2)"),
    "cards": N_("Cards"),
    "zero": N_("Everyone has 0 in this deal. That can happen in this game, but check that no "
               "bullheads are missing. To keep it as it is, tick the box and save again."),
    "zero_yes": N_("Yes, everyone has 0 in this deal"),
    # Correcting a deal (games/correct.html, which the phone draws in the deal form).
    "save_correction": N_("Save the correction"),
    "cancel": N_("Cancel"),
    # The chart (games/_chart.html).
    "chart_title": N_("Running totals after each deal"),
    "end_label": N_("end: %(threshold)s"),
    # This game (games/_actions.html), and its files (games/spreadsheet.py).
    "history": N_("History of entries and corrections"),
    "csv": N_("Export as CSV (spreadsheet)"),
    "json": N_("Export as JSON (backup)"),
    "delete": N_("Delete this game"),
    "all_games": N_("All games"),
    "csv_deal": N_("Deal"),
    "csv_stack": N_("pile"),
    "csv_hand": N_("hand"),
    "csv_entered": N_("entered"),
    "csv_counts": N_("counts"),
    "csv_total": N_("Total"),
    # An entry of the sync box (games/_sync.html), worded as _standings.html's heading.
    "entry_deal": N_("Deal %(number)s"),
}

#: What only the phone's sheet says, because only the phone has it to say: its saving and
#: the choices between two phones (the box of games/_sync.html), the marks of deals not on
#: the server yet, sharing from the phone, copying the hand-over link, a game only this
#: phone has. None of these is a msgid of the sheet's templates.
SHEET_PHONE = {
    # Sharing the result (the share button of games/_finished.html is the script's).
    "share_line": N_("%(rank)s. %(name)s: %(total)s"),
    "share_copied": N_("The result is copied: paste it where you want it."),
    "share_failed": N_("Sharing did not work here."),
    "share_no_link": N_("Shared without a link: this game is not on the server yet, so there "
                        "is no link that shows the score."),
    # The marks after a deal's number (games/_table.html).
    "unsent": N_("marks a deal that is not on the server yet: this phone sends it as soon as "
                 "it can."),
    "disputed": N_("marks deal %(number)s: it shows the other phone's bullheads until you "
                   "choose below."),
    # The deal form (games/_deal_form.html), and its card grid (sheet/grid.js).
    "taken_meanwhile": N_("Another phone has entered deal %(number)s meanwhile. If you save, "
                          "both are kept, and then you choose: the same deal, the next deal, "
                          "or a correction."),
    "taken_finished": N_("Another phone has entered deal %(number)s meanwhile, and the game "
                         "is over. If you save, both are kept, and then you choose: the same "
                         "deal or a correction."),
    "done": N_("Done"),
    # This game (games/_actions.html), while it is on this phone only.
    "delete_local": N_("Delete this game from this phone? It has never reached the server."),
    # Saving (games/_sync.html).
    "all_saved": N_("All saved."),
    "held": N_("Not everything is on the server yet: a choice waits for you below the "
               "deals."),
    "local_only": N_("Kept on this phone: the game is sent as soon as the server can be "
                     "reached."),
    "remote": N_("Another phone changed this game."),
    "same_deal": N_("Deal %(number)s was entered on both phones with the same values: it "
                    "counts once."),
    "same_correction": N_("Deal %(number)s was corrected on both phones to the same "
                          "bullheads: the correction counts once."),
    "dropped": N_("Deal %(number)s stays as the other phone left it; this phone's entry was "
                  "left out."),
    "conflict": N_("Another phone entered deal %(number)s first, with other bullheads."),
    "conflict_correction": N_("Another phone corrected deal %(number)s too, to other "
                              "bullheads."),
    "conflict_undo": N_("Another phone changed deal %(number)s after this phone undid it: "
                        "the undo is not on the server."),
    "conflict_restore": N_("Another phone changed this game after this phone restored deal "
                           "%(number)s: the restore is not on the server."),
    "this_phone": N_("This phone"),
    "other_phone": N_("Other phone"),
    "choose_same": N_("The same deal: deal %(number)s keeps the other phone's bullheads"),
    "choose_next": N_("Another deal: this phone's becomes deal %(number)s"),
    "choose_correct": N_("A correction: deal %(number)s gets this phone's bullheads"),
    "keep_theirs": N_("Deal %(number)s keeps the other phone's bullheads"),
    "keep_mine": N_("Deal %(number)s gets this phone's bullheads"),
    "forget": N_("Leave it out"),
    "again": N_("Send again"),
    "forget_withdrawal": N_("Leave the undo out: deal %(number)s stays"),
    "again_withdrawal": N_("Undo deal %(number)s as it is now"),
    "forget_restore": N_("Leave the restore out: deal %(number)s stays undone"),
    "again_restore": N_("Restore deal %(number)s as it is now"),
    "refused": N_("The server did not take this: %(reason)s"),
    "behind": N_("Waits until the entry above is settled."),
    "entry_correction": N_("Correction of deal %(number)s"),
    "entry_withdrawal": N_("Undo of deal %(number)s"),
    "entry_restore": N_("Restore of deal %(number)s"),
    "not_persisted": N_("Good to know: this browser may clear what it keeps when the phone "
                        "runs short of space, so a game is safe for good once it is on the "
                        "server."),
    # Copying the hand-over link (sheet/handover.js).
    "copied": N_("Link copied"),
    "copy_failed": N_("Copying did not work: hold your finger on the link to copy it."),
}

#: Counted sentences: one form for 1, the other for more.
PLURALS = {
    "deals": catalog.ngettext("%(num)s deal", "%(num)s deals"),
    # The status (games/_status.html), counted by the game's fixed number of deals.
    "fixed": catalog.ngettext("%(played)s of %(num)s deal played.",
                              "%(played)s of %(num)s deals played."),
    "leading": catalog.ngettext(
        "Leading (fewest bullheads leads): %(names)s with %(total)s.",
        "Leading (fewest bullheads lead): %(names)s with %(total)s each."),
    "waiting": catalog.ngettext("%(num)s change waits to be sent (since %(time)s).",
                                "%(num)s changes wait to be sent (since %(time)s)."),
    # A field left empty (games/_deal_fields.html): asked before it counts as 0.
    "empty": catalog.ngettext(
        "Nothing is entered for %(names)s. Fill it in, or tick the box if it is 0.",
        "Nothing is entered for %(names)s. Fill them in, or tick the box if each is 0."),
    "empty_virgin": catalog.ngettext(
        "Nothing is entered for %(names)s. A 0 makes %(names)s a virgin: everyone else's "
        "bullheads in this deal count double. Fill it in, or tick the box if it is 0.",
        "Nothing is entered for %(names)s. A 0 makes each of them a virgin: everyone else's "
        "bullheads in this deal count double. Fill them in, or tick the box if each is 0."),
    "empty_yes": catalog.ngettext("Yes, %(names)s has 0", "Yes, %(names)s have 0"),
}

#: The evening page (static/js/sheet/evening.js), drawn from the games the phone keeps.
EVENING = {
    "player": N_("Player"),
    "games": N_("Games"),
    "wins": N_("Wins"),
    "bullheads": N_("Bullheads"),
    "per_deal": N_("Per deal"),
    "order": N_("Most wins first; with as many wins, fewest bullheads per deal. A shared win "
                "counts for each winner; bullheads as they counted on the score sheets."),
    "none": N_("No deal has been played this evening yet."),
    "game": N_("Game %(number)s"),
    "won": N_("Won by %(names)s with %(total)s"),
    "playing": N_("Still being played"),
}

#: The start page: games kept on the phone only.
START = {"unsent": N_("not sent yet")}

_DUMMY = "f" * 20  # a token the URL rules accept, replaced by "{id}"


def _page(name: str, sentences: dict[str, str], plurals: tuple[str, ...] = (),
          refusals: tuple[type[errors.RulesError], ...] = ()) -> catalog.PageCatalog:
    return catalog.page(name, sentences, {key: PLURALS[key] for key in plurals}, refusals)


#: The start page: refusals of a new game, and the games kept on the phone.
START_CATALOG = _page("start", START, ("deals",), REFUSALS)
#: The score sheet, whether the server drew it or the phone draws it.
SHEET_CATALOG = _page(
    "sheet", {**SHEET, **SHEET_PHONE},
    ("deals", "fixed", "leading", "waiting", "empty", "empty_virgin", "empty_yes"),
    DEAL_REFUSALS)
#: The evening page, drawn by the phone when the server cannot be reached.
EVENING_CATALOG = _page("evening", EVENING, ("deals",))


def urls() -> dict[str, str]:
    """Where the phone finds a game and writes to: ``{id}`` and ``{number}`` are filled in."""
    def game(endpoint: str, **values: object) -> str:
        return url_for(endpoint, game_id=_DUMMY, **values).replace(_DUMMY, "{id}")

    return {
        "api": url_for("games_api.create"),
        "sheet": game("games.sheet"),
        "history": game("games.history"),
        "csv": game("games.export_csv"),
        "json": game("games.export_json"),
        "delete": game("games.delete"),
        "edit": game("games.correct", number=987654321).replace("987654321", "{number}"),
        "evening": game("games_evening.evening"),
        "same_players": game("games_evening.same_players"),
        "next_game": game("games_evening.same_players_api"),
        "local": url_for("games.offline_sheet") + "#{key}",
        "local_evening": url_for("games_evening.offline_evening") + "#{key}",
        "token": url_for("pwa.csrf_token"),
        "games": url_for("games.listing"),
        "start": url_for("games.index"),
    }


def game_data(game: store.Game, keeping: store.Keeping | None = None) -> dict:
    """The game as the phone keeps it: its token, evening, settings, note and whole log
    (each entry as the backup file writes it), its view link (what the phone shares), and
    what keeps it (a club event's table: the link to the event, and why the sheet may no
    longer change it), and the game's tag as its JSON answers it now (strong: a page
    is the same whatever its encoding; the tags are compared weakly), so the phone's first
    look at the game sends it back and is answered 304 while nothing moved."""
    data = backup.to_json(game)
    settings = {key: data[key] for key in ("players", "threshold", "fixed_deals",
                                           "virgin_doubling", "variant", "rows", "takes_at",
                                           "hand_size")}
    return {"id": game.id, "client_id": game.client_id, "evening": game.series or game.id,
            "created_at": game.created_at, "note": game.note, "settings": settings,
            "events": data["events"], "view_url": view_url(game),
            "handover": handover_json(game),
            "etag": {"tag": quote_etag(etag(game.mark)), "version": game.mark[0]},
            "keeping": None if keeping is None else dataclasses.asdict(keeping)}


def sheet_data(game: store.Game | None, keeping: store.Keeping | None = None) -> Markup:
    """``<script type="application/json" id="sheet-data">``: the addresses, and the game."""
    return catalog.data_block({"urls": urls(),
                               "game": None if game is None else game_data(game, keeping)},
                              "sheet-data")
