"""No words for the players outside the translation layer: an AST scan of station/ for string
literals (f-strings too) handed straight to what puts words on the OLED, in the demo's story or in
the speaker's mouth, instead of through ``_()`` / ``WORDS.gettext`` (docs/languages.md).

A literal is words when it holds a letter: "", "?", "=", "1/2" are not. What a sink takes as a
code ("ok", "journal", a sound's name) is not its words: only the fields named in ``WORD_FIELDS``
are looked at. The scan also finds a module that takes ``_`` from the layer and then binds ``_``
to something else (``for _, x in …``): the next ``_("…")`` there would call a tuple.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from station.speech.voice import Line
from station.table.adapter import Note
from station.ui import views
from station.ui.setup import Choice, SetupOption

ROOT = Path(__file__).resolve().parent.parent
STATION = ROOT / "station"

#: The words a sink shows or says, by field name (a positional argument is matched to its field).
WORD_FIELDS = {"title", "detail", "who", "big", "lines", "hint", "headline", "footer", "items", "label", "words",
               "text", "many", "choices", "answers"}

#: What puts words on the screen, in a note or in the speaker's mouth, with its fields in order.
SINKS: dict[str, tuple[str, ...]] = {
    **{name: tuple(f.name for f in dataclasses.fields(cls)) for name, cls in vars(views).items()
       if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == views.__name__},
    "Note": tuple(f.name for f in dataclasses.fields(Note)),
    "Line": tuple(f.name for f in dataclasses.fields(Line)),
    "SetupOption": tuple(f.name for f in dataclasses.fields(SetupOption)),
    "Choice": tuple(f.name for f in dataclasses.fields(Choice)),
    "_Question": ("title", "answers"),  # station.ui.controller's question over the live screen
    "say": ("text",),  # station.terminal_text.say: the demo's story and what the commands tell
}

#: Modules not yet converted, each with why: the lead empties this list when the branches that
#: convert them are merged. Nothing of the shared screens (station/ui, the referee, the main loop,
#: the demo) may be here.
NOT_YET_CONVERTED: set[str] = set()  # every module converted (issue 27): keep it empty

SHARED = ("station/ui/", "station/referee.py", "station/mainloop.py", "station/demo.py", "station/simulate.py",
          "station/cli_station.py", "station/network.py")


def _words(node: ast.AST) -> Iterator[str]:
    """The literal words in ``node``: a string constant with a letter, an f-string's literal
    parts that have one, in a tuple, a list, a sum or either branch of a condition."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if _has_words(node.value):
            yield node.value
    elif isinstance(node, ast.JoinedStr):
        if _has_words("".join(part.value for part in node.values if isinstance(part, ast.Constant))):
            yield ast.unparse(node)
    elif isinstance(node, (ast.Tuple, ast.List)):
        for element in node.elts:
            yield from _words(element)
    elif isinstance(node, ast.BinOp):
        yield from _words(node.left)
        yield from _words(node.right)
    elif isinstance(node, ast.IfExp):
        yield from _words(node.body)
        yield from _words(node.orelse)


def _has_words(text: str) -> bool:
    """A letter outside an address's scheme ("http://" over the station's address is no word)."""
    return any(ch.isalpha() for ch in text.replace("https://", "").replace("http://", ""))


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def untranslated(source: str, filename: str = "<source>") -> list[str]:
    """Every literal handed straight to a sink's words in ``source``, as "line: Sink(field): 'words'";
    and every rebinding of ``_`` in a module that takes it from the layer."""
    tree = ast.parse(source, filename)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or _name(node.func) not in SINKS:
            continue
        sink = _name(node.func)
        fields = SINKS[sink]
        given = [(fields[i] if i < len(fields) else "", arg) for i, arg in enumerate(node.args)]
        given += [(keyword.arg or "", keyword.value) for keyword in node.keywords]
        for field, value in given:
            if field in WORD_FIELDS:
                found += [f"{node.lineno}: {sink}({field}): {words!r}" for words in _words(value)]
    if _takes_underscore(tree):
        found += [f"{line}: binds _, the translation function" for line in _rebound(tree)]
    return found


def _rebound(tree: ast.Module) -> list[int]:
    """Lines that bind ``_`` in a function (or the module) that also calls ``_(…)``: there the
    call would find the bound value, not the translation."""
    scopes: list[ast.AST] = [tree, *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]
    lines = set()
    for scope in scopes:
        nodes = list(_own(scope))
        calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_" for n in nodes)
        if calls:
            lines |= {n.lineno for n in nodes if isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)}
    return sorted(lines)


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp, ast.DictComp,
           ast.GeneratorExp)


def _own(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``scope`` itself, not of the functions, classes and comprehensions in it."""
    for child in ast.iter_child_nodes(scope):
        yield child
        if not isinstance(child, _SCOPES):
            yield from _own(child)


def _takes_underscore(tree: ast.Module) -> bool:
    return any(isinstance(node, ast.ImportFrom) and (node.module or "").startswith("station.i18n")
               and any((alias.asname or alias.name) == "_" for alias in node.names) for node in ast.walk(tree))


def modules() -> list[str]:
    return sorted(str(path.relative_to(ROOT)) for path in STATION.rglob("*.py"))


def allowed(module: str) -> bool:
    return any(module == entry or (entry.endswith("/") and module.startswith(entry)) for entry in NOT_YET_CONVERTED)


@pytest.mark.parametrize("module", [m for m in modules() if not allowed(m)])
def test_no_words_for_the_players_outside_the_translation_layer(module: str) -> None:
    assert untranslated((ROOT / module).read_text(encoding="utf-8"), module) == []


def test_nothing_of_the_shared_screens_is_on_the_not_yet_converted_list() -> None:
    assert not [entry for entry in NOT_YET_CONVERTED if entry.startswith(SHARED) or SHARED[0].startswith(entry)]
    assert all((ROOT / entry).exists() for entry in NOT_YET_CONVERTED)   # a stale entry is removed, not kept


@pytest.mark.parametrize("planted, found", [
    ('VerdictView("wrong", "Out of order")', "VerdictView(title): 'Out of order'"),
    ('BannerView(_("Time"), "Stop!", ("Hands off",))', "BannerView(big): 'Stop!'"),
    ('FaultView(title=f"Camera {n} lost", detail=_("x"))', "FaultView(title): \"f'Camera {n} lost'\""),
    ('Note("journal", "Journal damaged")', "Note(title): 'Journal damaged'"),
    ('MenuView(_("End?"), ("No", _("Yes")), 0)', "MenuView(items): 'No'"),
    ('Line("Your turn", "your_turn")', "Line(words): 'Your turn'"),
    ('LiveView(t, c, "Ben " + "to play", ())', "LiveView(headline): 'Ben '"),
    ('say(f"Journal saved to {path}")', "say(text): \"f'Journal saved to {path}'\""),
])
def test_a_planted_literal_is_found(planted: str, found: str) -> None:
    problems = untranslated(f"def screen():\n    return {planted}\n")
    assert any(problem.endswith(found) for problem in problems), problems


def test_words_through_the_layer_codes_and_numbers_pass() -> None:
    source = '''
from station.i18n import _
def screen(n, player):
    VerdictView("ok", _("Right!"), WORDS.gettext("{player} wins", player=player))
    PlayerLine(player, f"{n}", "played")
    Note("journal", _("Journal damaged"), "")
    BannerView(_("Score"), f"{n}-{n}", ("=", "1/2"))
'''
    assert untranslated(source) == []


def test_a_module_that_takes_the_translation_function_may_not_rebind_it() -> None:
    source = "from station.i18n import _\ndef f(pairs):\n    for _, b in pairs:\n        pass\n    return _('x')\n"
    assert untranslated(source) == ["3: binds _, the translation function"]
