"""One deal of a scored game: the game's settings, a deal's entry (both checked), its scores.

>>> s = make_settings(["Ann", "Bob"], variant="tactics")
>>> s.variant, s.deck.max_card, s.bound
(<GameVariant.TACTICS: 'tactics'>, 24, 34)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .cards import BULLHEADS, Deck
from .limits import (
    DEFAULT_THRESHOLD,
    MAX_FIXED_DEALS,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_THRESHOLD,
    MIN_PLAYERS,
    ROWS,
    tactics_max_card,
)
from .scoring_errors import (
    BadBullheads,
    BadCard,
    BadFixedDeals,
    BadPlayerName,
    BadThreshold,
    CardOutsideDeck,
    CardTakenTwice,
    DealOverBound,
    DuplicatePlayer,
    EntryKind,
    HandNotInVariant,
    MissingPlayerValue,
    PlayerCount,
    UnknownGameVariant,
    UnknownPlayer,
)


class GameVariant(StrEnum):
    """The variants a game is scored in: which deck bounds a deal, and whether hands count.

    Stored and sent as the plain string, which the member equals.
    """

    BASIC = "basic"
    TACTICS = "tactics"
    """Cards 1 to 10·n + 4 (also Logic and Tournament)."""
    DOUBLE = "double"
    """Two decks."""
    HAND = "hand"
    """A deal also carries the bullheads left in each hand, which count double."""


_GAME_VARIANTS = frozenset(GameVariant)


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
    variant: GameVariant = GameVariant.BASIC
    """Which deck bounds a deal; in Hand a deal adds hand bullheads."""

    @property
    def deck(self) -> Deck:
        if self.variant == GameVariant.TACTICS:
            return Deck(tactics_max_card(len(self.players)))
        return Deck(copies=2 if self.variant == GameVariant.DOUBLE else 1)

    @property
    def bound(self) -> int:
        """Most bullheads one deal can hand out: one card at least stays in each row.

        >>> make_settings(["A", "B"]).bound, make_settings(["A", "B"], variant="double").bound
        (167, 338)
        """
        return self.deck.total_bullheads - ROWS


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
    variant: object = GameVariant.BASIC,
) -> Settings:
    """Validated settings; raises a :class:`ScoringError` naming the first problem."""
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise PlayerCount(count=0)
    names: list[str] = []
    for raw in players:
        name = raw.strip() if isinstance(raw, str) else ""
        if not name or len(name) > MAX_NAME:
            raise BadPlayerName(player=raw, limit=MAX_NAME)
        if name.casefold() in (n.casefold() for n in names):
            raise DuplicatePlayer(player=name)
        names.append(name)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise PlayerCount(count=len(names))
    if not isinstance(variant, str) or variant not in _GAME_VARIANTS:
        raise UnknownGameVariant(variant=variant)
    game_variant = GameVariant(variant)
    if fixed_deals is not None:
        deals = _whole(fixed_deals)
        if deals is None or not 1 <= deals <= MAX_FIXED_DEALS:
            raise BadFixedDeals(value=fixed_deals, limit=MAX_FIXED_DEALS)
        return Settings(tuple(names), None, deals, bool(virgin_doubling), game_variant)
    limit = _whole(DEFAULT_THRESHOLD if threshold is None else threshold)
    if limit is None or not 1 <= limit <= MAX_THRESHOLD:
        raise BadThreshold(value=threshold, limit=MAX_THRESHOLD)
    return Settings(tuple(names), limit, None, bool(virgin_doubling), game_variant)


@dataclass(frozen=True)
class Entry:
    """One deal as entered: bullheads per player (the stack), and in Hand the hand."""

    bullheads: dict[str, int]
    hand: dict[str, int] | None = None
    cards: dict[str, tuple[int, ...]] | None = None
    """The cards each player took, when the deal was entered as cards."""

    def entered(self, player: str) -> int:
        """Bullheads as entered for ``player``: stack plus hand."""
        return self.bullheads[player] + (self.hand or {}).get(player, 0)


def _per_player(settings: Settings, values: object, part: str) -> dict[str, object]:
    if not isinstance(values, Mapping):
        raise MissingPlayerValue(player=settings.players[0], part=part)
    for name in values:
        if name not in settings.players:
            raise UnknownPlayer(player=name)
    for name in settings.players:
        if name not in values:
            raise MissingPlayerValue(player=name, part=part)
    return {name: values[name] for name in settings.players}


def _counts(settings: Settings, values: object, part: str) -> dict[str, int]:
    counted = {}
    for name, value in _per_player(settings, values, part).items():
        number = _whole(value)
        if number is None or number < 0:
            raise BadBullheads(player=name, value=value)
        counted[name] = number
    return counted


def checked_cards(settings: Settings, cards: object) -> dict[str, tuple[int, ...]]:
    """Each player's cards, checked against the deck: none outside it, none too often."""
    deck = settings.deck
    checked: dict[str, tuple[int, ...]] = {}
    seen: Counter[int] = Counter()
    for name, value in _per_player(settings, cards, "cards").items():
        if not isinstance(value, list | tuple):
            raise BadCard(player=name, value=value)
        numbers = []
        for item in value:
            card = _whole(item)
            if card is None:
                raise BadCard(player=name, value=item)
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
        card_lists = checked_cards(settings, cards)
        stack = {name: sum(BULLHEADS[c] for c in taken) for name, taken in card_lists.items()}
    else:
        stack = _counts(settings, bullheads, "bullheads")
    in_hand = None
    if settings.variant == GameVariant.HAND:
        in_hand = _counts(settings, {} if hand is None else hand, "hand")
    elif hand is not None:
        raise HandNotInVariant()
    entry = Entry(stack, in_hand, card_lists)
    total = sum(entry.entered(name) for name in settings.players)
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
    virgins = [n for n in settings.players if entry.entered(n) == 0]
    if settings.virgin_doubling and virgins:
        scores = {n: s if n in virgins else 2 * s for n, s in scores.items()}
    return scores
