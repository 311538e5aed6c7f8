"""Models of the leagues app."""
