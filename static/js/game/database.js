// The name of the phone's database of kept games, on its own so that a page can look for
// the database before it loads anything that reads it: a visitor who never kept a game
// loads none of the sync's modules (pwa.js).

export const NAME = "scorekeeper-games";
