"""The camera commands: ``mathstation scan IMAGE...`` says what lies on a photo of the table."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

EXIT_OK, EXIT_USAGE = 0, 2


def register(sub: Any) -> None:
    p = sub.add_parser("scan", help="what lies on a photo of the table: cards, positions, unknown codes",
                       description="Read photos of the table: every card (ID, face, position in mm on the mat, angle), "
                                   "QR codes that are not our cards, and warnings about the image.")
    p.add_argument("images", nargs="+", type=Path, metavar="IMAGE", help="photos or frames (PNG, JPEG …)")
    p.add_argument("--json", action="store_true", help="one JSON object per image, for machines")
    p.add_argument("--decoder", default="auto", choices=["auto", "zxing-cpp", "pyzbar"], help="QR decoder (default: auto)")
    p.set_defaults(run=_scan)


def _scan(args: argparse.Namespace) -> int:
    import cv2

    from station.vision.decode import DecoderUnavailable, make_decoder
    from station.vision.scan import scan_image

    try:
        decoder = make_decoder(args.decoder)
    except DecoderUnavailable as exc:
        print(f"mathstation: {exc}", file=sys.stderr)
        return EXIT_USAGE
    status = EXIT_OK
    for path in args.images:
        image = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE) if path.is_file() else None
        if image is None:
            why = "no such file" if not path.exists() else "not an image OpenCV can read"
            print(f"mathstation: {path}: {why}", file=sys.stderr)
            status = EXIT_USAGE
            continue
        result = scan_image(image, decoder)
        if args.json:
            print(json.dumps({"image": str(path), **result.as_json()}, ensure_ascii=False))
        else:
            _print_result(path, result)
    return status


def _print_result(path: Path, result: Any) -> None:
    table = result.table
    mat = f"{table.mat.title} mat for {table.mat.seats} players, {table.markers_seen} of 4 markers seen" if table.mat else "no mat"
    print(f"{path}: {len(result.cards)} card{'s' if len(result.cards) != 1 else ''}, {mat}")
    unit = table.units
    for card in result.cards:
        zone = table.mat.zone_at(card.x, card.y) if table.mat else None
        where = f"x {card.x:6.1f} {unit}  y {card.y:6.1f} {unit}  {card.angle:5.1f}°"
        print(f"  {card.card_id:<11} {card.face:<18} {where}  {zone.name if zone else ''}".rstrip())
    for code in result.foreign:
        print(f"  unknown QR code {code.text!r}: {code.reason}")
    for warning in result.warnings:
        print(f"  warning: {warning}")
