"""Insight into a league's history: records and hall of fame, dice luck
and calendar feeds. Reads only: the selectors compute with the database and return
typed values; the views render them, the API serializes them."""
