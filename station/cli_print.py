"""The print-and-play commands: ``cards list``, ``cards print``, ``cards render``, ``mat print``,
``ruler`` (the printer's 100 % check).

Bad input (an unknown game or card, a paper too small, a path that cannot be written) is a
one-line message and exit code 2, and never leaves a half-written file behind.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.catalog import Card, Catalog, GameDeck, load_catalog
from engine.errors import CatalogError, PayloadError
from engine.games import GAME_TITLES
from station.i18n import _, language, language_problem, languages, ngettext, use_language
from station.printables.output import OutputError
from station.printables.paper import PaperError, parse_paper
from station.progress import ProgressLine

EXIT_OK, EXIT_USAGE = 0, 2


class UsageError(Exception):
    """Bad input from the command line: the message is what the user reads."""


def register(sub: Any) -> None:
    """Add the ``cards`` and ``mat`` commands to the ``mathstation`` parser."""
    cards = sub.add_parser("cards", help="list, print or render the printed cards of a game",
                           description="The printed cards: list them, print them as a PDF for cutting, render one as an image.")
    actions = cards.add_subparsers(title="actions", metavar="ACTION")

    p = actions.add_parser("list", help="every card of a deck: ID, QR payload, face",
                           description="List every card of a game's deck: its ID, the text of its QR code and its face.")
    _selection_arguments(p)
    p.add_argument("--json", action="store_true", help="one JSON object per card, for machines")
    p.set_defaults(run=_guarded(_list))

    p = actions.add_parser("print", help="a PDF of a deck laid out for cutting, with backs for duplex",
                           description="Print a deck as a PDF: cards laid out for cutting (cut marks, no card split over pages), "
                                       "each face sheet followed by its backs for double-sided printing.")
    p.add_argument("game", metavar="GAME", help=f"the game ({_games()}) or 'all' for every game")
    p.add_argument("--players", type=int, metavar="N",
                   help="exactly what a table of N players needs: each player's own set in copies A, B, C ... "
                        "(Math Wars Meta, Big Bang) and the shared decks once; a count the game cannot seat is refused")
    _selection_arguments(p, with_game=False)
    p.add_argument("--paper", default="a4", help="a4, letter, a3, a5, legal, tabloid or WIDTHxHEIGHTmm (default: a4)")
    p.add_argument("--no-backs", dest="backs", action="store_false", help="faces only, for single-sided printing")
    p.add_argument("--no-rules", dest="rules", action="store_false",
                   help="leave out the rules card (how to play, one page per game, printed after the cards)")
    _language_argument(p)
    p.add_argument("--out", type=Path, help="the PDF to write (default: GAME-cards.pdf in the current folder)")
    p.set_defaults(run=_guarded(_in_language(_print)))

    p = actions.add_parser("render", help="one card as a PNG image, exactly as printed",
                           description="Render one card (by ID like MW-A-N37, or its QR text) as a PNG image, exactly as it prints.")
    p.add_argument("card", metavar="CARD", help="card ID (MW-A-N37) or QR payload (MCS1-MW-A-N37)")
    p.add_argument("--dpi", type=float, default=300, help="resolution (default 300: a 1040 x 745 px card)")
    p.add_argument("--back", action="store_true", help="the card's back instead of its face")
    p.add_argument("--out", type=Path, help="the PNG to write (default: CARD.png in the current folder)")
    p.set_defaults(run=_guarded(_render))

    mat = sub.add_parser("mat", help="print the play mat of a game",
                         description="The play mat: zones where the game needs them and four corner markers the camera measures by.")
    mat_actions = mat.add_subparsers(title="actions", metavar="ACTION")
    p = mat_actions.add_parser("print", help="a PDF of the mat, tiled over several pages when larger than the paper",
                               description="Print a game's play mat at full size; a mat larger than the paper is tiled "
                                           "over several pages with overlap marks for gluing.")
    p.add_argument("game", metavar="GAME", help=f"the game: {_games()}; or 'calibration' for the board that "
                                               "calibrates a wide lens (mathstation calibrate --lens)")
    p.add_argument("--players", type=int, default=None, help="how many players sit at the mat (default: the game's usual)")
    p.add_argument("--paper", default="a4", help="a4, letter, a3, a5, legal, tabloid or WIDTHxHEIGHTmm (default: a4)")
    p.add_argument("--out", type=Path, help="the PDF to write (default: GAME-mat.pdf in the current folder)")
    p.set_defaults(run=_guarded(_mat_print))

    p = sub.add_parser("ruler", help="a one-page PDF to check that the printer keeps 100 %%",
                       description="Print a one-page ruler (150 mm and 100 mm scales, a 100 mm square, a card's QR code "
                                   "size) and measure it: cards and mats must print at 100 %, not 'fit to page'.")
    p.add_argument("--paper", default="a4", help="a4, letter, a3, a5, legal, tabloid or WIDTHxHEIGHTmm (default: a4)")
    p.add_argument("--out", type=Path, default=Path("ruler.pdf"), help="the PDF to write (default: ruler.pdf)")
    p.set_defaults(run=_guarded(_ruler))

    rules = sub.add_parser("rules", help="print how to play a game: one page, with a picture of its mat",
                           description="The rules cards: how to play each game in a child's words (set up, a turn, "
                                       "how to win, what the station does, its buttons), one page per game.")
    rules_actions = rules.add_subparsers(title="actions", metavar="ACTION")
    p = rules_actions.add_parser("print", help="a PDF of a game's rules card (or every game's)",
                                 description="Print a game's rules card, or 'all' for every game's, one page each.")
    p.add_argument("game", metavar="GAME", help=f"the game ({_games()}) or 'all' for every game")
    p.add_argument("--paper", default="a4", help="a4, letter, a3, a5, legal, tabloid or WIDTHxHEIGHTmm (default: a4)")
    _language_argument(p)
    p.add_argument("--out", type=Path, help="the PDF to write (default: GAME-rules.pdf in the current folder)")
    p.set_defaults(run=_guarded(_in_language(_rules_print)))

    for parser in (cards, mat, rules):
        parser.set_defaults(run=lambda args, parser=parser: (parser.print_help(), EXIT_USAGE)[1])


def _games() -> str:
    """Every game's name, from the registry (``engine.games``), for the help texts."""
    return ", ".join(GAME_TITLES)


def _ruler(args: argparse.Namespace) -> int:
    from station.printables.ruler_pdf import write_ruler_pdf

    write_ruler_pdf(args.out, parse_paper(args.paper))
    print(_("Wrote {file}: print it at 100 % ('Actual size') and measure the scales.", file=args.out))
    return EXIT_OK


def _selection_arguments(p: argparse.ArgumentParser, *, with_game: bool = True) -> None:
    if with_game:
        p.add_argument("game", metavar="GAME", help=f"the game: {_games()}")
    p.add_argument("--copies", help="deck copies to include, e.g. A,B (default: all)")
    p.add_argument("--deck", help="only one named deck, e.g. count25 (default: every card)")


def _language_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--language", default=None, metavar="LANG",
                   help=f"the language of the rules card: {', '.join(languages())} (default: the command line's, "
                        "from LANG: docs/languages.md)")


def _in_language(handler: Any) -> Any:
    """Run ``handler`` with its words in ``--language`` (a language without catalogs is a usage error);
    without it, in the command line's own language."""
    def run(args: argparse.Namespace) -> int:
        if args.language is None:
            args.language = language()
        problem = language_problem(args.language)
        if problem:
            raise UsageError(f"--language: {problem}")
        with use_language(args.language):
            return int(handler(args))
    return run


def _guarded(handler: Any) -> Any:
    def run(args: argparse.Namespace) -> int:
        try:
            return int(handler(args))
        except (UsageError, CatalogError, PayloadError, PaperError, OutputError) as exc:
            print(f"mathstation: {exc}", file=sys.stderr)
            return EXIT_USAGE
        except BrokenPipeError:
            raise
        except OSError as exc:  # a full disk, a vanished folder: still one clear line
            reason = _("cannot write {file}: {reason}", file=getattr(exc, "filename", "") or _("the output"),
                       reason=exc.strerror or exc)
            print(f"mathstation: {reason}", file=sys.stderr)
            return EXIT_USAGE

    return run


def _deck(catalog: Catalog, name: str) -> GameDeck:
    if name in catalog.games:
        return catalog.game(name)
    printable = ", ".join(catalog.games)
    if name in GAME_TITLES:
        raise UsageError(_("{game} has no printed deck yet (games with cards: {games})", game=GAME_TITLES[name],
                           games=printable))
    raise UsageError(_("unknown game {name}: games with cards are {games}", name=repr(name), games=printable))


def _selected(deck: GameDeck, args: argparse.Namespace) -> list[list[Card]]:
    """The chosen cards, one group per deck copy."""
    copies = [c.strip().upper() for c in args.copies.split(",")] if args.copies else list(deck.copies)
    for copy in copies:
        if len(copy) != 1 or copy not in deck.copies:
            raise UsageError(_("{game} has deck copies {first}–{last}, not {copy}", game=deck.title,
                               first=deck.copies[0], last=deck.copies[-1], copy=repr(copy)))
    return [deck.cards([copy], args.deck) for copy in dict.fromkeys(copies)]


def _list(args: argparse.Namespace) -> int:
    deck = _deck(load_catalog(), args.game)
    for card in (card for group in _selected(deck, args) for card in group):
        if args.json:
            print(json.dumps({"id": card.id, "payload": card.payload, "game": card.game, "copy": card.copy,
                              "code": card.face.code, "kind": card.face.kind, "face": card.face.describe()},
                             ensure_ascii=False))
        else:
            print(f"{card.id:<12} {card.payload:<16} {card.face.describe()}")
    return EXIT_OK


def _print(args: argparse.Namespace) -> int:
    from station.printables.sheets import write_deck_pdf

    catalog = load_catalog()
    names = list(catalog.games) if args.game == "all" else [args.game]
    if args.players is not None and (args.copies or args.deck):
        raise UsageError(_("--players picks the decks and copies a table needs: leave out --copies and --deck"))
    if args.players is not None:
        groups = [group for name in names for group in _deck(catalog, name).for_players(args.players)]
    else:
        groups = [group for name in names for group in _selected(_deck(catalog, name), args)]
    paper = parse_paper(args.paper)
    out = args.out or Path(f"{args.game}-cards.pdf")
    count = sum(len(group) for group in groups)
    rules_pages = [0]
    if args.rules:
        from station.printables.rules_card import draw_rules_pages, rules_card

        for name in names:
            rules_card(name)  # a card's mistake is found before minutes of printing

    def rules_after_cards(c: Any) -> int:
        rules_pages[0] = draw_rules_pages(c, names, paper)
        return rules_pages[0]

    pages = write_deck_pdf(groups, paper, out, backs=args.backs,
                           progress=ProgressLine(ngettext("Printing {n} card: page", "Printing {n} cards: page", count)),
                           title=f"{' + '.join(GAME_TITLES[n] for n in names)} cards",
                           then=rules_after_cards if args.rules else None)
    sides = _("faces and backs: print double-sided, flip on long edge") if args.backs else _("faces only")
    cards = ngettext("{n} card", "{n} cards", count)
    sheets = ngettext("{n} {paper} page", "{n} {paper} pages", pages - rules_pages[0], paper=paper.name)
    if args.rules:
        after = (ngettext("then the rules card on the last page", "then the rules card on the last {n} pages",
                          rules_pages[0]) if len(names) == 1 else
                 ngettext("then the rules cards on the last page", "then the rules cards on the last {n} pages",
                          rules_pages[0]))
        print(_("Wrote {file}: {cards} on {pages} ({sides}), {after} (--no-rules leaves it out).",
                file=out.resolve(), cards=cards, pages=sheets, sides=sides, after=after))
    else:
        print(_("Wrote {file}: {cards} on {pages} ({sides}).", file=out.resolve(), cards=cards, pages=sheets,
                sides=sides))
    return EXIT_OK


def _rules_print(args: argparse.Namespace) -> int:
    from station.printables.rules_card import write_rules_pdf

    catalog = load_catalog()
    names = list(catalog.games) if args.game == "all" else [args.game]
    for name in names:
        if name not in GAME_TITLES:
            raise UsageError(_("unknown game {name}: games are {games}", name=repr(name), games=_games()))
    paper = parse_paper(args.paper)
    out = args.out or Path(f"{args.game}-rules.pdf")
    pages = write_rules_pdf(names, paper, out)
    titles = " + ".join(GAME_TITLES[n] for n in names)
    print(_("Wrote {file}: how to play {games} on {pages}.", file=out.resolve(), games=titles,
            pages=ngettext("{n} {paper} page", "{n} {paper} pages", pages, paper=paper.name)))
    return EXIT_OK


def _render(args: argparse.Namespace) -> int:
    from station.printables.output import atomic_output
    from station.printables.raster import render_card

    catalog = load_catalog()
    text = args.card.strip().upper()
    try:
        card = catalog.from_payload(text) if text.startswith("MCS") else catalog.card(text)
    except PayloadError as exc:
        raise UsageError(_("card {card}: {reason}", card=repr(args.card), reason=exc.reason)) from exc
    if not 30 <= args.dpi <= 1200:
        raise UsageError(_("--dpi {dpi} is out of range: use 30 to 1200 (the virtual table uses 150-300)",
                           dpi=format(args.dpi, "g")))
    out = args.out or Path(f"{card.id}{'-back' if args.back else ''}.png")
    image = render_card(card, args.dpi, back=args.back)
    with atomic_output(out) as stream:
        image.save(stream, format="PNG", dpi=(args.dpi, args.dpi))
    print(_("Wrote {file}: {card} ({face}), {width} x {height} px at {dpi} dpi.", file=out.resolve(), card=card.id,
            face=card.face.describe(), width=image.width, height=image.height, dpi=format(args.dpi, "g")))
    return EXIT_OK


def _one_mat(args: argparse.Namespace) -> bool:
    """A number of players was asked of a game with one mat for the whole team."""
    from station.table.mat import MatError, mat_spec

    try:
        return args.players is not None and mat_spec(args.game).max_seats == 1
    except MatError:
        return False


CALIBRATION = "calibration"  # ``mat print calibration``: the lens calibration board, not a game's mat


def _calibration_print(args: argparse.Namespace, paper: Any) -> int:
    from station.printables.calibration_pdf import write_calibration_pdf
    from station.printed.markers import MarkersUnavailable

    if args.players is not None:
        raise UsageError(_("the calibration board is for the camera, not for players: leave out --players"))
    out = args.out or Path("calibration-board.pdf")
    try:
        write_calibration_pdf(out, paper)
    except MarkersUnavailable as exc:
        raise UsageError(str(exc)) from exc
    print(_("Wrote {file}: the lens calibration board on one {paper} page. Print it at 100 %, "
            "then run mathstation calibrate --lens.", file=out.resolve(), paper=paper.name))
    return EXIT_OK


def _mat_print(args: argparse.Namespace) -> int:
    from station.printables.mat_pdf import write_mat_pdf
    from station.table.mat import MatError, mat_layout
    from station.printed.markers import MarkersUnavailable

    paper = parse_paper(args.paper)
    if args.game == CALIBRATION:
        return _calibration_print(args, paper)
    try:
        layout = mat_layout(args.game, args.players) if args.players is not None else mat_layout(args.game)
    except MatError as exc:
        raise UsageError(_("{reason}: leave out --players", reason=exc) if _one_mat(args) else str(exc)) from exc
    out = args.out or Path(f"{args.game}-mat.pdf")
    try:
        pages = write_mat_pdf(layout, paper, out, progress=ProgressLine(_("Printing the mat: page")))
    except MarkersUnavailable as exc:
        raise UsageError(str(exc)) from exc
    from station.table.mat import mat_spec

    players = (_("for the whole team") if mat_spec(layout.game).max_seats == 1 else
               ngettext("for {n} player", "for {n} players", layout.seats))
    print(_("Wrote {file}: {game} mat {players}, {width} x {height} mm on {pages}.", file=out.resolve(),
            game=layout.title, players=players, width=format(layout.width, "g"), height=format(layout.height, "g"),
            pages=ngettext("{n} {paper} page", "{n} {paper} pages", pages, paper=paper.name)))
    return EXIT_OK
