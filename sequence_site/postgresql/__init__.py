"""Django's PostgreSQL backend, but for how an INSERT of a few rows is written (compiler.py)."""
