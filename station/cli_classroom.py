"""``mathstation classroom``: the class dashboard, on the teacher's laptop or any station.

It subscribes to the class's broker as the teacher and serves one page on the school's network:
every table live, the whole class's history, the roster. It runs until Ctrl-C (or SIGTERM from
systemd). Exit codes: 0 stopped, 2 a config it cannot start with or a port it cannot open.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from station.classroom.dashboard.settings import DEFAULT_PATH, SettingsError, load_settings
from station.i18n import _

EXIT_OK, EXIT_USAGE = 0, 2


def register(sub: Any) -> None:
    p = sub.add_parser("classroom", help="the class dashboard: every table live, the class's history, the roster",
                       description="The class dashboard: subscribes to the classroom's broker as the teacher and "
                                   "serves one page on the school's network (every table live, every station's "
                                   "games merged with each child's totals, the roster every station seats from). "
                                   "docs/classroom-dashboard.md tells it.")
    p.add_argument("--config", type=Path, metavar="FILE", default=DEFAULT_PATH,
                   help=f"the dashboard's config (default: {DEFAULT_PATH}; firmware_config/classroom.toml is a sample)")
    p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from station.classroom.dashboard.server import Dashboard
    from station.games import plugins
    from station.web.server import PageNotStarted

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        settings = load_settings(args.config)
    except SettingsError as exc:
        print(f"mathstation classroom: {exc}", file=sys.stderr)
        return EXIT_USAGE
    try:
        dashboard = Dashboard(settings, plugins())
    except PageNotStarted as exc:
        cause = exc.__cause__
        why = getattr(cause, "strerror", None) or cause or exc
        reason = _("cannot listen on {address} ({why}): choose another port or bind address there, or stop the "
                   "program that holds it", address="{}:{}".format(settings.bind, settings.page_port), why=why)
        print(f"mathstation classroom: {args.config}: [page]: {reason}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:   # the state folder (or a file in it) cannot be made or written
        reason = _("cannot keep the dashboard's files in {folder} ({why}): name a folder this user can write",
                   folder=settings.state_dir, why=exc.strerror or exc)
        print(f"mathstation classroom: {args.config}: [classroom] state_dir: {reason}", file=sys.stderr)
        return EXIT_USAGE
    stopping = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stopping.set())
    dashboard.start()
    print(_("Class {name}: the dashboard is on {address} (PIN {pin}).", name=settings.class_name,
            address=dashboard.address(), pin=dashboard.pin))
    broker = f"{settings.host}:{settings.port}"
    print(_("Broker {broker} as {user}. Ctrl-C stops it.", broker=broker, user=settings.user) if settings.user else
          _("Broker {broker} (no user: a broker open to anyone). Ctrl-C stops it.", broker=broker), flush=True)
    stopping.wait()
    dashboard.stop()
    return EXIT_OK
