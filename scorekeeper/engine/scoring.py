"""Scoring a game of 6 nimmt! (CONTRACT.md section 4), in pure Python.

A game is its settings plus an event log of deal entries and corrections; totals, the
end and the winners are derived by replaying the log, so a correction never loses what
was entered before.

>>> s = make_settings(["Ann", "Bob"], virgin_doubling=True)
>>> state = replay(s, [Event("deal", 1, make_entry(s, {"Ann": 5, "Bob": 0}))])
>>> state.totals, state.finished
({'Ann': 10, 'Bob': 0}, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .cards import BULLHEADS, Deck, tactics_max_card
from .errors import RulesError

VARIANTS = ("basic", "tactics", "double", "hand")
MIN_PLAYERS, MAX_PLAYERS = 2, 10
MAX_NAME = 40
MAX_THRESHOLD = 1000
MAX_FIXED_DEALS = 200
DEFAULT_THRESHOLD = 66


class ScoringError(RulesError):
    """Base class: the input does not describe a legal game or deal.

    The fields name what was wrong, so the web layer can build a translated message.
    """


class PlayerCount(ScoringError):
    """Not 2 to 10 players (``count``)."""


class BadPlayerName(ScoringError):
    """A name is empty or longer than 40 characters after trimming (``player``)."""


class DuplicatePlayer(ScoringError):
    """Two players share a ``player`` name."""


class BadThreshold(ScoringError):
    """The threshold ``value`` is not a whole number from 1 to 1000."""


class BadFixedDeals(ScoringError):
    """The fixed number of deals ``value`` is not a whole number from 1 to 200."""


class UnknownVariant(ScoringError):
    """``variant`` is not basic, tactics, double or hand."""


class MissingPlayer(ScoringError):
    """No value for ``player`` (``part`` is "bullheads", "hand" or "cards")."""


class UnknownPlayer(ScoringError):
    """A value is given for ``player``, who is not in the game."""


class BadBullheads(ScoringError):
    """``value`` for ``player`` is not a whole number of 0 or more."""


class DealOverBound(ScoringError):
    """The deal's ``total`` is over the deck's bullheads minus 4 (``bound``)."""


class BadCard(ScoringError):
    """``value`` for ``player`` is not a card number."""


class CardOutsideDeck(ScoringError):
    """``card`` is not in the deck in use (cards 1..``max_card``)."""


class CardTakenTwice(ScoringError):
    """``card`` is entered more often than the deck holds it (``copies``)."""


class EntryKind(ScoringError):
    """Give either bullheads or cards for a deal, not both nor neither."""


class HandNotInVariant(ScoringError):
    """Hand bullheads were given in a game that is not played in the Hand variant."""


class GameFinished(ScoringError):
    """The game has ended; no deal can be added until a correction re-opens it."""


class DealNumberTaken(ScoringError):
    """Deal ``number`` exists already (the next one is ``expected``)."""


class DealNumberSkipped(ScoringError):
    """Deal ``number`` would leave a gap: the next deal is ``expected``."""


class NoSuchDeal(ScoringError):
    """Deal ``number`` does not exist, so it cannot be corrected."""


class ClientIdReused(ScoringError):
    """The ``client_id`` was used before for a different deal."""


@dataclass(frozen=True)
class Settings:
    """How a game is scored; fixed when it is created."""

    players: tuple[str, ...]
    """Names in seating order, trimmed and distinct."""
    threshold: int | None = DEFAULT_THRESHOLD
    """A total that reaches this ends the game; None when the game has fixed deals."""
    fixed_deals: int | None = None
    """Play exactly this many deals instead of a threshold."""
    virgin_doubling: bool = False
    """House rule: in a deal with a virgin (0 bullheads), everybody else counts double."""
    variant: str = "basic"
    """basic, tactics, double or hand: which deck bounds a deal; hand adds hand bullheads."""

    @property
    def deck(self) -> Deck:
        if self.variant == "tactics":
            return Deck(tactics_max_card(len(self.players)))
        return Deck(copies=2 if self.variant == "double" else 1)

    @property
    def bound(self) -> int:
        """Most bullheads one deal can hand out: one card at least stays in each row.

        >>> make_settings(["A", "B"]).bound, make_settings(["A", "B"], variant="double").bound
        (167, 338)
        """
        return self.deck.total_bullheads - 4


def _whole(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = value.strip() if isinstance(value, str) else ""
    if text.isascii() and text.isdigit() and len(text) <= 9:  # "²" is a digit to Python
        return int(text)
    return None


def make_settings(
    players: Sequence[object],
    threshold: object = DEFAULT_THRESHOLD,
    fixed_deals: object = None,
    virgin_doubling: bool = False,
    variant: object = "basic",
) -> Settings:
    """Validated settings; raises a :class:`ScoringError` naming the first problem."""
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise PlayerCount(count=0)
    names: list[str] = []
    for raw in players:
        name = raw.strip() if isinstance(raw, str) else ""
        if not name or len(name) > MAX_NAME:
            raise BadPlayerName(player=str(raw)[:60], limit=MAX_NAME)
        if name.casefold() in (n.casefold() for n in names):
            raise DuplicatePlayer(player=name)
        names.append(name)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise PlayerCount(count=len(names))
    if variant not in VARIANTS:
        raise UnknownVariant(variant=str(variant)[:40])
    if fixed_deals is not None:
        deals = _whole(fixed_deals)
        if deals is None or not 1 <= deals <= MAX_FIXED_DEALS:
            raise BadFixedDeals(value=str(fixed_deals)[:20], limit=MAX_FIXED_DEALS)
        return Settings(tuple(names), None, deals, bool(virgin_doubling), str(variant))
    limit = _whole(DEFAULT_THRESHOLD if threshold is None else threshold)
    if limit is None or not 1 <= limit <= MAX_THRESHOLD:
        raise BadThreshold(value=str(threshold)[:20], limit=MAX_THRESHOLD)
    return Settings(tuple(names), limit, None, bool(virgin_doubling), str(variant))


@dataclass(frozen=True)
class Entry:
    """One deal as entered: bullheads per player (the stack), and in Hand the hand."""

    bullheads: dict[str, int]
    hand: dict[str, int] | None = None
    cards: dict[str, tuple[int, ...]] | None = None
    """The cards each player took, when the deal was entered as cards."""

    def taken(self, player: str) -> int:
        """Bullheads as entered for ``player``: stack plus hand."""
        return self.bullheads[player] + (self.hand or {}).get(player, 0)


def _per_player(settings: Settings, values: object, part: str) -> dict[str, object]:
    if not isinstance(values, Mapping):
        raise MissingPlayer(player=settings.players[0], part=part)
    for name in values:
        if name not in settings.players:
            raise UnknownPlayer(player=str(name)[:60])
    for name in settings.players:
        if name not in values:
            raise MissingPlayer(player=name, part=part)
    return {name: values[name] for name in settings.players}


def _counts(settings: Settings, values: object, part: str) -> dict[str, int]:
    counted = {}
    for name, value in _per_player(settings, values, part).items():
        number = _whole(value)
        if number is None or number < 0:
            raise BadBullheads(player=name, value=str(value)[:20])
        counted[name] = number
    return counted


def cards_to_bullheads(settings: Settings, cards: object) -> dict[str, tuple[int, ...]]:
    """Each player's cards, checked against the deck: none outside it, none too often."""
    deck = settings.deck
    checked: dict[str, tuple[int, ...]] = {}
    seen: Counter[int] = Counter()
    for name, value in _per_player(settings, cards, "cards").items():
        if not isinstance(value, list | tuple):
            raise BadCard(player=name, value=str(value)[:20])
        numbers = []
        for item in value:
            card = _whole(item)
            if card is None:
                raise BadCard(player=name, value=str(item)[:20])
            if not 1 <= card <= deck.max_card:
                raise CardOutsideDeck(card=card, max_card=deck.max_card)
            seen[card] += 1
            if seen[card] > deck.copies:
                raise CardTakenTwice(card=card, copies=deck.copies)
            numbers.append(card)
        checked[name] = tuple(numbers)
    return checked


def make_entry(
    settings: Settings, bullheads: object = None, hand: object = None, cards: object = None
) -> Entry:
    """A validated deal entry; raises a :class:`ScoringError` naming the first problem.

    >>> s = make_settings(["Ann", "Bob"])
    >>> make_entry(s, cards={"Ann": [55, 1], "Bob": []}).bullheads
    {'Ann': 8, 'Bob': 0}
    """
    if (bullheads is None) == (cards is None):
        raise EntryKind()
    card_lists = None
    if cards is not None:
        card_lists = cards_to_bullheads(settings, cards)
        stack = {name: sum(BULLHEADS[c] for c in taken) for name, taken in card_lists.items()}
    else:
        stack = _counts(settings, bullheads, "bullheads")
    in_hand = None
    if settings.variant == "hand":
        in_hand = _counts(settings, {} if hand is None else hand, "hand")
    elif hand is not None:
        raise HandNotInVariant()
    entry = Entry(stack, in_hand, card_lists)
    total = sum(entry.taken(name) for name in settings.players)
    if total > settings.bound:
        raise DealOverBound(total=total, bound=settings.bound)
    return entry


def score_deal(settings: Settings, entry: Entry) -> dict[str, int]:
    """What each player's deal counts: hand bullheads double, then Virgin doubling.

    >>> s = make_settings(["A", "B", "C"], virgin_doubling=True)
    >>> score_deal(s, make_entry(s, {"A": 0, "B": 3, "C": 0}))
    {'A': 0, 'B': 6, 'C': 0}
    """
    hand = entry.hand or {}
    scores = {n: entry.bullheads[n] + 2 * hand.get(n, 0) for n in settings.players}
    virgins = [n for n in settings.players if entry.taken(n) == 0]
    if settings.virgin_doubling and virgins:
        scores = {n: s if n in virgins else 2 * s for n, s in scores.items()}
    return scores


@dataclass(frozen=True)
class Event:
    """One line of a game's log: a new deal or a correction of deal ``number``."""

    kind: str
    number: int
    entry: Entry


@dataclass(frozen=True)
class DealRow:
    """A deal as the score sheet shows it, with the running totals after it."""

    number: int
    entry: Entry
    scores: dict[str, int]
    totals: dict[str, int]
    corrections: int


@dataclass(frozen=True)
class GameState:
    settings: Settings
    deals: tuple[DealRow, ...]
    totals: dict[str, int]
    finished: bool
    winners: tuple[str, ...]
    leaders: tuple[str, ...]
    """Players with the fewest bullheads so far (empty before the first deal)."""

    @property
    def next_number(self) -> int:
        return len(self.deals) + 1


def replay(settings: Settings, events: Sequence[Event]) -> GameState:
    """Derive the game from its log: latest value of each deal, totals, end, winners."""
    entries: dict[int, Entry] = {}
    corrected: Counter[int] = Counter()
    for event in events:
        if event.kind == "deal":
            if event.number != len(entries) + 1:
                raise DealNumberSkipped(number=event.number, expected=len(entries) + 1)
            entries[event.number] = event.entry
        else:
            if event.number not in entries:
                raise NoSuchDeal(number=event.number)
            entries[event.number] = event.entry
            corrected[event.number] += 1
    totals = dict.fromkeys(settings.players, 0)
    rows = []
    for number in sorted(entries):
        scores = score_deal(settings, entries[number])
        totals = {n: totals[n] + scores[n] for n in settings.players}
        rows.append(DealRow(number, entries[number], scores, totals, corrected[number]))
    if settings.fixed_deals is not None:
        finished = len(rows) >= settings.fixed_deals
    else:
        # Totals never go down, so the threshold reached in any deal is still reached now.
        finished = bool(rows) and max(totals.values()) >= (settings.threshold or 0)
    low = min(totals.values())
    leaders = tuple(n for n in settings.players if totals[n] == low) if rows else ()
    return GameState(settings, tuple(rows), totals, finished, leaders if finished else (), leaders)


def check_new_deal(state: GameState, number: int | None) -> int:
    """The number a new deal gets; refuses a finished game and a taken or skipped number."""
    if state.finished:
        raise GameFinished()
    expected = state.next_number
    if number is None:
        return expected
    if number < expected:
        raise DealNumberTaken(number=number, expected=expected)
    if number > expected:
        raise DealNumberSkipped(number=number, expected=expected)
    return number


def check_correction(state: GameState, number: int) -> None:
    if not any(row.number == number for row in state.deals):
        raise NoSuchDeal(number=number)
