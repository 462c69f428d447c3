"""The pygame table."""
