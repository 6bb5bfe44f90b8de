"""The OLED screens: every view draws on 128x64 pixels, nothing runs off the screen or over its
neighbour, text is cut with "…" only when it does not fit, and the pixels say what the view says."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageDraw

from station.ui import fonts
from station.ui.screens import SIZE, Placed, Screen, compose, render
from station.ui.views import (
    BannerView,
    FaultView,
    HandView,
    LiveView,
    MapView,
    MenuView,
    PlayerLine,
    SetupView,
    Tile,
    VerdictView,
)

MINUS = "\u2212"
LONG = "Maximiliana-Alexandrova"
NAMES = ["Ana", "Ben", "Chloé", "Dmitri", "Eve", "Farouk", "Gabi", "Hugo"]
STATUSES = ["played", "waiting", "out", "top", "won", ""]


def players(count: int) -> tuple[PlayerLine, ...]:
    return tuple(PlayerLine(NAMES[i], f"{10 + i} cards", STATUSES[i % len(STATUSES)]) for i in range(count))


def pairs(results: tuple[str, ...] | None = None) -> HandView:
    rows = (
        PlayerLine("Ana", f"21 {MINUS} 5", "played"),
        PlayerLine("Ben", "4 × 3", "played"),
        PlayerLine("Chloé", "18 ÷ 2", "played"),
    )
    return HandView("Hand 3", rows, results, "CONFIRM: show")


VIEWS = {
    "menu": MenuView("Choose a game", ("Math Wars", "Count Meta", "Math Crate", "Big Bang", "Sum Snap"), 1, "OK"),
    "menu-scrolled": MenuView("Choose a game", tuple(f"Game {i}" for i in range(9)), 7),
    "menu-empty": MenuView("Nothing here", (), 0),
    "setup": SetupView("Math Wars", (("Players", "3"), ("Edition", "MWM25"), ("Reveal", "on press"), ("Start", "")), 2),
    "live-3": LiveView("Hand 3", "04:37", "Play your cards!", players(3)),
    "live-8": LiveView("MATH WAR 1", "12:05", "Ben to play", players(8), page=1, footer="VICTORY 1-0"),
    "live-none": LiveView("Hand 1", "00:00", "Waiting", ()),
    "hand-hidden": pairs(),
    "hand-revealed": pairs(("16", "12", "9")),
    "verdict-ok": VerdictView("ok", "Ana", "21 − 5", who=""),
    "verdict-wrong": VerdictView("wrong", "Not your deck", "Ana: that card is Ben's"),
    "verdict-who": VerdictView("info", "Table vote", "Is 3/4 bigger than 0.7?", who="Ben asks"),
    "banner": BannerView("Game over", "VICTORY!", ("Ana wins 3-1",), "OK: new game"),
    "banner-many": BannerView("VICTORY!", "Ana", ("Ana 3", "Ben 1", "Chloé 0", "Dmitri 2"), "CONFIRM: new game"),
    "fault": FaultView("Camera lost", "The camera stopped sending pictures. Check its cable.", "OK: try again"),
    "map-start": MapView("Big Bang", (Tile((0, 0), "*"), Tile((1, 0), "4"), Tile((2, 0), "5", last=True)),
                         ("2 points", "26 left"), "02:31", "Play, then draw to 3"),
    "map-full": MapView("Ana 24", tuple(Tile((c, r), str(1 + (c * 3 + r) % 7), last=(c, r) == (3, 1))
                                        for c in range(-4, 4) for r in range(-2, 2)), ("24 points", "4 left")),
    "long": LiveView(LONG * 2, "123:45:67", LONG + " " + LONG, (PlayerLine(LONG, LONG, "won"),), footer=LONG),
}


def drawn(text: str, size: int, bold: bool) -> Image.Image:
    """``text`` drawn alone on a blank image, cropped to its ink: what the screen should hold."""
    face = fonts.font(size, bold)
    image = Image.new("1", (int(face.getlength(text)) + 4 * size, 3 * size), 0)
    ImageDraw.Draw(image).text((2 * size, 2 * size), text, font=face, fill=1, anchor="ls")
    box = image.getbbox()
    assert box is not None
    return image.crop(box)


def on_screen(screen: Screen, item: Placed) -> Image.Image:
    """The pixels of ``item`` as they are on the screen, white on black whatever its background."""
    crop = screen.image.crop(item.ink_box)
    return crop if item.ink else crop.convert("L").point(lambda v: 255 - v).convert("1")


def texts(screen: Screen) -> list[Placed]:
    return [p for p in screen.items if p.kind == "text"]


def overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# --- every screen --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", VIEWS)
def test_every_view_renders_a_128x64_one_bit_image(name):
    image = render(VIEWS[name])
    assert image.size == SIZE == (128, 64)
    assert image.mode == "1"
    assert image.getbbox() is not None  # something is drawn


@pytest.mark.parametrize("name", VIEWS)
def test_nothing_runs_off_the_screen_or_over_its_neighbour(name):
    screen = compose(VIEWS[name])
    for item in screen.items:
        x0, y0, x1, y1 = item.ink_box
        assert 0 <= x0 and 0 <= y0 and x1 <= 128 and y1 <= 64, f"{item.shown!r} runs off the screen: {item.ink_box}"
        if item.kind == "text" and item.shown:
            b = item.box
            assert b[0] <= x0 and b[1] <= y0 and x1 <= b[2] and y1 <= b[3], f"{item.shown!r} is clipped"
    for a, b in itertools.combinations([i for i in screen.items if i.shown], 2):
        assert not overlap(a.ink_box, b.ink_box), f"{a.shown!r} overlaps {b.shown!r}"


@pytest.mark.parametrize("name", VIEWS)
def test_text_is_big_enough_to_read_at_arms_length(name):
    for item in texts(compose(VIEWS[name])):
        assert item.size >= fonts.MIN_SIZE, f"{item.shown!r} at {item.size} px"


@pytest.mark.parametrize("name", VIEWS)
def test_the_pixels_are_the_text_the_screen_says_it_drew(name):
    """Each text, drawn alone elsewhere, matches the screen's pixels where it was placed."""
    screen = compose(VIEWS[name])
    for item in texts(screen):
        if item.shown.strip():
            expected = drawn(item.shown, item.size, item.bold)
            assert on_screen(screen, item).tobytes() == expected.tobytes(), item.shown


@pytest.mark.parametrize("name", VIEWS)
def test_the_same_view_always_gives_the_same_pixels(name):
    view = VIEWS[name]
    copy = type(view)(**{f: getattr(view, f) for f in view.__dataclass_fields__})
    assert render(view).tobytes() == render(copy).tobytes()


def test_an_unknown_view_is_refused_by_name():
    with pytest.raises(TypeError, match="str"):
        render("Hello")  # type: ignore[arg-type]


# --- fitting text --------------------------------------------------------------------------------


def test_a_long_name_is_cut_with_an_ellipsis_and_a_short_one_is_whole():
    screen = compose(LiveView("Hand 1", "00:10", "Play!", (PlayerLine("Ana", "3 cards"), PlayerLine(LONG, "3 cards"))))
    shown = {p.wanted: p.shown for p in texts(screen)}
    assert shown["Ana"] == "Ana"
    assert shown[LONG].endswith("…") and LONG.startswith(shown[LONG][:-1]) and len(shown[LONG]) > 3
    assert shown["3 cards"] == "3 cards"


def test_everything_that_fits_is_shown_whole():
    for name in ("menu", "setup", "live-3", "live-8", "hand-hidden", "hand-revealed", "banner", "verdict-wrong"):
        for item in texts(compose(VIEWS[name])):
            assert "…" not in item.shown, f"{name}: {item.wanted!r} was cut to {item.shown!r}"


def test_wrapped_text_keeps_every_word_when_it_fits_and_says_so_when_not():
    fits = compose(VIEWS["verdict-wrong"])
    lines = [p.shown for p in texts(fits) if p.wanted == "Ana: that card is Ben's"]
    assert len(lines) == 2 and " ".join(lines) == "Ana: that card is Ben's"

    words = " ".join(["seven"] * 30)
    cut = compose(FaultView("Config error", words))
    lines = [p.shown for p in texts(cut) if p.wanted == words]
    assert lines[-1].endswith("…")
    assert words.startswith(" ".join(lines)[:-1].rstrip())


def lines_of(view: VerdictView) -> list[str]:
    """The detail's lines as drawn, top to bottom."""
    return [p.shown for p in sorted(texts(compose(view)), key=lambda p: p.box[1]) if p.wanted == view.detail]


def test_the_next_step_starts_a_line_of_its_own():
    """Where a why is followed by what to do, the step is not split across lines, even if that
    takes a size smaller; a clause break is taken where it costs no line."""
    assert lines_of(VerdictView("wrong", "1/8", "Decimals only. Lift it, use a Help card", "Row 2")) == [
        "Decimals only.", "Lift it, use a Help card"]  # filled, it read "Decimals only. Lift it," / "use a Help card"
    assert lines_of(VerdictView("info", "Card lifted", "Use a Help card, or put it back", "Row 1")) == [
        "Use a Help card,", "or put it back"]


def test_no_word_is_left_alone_on_a_last_line_when_the_line_above_can_spare_one():
    assert lines_of(VerdictView("wrong", "Round is on", "Finish this round first")) == ["Finish this", "round first"]
    assert fonts.wrap("It stays down", 94, 20, bold=True) == ["It stays", "down"]  # "It" alone would be no better


def test_a_verdict_naming_nobody_has_three_lines_for_why_and_what_to_do():
    view = VerdictView("wrong", "Remainder", "12 ÷ 5 leaves a remainder. SPARE: draw 2 more")
    assert lines_of(view) == ["12 ÷ 5 leaves", "a remainder.", "SPARE: draw 2 more"]
    assert all(p.size >= fonts.MIN_SIZE and "…" not in p.shown for p in texts(compose(view)))
    named = VerdictView("wrong", "Remainder", view.detail, "Ana")  # the name takes a line: two are left
    assert len(lines_of(named)) == 2 and lines_of(named)[-1].endswith("…")


def test_a_short_banner_is_drawn_bigger_than_a_long_one():
    def big(view: BannerView) -> int:
        return next(p.size for p in texts(compose(view)) if p.wanted == view.big)

    assert big(BannerView("Round 2", "Draw")) > big(BannerView("MATH WAR!", "Ana v Ben v Chloé")) >= fonts.MIN_SIZE


def test_banner_lines_that_do_not_fit_are_joined_not_dropped():
    shown = " ".join(compose(VIEWS["banner-many"]).texts())
    for line in ("Ana 3", "Ben 1"):
        assert line in shown
    assert "Dmitri 2" in shown or shown.count("…") == 1


# --- what each screen shows ----------------------------------------------------------------------


def result_items(screen: Screen) -> list[Placed]:
    """The result column: the rightmost text of each hand row."""
    rows: dict[int, Placed] = {}
    for item in texts(screen):
        between = item.box[1] > 13 and item.box[3] <= 54  # the title bar and the hint
        if between and (item.box[1] not in rows or item.box[0] > rows[item.box[1]].box[0]):
            rows[item.box[1]] = item
    return [rows[y] for y in sorted(rows)]


def test_hidden_results_show_a_question_mark_and_revealed_ones_the_numbers():
    hidden, revealed = compose(pairs()), compose(pairs(("16", "12", "9")))
    assert [p.shown for p in result_items(hidden)] == ["?", "?", "?"]
    assert [p.shown for p in result_items(revealed)] == ["16", "12", "9"]
    for h, r in zip(result_items(hidden), result_items(revealed)):
        assert h.box == r.box  # the column does not move when the results appear
        assert hidden.image.crop(h.box).tobytes() != revealed.image.crop(r.box).tobytes()
    # the card pairs themselves stay where they were
    left = (0, 14, 80, 54)
    assert hidden.image.crop(left).tobytes() == revealed.image.crop(left).tobytes()


def test_pages_show_different_players_and_wrap_around():
    def names(page: int) -> set[str]:
        shown = compose(LiveView("Hand 1", "01:00", "Go", players(8), page=page, footer="VICTORY 0-0")).texts()
        return {n for n in NAMES if n in shown}

    pages = [names(p) for p in range(3)]
    assert all(pages)
    assert set().union(*pages) == set(NAMES)  # everyone is on some page
    assert not pages[0] & pages[1] and not pages[1] & pages[2]
    assert names(3) == pages[0]  # past the last page: back to the first
    assert "2/3" in compose(LiveView("Hand 1", "01:00", "Go", players(8), page=1)).texts()


def test_a_few_players_fit_on_one_page_with_no_page_marker():
    shown = compose(VIEWS["live-3"]).texts()
    assert {"Ana", "Ben", "Chloé"} <= set(shown)
    assert not any("/" in t for t in shown)


def test_each_player_status_has_its_own_glyph():
    def glyph(status: str) -> bytes:
        screen = compose(LiveView("Hand 1", "00:00", "Go", (PlayerLine("Ana", "1 card", status),)))
        glyphs = [p for p in screen.items if p.kind == status]
        assert len(glyphs) <= 1
        return b"".join(screen.image.crop(p.box).tobytes() for p in glyphs)

    drawn_glyphs = {status: glyph(status) for status in ("played", "waiting", "out", "top", "won")}
    assert all(drawn_glyphs.values())
    assert len(set(drawn_glyphs.values())) == 5
    assert glyph("") == b""


def test_a_verdict_shows_a_tick_when_ok_and_a_cross_when_wrong():
    ok, wrong = compose(VerdictView("ok", "Ana", "21")), compose(VerdictView("wrong", "Ana", "21"))
    assert [p.kind for p in ok.items if p.kind != "text"] == ["tick"]
    assert [p.kind for p in wrong.items if p.kind != "text"] == ["cross"]
    icon = ok.items[0].box
    assert ok.image.crop(icon).tobytes() != wrong.image.crop(icon).tobytes()
    assert ok.image.crop((34, 0, 128, 64)).tobytes() == wrong.image.crop((34, 0, 128, 64)).tobytes()


def test_the_selected_menu_item_is_inverted_and_always_on_screen():
    screen = compose(VIEWS["menu-scrolled"])
    assert "Game 7" in screen.texts() and "Game 0" not in screen.texts()
    item = next(p for p in texts(screen) if p.shown == "Game 7")
    assert screen.image.getpixel((item.box[0] - 2, item.box[1]))  # lit background
    other = next(p for p in texts(screen) if p.shown == "Game 6")
    assert not screen.image.getpixel((other.box[0] - 2, other.box[1]))
    assert any(p.kind == "scrollbar" for p in screen.items)


def test_setup_rows_show_labels_and_values():
    shown = compose(VIEWS["setup"]).texts()
    for text in ("Players", "3", "Edition", "MWM25", "Reveal", "on press", "Start"):
        assert text in shown


def test_the_live_screen_shows_title_clock_headline_and_footer():
    shown = compose(VIEWS["live-8"]).texts()
    for text in ("MATH WAR 1", "12:05", "Ben to play", "VICTORY 1-0", "2/3"):
        assert text in shown


# --- a triangle tableau's map ------------------------------------------------------------------


def test_a_small_tableau_shows_each_cards_number_and_the_last_card_filled_in():
    screen = compose(VIEWS["map-start"])
    labels = {p.wanted: p for p in texts(screen) if p.wanted in ("*", "4", "5")}
    assert set(labels) == {"*", "4", "5"}
    assert labels["5"].ink == 0 and labels["4"].ink == 1  # the last card is lit, its number dark on it
    assert labels["*"].ink_box[2] <= labels["4"].ink_box[0] <= labels["5"].ink_box[0]  # left to right as laid
    side = [p for p in texts(screen) if p.wanted in ("2 points", "26 left")]
    assert len(side) == 2 and all(p.box[0] >= max(label.ink_box[2] for label in labels.values()) for p in side)


def test_a_whole_tableau_fits_its_box_and_keeps_every_card_and_the_star():
    view = VIEWS["map-full"]
    screen = compose(view)
    tiles = [p for p in screen.items if p.kind == "tile"]
    assert len(tiles) == len(view.tiles)  # too small for numbers, but every card is there
    assert all(0 <= p.box[0] < 128 * 9 // 16 and 13 <= p.box[1] < 64 for p in tiles)
    lit_right_of_map = screen.image.crop((128 * 9 // 16 - 1, 14, 128 * 9 // 16, 64)).getbbox()
    assert lit_right_of_map is None  # the map stays left of the lines
    last = next(p for p in tiles if p.ink == 0)
    assert screen.image.getpixel(last.box[:2]) == 1  # the last card is filled in


def test_the_black_star_stays_marked_when_the_numbers_are_gone():
    star_only = MapView("Big Bang", tuple(Tile((c, r), "*" if (c, r) == (0, 0) else "3")
                                          for c in range(-5, 6) for r in range(-2, 3)))
    screen = compose(star_only)
    star = next(p for p in screen.items if p.kind == "tile" and p.wanted == "*")
    other = next(p for p in screen.items if p.kind == "tile" and p.wanted == "3" and p.box != star.box)
    assert screen.image.getpixel(star.box[:2]) == 1 and screen.image.getpixel(other.box[:2]) == 0
