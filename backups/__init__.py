"""A league's whole history as one JSON document, and back (manage.py export_league
and import_league).

- ``sections``: the document's format and sections (a model and its foreign keys each);
- ``export``: ``export_league(league)``, the document;
- ``importer``: ``import_league(document)``, the league recreated in one transaction;
- ``checks`` and ``values``: every problem of a document, found before anything is
  written; ``describe`` words them for the command line.
"""
