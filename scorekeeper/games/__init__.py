"""The scorekeeper: games, deals, corrections, the score sheet, backups and statistics."""
