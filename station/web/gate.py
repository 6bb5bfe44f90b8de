"""Who may use a page, and how: one gate for the teacher's page of a station and for the class
dashboard (``station.classroom.dashboard``), so a fix to one is a fix to both.

- A browser types the PIN once into the form and gets a session of its own (``sessions``): a
  signed cookie (``HttpOnly``, ``SameSite=Strict``) holding a random id, never the PIN, good for
  30 days, ended by "Sign out", "Sign out everywhere" or a new PIN. Scripts send the PIN in the
  ``X-Station-PIN`` header with each request instead.
- Every PIN offered (form or header, on any path) passes the ``guard`` first: wrong PINs are
  counted per device with a wait that grows; a browser with a session is never held up.
- A state-changing request from a browser must come from the page itself: its ``Origin`` (or
  ``Referer``) names the page's host, and it carries the form's token (Flask-WTF).
- Every answer carries a strict Content-Security-Policy (``policy``; ``{nonce}`` is a nonce made
  for that answer) and the usual hardening headers.
- ``allowed`` (when given) decides by the client's address before anything else: the class
  dashboard answers only the school's own network.

The app's templates folder provides ``unlock.html`` (the PIN form) and ``refused.html``.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, flash, g, redirect, render_template, request, session, url_for
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import RequestEntityTooLarge

from station.i18n import _
from station.web.guard import Guard, device_of, in_words
from station.web.pin import load_or_make_secret
from station.web.sessions import LIFETIME, SESSIONS_NAME, Sessions

COOKIE = "mathstation-session"
OLD_COOKIE = "mathstation-pin"   # held the PIN itself before sessions; deleted wherever a browser still sends it
HEADER = "X-Station-PIN"
MAX_UPLOAD = 1 << 20      # a class list's CSV is a few kilobytes
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
POLICY = ("default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; img-src 'self'; "
          "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "same-origin",
                    "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Resource-Policy": "same-origin"}


def install(app: Flask, *, pin: str, state_dir: Path | None, home: str, policy: str = POLICY,
            allowed: Callable[[str | None], bool] | None = None, open_endpoints: frozenset[str] = frozenset()) -> None:
    """Put the gate in front of every route of ``app`` and add ``/unlock``, ``/signout`` and
    ``/signout-everywhere``; ``home`` is the endpoint a browser lands on after the PIN or signing
    out. Without ``state_dir`` the sessions and signing key live in memory only (a restart ends
    them). ``open_endpoints`` (such as ``static``) need no PIN: they hold nothing of the class."""
    secret = load_or_make_secret(state_dir) if state_dir is not None else secrets.token_bytes(32)
    app.secret_key = secret
    app.config.update(MAX_CONTENT_LENGTH=MAX_UPLOAD, SESSION_COOKIE_NAME=COOKIE, SESSION_COOKIE_HTTPONLY=True,
                      SESSION_COOKIE_SAMESITE="Strict", PERMANENT_SESSION_LIFETIME=int(LIFETIME),
                      # the cookie is written only when the session changes: a page's poll answered
                      # after a form wrote back the session it was sent with, and the form's message
                      # was lost (a session lasts LIFETIME from the PIN anyway, never from the last visit)
                      SESSION_REFRESH_EACH_REQUEST=False,
                      WTF_CSRF_CHECK_DEFAULT=False,   # checked below, for requests a browser's session makes
                      WTF_CSRF_TIME_LIMIT=None)       # a token lasts as long as its session (a page left open all day)
    csrf = CSRFProtect(app)
    guard = Guard()
    sessions = Sessions(state_dir / SESSIONS_NAME if state_dir is not None else None, pin=pin, secret=secret)

    def right_pin(given: str) -> bool:
        return hmac.compare_digest(given.encode(), pin.encode())

    def has_session() -> bool:
        session_id = session.get("sid")
        if isinstance(session_id, str) and sessions.valid(session_id):
            return True
        session.pop("sid", None)       # ended or expired: the browser types the PIN again
        return False

    def pin_form(status: int, *, target: str = "", wrong: bool = False, stale: bool = False) -> Any:
        wait = guard.wait(device_of(request.remote_addr))
        page = render_template("unlock.html", wait=in_words(wait) if wait else "", wrong=wrong, stale=stale,
                               target=target)
        return page, status

    def too_many(wait: int, target: str = "") -> Any:
        page = render_template("unlock.html", wait=in_words(wait), wrong=False, stale=False, target=target)
        return page, 429, {"Retry-After": str(wait)}

    @app.before_request
    def require_pin() -> Any:
        g.csp_nonce = secrets.token_urlsafe(16)
        if allowed is not None and not allowed(request.remote_addr):
            return Response("This page answers only the school's own network.\n", status=403, mimetype="text/plain")
        if request.method not in SAFE_METHODS and not from_this_page():
            return render_template("refused.html", elsewhere=True), 403
        if request.endpoint == "unlock" or request.endpoint in open_endpoints:
            return None                                  # the form's PIN is checked there
        if has_session():
            if request.method not in SAFE_METHODS:
                csrf.protect()                           # CSRFError: answered by stale_form
            return None
        if HEADER in request.headers:
            device = device_of(request.remote_addr)
            wait = guard.wait(device)
            if wait:
                return too_many(wait)
            if not right_pin(request.headers[HEADER]):
                guard.failed(device)
                return pin_form(401, wrong=True)
            guard.passed(device)
            return None                                  # a script: no cookie, so nothing another site could borrow
        return pin_form(401, target=request.full_path if request.method == "GET" else "")

    @app.context_processor
    def nonce() -> dict[str, str]:
        return {"csp_nonce": g.get("csp_nonce", "")}

    @app.after_request
    def security_headers(response: Response) -> Response:
        response.headers.setdefault("Cache-Control", "no-store")
        response.headers["Content-Security-Policy"] = policy.format(nonce=g.get("csp_nonce") or secrets.token_urlsafe(16))
        response.headers.update(SECURITY_HEADERS)
        if OLD_COOKIE in request.cookies:
            response.delete_cookie(OLD_COOKIE)
        return response

    @app.errorhandler(CSRFError)
    def stale_form(error: CSRFError) -> Any:
        if request.endpoint == "unlock":
            return pin_form(400, target=local_path(request.form.get("next", "")), stale=True)
        return render_template("refused.html", elsewhere=False), 400

    @app.errorhandler(RequestEntityTooLarge)
    def too_big(error: RequestEntityTooLarge) -> Any:
        return render_template("refused.html", elsewhere=False, too_big=MAX_UPLOAD // (1 << 20)), 413

    @app.post("/unlock")
    def unlock() -> Any:
        device = device_of(request.remote_addr)
        target = local_path(request.form.get("next", ""))
        wait = guard.wait(device)
        if wait:
            return too_many(wait, target)
        csrf.protect()
        if not right_pin((request.form.get("pin") or "").strip()):
            guard.failed(device)
            return pin_form(401, target=target, wrong=True)
        guard.passed(device)
        session.clear()                    # a new token with the new session
        session["sid"] = sessions.open()
        session.permanent = True
        return redirect(target or url_for(home))

    @app.post("/signout")
    def sign_out() -> Any:
        sessions.end(session.get("sid", ""))
        session.clear()
        flash(_("Signed out on this browser."), "ok")
        return redirect(url_for(home))

    @app.post("/signout-everywhere")
    def sign_out_everywhere() -> Any:
        sessions.end_all()
        session.clear()
        flash(_("Signed out on every browser: each one needs the PIN again."), "ok")
        return redirect(url_for(home))


def from_this_page() -> bool:
    """A state-changing request came from the page itself, by the origin the browser names.

    Browsers name it (``Origin``, else ``Referer``) on every form they post; a script names none,
    and is let through to the checks after this one (the PIN, the form's token)."""
    source = request.headers.get("Origin")
    if source is None:
        referer = request.headers.get("Referer")
        if referer is None:
            return True
        parts = urlsplit(referer)
        source = f"{parts.scheme}://{parts.netloc}"
    return source == request.host_url.rstrip("/")


def local_path(target: str) -> str:
    """``target`` when it is a path on this page's host ('/history?child=Ana'), else '' (never another site)."""
    if not target.startswith("/") or target.startswith("//") or any(c == "\\" or c.isspace() or ord(c) < 32
                                                                      for c in target):
        return ""
    parts = urlsplit(target)
    return target if not parts.scheme and not parts.netloc else ""
