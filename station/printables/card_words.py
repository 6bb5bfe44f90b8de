"""Per-card words from a look's templates: ``"{count}"``, ``"{reminder}"``, ``"{value_letter}"``.

A look file says what a panel or a back shows in templates, and each card fills them from its
own fields: every field of its manifest entry (``face.extra``: ``count``, ``stars``, ``reminder``
…), its ``code``, ``copy`` and ``number`` (as the card prints it), and ``value_letter``, its self-check letter
(:mod:`station.printables.self_check`). Any game can print per-card words this way, with no code.
"""

from __future__ import annotations

import string

from engine.catalog import Card
from engine.errors import CatalogError
from station.printables.self_check import value_letter

def _number(card: Card) -> str:
    if card.face.number is None:
        raise CatalogError(f"card {card.id} has no number")
    return card.face.number.pretty()


_COMPUTED = {"value_letter": value_letter, "code": lambda card: card.face.code, "copy": lambda card: card.copy,
             "number": _number}


def template_fields(template: str) -> list[str]:
    """The field names ``template`` asks for (``"{count} x"`` -> ``["count"]``)."""
    return [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]


def fill(template: str, card: Card, where: str) -> str:
    """``template`` with the card's fields filled in; a ``CatalogError`` names a field the card
    lacks (``where`` says which look entry asked for it)."""
    values: dict[str, str] = {}
    for name in template_fields(template):
        if name in _COMPUTED:
            try:
                values[name] = _COMPUTED[name](card)
            except CatalogError as exc:
                raise CatalogError(f"{where} asks for {{{name}}}: {exc}") from None
        elif name in card.face.extra:
            values[name] = str(card.face.extra[name])
        else:
            raise CatalogError(f"{where} asks for {{{name}}}, which card {card.id} does not have")
    return template.format_map(values)
