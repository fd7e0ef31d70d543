from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The site itself as an app, so that its system checks (and anymail's) are registered."""

    name = "sequence_site"
    verbose_name = "Site"

    def ready(self):
        from sequence_site import anymail_checks, checks  # noqa: F401  (registers the checks)
