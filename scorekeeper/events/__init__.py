"""Club events: many tables, several rounds, live standings (CONTRACT.md section 6)."""
