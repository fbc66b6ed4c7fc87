"""The placement checker: the /check page, its form and share links, and the placement API."""
