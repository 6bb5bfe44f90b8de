"""What a child reads on a drawn screen: the words cut short, glyphs the OLED font lacks, and the
bottom line (the words drawn lowest, as shown), for the games' every-screen tests; and the same
screen in every language the station speaks (``unreadable_in_every_language``)."""

from __future__ import annotations

from collections.abc import Callable

from station.i18n import languages, use_language
from station.ui import fonts
from station.ui.screens import compose
from station.ui.views import View


def cut(view: View) -> list[str]:
    """Every text that was cut with "…" to fit (none should be: a child cannot read the rest)."""
    return [p.wanted for p in compose(view).items
            if p.kind == "text" and "…" in p.shown and not p.wanted.endswith("…")]


def missing_glyphs(view: View) -> set[str]:
    """Characters drawn as empty boxes: the font has no glyph for them."""
    return set().union(*(fonts.missing(p.wanted) for p in compose(view).items if p.kind == "text"))


def clipped(view: View) -> list[str]:
    """Texts whose ink runs past their box, so part of a letter is not drawn (the accent of an
    "É" above a row: "Élodie" would read "Elodie")."""
    return [p.wanted for p in compose(view).items if p.kind == "text" and p.shown and not _inside(p.ink_box, p.box)]


def _inside(ink: tuple[int, int, int, int], box: tuple[int, int, int, int]) -> bool:
    return ink[0] >= box[0] and ink[1] >= box[1] and ink[2] <= box[2] and ink[3] <= box[3]


def unreadable(view: View) -> list[str]:
    """What a child could not read on the drawn screen: texts cut short or clipped, characters
    with no glyph."""
    return ([f"cut: {text!r}" for text in cut(view)] + [f"clipped: {text!r}" for text in clipped(view)]
            + [f"no glyph: {ch!r}" for ch in sorted(missing_glyphs(view))])


def unreadable_in_every_language(make_view: Callable[[], View]) -> dict[str, list[str]]:
    """The screen ``make_view`` builds, built and drawn in each language the station speaks
    (Spanish runs about a third longer than English): what a child could not read in each, by
    language ({} when every language reads whole). ``make_view`` must take its words from
    ``station.i18n`` when it is called, so that each language's own are drawn."""
    found = {}
    for name in languages():
        with use_language(name):
            problems = unreadable(make_view())
        if problems:
            found[name] = problems
    return found


def bottom_line(view: View) -> str:
    """The words on the screen's lowest line, left to right, as drawn (a wrapped text's last line;
    a page marker "1/2" is left out: it says where, not what to do)."""
    texts = [p for p in compose(view).items if p.kind == "text" and p.shown]
    lowest = max(p.box[3] for p in texts)
    words = [p for p in sorted(texts, key=lambda p: p.box[0]) if p.box[3] == lowest and not _page_marker(p.shown)]
    return " ".join(p.shown for p in words)


def _page_marker(text: str) -> bool:
    number, slash, pages = text.partition("/")
    return bool(slash) and number.isdigit() and pages.isdigit()
