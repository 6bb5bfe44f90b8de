#!/usr/bin/env python3
"""The translation catalogs, with Babel (docs/languages.md):

  scripts/catalogs.py extract         write each domain's .pot (the messages in the code), for a translator's tool
  scripts/catalogs.py update [LANG]   bring every shipped language's .po up to date (or start LANG's)
  scripts/catalogs.py compile         compile every .po to .mo (bootstrap and the Pi's installer run it)
  scripts/catalogs.py check           exit 1 if a shipped catalog lacks a message, or has one untranslated or fuzzy
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's station, run from anywhere

from station.i18n import catalogs  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    actions.add_parser("extract", help="write each domain's .pot")
    update = actions.add_parser("update", help="bring the .po files up to date with the code")
    update.add_argument("language", nargs="?", help="start or update only this language (e.g. fr)")
    actions.add_parser("compile", help="compile every .po to .mo")
    actions.add_parser("check", help="fail on a missing, untranslated or fuzzy message")
    args = parser.parse_args(argv)

    if args.action == "extract":
        for domain in catalogs.domains():
            print(f"{domain.name}: {catalogs.write_template(domain)}")
    elif args.action == "update":
        for domain in catalogs.domains():
            template = catalogs.extract(domain)
            for language in [args.language] if args.language else catalogs.shipped_languages():
                po = catalogs.update(domain, language, template)
                if po:
                    print(f"{domain.name} {language}: {po}")
    elif args.action == "compile":
        for domain in catalogs.domains():
            for language in catalogs.shipped_languages():
                done = catalogs.compile_catalog(domain, language)
                if done:
                    mo, translated, total = done
                    print(f"{domain.name} {language}: {translated} of {total} messages translated -> {mo}")
    else:
        problems = catalogs.check()
        for problem in problems:
            print(problem, file=sys.stderr)
        if problems:
            print(f"{len(problems)} problem(s): translate them in the .po files (docs/languages.md)", file=sys.stderr)
            return 1
        print(f"every catalog complete: {', '.join(catalogs.shipped_languages()) or 'English only'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
