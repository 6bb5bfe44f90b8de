"""Make docs/build.md's pictures and tables from the station's own numbers: the wiring diagram
(docs/img/build-wiring.png, pins from firmware_config/station.toml) and the camera heights table
(station/camera_mount.py over every game's mat), printed as Markdown to paste into docs/build.md.
Run: .venv/bin/python scripts/build_figures.py"""

from __future__ import annotations

import tomllib
from pathlib import Path

from PIL import Image, ImageDraw

from station.camera_mount import LENSES, MARGIN_MM, MIN_PX_PER_MODULE, UPRIGHT_MM, WIDE_MODE, guide_mount, mount_for
from station.table.mat import games_with_mats, mat_layout, mat_spec
from station.ui.fonts import font

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img"

#: BCM GPIO number -> pin on the 40-pin header.
HEADER_PIN = {2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 23: 16, 24: 18, 10: 19, 9: 21, 25: 22, 11: 23, 8: 24,
              7: 26, 5: 29, 6: 31, 12: 32, 13: 33, 19: 35, 16: 36, 26: 37, 20: 38, 21: 40, 14: 8, 15: 10, 18: 12}
POWER = {1: "3.3 V", 2: "5 V", 4: "5 V", 17: "3.3 V", 6: "GND", 9: "GND", 14: "GND", 20: "GND", 25: "GND",
         30: "GND", 34: "GND", 39: "GND"}
INK, WIRE_GND, WIRE_3V, WIRE_5V = (20, 20, 20), (60, 60, 60), (200, 40, 40), (230, 120, 0)
SIGNAL = [(30, 90, 200), (0, 140, 90), (150, 60, 170), (0, 140, 160), (120, 70, 30)]


class Sheet:
    def __init__(self, w: int, h: int) -> None:
        self.image = Image.new("RGB", (w, h), "white")
        self.d = ImageDraw.Draw(self.image)

    def text(self, xy: tuple[float, float], s: str, size: int = 15, bold: bool = False, anchor: str = "la",
             fill: tuple[int, int, int] = INK) -> None:
        self.d.text(xy, s, font=font(size, bold), fill=fill, anchor=anchor)

    def wire(self, points: list[tuple[float, float]], colour: tuple[int, int, int]) -> None:
        self.d.line(points, fill=colour, width=3, joint="curve")

    def dot(self, xy: tuple[float, float], colour: tuple[int, int, int] = INK) -> None:
        self.d.ellipse((xy[0] - 5, xy[1] - 5, xy[0] + 5, xy[1] + 5), fill=colour)

    def resistor(self, x0: float, y: float, x1: float, label: str, colour: tuple[int, int, int]) -> None:
        """A zig-zag from x0 to x1 along y."""
        span = x1 - x0
        pts = [(x0, y)] + [(x0 + span * (i + 0.5) / 6, y + (-8 if i % 2 else 8)) for i in range(6)] + [(x1, y)]
        self.d.line(pts, fill=colour, width=3)
        self.text(((x0 + x1) / 2, y - 12), label, 13, anchor="md")


def wiring(config: dict) -> Image.Image:
    pins = config["buttons"]["pins"]
    signals, display = config["signals"], config["display"]
    s = Sheet(1200, 820)
    s.text((20, 14), "Math Card Station: wiring (Raspberry Pi, pin numbers on the 40-pin header)", 22, bold=True)

    # the Pi's terminals, top to bottom, grouped by the part they go to
    rows: list[tuple[int, str]] = [
        (1, "3.3 V"), (6, "GND"), (3, "GPIO 2 SDA"), (5, "GPIO 3 SCL"), (0, ""),
        (HEADER_PIN[pins["select"]], f"GPIO {pins['select']}"), (HEADER_PIN[pins["confirm"]], f"GPIO {pins['confirm']}"),
        (HEADER_PIN[pins["back"]], f"GPIO {pins['back']}"), (HEADER_PIN[pins["spare"]], f"GPIO {pins['spare']}"),
        (9, "GND"), (0, ""),
        (HEADER_PIN[signals["led_pin"]], f"GPIO {signals['led_pin']}"), (20, "GND"), (0, ""),
        (2, "5 V"), (0, ""), (0, ""), (HEADER_PIN[signals["buzzer_pin"]], f"GPIO {signals['buzzer_pin']}"), (34, "GND"),
    ]
    top, pitch, px = 70, 34, 290
    s.d.rounded_rectangle((40, top - 20, px, top + pitch * len(rows) + 40), 14, outline=(0, 110, 0), width=4,
                          fill=(235, 248, 235))
    s.text((60, top + pitch * len(rows) - 2), "Raspberry Pi 4 / 5", 18, bold=True, fill=(0, 90, 0))
    s.text((60, top + pitch * len(rows) + 20), "camera: the CSI ribbon connector", 13, fill=(0, 90, 0))
    y_of: dict[int, float] = {}
    for i, (pin, name) in enumerate(rows):
        if not pin:
            continue
        y = top + i * pitch
        y_of[pin] = y
        s.d.rectangle((px - 16, y - 8, px, y + 8), fill=(240, 200, 60), outline=INK)
        s.text((px - 24, y), f"pin {pin}  {name}", 15, anchor="rm")

    def colour(pin: int, index: int) -> tuple[int, int, int]:
        return {"GND": WIRE_GND, "3.3 V": WIRE_3V, "5 V": WIRE_5V}.get(POWER.get(pin, ""), SIGNAL[index % len(SIGNAL)])

    # OLED
    ox = 560
    s.d.rectangle((ox, top - 20, ox + 250, top + 3 * pitch + 20), outline=INK, width=3, fill=(245, 245, 255))
    s.text((ox + 70, top + 18), "OLED 128 x 64", 17, bold=True)
    s.text((ox + 70, top + 42), f"SSD1306 / SH1106, I2C", 14)
    s.text((ox + 70, top + 62), f"address 0x{display['i2c_address']:02X}", 14, bold=True)
    for i, name in enumerate(("VCC", "GND", "SDA", "SCL")):
        pin = rows[i][0]
        y = top + i * pitch
        s.wire([(px, y), (ox, y)], colour(pin, i))
        s.text((ox + 8, y), name, 14, anchor="lm")

    # buttons: each from its GPIO to one shared ground wire, back to one GND pin
    bx, bus = 560, 760
    for i, name in enumerate(("select", "confirm", "back", "spare")):
        pin = rows[5 + i][0]
        y = top + (5 + i) * pitch
        c = colour(pin, i)
        s.wire([(px, y), (bx, y)], c)
        s.dot((bx, y))
        s.dot((bx + 60, y))
        s.d.line((bx + 4, y - 14, bx + 56, y - 14), fill=INK, width=3)  # the push bar
        s.d.line((bx + 30, y - 14, bx + 30, y - 24), fill=INK, width=3)
        s.text((bx - 12, y - 5), name.upper(), 14, bold=True, anchor="rd")
        s.wire([(bx + 60, y), (bus, y)], WIRE_GND)
        s.dot((bus, y), WIRE_GND)
    gnd_y = y_of[9]
    s.wire([(bus, top + 5 * pitch), (bus, gnd_y + 0), (px, gnd_y)], WIRE_GND)
    s.text((bus + 12, top + 6.5 * pitch), "one shared ground wire", 14, anchor="lm")
    s.text((bus + 12, top + 6.5 * pitch + 18), "(no resistors: the Pi's pull-ups)", 13, anchor="lm")

    # LED: GPIO -> 330 ohm -> LED -> GND
    y, yg = y_of[HEADER_PIN[signals["led_pin"]]], y_of[20]
    s.wire([(px, y), (420, y)], SIGNAL[2])
    s.resistor(420, y, 500, "330 Ω", SIGNAL[2])
    s.wire([(500, y), (560, y)], SIGNAL[2])
    s.d.polygon([(560, y - 12), (560, y + 12), (585, y)], outline=INK, fill=(255, 120, 120), width=2)
    s.d.line((585, y - 12, 585, y + 12), fill=INK, width=3)
    s.text((600, y), "LED (long leg on the left)", 14, anchor="lm")
    s.wire([(585, y), (590, y)], WIRE_GND)
    s.wire([(590, y), (590, yg), (px, yg)], WIRE_GND)

    # buzzer: GPIO -> 1k -> NPN base; emitter to GND; collector -> buzzer -> 5 V
    y_sig, y5, yg = y_of[HEADER_PIN[signals["buzzer_pin"]]], y_of[2], y_of[34]
    qx = 640  # the transistor's base line
    s.wire([(px, y_sig), (420, y_sig)], SIGNAL[4])
    s.resistor(420, y_sig, 500, "1 kΩ", SIGNAL[4])
    s.wire([(500, y_sig), (qx - 28, y_sig)], SIGNAL[4])
    s.d.ellipse((qx - 32, y_sig - 34, qx + 32, y_sig + 34), outline=INK, width=2)
    s.d.line((qx - 14, y_sig - 20, qx - 14, y_sig + 20), fill=INK, width=4)
    s.d.line((qx - 28, y_sig, qx - 14, y_sig), fill=INK, width=3)
    s.d.line((qx - 14, y_sig - 8, qx + 14, y_sig - 30), fill=INK, width=3)  # collector
    s.d.line((qx - 14, y_sig + 8, qx + 14, y_sig + 30), fill=INK, width=3)  # emitter
    s.d.polygon([(qx + 14, y_sig + 30), (qx + 2, y_sig + 28), (qx + 9, y_sig + 19)], fill=INK)
    s.text((qx + 40, y_sig + 4), "NPN (2N2222, BC337, S8050)", 14, anchor="lm")
    s.text((qx - 30, y_sig - 44), "C", 13, bold=True)
    s.text((qx - 30, y_sig + 34), "E", 13, bold=True)
    # emitter to ground
    s.wire([(qx + 14, y_sig + 30), (qx + 14, yg), (px, yg)], WIRE_GND)
    # collector up to the buzzer's -, the buzzer's + to 5 V
    bz = y5 + 36
    s.wire([(px, y5), (qx + 14, y5), (qx + 14, bz - 18)], WIRE_5V)
    s.wire([(qx + 14, bz + 18), (qx + 14, y_sig - 30)], SIGNAL[4])
    s.d.ellipse((qx - 4, bz - 18, qx + 32, bz + 18), outline=INK, width=3, fill=(255, 245, 200))
    s.text((qx + 14, bz), "BZ", 13, bold=True, anchor="mm")
    s.text((qx + 24, bz - 26), "+", 15, bold=True, anchor="lm")
    s.text((qx + 46, bz - 8), "active buzzer: + to 5 V, - to the collector", 14, anchor="lm")
    s.text((qx + 46, bz + 10), "(a magnetic one: a 1N4148 diode across it, band to +)", 13, anchor="lm")
    s.text((20, 796), "Wire colours: red 3.3 V, orange 5 V, grey GND, others signals. Pins are the defaults in "
                      "firmware_config/station.toml; change them there if you wire other pins.", 14)
    return s.image


def stand(height_mm: float = 550.0, depth_mm: float = 340.0, picture_short_mm: float = 400.0,
          race: tuple[float, float] = (821.0, 540.0)) -> Image.Image:
    """A side view of the stand to build, at scale (1 px = 1 mm), dimensions in mm: looking
    along the mat's long side, so the picture's short side spans the mat's depth. The camera
    drawn at ``height_mm`` over a ``depth_mm`` mat; dotted, where it goes for a Big Bang race
    (``race``: lens height, mat depth)."""
    s = Sheet(1000, 1110)
    table_y, x_up = 1050, 160  # the table's surface, the upright's left side
    s.text((20, 14), "The stand, seen from the side (mm)", 22, bold=True)
    s.text((20, 50), "Seen along the mat's long side. The base's front edge touches the mat; the camera hangs "
                     "over the mat's middle,", 14)
    s.text((20, 68), "its picture's long side along the mat's long side.", 14)
    s.d.line((20, table_y, 980, table_y), fill=INK, width=3)
    s.text((980, table_y + 8), "table", 14, anchor="ra")
    base_l, base_r = x_up - 25, x_up - 25 + 250
    s.d.rectangle((base_l, table_y - 18, base_r, table_y), fill=(210, 170, 110), outline=INK)
    s.text(((base_l + base_r) / 2, table_y + 8), "base 250 deep x 400 wide, 18 thick", 14, anchor="ma")
    s.d.rectangle((x_up, table_y - 18 - UPRIGHT_MM, x_up + 20, table_y - 18), fill=(190, 190, 200), outline=INK)
    s.text((x_up - 8, table_y - 18 - UPRIGHT_MM / 2), f"upright {UPRIGHT_MM:.0f}", 14, anchor="rm")
    arm_end = base_r + race[1] / 2 + 50
    race_lens_y = table_y - race[0]
    race_cam_x = base_r + race[1] / 2
    s.d.rectangle((x_up, race_lens_y - 50, arm_end, race_lens_y - 30), outline=(120, 120, 130))
    s.d.rectangle((race_cam_x - 15, race_lens_y - 30, race_cam_x + 15, race_lens_y), outline=(40, 40, 40))
    s.text((race_cam_x + 22, race_lens_y - 24), f"Big Bang race: lens {race[0]:.0f} up", 14, anchor="lm")
    s.text((race_cam_x + 22, race_lens_y - 6), f"over a {race[1]:.0f} deep mat", 14, anchor="lm")
    lens_y = table_y - height_mm
    arm_y = lens_y - 30
    cam_x = base_r + depth_mm / 2
    s.d.rectangle((x_up, arm_y - 20, arm_end, arm_y), fill=(190, 190, 200), outline=INK)
    s.text(((x_up + cam_x) / 2, arm_y - 28), f"arm {arm_end - x_up:.0f} (slides up and down)", 14, anchor="md")
    s.d.rectangle((cam_x - 15, arm_y, cam_x + 15, lens_y), fill=(40, 40, 40))
    s.text((cam_x + 22, arm_y + 14), f"camera, lens down, {cam_x - x_up:.0f} from the upright", 14, anchor="lm")
    half = picture_short_mm / 2
    s.d.polygon([(cam_x, lens_y), (cam_x - half, table_y), (cam_x + half, table_y)], outline=(30, 90, 200))
    s.text((cam_x + half - 20, table_y - 60), f"picture {picture_short_mm:.0f}", 13, anchor="rm", fill=(30, 90, 200))
    s.d.line((base_r, table_y - 4, base_r + depth_mm, table_y - 4), fill=(0, 140, 90), width=7)
    s.text((cam_x, table_y + 8), f"mat, {depth_mm:.0f} deep", 14, anchor="ma", fill=(0, 110, 70))
    ax = 930
    s.d.line((ax, lens_y, ax, table_y), fill=(200, 40, 40), width=2)
    for y in (lens_y, table_y):
        s.d.line((ax - 8, y, ax + 8, y), fill=(200, 40, 40), width=2)
        s.d.line((cam_x + 16, lens_y, ax, lens_y), fill=(200, 40, 40), width=1) if y == lens_y else None
    s.text((ax - 10, (lens_y + table_y) / 2), f"{height_mm:.0f}", 17, bold=True, anchor="rm", fill=(200, 40, 40))
    s.text((ax - 10, (lens_y + table_y) / 2 + 20), "to the lens", 13, anchor="rm", fill=(200, 40, 40))
    pi_top = table_y - 18 - UPRIGHT_MM + 180  # under the highest arm, the camera cable short either way
    s.d.rectangle((x_up + 22, pi_top, x_up + 47, pi_top + 85), fill=(0, 120, 60), outline=INK)
    s.text((x_up + 52, pi_top + 40), "Pi", 14, bold=True, anchor="lm")
    s.d.rectangle((base_r - 110, table_y - 18 - 60, base_r - 5, table_y - 18), fill=(245, 245, 255), outline=INK, width=2)
    s.text((base_r - 57, table_y - 18 - 68), "OLED + buttons", 14, anchor="md")
    return s.image


def heights_table() -> str:
    """A Markdown table: per game (its largest mat), the picture it needs, the QR square size in
    it at 1920 x 1080, and each camera's lens height over the table; a mat too wide for 1080p says
    the guide's setup for it (the Camera Module 3's 2304 x 1296 mode, ``guide_mount``)."""
    lines = ["| game, largest mat | picture across | px per code square | "
             + " | ".join(lens.name for lens in LENSES) + " |", "| --- | --- | --- |" + " --- |" * len(LENSES)]
    notes = []
    for game in games_with_mats():
        spec = mat_spec(game)
        layout = max((mat_layout(game, n) for n in range(spec.min_seats, spec.max_seats + 1)),
                     key=lambda m: m.width * m.height)
        who = "whole team" if spec.max_seats == 1 else f"up to {spec.max_seats} players"
        mounts = [mount_for(lens, (layout.width, layout.height)) for lens in LENSES]
        cells = [f"{m.height_mm / 10:.0f} cm" if m.readable else "too small" for m in mounts]
        guide = guide_mount((layout.width, layout.height))
        flag = "" if mounts[0].readable else f" (too small: {guide.px_per_module:.1f} at 2304 x 1296)"
        if guide.lens is WIDE_MODE:
            cells[0] = f"{guide.height_mm / 10:.0f} cm at 2304 x 1296"
            notes.append(f"{layout.title}, {who}: only a Camera Module 3 in its 2304 x 1296 mode reads it "
                         f"({guide.px_per_module:.1f} px per code square, {guide.height_mm / 10:.0f} cm up).")
        lines.append(f"| {layout.title}, {who}: {layout.width / 10:.0f} x {layout.height / 10:.0f} cm "
                     f"| {mounts[0].picture_mm / 10:.0f} cm | {mounts[0].px_per_module:.1f}{flag} | "
                     + " | ".join(cells) + " |")
    lines += ["", f"(At 1920 x 1080 unless it says, straight down, {MARGIN_MM / 10:.0f} cm seen beyond each edge of the "
                  f"mat; codes read from {MIN_PX_PER_MODULE:.0f} px per square. {' '.join(notes)})"]
    return "\n".join(lines)


def main() -> None:
    config = tomllib.loads((ROOT / "firmware_config" / "station.toml").read_text())
    OUT.mkdir(parents=True, exist_ok=True)
    wiring(config).save(OUT / "build-wiring.png")
    stand().save(OUT / "build-stand.png")
    print(f"wrote {OUT / 'build-wiring.png'} and {OUT / 'build-stand.png'}")
    print(heights_table())


if __name__ == "__main__":
    main()
