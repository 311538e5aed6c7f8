"""Models of the teams app."""
