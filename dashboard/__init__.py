"""The home page: for a signed-in user, what is his to do and what happened in his
leagues (``selectors.dashboard_for``), read across teams, leagues and matches."""
