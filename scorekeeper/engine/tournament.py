"""Tournament (Variant 3) rules, pure: checking hands, the schedule, the standings.

Players are listed in seating order, clockwise: ``players[i + 1]`` sits to the left of
``players[i]``. Each sheet starts with its owner and passes to the left after every game,
so in game ``g`` (1-based) the hand of ``players[i]`` is played by
``players[(i + g - 1) % n]``; after ``n`` games everyone has played every hand once.

>>> schedule(["Ann", "Bob", "Cas"])[1]
{'Ann': 'Bob', 'Bob': 'Cas', 'Cas': 'Ann'}
>>> sheet_order(["Ann", "Bob", "Cas", "Dirk"], "Cas")
['Cas', 'Dirk', 'Ann', 'Bob']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import Deck
from .errors import (
    BadName,
    BadPlayerName,
    BadPoints,
    CardInTwoHands,
    CardRepeated,
    HandCardOutOfRange,
    HandNotACard,
    MissingHand,
    NameRepeated,
    PointsTooHigh,
    UnknownOwner,
    WrongHandSize,
    WrongPlayerCount,
)
from .limits import (
    HAND_SIZE,
    MAX_NAME,
    MIN_PLAYERS,
    ROWS,
    TOURNAMENT_MAX_PLAYERS,
    tactics_max_card,
)
from .names import name_key, normal_name, plain_name

__all__ = [
    "HAND_SIZE", "TOURNAMENT_MAX_PLAYERS",
    "check_game_points", "check_hands", "check_players", "hands_played", "max_card",
    "points_limit", "schedule", "sheet_order", "standings", "starting_rows", "winners",
]


def check_players(names: Sequence[object]) -> list[str]:
    """Names in seating order, made and checked as every player's name is (:mod:`.names`):
    2 to 5 names of 1 to 40 characters, distinct without regard to case."""
    if not MIN_PLAYERS <= len(names) <= TOURNAMENT_MAX_PLAYERS:
        raise WrongPlayerCount(count=len(names))
    players: list[str] = []
    keys: set[str] = set()
    for index, raw in enumerate(names, start=1):
        try:
            name = normal_name(raw, MAX_NAME)
        except BadPlayerName:
            raise BadName(index=index, limit=MAX_NAME) from None
        if name_key(name) in keys:
            raise NameRepeated(player=name)
        keys.add(name_key(name))
        players.append(name)
    return players


def max_card(players: Sequence[str]) -> int:
    """Highest card in play: 10 per player plus 4 (Tactics)."""
    return tactics_max_card(len(players))


def check_hands(players: Sequence[str], hands: Mapping[str, object]) -> dict[str, list[int]]:
    """Each player's hand, sorted, after checking it against the Tactics deck.

    >>> check_hands(["A", "B"], {"A": list(range(1, 11)), "B": list(range(11, 21))})["B"][:3]
    [11, 12, 13]
    """
    owners = {plain_name(owner) if isinstance(owner, str) else owner: hand
              for owner, hand in hands.items()}  # keyed as the names were made
    for owner in owners:
        if owner not in players:
            raise UnknownOwner(player=owner)
    hands = owners
    highest = max_card(players)
    holder: dict[int, str] = {}
    checked: dict[str, list[int]] = {}
    for player in players:
        hand = hands.get(player)
        if hand is None:
            raise MissingHand(player=player)
        if not isinstance(hand, list | tuple):
            raise HandNotACard(player=player)
        for card in hand:
            if isinstance(card, bool) or not isinstance(card, int):
                raise HandNotACard(player=player)
        for card in hand:
            if not 1 <= card <= highest:
                raise HandCardOutOfRange(player=player, card=card, max_card=highest,
                                         count=len(players))
        seen: set[int] = set()
        for card in hand:
            if card in seen:
                raise CardRepeated(player=player, card=card)
            seen.add(card)
        if len(hand) != HAND_SIZE:
            raise WrongHandSize(player=player, count=len(hand))
        for card in hand:
            if card in holder:
                raise CardInTwoHands(card=card, first=holder[card], second=player)
            holder[card] = player
        checked[player] = sorted(hand)
    return checked


def starting_rows(players: Sequence[str], hands: Mapping[str, Sequence[int]]) -> list[int]:
    """The cards nobody picked (one for each row): they start the rows.

    >>> starting_rows(["A", "B"], {"A": list(range(1, 11)), "B": list(range(13, 23))})
    [11, 12, 23, 24]
    """
    taken = {card for hand in hands.values() for card in hand}
    return [card for card in range(1, max_card(players) + 1) if card not in taken]


def sheet_order(players: Sequence[str], owner: str) -> list[str]:
    """Who plays ``owner``'s hand, game by game: the owner, then clockwise."""
    start = list(players).index(owner)
    return [players[(start + step) % len(players)] for step in range(len(players))]


def schedule(players: Sequence[str]) -> list[dict[str, str]]:
    """For each game, hand owner -> the player who plays that hand."""
    n = len(players)
    return [{players[i]: players[(i + game) % n] for i in range(n)} for game in range(n)]


def hands_played(players: Sequence[str]) -> list[dict[str, str]]:
    """For each game, player -> the owner of the hand they play (the schedule turned round).

    >>> hands_played(["Ann", "Bob", "Cas"])[1]
    {'Ann': 'Cas', 'Bob': 'Ann', 'Cas': 'Bob'}
    """
    turned = [{holder: owner for owner, holder in game.items()} for game in schedule(players)]
    return [{player: game[player] for player in players} for game in turned]


def points_limit(players: Sequence[str]) -> int:
    """Most minus points one game can hand out: all bullheads in play but one card a row."""
    return Deck(max_card(players)).total_bullheads - ROWS


def check_game_points(players: Sequence[str], points: Mapping[str, object]) -> dict[str, int]:
    """Minus points per sheet (keyed by hand owner) for one game."""
    checked: dict[str, int] = {}
    for owner in players:
        value = points.get(owner)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise BadPoints(player=owner)
        checked[owner] = value
    total = sum(checked.values())
    if total > points_limit(players):
        raise PointsTooHigh(total=total, limit=points_limit(players))
    return checked


def standings(
    players: Sequence[str], games: Mapping[int, Mapping[str, int]]
) -> list[tuple[str, int]]:
    """(player, total) from lowest to highest; ``games`` maps game number -> sheet points.

    In game 2 B plays A's sheet (1 point) and A plays B's sheet (2 points):

    >>> standings(["A", "B"], {1: {"A": 5, "B": 0}, 2: {"A": 1, "B": 2}})
    [('B', 1), ('A', 7)]
    """
    plan = schedule(players)
    totals = dict.fromkeys(players, 0)
    for number, sheet_points in games.items():
        for owner, value in sheet_points.items():
            totals[plan[number - 1][owner]] += value
    return sorted(totals.items(), key=lambda item: (item[1], players.index(item[0])))


def winners(players: Sequence[str], games: Mapping[int, Mapping[str, int]]) -> list[str]:
    """Players with the lowest total once every game is entered (shared on a tie)."""
    if len(games) < len(players):
        return []
    table = standings(players, games)
    best = table[0][1]
    return [name for name, total in table if total == best]
