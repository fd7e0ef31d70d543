"""The "How to play" page: one page per language, picked by the active
language; its diagrams show positions the engine agrees with; the page is
accessible (one <h1>, headings in order, every picture named by its caption)
and obeys the content policy."""

from html.parser import HTMLParser

import pytest
from django.urls import reverse
from django.utils import translation

from games.engine.board import CARD_CELLS, CELL_INDEX, CORNERS, LAYOUT
from games.engine.rules import is_dead
from games.engine.setup import ALLOWED_TEAMS, HAND_SIZE
from games.web.rules_diagrams import rules_diagrams
from tests.site.test_security_headers import assert_protected

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "cs", "it", "hu")
# Words each page must hold in its own language: the title, a jack, a dead card, a suit word for e-mail.
PHRASES = {
    "en": ("How to play Sequence", "One-eyed jacks", "Dead cards", "<code>dead 7H</code>", "spades"),
    "cs": ("Jak se hraje Sequence", "Jednoocí kluci", "Mrtvé karty", "<code>7 srdce C4</code>", "kříže"),
    "it": ("Come si gioca a Sequence", "fanti con un occhio", "Le carte morte", "<code>7 cuori C4</code>", "picche"),
    "hu": ("Hogyan játsszuk a Sequence-et?", "félszemű bubik", "Halott lapok", "<code>7 kőr C4</code>", "treff"),
}
SECTIONS = ["aim", "players", "board", "deal", "turn", "jacks", "dead", "lost", "sequences", "winning",
            "table-talk", "resigning", "email"]  # fmt: skip


class Page(HTMLParser):
    """The headings in order, the ids, the figures (their boards and captions), the table rows."""

    def __init__(self):
        super().__init__()
        self.headings: list[int] = []
        self.ids: list[str] = []
        self.section_ids: list[str] = []
        self.boards: list[str] = []  # aria-labelledby of each role="img" board
        self.captions: dict[str, str] = {}  # figcaption id -> its text
        self.figures = 0
        self.figure_parts: list[list[str]] = []  # per figure: the labelledby of its boards, then its caption id
        self.lang = None
        self.style_attributes = 0
        self._caption = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.style_attributes += "style" in attrs
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag in {"h1", "h2", "h3", "h4", "h5", "h6"}:
            self.headings.append(int(tag[1]))
            if tag == "h2":
                self.section_ids.append(attrs.get("id"))
        if tag == "article" and "rules" in (attrs.get("class") or ""):
            self.lang = attrs.get("lang")
        if tag == "figure":
            self.figures += 1
            self.figure_parts.append([])
        if attrs.get("role") == "img" and "rules-board" in (attrs.get("class") or ""):
            self.boards.append(attrs.get("aria-labelledby"))
            self.figure_parts[-1].append(attrs.get("aria-labelledby"))
        if tag == "figcaption":
            self._caption = attrs.get("id")
            self.captions[self._caption] = ""
            self.figure_parts[-1].append(self._caption)

    def handle_endtag(self, tag):
        if tag == "figcaption":
            self._caption = None

    def handle_data(self, data):
        if self._caption:
            self.captions[self._caption] += data


def rules_page(client, language: str, header: str | None = None):
    """The page as a reader of `language` gets it, with or without LocaleMiddleware:
    the Accept-Language header for the middleware, the override for a site without it."""
    with translation.override(language):
        return client.get(reverse("rules"), HTTP_ACCEPT_LANGUAGE=header or language)


def parsed(response) -> Page:
    page = Page()
    page.feed(response.content.decode())
    return page


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_reads_its_own_complete_page(client, language):
    response = rules_page(client, language)
    assert_protected(response)
    html = response.content.decode()
    for phrase in PHRASES[language]:
        assert phrase in html, phrase
    others = {phrase for other in LANGUAGES if other != language for phrase in PHRASES[other][:3]}
    assert not [phrase for phrase in others if phrase in html]
    page = parsed(response)
    assert page.lang == language
    assert page.section_ids == SECTIONS
    assert "css/rules.css" in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_is_accessible_and_every_picture_is_described(client, language):
    page = parsed(rules_page(client, language))
    assert page.headings.count(1) == 1 and page.headings[0] == 1
    assert all(b <= a + 1 for a, b in zip(page.headings, page.headings[1:], strict=False)), page.headings
    assert len(page.ids) == len(set(page.ids))
    assert page.style_attributes == 0
    # Seven boards and the lost-draw timeline, each in a figure with a caption of its own.
    assert len(page.boards) == len(rules_diagrams()) and page.figures == len(rules_diagrams()) + 1
    for parts in page.figure_parts:
        *boards, caption = parts
        assert caption and len(page.captions[caption].split()) >= 8
        assert all(board == caption for board in boards)  # the board is named by its own figure's caption


@pytest.mark.parametrize("language", LANGUAGES)
def test_captions_name_the_sequences_the_engine_made(client, language):
    page = parsed(rules_page(client, language))
    diagrams = rules_diagrams()
    for name, caption in (("sequence", "cap-sequence"), ("corner", "cap-corner"), ("two_eyed_jack", "cap-two-eyed"),
                          ("one_eyed_jack", "cap-one-eyed"), ("two_sequences", "cap-two-sequences")):  # fmt: skip
        for label in diagrams[name].sequences:
            assert label in page.captions[caption], (name, label)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_player_table_follows_the_engine(client, language):
    html = rules_page(client, language).content.decode()
    rows = sum(len(teams) for teams in ALLOWED_TEAMS.values())
    table = html.split("<tbody>")[1].split("</tbody>")[0]
    assert table.count("<tr>") == rows
    for players in ALLOWED_TEAMS:
        assert f'<th scope="row">{players}</th>' in table
        assert f"<td>{HAND_SIZE[players]}</td>" in table


def test_a_regional_language_reads_its_page_and_any_other_reads_english(client):
    assert parsed(rules_page(client, "cs-cz", "cs-CZ,cs;q=0.9")).lang == "cs"
    assert parsed(rules_page(client, "de", "de")).lang == "en"


def test_the_page_reads_nothing_from_the_database_and_is_only_read(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        assert rules_page(client, "en").status_code == 200
    assert client.head(reverse("rules")).status_code == 200
    assert client.post(reverse("rules")).status_code == 405


# --- the diagrams are positions the engine agrees with ---------------------------


def cells(diagram) -> dict:
    return {cell.name: cell for _, row in diagram.rows for cell in row}


def test_the_whole_board_is_the_engines_board():
    board = cells(rules_diagrams()["board"])
    assert len(board) == 100
    assert {name for name, cell in board.items() if cell.corner} == {"A1", "J1", "A10", "J10"}
    assert {CELL_INDEX[name] for name, cell in board.items() if cell.corner} == CORNERS
    assert board["B1"].text == "2♠" and not board["B1"].red and board["J6"].text == "2♦" and board["J6"].red
    assert not any(cell.chip or cell.mark for cell in board.values())


def test_a_sequence_and_a_corner():
    diagrams = rules_diagrams()
    sequence = cells(diagrams["sequence"])
    assert diagrams["sequence"].sequences == ("C7-G7",) and sequence["G7"].mark == "placed"
    assert sorted(name for name, cell in sequence.items() if cell.in_sequence) == ["C7", "D7", "E7", "F7", "G7"]
    corner = cells(diagrams["corner"])
    assert diagrams["corner"].sequences == ("A1-E5",)
    in_it = [cell for cell in corner.values() if cell.in_sequence]
    assert len(in_it) == 5 and [c.name for c in in_it if c.corner] == ["A1"]
    assert sum(cell.chip == "blue" for cell in in_it) == 4


def test_the_two_eyed_jack_fills_a_space_no_card_in_hand_could():
    diagram = rules_diagrams()["two_eyed_jack"]
    board = cells(diagram)
    assert LAYOUT[CELL_INDEX["G4"]] == "2C" and board["G4"].mark == "placed" and board["G4"].chip == "green"
    assert diagram.sequences == ("C4-G4",)


def test_the_one_eyed_jack_takes_a_chip_outside_any_sequence():
    diagram = rules_diagrams()["one_eyed_jack"]
    board = cells(diagram)
    assert board["G3"].mark == "removed" and board["G3"].chip is None and not board["G3"].in_sequence
    assert diagram.sequences == ("B2-F2",)
    assert all(board[name].chip == "green" and board[name].in_sequence for name in ("B2", "C2", "D2", "E2", "F2"))


def test_the_dead_card_is_dead_to_the_engine():
    diagram = rules_diagrams()["dead_card"]
    board = cells(diagram)
    assert all(board[name].chip for name in ("I5", "D6"))
    assert {CELL_INDEX["I5"], CELL_INDEX["D6"]} == set(CARD_CELLS["7H"])
    engine_board = [0] * 100
    for name, cell in board.items():
        engine_board[CELL_INDEX[name]] = 1 if cell.chip else 0
    assert [(card.text, card.dead) for card in diagram.hand] == [("7♥", True), ("K♦", False), ("3♠", False)]
    assert [is_dead(engine_board, card) for card in ("7H", "KD", "3S")] == [True, False, False]
    assert not any(cell.mark for cell in board.values())


def test_one_chip_makes_two_sequences_sharing_only_that_cell():
    diagram = rules_diagrams()["two_sequences"]
    assert diagram.sequences == ("B9-F9", "F5-F9") and cells(diagram)["F9"].mark == "placed"
