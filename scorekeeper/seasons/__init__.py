"""A championship season: qualifiers at many venues feeding one final and one ranking."""
