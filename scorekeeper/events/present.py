"""How the event pages write numbers, the games' settings and the event's history, in the
page's language."""

from __future__ import annotations

from fractions import Fraction

from flask_babel import format_decimal, gettext, ngettext

from .progress import Progress
from .store import Act, Event


def score(value: Fraction | int) -> str:
    """Shared placement points and relative points: whole numbers bare, others to two
    decimals (``4``, ``4.5`` in English, ``-1,33`` in Dutch and German)."""
    return format_decimal(float(value), "#,##0.##")


def signed(value: Fraction | int) -> str:
    """Relative points with their sign: above the tables' average is ``+``."""
    text = score(value)
    return "+" + text if value > 0 else text.replace("-", "−")


def games_rule(event: Event) -> str:
    """One line on how each table's game ends."""
    if event.fixed_deals is not None:
        text = gettext("Each game: %(deals)s deals.", deals=event.fixed_deals)
    else:
        text = gettext("Each game ends at %(limit)s.", limit=event.threshold)
    if event.virgin_doubling:
        text += " " + gettext("With Virgin doubling.")
    return text


def standings_heading(state: Progress) -> str:
    """What the standings count, said where they are shown: after which event round, and
    which tables of the rounds counted still play ("after event round 2, table 6 still
    playing"), so the heading never claims a round the figures do not match."""
    if state.finished:
        return gettext("Final standings")
    if not state.counted:
        return gettext("Standings")
    heading = gettext("Standings after event round %(round)s", round=state.counted)
    open_tables = state.still_open
    if not open_tables:
        return heading
    named = ", ".join(
        str(t.seat.number) if t.seat.round == state.counted else
        gettext("%(table)s of event round %(round)s", table=t.seat.number,
                round=t.seat.round) for t in open_tables)
    return heading + " " + ngettext("(table %(tables)s still playing)",
                                    "(tables %(tables)s still playing)", len(open_tables),
                                    tables=named)


def _act_sentence(act: Act) -> str:
    """What one line of the history says, in the page's language."""
    detail = act.detail
    where = {"round": detail.get("round", ""), "table": detail.get("table", "")}
    if act.act == "create":
        return gettext("Started the event.")
    if act.act == "import":
        return gettext("Imported the event from a file.")
    if act.act == "director":
        return gettext("Opened the director's link: this device directs the event too.")
    if act.act == "seat":
        return gettext("Seated event round %(round)s.", round=where["round"])
    if act.act == "join":
        return gettext("%(player)s joins: seated from event round %(round)s on.",
                       player=detail.get("player", ""), round=where["round"])
    if act.act == "drop":
        return gettext("%(player)s leaves: not seated from event round %(round)s on.",
                       player=detail.get("player", ""), round=where["round"])
    if act.act == "reopen":
        return gettext("Re-opened table %(table)s of event round %(round)s.", **where)
    if act.act == "close":
        return gettext("Closed table %(table)s of event round %(round)s again.", **where)
    if act.act == "replace":
        return gettext("Replaced the game of table %(table)s, event round %(round)s, by a "
                       "new one; the old game is kept.", **where)
    if act.act == "putback":
        return gettext("Put back the earlier game of table %(table)s, event round "
                       "%(round)s; the game it replaced is kept.", **where)
    if act.act == "undrop":
        return gettext("%(player)s stays after all: the leaving before event round "
                       "%(round)s is taken back.", player=detail.get("player", ""),
                       round=where["round"])
    if act.act == "paper":
        return gettext("Typed the totals of table %(table)s, event round %(round)s, from "
                       "its paper sheet.", **where)
    if act.act == "game":
        return gettext("Changed the game of table %(table)s, event round %(round)s, after "
                       "the event round was over.", **where)
    return act.act


def device_label(act: Act) -> str:
    if act.device is None:
        return gettext("through the JSON interface")
    return gettext("device %(number)s", number=act.device)


def history(acts: list[Act]) -> list[dict[str, str]]:
    """The event's history as the director's page lists it: when, which device, what."""
    return [{"at": act.at, "who": device_label(act), "what": _act_sentence(act)}
            for act in acts]
