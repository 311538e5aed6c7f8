"""A generated site of many played leagues, built quickly by bulk loading.

``python -m bench.sitegen --leagues N`` builds N leagues into the database of
DATABASE_URL (or ``--database-url``), migrated first: each league with its
commissioner and coaches (known usernames, one password), closed seasons and a
current one, divisions, rounds and fixtures, drafted teams with players, played
matches with their reports, events, dice, post-game applications, ledgers, player
statistics, injuries, standings and totals rows, audit rows and versions; then runs
the invariants (``bench.sitegen.checks``) and prints rows per table and rows/s.
"""
