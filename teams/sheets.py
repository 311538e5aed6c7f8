"""The team sheet's reads moved to ``teams.selectors`` (one home for the teams app's
reads); this module keeps the old import path for code outside the app (the backup
test, the benchmarks). New code imports ``teams.selectors``."""

from teams.selectors import *  # noqa: F403
from teams.selectors import __all__ as __all__
