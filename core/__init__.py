"""Shared plumbing under the domain apps: the audit trail's helpers, domain errors and
their bridge to pages and the API, input parsing, and the versions pages are cached by.
It imports no domain app (teams, leagues, matches sit above it)."""
