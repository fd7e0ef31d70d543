"""Django's PostgreSQL backend, but for how a many-row INSERT is written (compiler.py)."""
