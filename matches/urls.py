"""Match pages under /matches/, built on ``matches.services`` and ``matches.selectors``."""

urlpatterns: list = []
