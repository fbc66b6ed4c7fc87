"""The database schema as its migrations, oldest first, applied by ``db.migrate``
(``PRAGMA user_version`` holds how many a database has had): a club's database file
outlives releases, so a schema only ever grows by a new entry.
"""

from __future__ import annotations

#: Each entry moves the schema one version up; append, never edit an applied one.
MIGRATIONS: list[str] = [
    # 1: a table that proves the database can be written; features add their own.
    """
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # tournaments (Variant 3): players in seating order and hands as JSON; results are an
    # append-only log, the newest row per (game, sheet owner) counts.
    """
    CREATE TABLE IF NOT EXISTS tournaments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        players TEXT NOT NULL,
        hands TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS tournament_results (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        game INTEGER NOT NULL,
        owner TEXT NOT NULL,
        points INTEGER NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
    );
    CREATE INDEX IF NOT EXISTS tournament_results_by_tournament
        ON tournament_results (tournament_id, game);
    """,
    # scorekeeper games: settings per game; each game is an event log of deal entries and
    # corrections (JSON per player), totals are derived by replaying it. A deal number is
    # added once per game, a client_id at most once per game (retries add nothing).
    """
    CREATE TABLE IF NOT EXISTS games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at TEXT NOT NULL,
        players TEXT NOT NULL,
        threshold INTEGER,
        fixed_deals INTEGER,
        virgin_doubling INTEGER NOT NULL DEFAULT 0,
        variant TEXT NOT NULL DEFAULT 'basic',
        note TEXT NOT NULL DEFAULT ''
    );
    CREATE TABLE IF NOT EXISTS game_events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('deal', 'correction')),
        number INTEGER NOT NULL,
        bullheads TEXT NOT NULL,
        hand TEXT,
        cards TEXT,
        client_id TEXT,
        created_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX IF NOT EXISTS game_events_one_deal
        ON game_events (game_id, number) WHERE kind = 'deal';
    CREATE UNIQUE INDEX IF NOT EXISTS game_events_client
        ON game_events (game_id, client_id) WHERE client_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS game_events_by_game ON game_events (game_id, id)
    """,
    # the postscript's shapes of a game (rows, the card that takes a row, cards per hand;
    # older games get the booklet's 4, 6 and 10), and the id a phone gave a game it
    # started offline: sent again, it finds the same game instead of creating a second.
    """
    ALTER TABLE games ADD COLUMN rows INTEGER NOT NULL DEFAULT 4;
    ALTER TABLE games ADD COLUMN takes_at INTEGER NOT NULL DEFAULT 6;
    ALTER TABLE games ADD COLUMN hand_size INTEGER NOT NULL DEFAULT 10;
    ALTER TABLE games ADD COLUMN client_id TEXT;
    CREATE UNIQUE INDEX IF NOT EXISTS games_client ON games (client_id)
        WHERE client_id IS NOT NULL
    """,
    # undo: the last deal can be withdrawn and a withdrawn deal restored, each one more
    # event ('withdrawal', 'restore'). SQLite cannot alter a CHECK, so game_events is
    # rebuilt with the wider one (rows copied as they are, indexes recreated by name).
    # A deal number may now be added again after a withdrawal, so each 'deal' row gets a
    # flag, withdrawn, that mirrors the log: set when the deal is withdrawn, cleared when
    # it is restored (the row itself, and the withdrawal and restore events, stay). The
    # unique index covers only deals not withdrawn, so "two phones can never both add
    # deal 5" still holds at the database level, and neither can a new deal 5 sit beside
    # a restored one. Writes are serialized by BEGIN IMMEDIATE, and the engine checks the
    # same before any row is written.
    """
    CREATE TABLE game_events_new (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('deal', 'correction', 'withdrawal', 'restore')),
        number INTEGER NOT NULL,
        bullheads TEXT NOT NULL,
        hand TEXT,
        cards TEXT,
        client_id TEXT,
        created_at TEXT NOT NULL,
        withdrawn INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1))
    );
    INSERT INTO game_events_new (id, game_id, kind, number, bullheads, hand, cards,
                                 client_id, created_at)
        SELECT id, game_id, kind, number, bullheads, hand, cards, client_id, created_at
        FROM game_events;
    DROP TABLE game_events;
    ALTER TABLE game_events_new RENAME TO game_events;
    CREATE UNIQUE INDEX game_events_one_deal
        ON game_events (game_id, number) WHERE kind = 'deal' AND withdrawn = 0;
    CREATE UNIQUE INDEX game_events_client
        ON game_events (game_id, client_id) WHERE client_id IS NOT NULL;
    CREATE INDEX game_events_by_game ON game_events (game_id, id)
    """,
    # club events (docs/rules.md, Club events): an event under a random id, its players, rounds,
    # seed and the games' settings; each seated table names its round, number, players
    # and the ordinary game it plays (a column without type: the games store's id is kept
    # as it was given). Drop-outs and late arrivals are an append-only log. Standings are
    # never stored: they are computed from the tables' games.
    """
    CREATE TABLE IF NOT EXISTS events (
        id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        name TEXT NOT NULL,
        players TEXT NOT NULL,
        rounds INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        threshold INTEGER,
        fixed_deals INTEGER,
        virgin_doubling INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE IF NOT EXISTS event_tables (
        event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        number INTEGER NOT NULL,
        players TEXT NOT NULL,
        game NOT NULL,
        PRIMARY KEY (event_id, round, number)
    );
    CREATE TABLE IF NOT EXISTS event_changes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('join', 'drop')),
        player TEXT NOT NULL,
        from_round INTEGER NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS event_changes_by_event ON event_changes (event_id, id)
    """,
    # games a shared server keeps apart and lists cheaply. Each game gets an unguessable
    # token, its id outside the store (the integer stays the key for foreign keys), and
    # the series (the first game's token) of an evening of games with the same players.
    # Its state (deal count, end, update time; per player the total, the win, bullheads
    # taken and clean deals) is kept beside the log, written in the same transaction as
    # every event, so lists and statistics never replay a game. Games stored before this
    # have updated_at NULL: the games store computes their state once, on first use.
    # digest: what an imported backup held, so the same backup again finds its game.
    # game_access: the games a device (a random cookie) started or opened by their link,
    # with the game's end copied so a device's list is read in index order.
    # player_stats: per scope (a device, or '*' for every game) and player, the sums the
    # statistics show, kept up to date with game_players, so they cost one indexed read.
    """
    ALTER TABLE games ADD COLUMN token TEXT;
    UPDATE games SET token = lower(hex(randomblob(10)));
    CREATE UNIQUE INDEX games_token ON games (token);
    ALTER TABLE games ADD COLUMN series TEXT;
    CREATE INDEX games_by_series ON games (series, id) WHERE series IS NOT NULL;
    ALTER TABLE games ADD COLUMN digest TEXT;
    CREATE UNIQUE INDEX games_digest ON games (digest) WHERE digest IS NOT NULL;
    ALTER TABLE games ADD COLUMN deal_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN finished INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN updated_at TEXT;
    CREATE INDEX games_open_first ON games (finished, id DESC);
    CREATE INDEX games_unsummarized ON games (id) WHERE updated_at IS NULL;
    CREATE TABLE game_players (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        total INTEGER NOT NULL DEFAULT 0,
        winner INTEGER NOT NULL DEFAULT 0,
        deals INTEGER NOT NULL DEFAULT 0,
        bullheads INTEGER NOT NULL DEFAULT 0,
        clean INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID;
    CREATE INDEX game_players_by_name ON game_players (name_key, game_id);
    CREATE TABLE game_access (
        device TEXT NOT NULL,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        finished INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (device, game_id)
    ) WITHOUT ROWID;
    CREATE INDEX game_access_by_game ON game_access (game_id);
    CREATE INDEX game_access_listed ON game_access (device, finished, game_id DESC);
    CREATE TABLE player_stats (
        scope TEXT NOT NULL,
        name_key TEXT NOT NULL,
        name TEXT NOT NULL,
        latest INTEGER NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        deals INTEGER NOT NULL,
        bullheads INTEGER NOT NULL,
        clean INTEGER NOT NULL,
        PRIMARY KEY (scope, name_key)
    ) WITHOUT ROWID;
    CREATE INDEX player_stats_ranked ON player_stats (scope, wins DESC, games DESC, name_key)
    """,
    # who beats whom: per scope, the finished games each player has ended (the base of a
    # win rate), and per pair of players the finished games they both played and how
    # often the other one ended ahead (a lower total). Kept up to date with game_players
    # as player_stats is; filled here from the games already stored.
    """
    ALTER TABLE player_stats ADD COLUMN ended INTEGER NOT NULL DEFAULT 0;
    UPDATE player_stats SET ended = (
        SELECT count(*) FROM game_players p JOIN games g ON g.id = p.game_id AND g.finished = 1
        WHERE p.name_key = player_stats.name_key AND (player_stats.scope = '*' OR p.game_id IN
            (SELECT game_id FROM game_access WHERE device = player_stats.scope)));
    CREATE TABLE player_rivals (
        scope TEXT NOT NULL,
        name_key TEXT NOT NULL,
        rival_key TEXT NOT NULL,
        rival TEXT NOT NULL,
        shared INTEGER NOT NULL,
        behind INTEGER NOT NULL,
        PRIMARY KEY (scope, name_key, rival_key)
    ) WITHOUT ROWID;
    CREATE INDEX player_rivals_first ON player_rivals
        (scope, name_key, behind DESC, shared DESC, rival_key);
    INSERT INTO player_rivals (scope, name_key, rival_key, rival, shared, behind)
    SELECT scope, a.name_key, b.name_key, b.name, count(*), sum(b.total < a.total)
    FROM (SELECT '*' AS scope, id AS game_id FROM games WHERE finished = 1
          UNION ALL SELECT x.device, x.game_id FROM game_access x
          JOIN games g ON g.id = x.game_id AND g.finished = 1) s
    JOIN game_players a ON a.game_id = s.game_id
    JOIN game_players b ON b.game_id = s.game_id AND b.name_key != a.name_key
    GROUP BY scope, a.name_key, b.name_key;
    """,
    # tournaments kept as games are: each gets an unguessable token, its id outside the
    # store (the integer stays the key of its results and of its event in meta), older
    # ones theirs here. tournament_access: the tournaments a device (its cookie) made or
    # kept from their link, the only ones its list shows.
    """
    ALTER TABLE tournaments ADD COLUMN token TEXT;
    UPDATE tournaments SET token = lower(hex(randomblob(10)));
    CREATE UNIQUE INDEX tournaments_token ON tournaments (token);
    CREATE TABLE tournament_access (
        device TEXT NOT NULL,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        PRIMARY KEY (device, tournament_id)
    ) WITHOUT ROWID;
    CREATE INDEX tournament_access_by_tournament ON tournament_access (tournament_id)
    """,
    # a game's version, kept on its row: how many entries its log holds, one more with
    # every event written (the games store counts it beside the event's own row). The
    # open score sheets ask "has the game moved?" all evening; this answers with one
    # read of the row found by its token, without reading the log.
    """
    ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET version = (SELECT count(*) FROM game_events e WHERE e.game_id = games.id)
    """,
    # club events get a director (docs/api.md, Club events): the SHA-256 of the director's
    # key, never the key; the devices that hold it, numbered per event; and the event's
    # history (who did what, when). A table can be re-opened by the director (its sheet
    # takes changes again after its round closed), or hold the totals typed from its
    # paper sheet; a game the director replaced is kept in event_old_games. A game is
    # found by its token (event_tables_by_game): the games store asks the event before
    # one of its games changes.
    """
    ALTER TABLE events ADD COLUMN director_hash TEXT;
    ALTER TABLE event_tables ADD COLUMN reopened INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE event_tables ADD COLUMN paper TEXT;
    CREATE INDEX event_tables_by_game ON event_tables (game);
    CREATE TABLE event_old_games (
        game NOT NULL PRIMARY KEY,
        event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        number INTEGER NOT NULL,
        replaced_at TEXT NOT NULL
    );
    CREATE INDEX event_old_games_by_event ON event_old_games (event_id, round, number);
    CREATE TABLE event_devices (
        event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        device TEXT NOT NULL,
        number INTEGER NOT NULL,
        since TEXT NOT NULL,
        PRIMARY KEY (event_id, device)
    ) WITHOUT ROWID;
    CREATE TABLE event_history (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        at TEXT NOT NULL,
        device TEXT NOT NULL,
        act TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '{}'
    );
    CREATE INDEX event_history_by_event ON event_history (event_id, id)
    """,
    # a club's series (docs/api.md, Series): a year of club events with its own key (its
    # SHA-256 kept, never the key), the events that joined it, and the spellings its
    # director merged (from one name key into another player's name). A game's end moment
    # (ended_at: set when it ends, kept through corrections that leave it ended, cleared
    # when one re-opens it) and the moment a table's totals were typed from paper
    # (paper_at) give the order in which a series' ratings take the games; games that
    # ended before this take their last change as their end.
    """
    ALTER TABLE games ADD COLUMN ended_at TEXT;
    UPDATE games SET ended_at = updated_at WHERE finished = 1;
    ALTER TABLE event_tables ADD COLUMN paper_at TEXT;
    CREATE TABLE series (
        id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        name TEXT NOT NULL,
        best INTEGER,
        key_hash TEXT NOT NULL
    );
    CREATE TABLE series_events (
        series_id TEXT NOT NULL REFERENCES series(id) ON DELETE CASCADE,
        event_id TEXT NOT NULL UNIQUE REFERENCES events(id) ON DELETE CASCADE,
        joined_at TEXT NOT NULL,
        PRIMARY KEY (series_id, event_id)
    ) WITHOUT ROWID;
    CREATE TABLE series_merges (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        series_id TEXT NOT NULL REFERENCES series(id) ON DELETE CASCADE,
        from_key TEXT NOT NULL,
        from_name TEXT NOT NULL,
        into_name TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX series_merges_by_series ON series_merges (series_id, id)
    """,
    # a game's view link (docs/api.md, Sharing a result): a token of its own, unguessable
    # like the game's, that shows the sheet and writes nothing; a result is shared by it,
    # never by the game's link, which lets its holder change the score. Games stored
    # before get theirs here.
    """
    ALTER TABLE games ADD COLUMN view_token TEXT;
    UPDATE games SET view_token = lower(hex(randomblob(10))) WHERE view_token IS NULL;
    CREATE UNIQUE INDEX games_by_view_token ON games (view_token)
    """,
    # what a championship asks of an event (docs/api.md, Club events): its options as JSON
    # (NULL: an evening's defaults); per table the device that made its game's last change
    # and the sign its result got (JSON: when, by whom); the director's renames of players,
    # in order (stored names are rewritten; a table's game keeps the name it started with).
    """
    ALTER TABLE events ADD COLUMN options TEXT;
    ALTER TABLE event_tables ADD COLUMN last_device TEXT;
    ALTER TABLE event_tables ADD COLUMN signed TEXT;
    CREATE TABLE event_renames (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        from_name TEXT NOT NULL,
        to_name TEXT NOT NULL,
        at TEXT NOT NULL
    );
    CREATE INDEX event_renames_by_event ON event_renames (event_id, id)
    """,
    # a director's replacement of a table's game can be undone (docs/api.md, Club events):
    # a replaced game keeps the table's state it was replaced in (the totals typed from
    # paper and when, whether the table was re-opened), so putting it back restores it.
    """
    ALTER TABLE event_old_games ADD COLUMN paper TEXT;
    ALTER TABLE event_old_games ADD COLUMN paper_at TEXT;
    ALTER TABLE event_old_games ADD COLUMN reopened INTEGER NOT NULL DEFAULT 0
    """,
    # a series' merge can be undone: the row stays, with when it was undone, as the
    # series' history of merges; only merges not undone count.
    """
    ALTER TABLE series_merges ADD COLUMN undone_at TEXT
    """,
    # championship seasons (docs/api.md, A championship season): an organiser's season
    # with its key (SHA-256 kept, never the key) and its rules; its venues, each with its
    # own key's hash; the season's events (qualifiers started here or taken from a file,
    # the last chance and the final), a file's digest and its event's origin (name,
    # start, seed) so the same file twice is one qualifier; each player's season number
    # with what the ranking and qualifying make of the results (kept up to date by every
    # write that changes them, so pages only read), the spellings folded (Søren, Soren)
    # that find a number, and the entrants of each event under their numbers with their
    # final place once the event has ended. ``events.numbers``: the season numbers
    # players gave when joining an event, by name (JSON).
    """
    ALTER TABLE events ADD COLUMN numbers TEXT;
    CREATE TABLE seasons (
        id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        name TEXT NOT NULL,
        per_event INTEGER,
        per_entrants INTEGER,
        min_entrants INTEGER NOT NULL,
        best INTEGER,
        scoring TEXT NOT NULL,
        key_hash TEXT NOT NULL
    );
    CREATE TABLE season_venues (
        id TEXT PRIMARY KEY,
        season_id TEXT NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        key_hash TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX season_venues_by_season ON season_venues (season_id, created_at);
    CREATE TABLE season_events (
        event_id TEXT PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
        season_id TEXT NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
        venue_id TEXT REFERENCES season_venues(id),
        kind TEXT NOT NULL CHECK (kind IN ('qualifier', 'last_chance', 'final')),
        digest TEXT,
        origin TEXT,
        added_at TEXT NOT NULL,
        ended_at TEXT,
        ended_seq INTEGER,
        entrants INTEGER NOT NULL DEFAULT 0
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX season_events_digest ON season_events (season_id, digest)
        WHERE digest IS NOT NULL;
    CREATE UNIQUE INDEX season_events_file_origin ON season_events (season_id, origin)
        WHERE digest IS NOT NULL;
    CREATE INDEX season_events_origin ON season_events (season_id, origin);
    CREATE UNIQUE INDEX season_events_one_final ON season_events (season_id)
        WHERE kind = 'final';
    CREATE INDEX season_events_by_season ON season_events (season_id, ended_at, ended_seq);
    CREATE INDEX season_events_by_venue ON season_events (venue_id, added_at);
    CREATE TABLE season_players (
        season_id TEXT NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        name TEXT NOT NULL,
        merged_into INTEGER,
        merged_at TEXT,
        events INTEGER NOT NULL DEFAULT 0,
        points INTEGER NOT NULL DEFAULT 0,
        best INTEGER NOT NULL DEFAULT 0,
        qualified_at TEXT,
        qualified_order INTEGER,
        qualified_place INTEGER,
        PRIMARY KEY (season_id, number)
    ) WITHOUT ROWID;
    CREATE INDEX season_players_ranked
        ON season_players (season_id, points DESC, events, best DESC, number)
        WHERE events > 0 AND merged_into IS NULL;
    CREATE INDEX season_players_qualified ON season_players (season_id, qualified_order)
        WHERE qualified_order IS NOT NULL;
    CREATE TABLE season_names (
        season_id TEXT NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
        folded TEXT NOT NULL,
        number INTEGER NOT NULL,
        PRIMARY KEY (season_id, folded, number)
    ) WITHOUT ROWID;
    CREATE TABLE season_entrants (
        event_id TEXT NOT NULL REFERENCES season_events(event_id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        season_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        rank INTEGER,
        points INTEGER,
        games INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (event_id, name)
    ) WITHOUT ROWID;
    CREATE INDEX season_entrants_by_number ON season_entrants (season_id, number);
    CREATE INDEX season_entrants_ranked
        ON season_entrants (event_id, rank, number, points, games)
    """,
    # The spellings that find a season number are made by the one key a player's search
    # uses too (``engine/names.py`` ``plain_key``), which writes the Sami ŋ and the
    # Greenlandic ĸ plainly as well: the spellings kept before are written the same way,
    # so Ŋoŋo at one venue still finds the number Nono or Ŋoŋo played under at another.
    """
    UPDATE OR REPLACE season_names SET folded = replace(replace(folded, 'ŋ', 'n'), 'ĸ', 'k')
        WHERE instr(folded, 'ŋ') > 0 OR instr(folded, 'ĸ') > 0
    """,
    # A game's note made by a feature is kept as a code and its fields (games/notes.py),
    # worded where it is read in the reader's language: a club event's table's game was
    # noted in the language of the director who seated it. The notes made so (the event's
    # name, round and table, in English, Dutch or German, exactly) become coded; a note
    # typed over, or an event renamed since, keeps its text.
    """
    ALTER TABLE games ADD COLUMN note_code TEXT;
    UPDATE games SET note_code = (
        SELECT json_object('code', 'event_table', 'fields', json_object(
            'event', e.name, 'round', seat.round, 'table', seat.number))
        FROM (SELECT event_id, round, number, game FROM event_tables UNION ALL
              SELECT event_id, round, number, game FROM event_old_games) AS seat
        JOIN events e ON e.id = seat.event_id
        WHERE seat.game = games.token AND games.note IN (
            e.name || ' · event round ' || seat.round || ' · table ' || seat.number,
            e.name || ' · toernooironde ' || seat.round || ' · tafel ' || seat.number,
            e.name || ' · Turnierrunde ' || seat.round || ' · Tisch ' || seat.number)
        LIMIT 1)
        WHERE note != '';
    UPDATE games SET note = '' WHERE note_code IS NOT NULL
    """,
]
