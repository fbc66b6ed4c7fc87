"""Club events: many tables, several rounds, live standings (docs/api.md and docs/rules.md,
Club events)."""
