"""``mathstation broker setup``: the files a class's Mosquitto needs (station/classroom/broker_setup.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from station.i18n import _

EXIT_OK, EXIT_FAILED = 0, 1


def register(sub: Any) -> None:
    p = sub.add_parser("broker", help="set up the class's MQTT broker (Mosquitto): users, access, config",
                       description="The class's broker: Mosquitto, on a station, the teacher's laptop or a school "
                                   "server (docs/classroom.md).")
    inner = p.add_subparsers(dest="broker_command", metavar="COMMAND")
    setup = inner.add_parser("setup", help="write Mosquitto's password file, ACL and config, and each station's lines",
                             description="Write into --out: the password file (through mosquitto_passwd), the ACL "
                                         "(each station writes only its own topics), a config for "
                                         "/etc/mosquitto/conf.d (no anonymous access, persistence, optional TLS), "
                                         "each station's [classroom] lines and the teacher's password.")
    setup.add_argument("--class", dest="class_name", required=True, help="the class's name, e.g. room-12")
    setup.add_argument("--stations", required=True, help="the stations' names, comma-separated: table-1,table-2")
    setup.add_argument("--out", type=Path, default=Path("mathstation-broker"),
                       help="the folder to write (default ./mathstation-broker; the installer uses /etc/mosquitto/mathstation)")
    setup.add_argument("--host", default="localhost", help="how the stations reach the broker (its name or IP)")
    setup.add_argument("--port", type=int, default=1883, help="the broker's port (default 1883)")
    setup.add_argument("--tls-cert", type=Path, help="the broker's TLS certificate: adds a TLS listener on 8883")
    setup.add_argument("--tls-key", type=Path, help="its private key")
    setup.add_argument("--tls-ca", type=Path, help="the CA certificate that signed it (each station gets a copy)")
    setup.add_argument("--tls-port", type=int, default=8883, help="the TLS listener's port (default 8883)")
    setup.add_argument("--force", action="store_true", help="make new passwords where a class was set up before")
    setup.set_defaults(run=run_setup)
    p.set_defaults(run=lambda args: (p.print_help(), EXIT_FAILED)[1])


def run_setup(args: argparse.Namespace) -> int:
    from station.classroom.broker_setup import BROKER_GROUP, Setup, SetupError, Tls, give_to_broker, teacher_file, write
    from station.classroom.topics import BadSlug

    tls_given = [args.tls_cert, args.tls_key, args.tls_ca]
    if any(tls_given) and not all(tls_given):
        reason = _("TLS needs all three: --tls-cert, --tls-key and --tls-ca")
        print(f"mathstation broker setup: {reason}", file=sys.stderr)
        return EXIT_FAILED
    try:
        setup = Setup(args.class_name, [name.strip() for name in args.stations.split(",") if name.strip()],
                      host=args.host, port=args.port,
                      tls=Tls(args.tls_cert.resolve(), args.tls_key.resolve(), args.tls_ca.resolve(), args.tls_port)
                      if all(tls_given) else None)
        written = write(setup, args.out, force=args.force)
    except (SetupError, BadSlug, OSError) as exc:
        print(f"mathstation broker setup: {exc}", file=sys.stderr)
        return EXIT_FAILED
    print(_("Written in {folder}:", folder=args.out))
    for path in written:
        print(f"  {path.name}")
    print()
    command = f"sudo cp {args.out / 'mathstation.conf'} /etc/mosquitto/conf.d/ && sudo systemctl restart mosquitto"
    if not give_to_broker(args.out):   # Mosquitto must read the passwords and the ACL
        command = f"sudo chgrp -R {BROKER_GROUP} {args.out} && {command}"
    print(_("Next: {command}", command=command))
    print(_("Then, in each station's /etc/mathstation/station.toml, put its lines in place of the [classroom] "
            "section there (or keep the password in a file: password_file):"))
    print()
    for station in setup.stations:
        print(f"# {station}")
        print((args.out / f"station-{station}.toml").read_text(encoding="utf-8"))
    print(_("The teacher's dashboard logs in as {user}: copy {file} to /etc/mathstation/ on the dashboard's "
            "machine, readable by the dashboard only (its config's password_file)", user=repr(setup.teacher),
            file=teacher_file(setup, args.out)))
    return EXIT_OK
