"""Corrections: a commissioner replaces a report (``correction``); its post-game and
the later matches' are undone (``reversal``) and derived again (``rederivation``)."""
