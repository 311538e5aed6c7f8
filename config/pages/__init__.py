"""Page stamps: a version per app's tables, changed in the same transaction as every
write to them, so a page's validator (ETag, the page cache's key) is one cheap read.
See ``config.pages.stamps``."""
