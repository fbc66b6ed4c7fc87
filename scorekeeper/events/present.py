"""How the event pages write numbers, the games' settings and the event's history, in the
page's language."""

from __future__ import annotations

from fractions import Fraction

from flask_babel import format_decimal, gettext, ngettext

from ..engine.event_options import Release, Scoring
from .store import TABLE_DEVICE, Act, Event


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
        text = ngettext("Each game: %(num)s deal.", "Each game: %(num)s deals.",
                        event.fixed_deals)
    else:
        text = gettext("Each game ends at %(limit)s.", limit=event.threshold)
    if event.virgin_doubling:
        text += " " + gettext("With Virgin doubling.")
    return text


def round_name(event: Event, number: int) -> str:
    """A round as the pages name it: an event round, a round of the knock-out, or its
    final table."""
    stage = event.knockout_round(number)
    if stage is None:
        return gettext("Event round %(round)s", round=number)
    if number == event.total_rounds:
        return gettext("Final table")
    return gettext("Knock-out round %(round)s", round=stage)


def _points_list(values: tuple[int, ...]) -> str:
    return ", ".join(str(value) for value in values)


def scoring_rule(event: Event) -> str:
    """How the standings order players, in one short paragraph."""
    options = event.options
    if options.scoring == Scoring.BULLHEADS:
        return gettext("Standings by bullheads: the total over all games, fewest first (a "
                       "player who finished fewer games stands below everyone who finished "
                       "more); then games won, most first; then a lot.")
    if options.scoring == Scoring.WINS:
        return gettext("Standings by wins: games won (a shared win counts), most first; then "
                       "bullheads, fewest first; then a lot.")
    order = gettext("The order: points, then relative points, then bullheads, then a lot, "
                    "as Bonn-spielt's tournaments order their players.")
    if options.points is None:
        return " ".join((
            gettext("Points by place at a table: of 5 players 7, 5, 4, 2, 1; of 4 players "
                    "7, 5, 3, 1; of 3 players 7, 4, 1. Players tied at a table share the "
                    "places they cover. Relative: the table's average bullheads minus the "
                    "player's own, over all games."),
            gettext("These points per place are this app's own choice."), order))
    table = options.table
    text = gettext("Points by place at a table, this event's own: of 5 players %(five)s; "
                   "of 4 players %(four)s; of 3 players %(three)s. Players tied at a "
                   "table share the places they cover. Relative: the table's average "
                   "bullheads minus the player's own, over all games.",
                   five=_points_list(table[5]), four=_points_list(table[4]),
                   three=_points_list(table[3]))
    return text + " " + order


def option_lines(event: Event) -> list[str]:
    """One line for each championship option the event has chosen."""
    options, lines = event.options, []
    if options.sign_off:
        lines.append(gettext("Signed results: a finished table counts once a second phone "
                             "at the table, or the director, has signed it."))
    if options.release == Release.ROUND:
        lines.append(gettext("Released by round: until every table of an event round is "
                             "done, everyone sees where each player sits and which tables "
                             "are done, but no totals."))
    if options.knockout is not None:
        lines.append(gettext("Knock-out: after %(rounds)s event rounds the best %(size)s "
                             "play at tables of 4, only each table's winner goes on, to a "
                             "final table (a tie for first: fewest bullheads in the last "
                             "deal, then a lot).", rounds=event.rounds,
                             size=options.knockout))
    return lines


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
    if act.act == "paper":
        return gettext("Typed the totals of table %(table)s, event round %(round)s, from "
                       "its paper sheet.", **where)
    if act.act == "game":
        return gettext("Changed the game of table %(table)s, event round %(round)s, after "
                       "the event round was over.", **where)
    return _championship_sentence(act, where)


def _championship_sentence(act: Act, where: dict[str, object]) -> str:
    """The history's lines of what a championship adds."""
    detail = act.detail
    if act.act == "sign":
        return gettext("Signed the result of table %(table)s, event round %(round)s.",
                       **where)
    if act.act == "correct":
        return gettext("Changed the signed game of table %(table)s, event round %(round)s.",
                       **where)
    if act.act == "rename":
        return gettext("Renamed %(player)s to %(name)s.", player=detail.get("player", ""),
                       name=detail.get("to", ""))
    if act.act == "swap":
        players, tables = detail.get("players", ["", ""]), detail.get("tables", ["", ""])
        return gettext("Swapped %(player)s (table %(table)s) and %(other)s (table "
                       "%(other_table)s) in event round %(round)s: both tables have new "
                       "games.", player=players[0], table=tables[0], other=players[1],
                       other_table=tables[1], round=where["round"])
    return act.act


def device_label(act: Act) -> str:
    if act.detail.get("by") == TABLE_DEVICE:
        return gettext("a phone at the table")
    if act.device is None:
        return gettext("through the JSON interface")
    return gettext("device %(number)s", number=act.device)


def history(acts: list[Act]) -> list[dict[str, str]]:
    """The event's history as the director's page lists it: when, which device, what, and
    the reason the director gave for changing a signed result."""
    lines = []
    for act in acts:
        what = _act_sentence(act)
        if act.detail.get("reason"):
            what += " " + gettext("Reason: %(reason)s", reason=act.detail["reason"])
        lines.append({"at": act.at, "who": device_label(act), "what": what})
    return lines
