"""Insight into a league's history, read across its matches: records and hall of fame
(``records``, ``records_sql``), dice luck (``dice``), calendar feeds (``feeds``), the
NAF tournament report (``naf``: what it says, ``naf_xml``: the XML and its schema,
``views_naf``: the downloads), and league statistics (``race_stats``: figures per race,
``star_usage``: the star players hired, ``live_board``: the matches in play now;
``views_stats`` and ``api_stats`` serve them). Reads only: the selectors compute with the
database and return typed values; the views render them, the API serializes them.

The league backup (``backups``) and a team's files (``teams/interchange``) are the
other formats out of Dugout; docs/interchange.md describes them all. A league's ratings
and play-off odds stay in ``leagues/insight``: the result services keep them."""
