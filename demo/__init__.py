"""The demo league behind ``manage.py load_demo`` (``loader``), built from each app's
own demo part (teams, leagues, matches)."""
