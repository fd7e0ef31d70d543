"""Who is a moderator, in one place: the admin's moderation pages, the
services' moderator actions and who may see every game all ask here."""

MODERATE = "games.moderate"  # the permission; superusers, and the Moderators group (made by a migration)


def is_moderator(user) -> bool:
    """An active staff member with the moderate permission."""
    return bool(user.is_authenticated and user.is_active and user.is_staff and user.has_perm(MODERATE))
