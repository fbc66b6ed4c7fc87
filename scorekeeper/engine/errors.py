"""Every refusal of the rules, each with its one sentence.

A refusal is a class: its name is the ``code`` the JSON interface and the browser's engine
answer with, its fields say what it names, and its ``template`` is the one sentence that
words it, a gettext msgid whose ``%(name)s`` placeholders are those fields. The English
text (``str``), the translated text (the web layer looks the template up in the request's
catalog) and the JSON answer (``code``, ``fields``) all come from it; ``status`` says
which family it belongs to, 400 bad input, 404 not there or 409 "the game moved on".

>>> error = EmptyRow(row=3)
>>> error, error.code, error.fields, error.status
(EmptyRow(row=3), 'EmptyRow', {'row': 3}, 400)
>>> str(error)
'Row 3 is empty: every row holds at least one card.'

A field holding what someone typed holds it as given; the sentence shows text as it is
and anything else as JSON, cut at 40 characters (:func:`shown`).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, ClassVar, dataclass_transform

from .limits import MAX_CLIENT_ID, MAX_DEALS, MAX_GAME_EVENTS, MAX_NOTE, ROW_LIMIT, ROWS

#: A field is shown with at most this many characters (longer text ends in "…").
SHOWN_LENGTH = 40


def N_(message: str) -> str:  # noqa: N802 - gettext's name for "mark, translate later"
    """Marks ``message`` as a msgid for ``pybabel extract``; the web layer translates it."""
    return message


#: The sentence of a refusal that has none of its own (and of a bad request in general).
GENERAL = N_("The request could not be understood.")


@dataclasses.dataclass(frozen=True)
class Plural:
    """A sentence with a form for one and a form for more, chosen by the field ``count``
    (English, Dutch and German take the first form for 1 only)."""

    one: str
    other: str
    count: str

    def form(self, fields: dict[str, Any]) -> str:
        """The English msgid for ``fields``: the one the catalog's plural forms start from."""
        return self.one if fields.get(self.count) == 1 else self.other

    def number(self, fields: dict[str, Any]) -> int:
        """The count that chooses the form (a count that is not a number counts as many)."""
        value = fields.get(self.count)
        return value if isinstance(value, int) and not isinstance(value, bool) else 2


def Nn_(one: str, other: str, count: str) -> Plural:  # noqa: N802 - as ngettext's N_
    """Marks a counted sentence for ``pybabel extract`` (its keyword ``Nn_:1,2``): ``one``
    and ``other`` are the msgid and its plural, ``count`` the field that chooses."""
    return Plural(one, other, count)


def shown(value: object) -> str:
    """A field as a sentence shows it: text as typed, anything else as JSON, at most
    :data:`SHOWN_LENGTH` characters. The browser's engine shows a field the same way.

    >>> shown("Ann"), shown(None), shown(True), shown([1, "x"]), shown("x" * 41)[-3:]
    ('Ann', 'null', 'true', '[1, "x"]', 'xx…')
    """
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False,
                                                            default=repr)
    return text if len(text) <= SHOWN_LENGTH else text[:SHOWN_LENGTH - 1] + "…"


@dataclass_transform(eq_default=False)
class RulesError(ValueError):
    """A request the rules refuse. Each subclass is a dataclass of the fields it names."""

    status: ClassVar[int] = 400
    template: ClassVar[str | Plural] = GENERAL

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # eq=False: an error compares by identity and stays hashable, like any exception;
        # not frozen, because raising sets ``__traceback__`` on it.
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(eq=False)(cls)

    @property
    def code(self) -> str:
        """The refusal's name, as the JSON answer and the browser's engine give it."""
        return type(self).__name__

    @property
    def fields(self) -> dict[str, Any]:
        """What the sentence names, by field name, as given."""
        if not dataclasses.is_dataclass(self):
            return {}
        return {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}

    def sentence(self, template: str | None = None) -> str:
        """``template`` (the translated one; the English msgid by default) filled in."""
        if template is None:
            template = (self.template if isinstance(self.template, str)
                        else self.template.form(self.fields))
        return template % {name: shown(value) for name, value in self.fields.items()}

    def __str__(self) -> str:
        return self.sentence()

    def __reduce__(self) -> tuple[type[RulesError], tuple[object, ...]]:
        # BaseException pickles its ``args``, which a dataclass leaves empty.
        return type(self), tuple(self.fields.values())


# --- A table and a turn ------------------------------------------------------------------


class WrongRowCount(RulesError):
    template = N_("The table needs 3 to 5 rows, not %(count)s.")
    count: int


class BadTakesAt(RulesError):
    """The card that takes a row is not the 5th, 6th or 7th (booleans and floats refused)."""

    template = N_("A row is taken by its 5th, 6th or 7th card: takes_at must be 5, 6 or 7, "
                  "not %(value)s.")
    value: object


class EmptyRow(RulesError):
    template = N_("Row %(row)s is empty: every row holds at least one card.")
    row: int
    """Row number, 1-based."""


class RowTooLong(RulesError):
    template = N_("Row %(row)s holds %(length)s cards; a row holds at most %(limit)s.")
    row: int
    length: int
    """Positions in the row (stacked twins count once)."""
    limit: int = ROW_LIMIT
    """Positions a row holds: one less than the card that takes it."""


class RowNotAscending(RulesError):
    template = N_("Row %(row)s is not in ascending order: %(card)s comes after %(previous)s.")
    row: int
    card: int
    previous: int


class NotACard(RulesError):
    """A value is not a whole number (booleans and floats are refused)."""

    template = N_("%(value)s (%(where)s) is not a card number.")
    value: object
    where: str
    """Where it was found: ``"row 2"``, ``"max_card"`` or the player's name."""


class CardOutOfRange(RulesError):
    template = N_("Card %(card)s does not exist in this game: cards go from 1 to "
                  "%(max_card)s.")
    card: int
    max_card: int


class CardTooOften(RulesError):
    template = Nn_("Card %(card)s appears %(times)s times, but the deck holds it only once.",
                   "Card %(card)s appears %(times)s times, but the deck holds it only "
                   "%(allowed)s times.", "allowed")
    card: int
    times: int
    allowed: int
    """Copies of each card in the deck: 1, or 2 in Double."""


class NoPlays(RulesError):
    template = N_("Add at least one revealed card.")


class TooManyPlayers(RulesError):
    template = N_("%(count)s players is too many: at most 10 can play.")
    count: int


class MissingPlayer(RulesError):
    template = N_("Card %(index)s has no player's name.")
    index: int
    """Play number, 1-based."""


class PlayerNameTooLong(RulesError):
    template = N_("The name “%(player)s” is too long: at most %(limit)s characters.")
    player: str
    limit: int


class MissingCard(RulesError):
    template = N_("%(player)s has no card.")
    player: str


class WrongCardCount(RulesError):
    template = Nn_("%(player)s played %(count)s card; this variant needs %(expected)s.",
                   "%(player)s played %(count)s cards; this variant needs %(expected)s.",
                   "count")
    player: str
    count: int
    expected: int


class PlayerRepeated(RulesError):
    template = Nn_("%(player)s is named too often: only once in one turn.",
                   "%(player)s is named too often: at most %(allowed)s times in one turn.",
                   "allowed")
    player: str
    allowed: int


class UnknownVariant(RulesError):
    template = N_("“%(variant)s” is not a variant the checker knows.")
    variant: object


class UnknownPlayerChoice(RulesError):
    template = N_("A choice is given for %(player)s, who played no card.")
    player: str


class BadRowChoice(RulesError):
    template = N_("%(player)s chose row %(row)s, but rows are numbered 1 to %(rows)s.")
    player: str
    row: object
    rows: int = ROWS


class BadPlaceChoice(RulesError):
    template = N_("The place chosen for %(player)s is not one of the places the card can "
                  "go to.")
    player: str
    card: int | None
    """The tied card; None when the side itself was not "left" or "right"."""


# --- A game's settings -------------------------------------------------------------------


class PlayerCount(RulesError):
    template = N_("A game needs 2 to 10 players, not %(count)s.")
    count: int


class BadPlayerName(RulesError):
    """A name is empty, or longer than ``limit`` characters after trimming."""

    template = N_("Every player needs a name of 1 to %(limit)s characters (“%(player)s” is "
                  "not).")
    player: object
    limit: int


class DuplicatePlayer(RulesError):
    """Two players share a name (compared without case)."""

    template = N_("The name “%(player)s” is used twice: names must differ.")
    player: str


class NameHiddenCharacter(RulesError):
    """A name holds a control or format character (``engine/names.py``): a NUL, a bell, a
    right-to-left override, a zero-width space or joiner, a byte-order mark."""

    template = N_("The name “%(player)s” holds an invisible or control character "
                  "(%(character)s): type the name again without it.")
    player: str
    """The name with each such character written as ``[U+200B]``."""
    character: str
    """The first such character, as ``U+200B``."""


class NameNotVisible(RulesError):
    """A name of white space, fillers or accents alone."""

    template = N_("A name needs at least one letter, digit or sign that can be seen.")


class BadThreshold(RulesError):
    template = N_("The limit must be a whole number from 1 to %(limit)s, not “%(value)s”.")
    value: object
    limit: int


class BadFixedDeals(RulesError):
    template = N_("The number of deals must be a whole number from 1 to %(limit)s, not "
                  "“%(value)s”.")
    value: object
    limit: int


class UnknownGameVariant(RulesError):
    template = N_("“%(variant)s” is not a variant the score sheet knows.")
    variant: object


class BadRowCount(RulesError):
    template = N_("A game is played with 3, 4 or 5 rows, not “%(value)s”.")
    value: object


class BadHandSize(RulesError):
    template = N_("Each player is dealt 10 cards or more (a whole number), not “%(value)s”.")
    value: object


class DeckTooSmall(RulesError):
    template = N_("With %(players)s players, %(hand_size)s cards in each hand and %(rows)s "
                  "rows, a deal needs %(needed)s cards, but the deck in use has only "
                  "%(cards)s.")
    players: int
    hand_size: int
    rows: int
    needed: int
    """Cards a deal puts in play: ``hand_size · players + rows``."""
    cards: int
    """Cards of the deck in use (104; 10·n + 4 in Tactics; 208 in Double)."""


class BadNote(RulesError):
    template = N_("The note must be text of at most %(limit)s characters.")
    limit: int = MAX_NOTE


class VirginDoublingNotBool(RulesError):
    template = N_("virgin_doubling must be true or false.")


# --- A deal and the game's log -----------------------------------------------------------


class MissingPlayerValue(RulesError):
    template = N_("Enter a value for %(player)s.")
    player: str
    part: str
    """What is missing: "bullheads", "hand" or "cards"."""


class UnknownPlayer(RulesError):
    template = N_("%(player)s does not play in this game.")
    player: object


class BadBullheads(RulesError):
    template = N_("%(player)s: “%(value)s” is not a number of bullheads (a whole number, 0 "
                  "or more).")
    player: str
    value: object


class DealOverBound(RulesError):
    template = N_("This deal adds up to %(total)s bullheads, but the deck in use allows at "
                  "most %(bound)s in one deal (one card stays in each of the %(rows)s rows). "
                  "Check the numbers.")
    total: int
    bound: int
    rows: int = ROWS


class DealUnderBound(RulesError):
    template = N_("This deal adds up to %(total)s bullheads, but with %(players)s players at "
                  "least %(bound)s must be taken in a deal (%(cards)s cards are in play and at "
                  "most %(kept)s stay on the table). Perhaps a player's bullheads are missing.")
    total: int
    bound: int
    """``cards - kept``: the fewest bullheads a deal can hand out."""
    players: int
    cards: int
    """Cards in play in a deal: a hand for each player and the rows' first cards."""
    kept: int
    """Most cards the rows can hold at the end: r · (t − 1), twice that in Double."""


class BadCard(RulesError):
    template = N_("%(player)s: “%(value)s” is not a card number.")
    player: str
    value: object


class CardOutsideDeck(RulesError):
    template = N_("Card %(card)s is not in the deck in use: cards go from 1 to %(max_card)s.")
    card: int
    max_card: int


class CardTakenTwice(RulesError):
    template = N_("Card %(card)s is entered more often than the deck holds it.")
    card: int
    copies: int


class EntryKind(RulesError):
    """Either bullheads or cards for a deal, not both nor neither."""

    template = N_("Enter each player's bullheads or their cards, not both.")


class HandNotInVariant(RulesError):
    template = N_("Bullheads left in the hand only count in the Hand variant.")


class BadDealNumber(RulesError):
    template = N_("The deal number must be a whole number from 1.")


class BadClientId(RulesError):
    template = N_("The client_id must be text of 1 to %(limit)s printable characters.")
    limit: int = MAX_CLIENT_ID


class DealNumberMismatch(RulesError):
    template = N_("The deal number in the body does not match the address.")


class NoSuchGame(RulesError):
    status = 404
    template = N_("There is no such game.")


class NoSuchDeal(RulesError):
    status = 404
    template = N_("There is no deal %(number)s in this game.")
    number: int


class GameFinished(RulesError):
    status = 409
    template = N_("This game has ended: no deal can be added. Correct a deal to re-open it.")


class DealNumberTaken(RulesError):
    status = 409
    template = N_("Deal %(number)s has been entered already (perhaps on another phone). The "
                  "next deal is number %(expected)s.")
    number: int
    expected: int
    """The number the next deal gets."""


class DealNumberSkipped(RulesError):
    status = 409
    template = N_("Deal %(number)s cannot be added yet: the next deal is number "
                  "%(expected)s.")
    number: int
    expected: int


class ClientIdReused(RulesError):
    status = 409
    template = N_("This entry was already sent with other values; reload the game and try "
                  "again.")
    client_id: str


class NotTheLastDeal(RulesError):
    status = 409
    template = N_("Only the last deal can be undone: that is deal %(last)s, not deal "
                  "%(number)s.")
    number: int
    last: int


class CannotRestore(RulesError):
    status = 409
    template = N_("Deal %(number)s cannot be restored: the next deal is number %(next)s "
                  "(another deal took its place, or an earlier deal is undone too).")
    number: int
    next: int


class TooManyDeals(RulesError):
    status = 409
    template = N_("This game holds %(limit)s deals, the most one game can hold: start a new "
                  "game.")
    limit: int = MAX_DEALS


class TooManyChanges(RulesError):
    status = 409
    template = N_("This game has been changed %(limit)s times, the most one game can take: "
                  "start a new game.")
    limit: int = MAX_GAME_EVENTS


# --- A game's result typed from its paper sheet ------------------------------------------


class GameNotEnded(RulesError):
    """Final totals where nobody reached the game's threshold: the game had not ended."""

    template = N_("Nobody has reached %(threshold)s (the highest total is %(highest)s): a "
                  "game ends when a player reaches %(threshold)s.")
    threshold: int
    highest: int


class TotalOutOfReach(RulesError):
    """A player's final total no game reaches: past the threshold by more than one deal
    hands out (or more than the fixed deals hand out)."""

    template = N_("No game ends with %(total)s bullheads for %(player)s: with these "
                  "settings a player ends with at most %(most)s.")
    player: str
    total: int
    most: int


class TotalsTooFew(RulesError):
    """Final totals that add up to less than the game's deals hand out at least."""

    template = N_("These totals add up to %(total)s bullheads, but the game's deals hand out "
                  "at least %(least)s (every deal takes cards from the table).")
    total: int
    least: int


class TotalsTooMany(RulesError):
    """Final totals that add up to more than the game's deals can hand out."""

    template = N_("These totals add up to %(total)s bullheads, more than the game's deals "
                  "can hand out (at most %(most)s).")
    total: int
    most: int


# --- The Tournament variant --------------------------------------------------------------


class WrongPlayerCount(RulesError):
    template = N_("A tournament takes 2 to 5 players, not %(count)s.")
    count: int


class BadName(RulesError):
    template = N_("Player %(index)s needs a name of 1 to %(limit)s characters.")
    index: int
    """Player number, 1-based."""
    limit: int


class NameRepeated(RulesError):
    """A name is listed twice among a tournament's or an event's players."""

    template = N_("The name “%(player)s” is given twice: every player needs a different "
                  "name.")
    player: str


class MissingHand(RulesError):
    template = N_("The hand of %(player)s is missing.")
    player: str


class UnknownOwner(RulesError):
    template = N_("A hand is given for “%(player)s”, who is not one of the players.")
    player: str


class HandNotACard(RulesError):
    template = N_("The hand of %(player)s holds something that is not a card number.")
    player: str


class WrongHandSize(RulesError):
    template = N_("The hand of %(player)s holds %(count)s cards; a hand holds exactly 10.")
    player: str
    count: int


class CardRepeated(RulesError):
    template = N_("The hand of %(player)s holds card %(card)s twice.")
    player: str
    card: int


class HandCardOutOfRange(RulesError):
    template = N_("Card %(card)s (hand of %(player)s) is not in the game: with %(count)s "
                  "players the cards go from 1 to %(max_card)s.")
    player: str
    card: int
    max_card: int
    count: int
    """Players: the deck is the Tactics deck of that many."""


class CardInTwoHands(RulesError):
    template = N_("Card %(card)s is in the hands of both %(first)s and %(second)s.")
    card: int
    first: str
    second: str


class BadPoints(RulesError):
    template = N_("The minus points on the sheet of %(player)s must be a whole number, 0 or "
                  "more.")
    player: str


class PointsTooHigh(RulesError):
    template = N_("These minus points add up to %(total)s, but one game hands out at most "
                  "%(limit)s.")
    total: int
    limit: int


# --- Club events -------------------------------------------------------------------------


class EventPlayerCount(RulesError):
    """An event (or one of its rounds) does not have 6 to 200 players."""

    template = N_("An event takes 6 to 200 players, not %(count)s.")
    count: int


class EventTableSize(RulesError):
    """A game's result names a number of players no event table seats."""

    template = N_("A table of an event seats 4 or 5 players, 3 where no other split exists, "
                  "not %(size)s.")
    size: int


class EventUnknownPlayer(RulesError):
    """A game's result, or a player leaving, names someone who does not play in the event."""

    template = N_("“%(player)s” does not play in this event.")
    player: str


class EventBadBullheads(RulesError):
    template = N_("The total of %(player)s must be a whole number of bullheads, 0 or more, "
                  "not “%(value)s”.")
    player: str
    value: int


# --- What a championship asks of an event ------------------------------------------------


class BadScoring(RulesError):
    template = N_("The scoring must be “placement”, “bullheads” or “wins”, not “%(value)s”.")
    value: object


class BadPointsTable(RulesError):
    """A director's own placement points: one whole number per place, never rising."""

    template = N_("The points for a table of %(size)s must be %(size)s whole numbers from 0 "
                  "to %(limit)s, the 1st place's first and none higher than the one before, "
                  "not “%(value)s”.")
    size: object
    value: object
    limit: int


class PointsTableSizes(RulesError):
    """A points table names other table sizes than 3, 4 and 5."""

    template = N_("The points table needs points for tables of 3, 4 and 5 players, and for "
                  "no other size, not “%(value)s”.")
    value: object


class PointsWithoutPlacement(RulesError):
    template = N_("A table of points counts only with placement scoring, not with "
                  "“%(scoring)s”.")
    scoring: str


class SignOffNotBool(RulesError):
    template = N_("Signing off must be true or false, not “%(value)s”.")
    value: object


class BadRelease(RulesError):
    template = N_("The standings are released by “round”, or the field is left out, not "
                  "“%(value)s”.")
    value: object


class BadKnockout(RulesError):
    template = N_("A knock-out takes the best 4, 16 or 64 players, not “%(value)s”.")
    value: object


class KnockoutTooLarge(RulesError):
    """A knock-out of more players than the event has."""

    template = N_("A knock-out of the best %(size)s needs at least %(size)s players; the "
                  "event has %(count)s.")
    size: int
    count: int


class KnockoutTableSize(RulesError):
    """A knock-out seats 4, 16 or 64 players (a guard of the engine; no request reaches
    it)."""

    template = N_("A knock-out seats 4, 16 or 64 players at tables of 4, not %(count)s.")
    count: int


#: The placement engine's refusals (its JavaScript twin throws them by ``code``): what a
#: page that places cards in the browser words from its catalog.
PLACEMENT_REFUSALS: tuple[type[RulesError], ...] = (
    WrongRowCount, BadTakesAt, EmptyRow, RowTooLong, RowNotAscending, NotACard,
    CardOutOfRange, CardTooOften, NoPlays, TooManyPlayers, MissingPlayer, PlayerNameTooLong,
    MissingCard, WrongCardCount, PlayerRepeated, UnknownVariant, UnknownPlayerChoice,
    BadRowChoice, BadPlaceChoice,
)
