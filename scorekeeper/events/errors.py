"""The refusals of a club event that belong to the feature: its name, rounds and seed,
seating a round, who may change the event, the director's remedies at a table, and the
event file. The engine's own refusals judge the rest: a name
(``BadPlayerName``), the list (``EventPlayerCount``, ``NameRepeated``) and the games'
settings.
"""

from __future__ import annotations

from ..engine.errors import N_, Nn_, RulesError
from ..engine.limits import (
    MAX_EVENT_CHANGES,
    MAX_EVENT_NAME,
    MAX_EVENT_NAMES,
    MAX_EVENT_ROUNDS,
)
from ..web.errors import FileProblem

#: A seed is stored as SQLite's integer.
MAX_SEED = 2**63 - 1
#: A table's total typed from a paper sheet: far above any game's end.
MAX_PAPER_TOTAL = 9999
#: The largest event file read back: the largest body the server takes.
MAX_EVENT_FILE = 256 * 1024
#: A season number a player gives: short enough to say aloud and type on a phone.
MAX_SEASON_NUMBER = 999999


class NoSuchEvent(RulesError):
    status = 404
    template = N_("There is no such event.")


class EventNotAnObject(RulesError):
    template = N_("Send the event as a JSON object.")


class BadEventName(RulesError):
    """The event's name is not text of 1 to ``limit`` characters after trimming."""

    template = N_("The event needs a name of 1 to %(limit)s characters.")
    limit: int = MAX_EVENT_NAME


class BadRounds(RulesError):
    template = N_("The number of event rounds must be a whole number from 1 to %(limit)s, "
                  "not “%(value)s”.")
    value: object
    limit: int = MAX_EVENT_ROUNDS


class BadSeed(RulesError):
    template = N_("The seed must be a whole number, 0 or more, not “%(value)s”.")
    value: object


class RoundStillPlaying(RulesError):
    """A round is seated only once every game seated before has ended."""

    status = 409
    template = Nn_("Event round %(round)s is still being played at %(tables)s table: the "
                   "next event round is seated when every game has ended.",
                   "Event round %(round)s is still being played at %(tables)s tables: the "
                   "next event round is seated when every game has ended.", "tables")
    round: int
    tables: int
    """How many of that round's tables are still playing."""


class RoundAlreadySeated(RulesError):
    """Two requests seated the same round at once; the first one counts."""

    status = 409
    template = N_("Event round %(round)s has just been seated (perhaps on another phone).")
    round: int


class AllRoundsSeated(RulesError):
    """Every round the event has was seated: none left to seat, join or leave."""

    status = 409
    template = N_("All %(rounds)s event rounds have been seated: there is no event round "
                  "left to seat or to join.")
    rounds: int


class TooFewToSeat(RulesError):
    status = 409
    template = N_("Only %(count)s players are still in the event; an event round needs at "
                  "least 6.")
    count: int


class PlayerAlreadyOut(RulesError):
    status = 409
    template = N_("%(player)s has already left the event.")
    player: str


class PlayerNotOut(RulesError):
    """Taking back a leaving that is not the player's last change of the event."""

    status = 409
    template = N_("%(player)s has not left the event: there is nothing to take back.")
    player: str


class TooLateToUndo(RulesError):
    """A player's leaving is taken back only until the next round is seated."""

    status = 409
    template = N_("Event round %(round)s has been seated without %(player)s: add them again "
                  "as a late arrival.")
    player: str
    round: int


class NoPlayerChosen(RulesError):
    """The leaving form sent without a player chosen (the list starts on no name)."""

    template = N_("Choose the player who leaves.")


# --- Who may change an event -------------------------------------------------------------


class DirectorOnly(RulesError):
    """A change to an event without its director's key (docs/api.md, Club events)."""

    status = 403
    template = N_("Only the director of “%(event)s” can change it. The director's page has a "
                  "link and a QR code that make another device a director too.")
    event: str


class RoundClosed(RulesError):
    """A table's game after its event round closed: the next round has been seated."""

    status = 403
    template = N_("Event round %(round)s of “%(event)s” is over: only the event's director "
                  "can change the game of table %(table)s now.")
    event: str
    round: int
    table: int


class EventGame(RulesError):
    """A table's game cannot be deleted, nor its settings changed, from its sheet."""

    status = 409
    template = N_("This game is played at a table of the event “%(event)s”: it cannot be "
                  "deleted and its settings cannot change. The event's director can replace "
                  "it.")
    event: str


class NotInTheEvent(RulesError):
    """"New game, same players" at a table of an event: the game would not count in it."""

    status = 409
    template = N_("This game is played at table %(table)s of “%(event)s”, event round "
                  "%(round)s: a new game with the same players would not count in the event. "
                  "The event's director seats the next round.")
    event: str
    round: int
    table: int


class GameReplaced(RulesError):
    """The director replaced this game; it is kept as it was and no longer counts."""

    status = 409
    template = N_("The director of “%(event)s” replaced this game of table %(table)s, event "
                  "round %(round)s: it is kept as it was, and no longer counts.")
    event: str
    round: int
    table: int


class PlayedOnPaper(RulesError):
    """The director typed the table's totals from its paper sheet; the game is kept."""

    status = 409
    template = N_("The director of “%(event)s” typed the totals of table %(table)s, event "
                  "round %(round)s, from its paper sheet: this game no longer counts.")
    event: str
    round: int
    table: int


class NotADirectorLink(RulesError):
    """The director's page opened with a key that is not this event's."""

    status = 403
    template = N_("This is not the director's link of “%(event)s”: ask the event's director "
                  "for the link, or scan the QR code on the director's page.")
    event: str


class EventHasDirector(RulesError):
    """An event started before directors had keys is claimed, but a key exists."""

    status = 409
    template = N_("This event has a director's key already: ask its director for the link.")


# --- The director's remedies at a table --------------------------------------------------


class NoSuchTable(RulesError):
    status = 404
    template = N_("Event round %(round)s has no table %(table)s.")
    round: int
    table: int


class NothingToReopen(RulesError):
    """Re-opening a table whose sheet takes changes already."""

    status = 409
    template = N_("Table %(table)s of event round %(round)s takes changes from its score "
                  "sheet already: there is nothing to re-open.")
    round: int
    table: int


class NothingToPutBack(RulesError):
    """Putting back a table's earlier game when its game was never replaced."""

    status = 409
    template = N_("The game of table %(table)s, event round %(round)s, was never replaced: "
                  "there is no earlier game to put back.")
    round: int
    table: int


class NotReopened(RulesError):
    """Closing a table that was not re-opened."""

    status = 409
    template = N_("Table %(table)s of event round %(round)s was not re-opened: there is "
                  "nothing to close.")
    round: int
    table: int


class BadPaperTotal(RulesError):
    """A total typed from a paper sheet is not a number of bullheads."""

    template = N_("The total of %(player)s must be a whole number of bullheads from 0 to "
                  "%(limit)s, not “%(value)s”.")
    player: str
    value: object
    limit: int = MAX_PAPER_TOTAL


class MissingPaperTotal(RulesError):
    """A player of the table has no total typed."""

    template = N_("Type the total of %(player)s as the paper sheet has it.")
    player: str


class PlayerNotAtTable(RulesError):
    """Totals for a player of the event who sits at another table."""

    template = N_("%(player)s does not play at table %(table)s of event round %(round)s.")
    player: str
    round: int
    table: int


# --- How many names and changes an event holds -------------------------------------------


class EventFull(RulesError):
    status = 409
    template = N_("This event holds %(limit)s names already, players who left included: no "
                  "new name can join.")
    limit: int = MAX_EVENT_NAMES


class EventChangesFull(RulesError):
    status = 409
    template = N_("Players have joined and left this event %(limit)s times, the most one "
                  "event keeps.")
    limit: int = MAX_EVENT_CHANGES


# --- The event as one file ---------------------------------------------------------------


class NotAnEventFile(RulesError):
    template = N_("This is not an event file exported by this app.")


class EventFileTooLarge(RulesError):
    template = N_("This event file is larger than %(limit)s KB.")
    limit: int = MAX_EVENT_FILE // 1024


class EventFileField(RulesError):
    """A field of the event file is missing, has another JSON type, or holds a value the
    app never writes there (``field``: its path, ``tables[3].paper``)."""

    template = N_("In this event file, “%(field)s” is not as this app writes it.")
    field: str


class BadSeasonNumber(RulesError):
    """A player's season number, given when they join an event."""

    template = N_("A season number is a whole number from 1 to %(limit)s, not “%(value)s”.")
    value: object
    limit: int = MAX_SEASON_NUMBER


class NumberRepeated(RulesError):
    template = N_("“%(player)s” and “%(other)s” both give the season number %(number)s: a "
                  "number is one player's.")
    number: int
    player: object
    other: object


class NotInASeason(RulesError):
    """``venue`` or ``kind`` sent without ``season``."""

    template = N_("“venue” and “kind” belong to an event of a championship season: send "
                  "“season” too.")


# --- An event file replayed (events/replay.py): the sentence names what does not add up ---


class FileTableWrong(RulesError):
    """The reader refused a table's game: a deal missing, doubled or out of bounds."""

    template = N_("In this event file, the game at table %(table)s of event round "
                  "%(round)s is not as this app writes it: a deal is missing, doubled or "
                  "beyond what the cards allow.")
    round: object
    table: object


class FileTableUnfinished(RulesError):
    template = N_("In this event file, the game at table %(table)s of event round "
                  "%(round)s has not ended: send the file once every game has ended.")
    round: int
    table: int


class FileRoundsLeft(RulesError):
    template = N_("This event file's event has played %(played)s of its %(rounds)s event "
                  "rounds: send the file once every event round has been played.")
    played: int
    rounds: int


class FileWithoutResults(RulesError):
    """A file from before files carried their results, or one whose results were cut."""

    template = N_("This event file holds no standings or no totals of its tables: download "
                  "it again from the director's page of the finished event.")


class FileTotalWrong(RulesError):
    template = N_("In this event file, %(player)s's total at table %(table)s of event round "
                  "%(round)s is %(stated)s, but the game's deals add up to %(replayed)s.")
    round: int
    table: int
    player: str
    stated: object
    replayed: int


class FileStandingWrong(RulesError):
    template = N_("In this event file's standings, the line of %(player)s does not follow "
                  "from the games: replayed, %(player)s is in place %(rank)s with %(points)s "
                  "points from %(games)s games.")
    player: str
    rank: int
    points: object
    games: int


class FileStandingStranger(RulesError):
    template = N_("This event file's standings list %(player)s, who is not a player of its "
                  "event, or list a player twice.")
    player: str


# --- What a championship asks of an event ------------------------------------------------

#: A reason the director gives for changing a signed result, in characters.
MAX_REASON = 300


class NoSignOff(RulesError):
    """Signing a table of an event that does not ask its tables to sign."""

    status = 409
    template = N_("The tables of “%(event)s” do not sign their results: a finished game "
                  "counts at once.")
    event: str


class NotAtTable(RulesError):
    """A sign without the table's game link and without the director's key."""

    status = 403
    template = N_("Only a phone at table %(table)s of event round %(round)s (opened through "
                  "the table's slip) or the director can sign its result.")
    round: int
    table: int


class GameNotOver(RulesError):
    status = 409
    template = N_("The game of table %(table)s, event round %(round)s, has not ended: its "
                  "result is signed once it has.")
    round: int
    table: int


class SameDevice(RulesError):
    """The sign comes from the phone that entered the game's last deal."""

    status = 409
    template = N_("This phone entered the last change to the game of table %(table)s: "
                  "another player's phone at the table, or the director, signs its result.")
    round: int
    table: int


class AlreadySigned(RulesError):
    status = 409
    template = N_("The result of table %(table)s, event round %(round)s, has been signed "
                  "already.")
    round: int
    table: int


class TableSignedOff(RulesError):
    """A change to a signed table's game from its slip (without the director's key)."""

    status = 409
    template = N_("The result of table %(table)s, event round %(round)s, is signed: only "
                  "the director of “%(event)s” can change it now, and says why.")
    event: str
    round: int
    table: int


class ReasonMissing(RulesError):
    """The director changes a signed result without saying why."""

    template = N_("The result of table %(table)s, event round %(round)s, is signed: say why "
                  "it changes (a reason of 1 to %(limit)s characters).")
    round: int
    table: int
    limit: int = MAX_REASON


class RoundNotSigned(RulesError):
    """The next round waits for every result to be signed."""

    status = 409
    template = Nn_("Event round %(round)s has %(tables)s table whose result awaits its "
                   "signature: the next event round is seated once every result is signed.",
                   "Event round %(round)s has %(tables)s tables whose results await their "
                   "signature: the next event round is seated once every result is signed.",
                   "tables")
    round: int
    tables: int


class KnockoutTooFew(RulesError):
    status = 409
    template = N_("The knock-out takes the best %(size)s, but only %(count)s players are "
                  "still in the event.")
    size: int
    count: int


# --- The director's tools ----------------------------------------------------------------


class SameName(RulesError):
    template = N_("“%(player)s” is written this way already.")
    player: str


class RenamesFull(RulesError):
    status = 409
    template = N_("Players of this event have been renamed %(limit)s times, the most one "
                  "event keeps.")
    limit: int = MAX_EVENT_CHANGES


class SwapNotSeated(RulesError):
    template = N_("%(player)s does not sit at a table of event round %(round)s.")
    player: str
    round: int


class EventFileProblem(FileProblem):
    """A live check refused something of the event file: its own refusal (a name's
    ``NameHiddenCharacter``, a deal's ``DealUnderBound``, …), with where in the file
    (``place``: the ``field``, the ``change`` of players, the event ``round`` and
    ``table``, a ``replaced`` game, the ``line`` of a game's log)."""

    template = N_("In this event file, %(place)s: %(problem)s")


class EventFileUnknownField(RulesError):
    """A field the app does not write: the file was made or changed by something else."""

    template = N_("In this event file, “%(field)s” is not a field this app writes.")
    field: str


class EventFileNotATime(RulesError):
    """A timestamp of the right shape that names no moment (month 13, 30 February)."""

    template = N_("In this event file, “%(field)s” is %(value)s, a moment that does not "
                  "exist in the calendar.")
    field: str
    value: str


class EventFileNoEnd(RulesError):
    """Neither ``threshold`` nor ``fixed_deals``: the games would not know when they end."""

    template = N_("This event file gives its games neither a limit nor a number of deals.")


class EventFileSeatsAbsent(RulesError):
    """A player sits at a table of a round they were not in the event for: they left
    before it, or joined only later."""

    template = N_("In this event file, %(player)s is not in the event in event round "
                  "%(round)s, yet sits at one of its tables.")
    player: str
    round: int


class SwapSameTable(RulesError):
    template = N_("%(player)s and %(other)s sit at the same table: swap two players of two "
                  "tables.")
    player: str
    other: str


class SwapStarted(RulesError):
    """A swap once either table's game has a deal (or its totals from paper)."""

    status = 409
    template = N_("Table %(table)s of event round %(round)s has begun its game: players are "
                  "swapped only before either table enters a deal.")
    round: int
    table: int


class EventFileMissesPlayer(RulesError):
    """A player of the event at a round sits at none of its tables: a table is missing."""

    template = N_("In this event file, %(player)s plays in event round %(round)s but sits at "
                  "none of its tables: a table is missing.")
    player: str
    round: int


class EventFileSeatedTwice(RulesError):
    template = N_("In this event file, %(player)s sits at two tables of event round "
                  "%(round)s.")
    player: str
    round: int


class EventFileTableSizes(RulesError):
    """A round's tables are not the sizes the app seats that many players at."""

    template = N_("In this event file, event round %(round)s seats %(players)s players at "
                  "tables of %(sizes)s, but the app seats them at tables of %(expected)s.")
    round: int
    players: int
    sizes: str
    expected: str


class EventFileNotTheDraw(RulesError):
    """Round 1 is not what the event's seed draws for its players."""

    template = N_("In this event file, event round 1 is not seated as the event's seed "
                  "draws it.")


class EventFileRoundUnfinished(RulesError):
    """A game of a round before the last one never ended with the file's settings: the
    app seats a round only when every game before it has ended."""

    template = N_("In this event file, the game of table %(table)s, event round %(round)s, "
                  "never ends with the event's settings, yet a later event round is seated.")
    round: int
    table: int
