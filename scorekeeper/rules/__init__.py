"""The rules reference: its pages, worked examples and the static export."""
