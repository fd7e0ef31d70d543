"""Filters on Django's loggers (settings.LOGGING)."""

import logging

from django.core.exceptions import PermissionDenied


class OneLineRefusals(logging.Filter):
    """A refused permission (403) is an answer, not an error: Django logs it
    with the exception's whole traceback, which buries the real errors. Keep
    the line ("Forbidden (Permission denied): <path>"), drop the traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], PermissionDenied):
            record.exc_info = None
            record.exc_text = None
        return True
