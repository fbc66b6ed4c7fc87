"""A club's series: a year of club events, its standings and its players' ratings."""
