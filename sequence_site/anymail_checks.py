"""Anymail's own checks of its settings (deprecated names, an API's debug
output left on), run when Django's checks run. Anymail is not an installed
app: all its app does is register these, and importing them imports
`requests` (121 modules, some 4 MB a process) into every process at start,
where only the worker sends e-mail and needs it then (#31)."""

from django.core import checks


@checks.register("anymail")
def anymail_settings(app_configs, **kwargs) -> list[checks.CheckMessage]:
    from anymail.checks import check_deprecated_settings, check_insecure_settings

    return [*check_deprecated_settings(app_configs, **kwargs), *check_insecure_settings(app_configs, **kwargs)]
