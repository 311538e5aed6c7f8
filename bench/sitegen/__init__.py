"""A generated site of many played leagues, built quickly by bulk loading.

``python -m bench.sitegen --leagues N`` builds N leagues into the database of
DATABASE_URL (or ``--database-url``; ``--fresh`` drops and re-creates it first),
migrated first: each league with its commissioner and coaches (``commissioner-<L>``,
``coach-<L>-<n>``, one password for all, printed), closed seasons and a current one,
divisions, rounds and fixtures, drafted teams with players, played matches with their
reports, events, dice, post-game applications, ledgers, player statistics, injuries,
standings and totals rows, audit rows and versions (``bench.sitegen.build``); then
runs the invariants (``bench.sitegen.checks``) and prints rows per table, seconds and
rows/s, and one JSON line. ``--manifest PATH`` writes what a load test needs: each
league's id, current season, commissioner, coaches with their team and players, and
the fixtures of the current round still to play with both coaches' usernames.
``--check-only`` runs the invariants over what a database holds.

The full site (1,000 leagues, 20,000 teams, 300,000 matches; on a quiet machine)::

    DATABASE_URL=postgres://dugout:dugout@127.0.0.1:5432/dugout_site \\
        python -m bench.sitegen --leagues 1000 --fresh --manifest var/site.json

The generated matches are history: their pages render, but they hold no kick-off
snapshot of the teams, so a commissioner's correction of one is refused (as a report
naming players the snapshot lacks is); matches played on the generated site (the
fixtures still to play) are corrected as any other.
"""
