"""Every sentence the e-mails say that the catalogs translate is still found
in the source by Django's makemessages: a sentence that only Python builds
(games/mail/parts.py) must be a literal in a gettext call, not inside an
f-string, or the next makemessages would drop its translations as obsolete."""

import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.core.management import call_command
from django.utils.translation.trans_real import DjangoTranslation

from tests.site.test_languages import every_email, pseudo  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parents[2]
PO = "locale/cs/LC_MESSAGES/django.po"


def live_ids(po: Path) -> set:
    with po.open("rb") as catalog:
        return {message.id for message in read_po(catalog) if message.id}


def said_by_every_email(started_game, monkeypatch) -> set:
    """The msgids (a plural's as a tuple) looked up while every kind of e-mail is built."""
    said = set()
    gettext, ngettext = DjangoTranslation.gettext, DjangoTranslation.ngettext

    def recording_gettext(self, message):
        said.add(message)
        return gettext(self, message)

    def recording_ngettext(self, singular, plural, number):
        said.add((singular, plural))
        return ngettext(self, singular, plural, number)

    with monkeypatch.context() as patch:
        patch.setattr(DjangoTranslation, "gettext", recording_gettext)
        patch.setattr(DjangoTranslation, "ngettext", recording_ngettext)
        assert every_email(started_game)
    return said


def extracted(settings, tmp_path, monkeypatch) -> set:
    """The live msgids after makemessages, run on a copy (it rewrites the catalogs where it runs)."""
    copy = tmp_path / "site"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".*", "var", "__pycache__", "staticfiles"))
    settings.LOCALE_PATHS = [copy / "locale"]
    monkeypatch.chdir(copy)
    call_command("makemessages", locale=["cs"], extensions=["html", "txt", "py"], verbosity=0)
    return live_ids(copy / PO)


@pytest.mark.django_db
def test_makemessages_still_extracts_every_sentence_the_emails_say(
    pseudo,  # noqa: F811
    started_game,
    settings,
    tmp_path,
    monkeypatch,
):
    ours = said_by_every_email(started_game, monkeypatch) & live_ids(ROOT / PO)
    assert len(ours) > 50
    lost = ours - extracted(settings, tmp_path, monkeypatch)
    assert not lost, f"no longer extracted (their translations would be lost): {sorted(map(str, lost))}"
