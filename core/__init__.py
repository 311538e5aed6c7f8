"""Shared plumbing under the domain apps, importing none of them (teams, leagues and
matches sit above it):

- ``errors``: domain errors and their bridge to a page's form; ``api``: the DRF
  exception handler, pagination and the JSON 404/500; ``input``, ``parsers``,
  ``fields``, ``filters``, ``throttling``, ``schema``, ``types``: reading requests;
- ``versions``: one explicit version per league and team; ``conditional``: ETags and
  304s from them; ``cache``: the fragment cache, never a dependency;
- ``middleware`` (the database outage), ``observability`` (the request log line),
  ``health`` (/healthz), ``tasks`` (the broker's ping);
- ``charts``: the geometry of the SVG line charts.
"""
