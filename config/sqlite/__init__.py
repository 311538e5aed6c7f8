"""Django's SQLite backend with its statements' placeholders converted once."""
