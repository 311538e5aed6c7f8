"""Pre-game: opening the match, the pre-game sequence and its decisions, kick-off
(``sequence``); a BB2025 team naming its new Team Captain (``captain``)."""
