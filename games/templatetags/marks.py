"""What changed since the reader's last play, cell by cell, for the turn
e-mail's board: {{ recap|change_of:cell.name }} is the team that played on
or cleared the cell (games.viewmodels.recap), or None."""

from django import template

register = template.Library()


@register.filter
def change_of(recap, cell: str) -> str | None:
    return recap.change_of(cell) if recap else None
