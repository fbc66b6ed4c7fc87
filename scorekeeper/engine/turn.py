"""Resolving a turn: every revealed card placed, by which rule, and who takes what.

A variant changes the order the cards are placed in (lowest first; lowest player first in
Nifty; as given in Hand, see :mod:`.turn_checks`) and where a single card may go: to the
right of a row's end card, also to the left of its first card in Professional, or on top
of its twin in Double. Single-deck variants that only place right take a fast path; a
property test checks that it places exactly like the general loop.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence

from . import errors
from .cards import BULLHEADS, Deck
from .limits import MAX_CARD
from .model import Play, Resolution, Rule, Side, Step, Tie, Variant
from .table import Table, positions, trusted_table
from .turn_checks import Order, checked_choices, checked_deck, checked_order, checked_variant

# Looked up once: attribute access on an Enum class costs about 0.1 µs in the hot loop,
# and a Step or Resolution built with tuple.__new__ skips NamedTuple's Python-level __new__.
_DOUBLE, _PRO = Variant.DOUBLE, Variant.PROFESSIONAL
_RIGHT, _LEFT = Side.RIGHT, Side.LEFT
_PLACED, _FULL_ROW, _LOWEST = Rule.SMALLEST_DIFFERENCE, Rule.FULL_ROW, Rule.LOWEST_CARD
_new = tuple.__new__
_bullheads = BULLHEADS.__getitem__


def resolve_turn(
    table: Table,
    plays: Sequence[Play],
    variant: Variant | str = Variant.BASIC,
    *,
    max_card: int = MAX_CARD,
    take: Mapping[str, int] | None = None,
    place: Mapping[str, tuple[int, Side | str]] | None = None,
) -> Resolution:
    """Place every revealed card of one turn.

    ``take`` gives a player's row (1..r, r the table's rows) for rule 4; without it the
    cheapest row is taken, the lowest-numbered among equals. ``place`` settles a Professional tie.

    >>> t = Table.from_rows([[30, 36], [37], [43, 44], [58, 61]])
    >>> r = resolve_turn(t, [Play("A", (3,)), Play("B", (9,)), Play("C", (68,))])
    >>> r.steps[0].rule, r.steps[0].row, r.steps[0].taken, r.table.rows[1]
    (<Rule.LOWEST_CARD: 4>, 2, (37,), (3, 9))
    >>> r.steps[2].neighbour, r.steps[2].difference
    (61, 7)
    """
    variant = checked_variant(variant)
    deck = checked_deck(max_card, variant)
    order = checked_order(table, plays, variant, deck)
    rows_taken, places = checked_choices(plays, take, place, len(table.rows))
    players = [play[0] for play in plays]
    if variant is _PRO or variant is _DOUBLE:
        return _resolve_general(table, order, variant, rows_taken, places, players, deck)
    return _resolve_single(table, order, rows_taken, players, deck)


def _resolve_single(
    table: Table, order: Order, take: dict[str, int], players: list[str], deck: Deck
) -> Resolution:
    """Basic, Nifty and Hand: one deck, cards only go right. The engine's hot path.

    ``ends`` holds the end cards in ascending order and ``row_of`` their row indexes, so the
    row a card joins is found by bisection. Placing a card after the end just below it
    keeps that order; a rule-4 card is lower than every end and moves its row to the front.
    """
    rows = list(map(list, table.rows))
    limit = table.takes_at - 1
    ends = [row[-1] for row in rows]
    row_of = sorted(range(len(rows)), key=ends.__getitem__)
    ends.sort()
    steps: list[Step] = []
    scores = dict.fromkeys(players, 0)
    for player, card in order:
        at = bisect_left(ends, card) - 1
        if at < 0:
            index, step = _lowest_card(rows, player, card, take.get(player))
            scores[player] += step.bullheads
            at = row_of.index(index)
            del ends[at], row_of[at]
            ends.insert(0, card)
            row_of.insert(0, index)
        else:
            index = row_of[at]
            end = ends[at]
            ends[at] = card
            row = rows[index]
            if len(row) < limit:
                row.append(card)
                step = _new(Step, (
                    player, card, index + 1, _RIGHT, _PLACED, (), 0, None, None, None,
                    end, card - end,
                ))
            else:
                taken = tuple(row)
                rows[index] = [card]
                points = sum(map(_bullheads, taken))
                scores[player] += points
                step = _new(Step, (
                    player, card, index + 1, _RIGHT, _FULL_ROW, taken, points, None, None, None,
                    end, card - end,
                ))
        steps.append(step)
    after = trusted_table(tuple(map(tuple, rows)), deck, table.takes_at)
    return _new(Resolution, (tuple(steps), after, scores, None))


def _resolve_general(
    table: Table,
    order: Order,
    variant: Variant,
    take: dict[str, int],
    place: dict[str, tuple[int, Side]],
    players: list[str],
    deck: Deck,
) -> Resolution:
    """Professional (left placements, ties) and Double (stacked twins, shared takes)."""
    rows = [list(row) for row in table.rows]
    limit = table.takes_at - 1
    steps: list[Step] = []
    scores = dict.fromkeys(players, 0)
    double = variant is _DOUBLE
    for position, (player, card) in enumerate(order):
        if not player:
            continue  # a twin already placed together with the card before it
        options = _targets(rows, card, variant)
        if len(options) > 1:
            chosen = place.get(player)
            if chosen is None:
                tie = Tie(player, card, tuple((i + 1, side) for i, side in options))
                now = trusted_table(tuple(map(tuple, rows)), deck, table.takes_at)
                return Resolution(tuple(steps), now, scores, tie)
            if (chosen[0] - 1, chosen[1]) not in options:
                raise errors.BadPlaceChoice(player=player, card=card)
            options = [(chosen[0] - 1, chosen[1])]

        if not options:
            index, step = _lowest_card(rows, player, card, take.get(player))
        else:
            index, side = options[0]
            row = rows[index]
            # The card it was placed against: the end card, or the first card on the left.
            neighbour = row[-1] if side is _RIGHT else row[0]
            difference = abs(card - neighbour)
            if double and row[-1] == card:
                row.append(card)  # on top of its twin: the row does not grow
                step = Step(player, card, index + 1, side, _PLACED, (), 0,
                            neighbour=neighbour, difference=difference)
            elif (positions(row) if double else len(row)) < limit:
                if side is _RIGHT:
                    row.append(card)
                else:
                    row.insert(0, card)
                step = Step(player, card, index + 1, side, _PLACED, (), 0,
                            neighbour=neighbour, difference=difference)
            else:
                taken = tuple(row)
                rows[index] = [card]
                points = sum(map(_bullheads, taken))
                step = Step(player, card, index + 1, side, _FULL_ROW, taken, points,
                            neighbour=neighbour, difference=difference)

        twin_follows = position + 1 < len(order) and order[position + 1][1] == card
        if double and step.taken and twin_follows:
            # Twins revealed together: the twin lies on top, and the take is shared.
            twin = order[position + 1][0]
            order[position + 1] = ("", card)
            rows[index].append(card)
            share = (step.bullheads + 1) // 2
            steps.append(step._replace(bullheads=share, shared_with=twin))
            steps.append(Step(twin, card, index + 1, _RIGHT, step.rule, step.taken, share,
                              shared_with=player))
            scores[player] += share
            scores[twin] += share
            continue
        steps.append(step)
        scores[player] += step.bullheads
    after = trusted_table(tuple(map(tuple, rows)), deck, table.takes_at)
    return Resolution(tuple(steps), after, scores)


def _targets(rows: list[list[int]], card: int, variant: Variant) -> list[tuple[int, Side]]:
    """Where ``card`` may go: one ``(index, side)``, two on a Professional tie, none for rule 4.

    In Double a twin lying at a row's end counts as a right placement at difference 0, which
    nothing beats; the caller sees the equal end card and stacks the card on it.
    """
    lowest = 0 if variant is _DOUBLE else 1
    right_index, right_diff = -1, MAX_CARD  # more than any difference
    for index, row in enumerate(rows):
        diff = card - row[-1]
        if lowest <= diff < right_diff:
            right_index, right_diff = index, diff
    if variant is not _PRO:
        return [] if right_index < 0 else [(right_index, _RIGHT)]
    left_index, left_diff = -1, MAX_CARD
    for index, row in enumerate(rows):
        diff = row[0] - card
        if 0 < diff < left_diff:
            left_index, left_diff = index, diff
    options = []
    if right_index >= 0 and right_diff <= left_diff:
        options.append((right_index, _RIGHT))
    if left_index >= 0 and left_diff <= right_diff:
        options.append((left_index, _LEFT))
    return options


def _lowest_card(
    rows: list[list[int]], player: str, card: int, chosen: int | None
) -> tuple[int, Step]:
    """Rule 4: take the chosen row, or by default the cheapest (lowest number among equals)."""
    costs = tuple([sum(map(_bullheads, row)) for row in rows])
    if chosen is not None:
        index = chosen - 1
        alternatives = None
    else:
        cheapest = min(costs)
        index = costs.index(cheapest)
        alternatives = tuple(
            i + 1 for i, cost in enumerate(costs) if cost == cheapest and i != index
        )
    taken = tuple(rows[index])
    rows[index] = [card]
    step = Step(player, card, index + 1, _RIGHT, _LOWEST, taken, costs[index],
                alternatives, costs)
    return index, step
