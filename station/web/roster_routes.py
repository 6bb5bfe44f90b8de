"""The roster's routes (the page, add, rename, remove, import a CSV), one blueprint for the
station's page and the class dashboard, so a name is checked and a change is said the same way
on both. Each app keeps its own guards (the ``gate``'s PIN, form tokens and slowed wrong PINs
cover every route of the app, these too) and its own ``roster.html``.

What differs is handed in: ``page_words`` (what the app's template shows beside the names, e.g.
the dashboard's "Forget a child" list), ``after_change`` (called after every change that held,
an import too: the dashboard publishes the new list to every station) and ``say`` (what the page
says of a change, from the plain sentence: the dashboard adds a word when the broker is away).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for

from station.i18n import _
from station.roster import MAX_NAME, Roster, RosterError

NAME = "roster"  # its endpoints: roster.page, roster.add, roster.rename, roster.remove, roster.upload


def _nothing() -> None:
    pass


def _as_is(said: str) -> str:
    return said


def roster_blueprint(roster: Roster, *, page_words: Callable[[], dict[str, Any]] = dict,
                     after_change: Callable[[], None] = _nothing, say: Callable[[str], str] = _as_is) -> Blueprint:
    """The roster's routes over ``roster``, under ``/roster``."""
    routes = Blueprint(NAME, __name__)

    def page(report: Any = None) -> Any:
        return render_template("roster.html", names=roster.names(), max_name=MAX_NAME, report=report,
                               recovered=roster.recovered, **page_words())

    def change(make: Callable[[], str]) -> Any:
        try:
            said = make()
        except RosterError as exc:
            flash(str(exc), "error")
        else:
            after_change()
            flash(say(said), "ok")
        return redirect(url_for(".page"))

    @routes.get("/roster", endpoint="page")
    def show() -> Any:
        return page()

    @routes.post("/roster/add")
    def add() -> Any:
        return change(lambda: _("{name} added.", name=roster.add(request.form.get("name", ""))))

    @routes.post("/roster/rename")
    def rename() -> Any:
        old = request.form.get("old", "")
        return change(lambda: _("{old} is now {new}.", old=old, new=roster.rename(old, request.form.get("new", ""))))

    @routes.post("/roster/remove")
    def remove() -> Any:
        name = request.form.get("name", "")

        def gone() -> str:
            roster.remove(name)
            return _("{name} removed (games already played keep the name).", name=name)
        return change(gone)

    @routes.post("/roster/import")
    def upload() -> Any:
        file = request.files.get("file")
        if file is None or not file.filename:
            flash(_("Choose a CSV file first."), "error")
            return redirect(url_for(".page"))
        try:
            report = roster.import_csv(file.read())
        except RosterError as exc:
            flash(str(exc), "error")
            return redirect(url_for(".page"))
        after_change()
        return page(report)

    return routes
