"""Resolving a turn: every revealed card placed, by which rule, and who takes what.

One loop serves every variant; a variant changes only the order the cards are placed in
(lowest first, lowest player first in Nifty, as given in Hand) and where a single card
may go (:func:`_target`): to the right of a row's end card, also to the left of its
first card in Professional, or on top of its twin in Double.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import NamedTuple

from . import errors
from .cards import BULLHEADS, Deck
from .table import ROW_LIMIT, ROWS, Table, check_card, check_counts, positions

MAX_PLAYERS = 10
MAX_NAME = 40


class Variant(str, Enum):
    """Placement variants of the booklets (Tactics, Logic, Tournament and Open place as basic)."""

    BASIC = "basic"
    PROFESSIONAL = "professional"
    DOUBLE = "double"
    NIFTY = "nifty"
    HAND = "hand"

    @property
    def cards_per_play(self) -> int:
        return 2 if self is Variant.NIFTY else 1

    @property
    def plays_per_player(self) -> int:
        return 2 if self is Variant.HAND else 1

    @property
    def copies(self) -> int:
        return 2 if self is Variant.DOUBLE else 1


class Rule(IntEnum):
    """How a placement resolved, numbered as the booklet numbers its rules."""

    SMALLEST_DIFFERENCE = 2
    """The card joined the row whose end is closest below it (rule 2)."""
    FULL_ROW = 3
    """The card was the 6th: its player took the 5 cards and starts the row anew (rule 3)."""
    LOWEST_CARD = 4
    """The card fitted no row: its player took a whole row of choice (rule 4)."""


class Side(str, Enum):
    RIGHT = "right"
    LEFT = "left"


class Play(NamedTuple):
    """The card(s) one player revealed: one card, or two in Nifty, in the order laid."""

    player: str
    cards: tuple[int, ...]


class Step(NamedTuple):
    """One card placed."""

    player: str
    card: int
    row: int
    """Row number 1..4 the card ended in."""
    side: Side
    rule: Rule
    taken: tuple[int, ...]
    """Cards the player took in this step (empty unless rule 3 or 4)."""
    bullheads: int
    """Bullheads of ``taken``; for twins sharing a take, this player's half, rounded up."""
    alternatives: tuple[int, ...] | None = None
    """Rule 4 chosen by default: the other rows that were just as cheap. None if chosen."""
    row_bullheads: tuple[int, ...] | None = None
    """Rule 4: each row's bullheads at that moment, so another choice can be offered."""
    shared_with: str | None = None
    """Double: the player whose twin shared this take."""


@dataclass(frozen=True, slots=True)
class Tie:
    """Professional: a right and a left placement at the same difference; the player decides."""

    player: str
    card: int
    options: tuple[tuple[int, Side], ...]
    """``(row, side)`` pairs, row numbered 1..4."""


@dataclass(frozen=True, slots=True)
class Resolution:
    """The outcome of a turn, or of its part up to an unsettled :class:`Tie`."""

    steps: tuple[Step, ...]
    table: Table
    """The rows after the turn (or just before the tied card, if ``tie`` is set)."""
    bullheads: dict[str, int] = field(default_factory=dict)
    """Bullheads each player took this turn, in the order the plays were given."""
    tie: Tie | None = None


def resolve_turn(
    table: Table,
    plays: Sequence[Play],
    variant: Variant | str = Variant.BASIC,
    *,
    max_card: int = 104,
    take: Mapping[str, int] | None = None,
    place: Mapping[str, tuple[int, Side | str]] | None = None,
) -> Resolution:
    """Place every revealed card of one turn.

    ``take`` gives a player's row (1..4) for rule 4; without it the cheapest row is taken,
    the lowest-numbered among equals. ``place`` settles a Professional tie.

    >>> t = Table.from_rows([[30, 36], [37], [43, 44], [58, 61]])
    >>> r = resolve_turn(t, [Play("A", (3,)), Play("B", (9,)), Play("C", (68,))])
    >>> r.steps[0].rule, r.steps[0].row, r.steps[0].taken, r.table.rows[1]
    (<Rule.LOWEST_CARD: 4>, 2, (37,), (3, 9))
    """
    variant = _variant(variant)
    deck = Deck(max_card, variant.copies) if type(max_card) is int and 1 <= max_card <= 104 \
        else _bad_max_card(max_card)
    take = dict(take or {})
    place = dict(place or {})
    order = _validate(table, plays, variant, deck, take, place)
    return _resolve(table, order, variant, take, place, [p.player for p in plays])


def _bad_max_card(value: object) -> Deck:
    if type(value) is not int:
        raise errors.NotACard(value=value, where="max_card")
    raise errors.CardOutOfRange(card=value, max_card=104)


def _variant(value: Variant | str) -> Variant:
    try:
        return Variant(value)
    except ValueError:
        raise errors.UnknownVariant(variant=value) from None


def _validate(
    table: Table,
    plays: Sequence[Play],
    variant: Variant,
    deck: Deck,
    take: dict[str, int],
    place: dict[str, tuple[int, Side | str]],
) -> list[tuple[str, int]]:
    """Check the plays against the table and deck; return ``(player, card)`` in placing order."""
    if not plays:
        raise errors.NoPlays()
    seen: dict[str, int] = {}
    for index, play in enumerate(plays, start=1):
        player, cards = play
        if not isinstance(player, str) or not player.strip():
            raise errors.MissingPlayer(index=index)
        if len(player) > MAX_NAME:
            raise errors.PlayerNameTooLong(player=player, limit=MAX_NAME)
        if not cards:
            raise errors.MissingCard(player=player)
        if len(cards) != variant.cards_per_play:
            raise errors.WrongCardCount(
                player=player, count=len(cards), expected=variant.cards_per_play
            )
        for card in cards:
            check_card(card, deck, player)
        seen[player] = seen.get(player, 0) + 1
        if seen[player] > variant.plays_per_player:
            raise errors.PlayerRepeated(player=player, allowed=variant.plays_per_player)
    if len(seen) > MAX_PLAYERS:
        raise errors.TooManyPlayers(count=len(seen))
    for row in table.rows:
        check_card(row[0], deck, "table")
        check_card(row[-1], deck, "table")
    check_counts([*table.cards(), *(card for play in plays for card in play.cards)], deck)
    for player, row in take.items():
        if player not in seen:
            raise errors.UnknownPlayerChoice(player=player)
        if type(row) is not int or not 1 <= row <= ROWS:
            raise errors.BadRowChoice(player=player, row=row)
    for player, choice in place.items():
        if player not in seen:
            raise errors.UnknownPlayerChoice(player=player)
        row, side = choice
        if type(row) is not int or not 1 <= row <= ROWS:
            raise errors.BadRowChoice(player=player, row=row)
        if side not in (Side.LEFT, Side.RIGHT):
            raise errors.BadPlaceChoice(player=player, card=None)
        place[player] = (row, Side(side))

    if variant is Variant.HAND:
        return [(player, cards[0]) for player, cards in plays]
    if variant is Variant.NIFTY:
        by_lowest = sorted(plays, key=lambda play: min(play.cards))
        return [(player, card) for player, cards in by_lowest for card in cards]
    # sorted() is stable: twins keep the order the plays were given in.
    return sorted(((player, cards[0]) for player, cards in plays), key=lambda pc: pc[1])


def _target(rows: list[list[int]], card: int, variant: Variant) -> list[tuple[int, Side]]:
    """Where ``card`` may go: one ``(index, side)``, two on a Professional tie, none for rule 4.

    In Double, a twin lying at a row's end is returned as ``(index, Side.RIGHT)`` with the
    row's end equal to the card; the caller stacks it there.
    """
    best_index = -1
    best_diff = 1000
    for index in range(ROWS):
        diff = card - rows[index][-1]
        if 0 <= diff < best_diff:
            if diff == 0 and variant is not Variant.DOUBLE:
                continue
            best_index, best_diff = index, diff
    if variant is not Variant.PROFESSIONAL:
        return [] if best_index < 0 else [(best_index, Side.RIGHT)]
    left_index = -1
    left_diff = 1000
    for index in range(ROWS):
        diff = rows[index][0] - card
        if 0 < diff < left_diff:
            left_index, left_diff = index, diff
    options = []
    if best_index >= 0 and best_diff <= left_diff:
        options.append((best_index, Side.RIGHT))
    if left_index >= 0 and left_diff <= best_diff:
        options.append((left_index, Side.LEFT))
    return options


def _resolve(
    table: Table,
    order: list[tuple[str, int]],
    variant: Variant,
    take: dict[str, int],
    place: dict[str, tuple[int, Side]],
    players: list[str],
) -> Resolution:
    rows = [list(row) for row in table.rows]
    steps: list[Step] = []
    scores = dict.fromkeys(players, 0)
    double = variant is Variant.DOUBLE
    for position, (player, card) in enumerate(order):
        if not player:
            continue  # a twin already placed together with the card before it
        options = _target(rows, card, variant)
        if len(options) > 1:
            chosen = place.get(player)
            if chosen is None:
                tie = Tie(player, card, tuple((index + 1, side) for index, side in options))
                return Resolution(tuple(steps), Table(tuple(map(tuple, rows))), scores, tie)
            if (chosen[0] - 1, chosen[1]) not in options:
                raise errors.BadPlaceChoice(player=player, card=card)
            options = [(chosen[0] - 1, chosen[1])]

        if options:
            index, side = options[0]
            row = rows[index]
            if double and row[-1] == card:
                row.append(card)  # on top of its twin: the row does not grow
                step = Step(player, card, index + 1, side, Rule.SMALLEST_DIFFERENCE, (), 0)
            elif (positions(row) if double else len(row)) < ROW_LIMIT:
                if side is Side.LEFT:
                    row.insert(0, card)
                else:
                    row.append(card)
                step = Step(player, card, index + 1, side, Rule.SMALLEST_DIFFERENCE, (), 0)
            else:
                taken = tuple(row)
                rows[index] = [card]
                points = sum([BULLHEADS[c] for c in taken])
                step = Step(player, card, index + 1, side, Rule.FULL_ROW, taken, points)
        else:
            costs = tuple(sum([BULLHEADS[c] for c in row]) for row in rows)
            if player in take:
                index = take[player] - 1
                alternatives = None
            else:
                cheapest = min(costs)
                index = costs.index(cheapest)
                alternatives = tuple(
                    i + 1 for i, cost in enumerate(costs) if cost == cheapest and i != index
                )
            taken = tuple(rows[index])
            rows[index] = [card]
            step = Step(
                player, card, index + 1, Side.RIGHT, Rule.LOWEST_CARD,
                taken, costs[index], alternatives, costs,
            )

        if double and step.taken and _twin_follows(order, position, card):
            twin = order[position + 1][0]
            share = (step.bullheads + 1) // 2
            step = step._replace(bullheads=share, shared_with=twin)
            steps.append(step)
            scores[player] += share
            rows[index].append(card)
            steps.append(
                Step(twin, card, index + 1, Side.RIGHT, step.rule, step.taken, share,
                     shared_with=player)
            )
            scores[twin] += share
            order[position + 1] = ("", card)
            continue
        steps.append(step)
        scores[player] += step.bullheads
    return Resolution(tuple(steps), Table(tuple(map(tuple, rows))), scores)


def _twin_follows(order: list[tuple[str, int]], position: int, card: int) -> bool:
    return position + 1 < len(order) and order[position + 1][1] == card
