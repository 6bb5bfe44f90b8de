"""The teacher's page in the browser's language: each request's words in the language its
``Accept-Language`` asks for, among those the station has catalogs for, else the station's own.

Flask (Werkzeug) already parses the header with its weights and matches ``es-MX`` to ``es``, so
choosing takes one call; the words then come through ``station.i18n`` like every other word the
station says (the templates' ``_`` and ``ngettext``, the Python messages the page shows), from the
``station`` catalog. In a template a translation may hold markup (as Jinja's own i18n extension
allows); the values put into it are escaped.
"""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

from flask import Flask, Response, g, request
from markupsafe import Markup

from station.i18n import STATION, language, languages, use_language


def install(app: Flask) -> None:
    """Choose each request's language before anything else answers it (register it first)."""
    app.jinja_env.globals.update(_=page_gettext, ngettext=page_ngettext, page_language=language)

    @app.before_request
    def choose_language() -> None:
        chosen = request.accept_languages.best_match(languages(), default=language())
        g.words = ExitStack()
        g.words.enter_context(use_language(chosen))

    @app.after_request
    def say_language(response: Response) -> Response:
        response.headers["Content-Language"] = language()
        response.vary.add("Accept-Language")
        return response

    @app.teardown_request
    def forget_language(error: BaseException | None) -> None:
        words = g.pop("words", None)
        if words is not None:
            words.close()


def page_gettext(message: str, /, **values: Any) -> Markup:
    """A template's message in the request's language, its values escaped into it."""
    return Markup(STATION.catalog().gettext(message)).format(**values)


def page_ngettext(singular: str, plural: str, n: int, /, **values: Any) -> Markup:
    return Markup(STATION.catalog().ngettext(singular, plural, n)).format(n=n, **values)
