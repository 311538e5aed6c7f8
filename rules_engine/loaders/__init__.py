"""Loaders that build a Ruleset from a ruleset's data files."""
