"""Save the card pictures in docs/img/ from the real drawing code: a few cards side by side, faces
or backs, as the printer prints them (Math Rush: mr-card-faces.png, mr-card-backs.png).
Run: .venv/bin/python scripts/card_images.py"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from engine.catalog import load_catalog
from station.printables.raster import render_card

OUT = Path(__file__).resolve().parent.parent / "docs" / "img"
GAP_PX = 8
PICTURES = {
    # a fraction, a repeating decimal, a percent, an Advanced card, a goal, an Advanced goal, a Help card
    "mr-card-faces.png": (["MR-A-F6", "MR-A-D3", "MR-A-P6", "MR-A-X1", "MR-A-G15", "MR-A-G28", "MR-A-G9", "MR-A-H1"],
                          False),
    # the self-check letters of 1/10, 0.(3), 8/12 (= 2/3) and 3/2 (W, underlined: turned it reads M);
    # a goal's back and a Help card's
    "mr-card-backs.png": (["MR-A-F1", "MR-A-D6", "MR-A-X1", "MR-A-X13", "MR-A-G1", "MR-A-H1"], True),
}


def picture(card_ids: list[str], *, backs: bool, dpi: float = 72, columns: int = 4) -> Image.Image:
    """The cards in rows of ``columns`` on a light grey ground, in a small palette."""
    catalog = load_catalog()
    images = [render_card(catalog.card(card_id), dpi, back=backs) for card_id in card_ids]
    width, height = images[0].size
    rows = -(-len(images) // columns)
    columns = min(columns, len(images))
    sheet = Image.new("RGB", (columns * (width + GAP_PX) - GAP_PX, rows * (height + GAP_PX) - GAP_PX), "#d0d0d0")
    for index, image in enumerate(images):
        row, column = divmod(index, columns)
        sheet.paste(image, (column * (width + GAP_PX), row * (height + GAP_PX)))
    return sheet.quantize(colors=48)


def main() -> None:
    for name, (card_ids, backs) in PICTURES.items():
        picture(card_ids, backs=backs, columns=4 if not backs else 3).save(OUT / name, optimize=True)
        print(f"docs/img/{name}: {', '.join(card_ids)}")


if __name__ == "__main__":
    main()
