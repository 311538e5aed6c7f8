"""The evening load test: a league site's busy evening over real HTTP (README.md here)."""
