"""A league's ratings (Glicko-2, kept up to date by the result services) and its
play-off odds (simulated from them), and the race chart of its standings. The records,
dice luck and calendar feeds, which read the matches too, are the insight app."""
